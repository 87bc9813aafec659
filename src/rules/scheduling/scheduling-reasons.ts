/**
 * Scheduler reason texts of every era mapped to reason codes, the shape a parsed scheduler
 * message takes (shared by the current and the legacy parsers), and the choice of the reason a
 * fix must address when a message lists several.
 */
import type { ReasonOf } from '../../model/index.js';

export type SchedulingCode = ReasonOf<'scheduling'>;

/** One histogram entry: `count` nodes failed for `text` (no count for PreFilter and legacy messages). */
export interface SchedulingReason {
  readonly text: string;
  readonly count?: number;
  readonly code: SchedulingCode;
}

/** Which era or shape of scheduler message a text was read as. */
export type MessageForm =
  | 'fit-error'
  | 'predicates'
  | 'fit-failure'
  | 'legacy'
  | 'no-nodes'
  | 'wrapped'
  | 'keyword'
  | 'error'
  | 'ignored'
  | 'empty'
  | 'unknown';

export interface SchedulingMessage {
  readonly form: MessageForm;
  /** N of "0/N nodes are available", or the number of nodes listed by the fit-failure form. */
  readonly totalNodes?: number;
  /** Filter and PreFilter reasons. */
  readonly reasons: readonly SchedulingReason[];
  /** The preemption (PostFilter) histogram, e.g. "Preemption is not helpful for scheduling". */
  readonly preemption: readonly SchedulingReason[];
  /** Other PostFilter sentences, e.g. "no new claims to deallocate". */
  readonly notes: readonly string[];
}

/**
 * Lower-case substrings per code, checked in this order (volume texts first: "volume node
 * affinity conflict" must not read as node affinity). Covers current plugin texts, the 1.10-1.24
 * wording and the 1.0-1.9 predicate names (MatchNodeSelector, PodToleratesNodeTaints, ...).
 */
export const SCHEDULING_REASON_PATTERNS = [
  // Karpenter's topologyError names the constraint first and its key (often kubernetes.io/hostname) after.
  ['PodAffinityMismatch', ['unsatisfiable topology constraint for pod']],
  ['TopologySpreadUnsatisfied', ['unsatisfiable topology constraint for topology spread']],
  [
    'UnboundPVC',
    [
      'unbound immediate persistentvolumeclaim',
      // 1.9-1.11 "pod has unbound PersistentVolumeClaims", 1.6-1.8 "PersistentVolumeClaim is not bound: "x""
      'unbound persistentvolumeclaim',
      // Karpenter (EKS Auto Mode): "unbound pvc must define a storage class (PersistentVolumeClaim=ns/x, StorageClass=)"
      'unbound pvc',
      'persistentvolumeclaim is not bound',
      'persistentvolumeclaim "',
      "didn't find available persistent volumes",
      'bound to non-existent pv',
      'checkvolumebinding',
    ],
  ],
  [
    'VolumeNodeAffinityConflict',
    [
      'volume node affinity conflict',
      "persistentvolume's node affinity",
      'no available volume zone',
      'volume zone',
      'novolumezoneconflict',
      'novolumenodeconflict',
      'volumenodeaffinityconflict',
      'no available disk',
      'nodiskconflict',
      'volumerestrictions',
      'readwriteoncepod',
    ],
  ],
  [
    'VolumeLimitExceeded',
    [
      'max volume count',
      'maxebsvolumecount',
      'maxgcepdvolumecount',
      'maxazurediskvolumecount',
      'maxcsivolumecount',
      'maxcindervolumecount',
      'nodevolumelimits',
      'enough free storage',
    ],
  ],
  // Volcano: NodePodNumberExceeded "node(s) pod number exceeded"
  ['TooManyPods', ['too many pods', 'insufficient pods', 'podexceedsmaxpodnumber', 'pod number exceeded']],
  [
    'InsufficientResources',
    [
      'insufficient ',
      "didn't have enough resource",
      // Volcano (NodeResourceFitFailed)
      'resource fit failed',
      // Karpenter: no instance type of the node pools fits the pod's requests, or the pools' limits are reached
      'no instance type satisfied resources',
      'exceed limits for nodepool',
      'exceed limits for provisioner',
      'podfitsresources',
      'podexceedsfree',
      'noderesourcesfit',
    ],
  ],
  [
    'NodeUnschedulable',
    [
      'were unschedulable',
      'node(s) unschedulable',
      'checknodeunschedulable',
      'nodeunschedulable',
      'node.kubernetes.io/unschedulable',
      'were not ready',
      'memory pressure',
      'disk pressure',
      'pid pressure',
      'out of disk',
      'network unavailable',
      'checknodecondition',
      'checknodememorypressure',
      'checknodediskpressure',
      'checknodepidpressure',
      'nodenotready',
      'nodeoutofdisk',
      'nodeundermemorypressure',
      'nodeunderdiskpressure',
      'nodenetworkunavailable',
    ],
  ],
  ['UntoleratedTaint', ['taint', 'tainttoleration']],
  ['NodeNameMismatch', ['requested node name', 'requested hostname', 'hostname', 'nodename']],
  [
    'NodeAffinityMismatch',
    [
      'node affinity',
      'node selector',
      'nodeselector',
      'nodeaffinity',
      'filtered out by the prefilter result',
      // Karpenter: the pod's requirements and a node pool's have no value in common for a key, or name
      // a label no pool offers ('incompatible requirements, label "x" does not have known values')
      'incompatible requirements',
    ],
  ],
  ['HostPortConflict', ['free ports', 'podfitshostports', 'podfitsports', 'nodeports', 'host port']],
  [
    'PodAffinityMismatch',
    [
      'pod affinity',
      'anti-affinity',
      'antiaffinity',
      'interpodaffinity',
      // 1.x-1.21 ServiceAffinity: pods of a Service kept on nodes with the same label values
      'service affinity',
      'serviceaffinity',
    ],
  ],
  ['TopologySpreadUnsatisfied', ['topology spread', 'topologyspread', 'evenpodsspread']],
] as const satisfies readonly (readonly [SchedulingCode, readonly string[]])[];

/** Maps one reason text (any era) to a scheduling reason code; `Unschedulable` when unknown. */
export function classifySchedulingReason(text: string): SchedulingCode {
  const lower = text.toLowerCase();
  for (const [code, patterns] of SCHEDULING_REASON_PATTERNS) {
    if (patterns.some((p) => lower.includes(p))) return code;
  }
  return 'Unschedulable';
}

/** A histogram entry for `text`, classified. */
export function toReason(rawText: string, count: number | undefined): SchedulingReason {
  const text = rawText.trim();
  const code = classifySchedulingReason(text);
  return count === undefined ? { text, code } : { text, count, code };
}

/**
 * Default filter plugin order: a node is reported with the first filter it fails, so a reason
 * from a later filter comes from a node that passed every earlier one.
 */
const FILTER_ORDER: readonly SchedulingCode[] = [
  'NodeUnschedulable',
  'NodeNameMismatch',
  'UntoleratedTaint',
  'NodeAffinityMismatch',
  'HostPortConflict',
  'InsufficientResources',
  'TooManyPods',
  'VolumeNodeAffinityConflict',
  'VolumeLimitExceeded',
  'UnboundPVC',
  'TopologySpreadUnsatisfied',
  'PodAffinityMismatch',
];

function rank(code: SchedulingCode): number {
  return FILTER_ORDER.indexOf(code);
}

const INTENDED_TAINTS = ['node-role.kubernetes.io/control-plane', 'node-role.kubernetes.io/master'] as const;

/** Control-plane taints keep workloads off those nodes on purpose (docs/architecture.md §1). */
export function isIntendedTaint(r: SchedulingReason): boolean {
  return r.code === 'UntoleratedTaint' && INTENDED_TAINTS.some((t) => r.text.includes(t));
}

/**
 * Filters that exclude nodes by the pod's own placement (node name, taints it does not tolerate,
 * node affinity, pod affinity and anti-affinity, topology spread) or by the node's own state
 * (cordoned): nodes they rule out are not nodes the pod could otherwise use.
 */
const PLACEMENT: ReadonlySet<SchedulingCode> = new Set([
  'NodeUnschedulable',
  'NodeNameMismatch',
  'UntoleratedTaint',
  'NodeAffinityMismatch',
  'PodAffinityMismatch',
  'TopologySpreadUnsatisfied',
]);

function nodes(reasons: readonly SchedulingReason[]): number {
  return reasons.reduce((n, r) => n + (r.count ?? Number.MAX_SAFE_INTEGER), 0);
}

/**
 * The reason the fix must address (docs/architecture.md §1): the filter that rules out the nodes the pod
 * could otherwise use. Drops control-plane taints; when some nodes failed a filter beyond the
 * pod's placement (resources, ports, volumes), only those count, unless the placement reasons
 * alone account for every node (`totalNodes`): schedulers before 1.10 listed every failed
 * predicate of a node (`1 Insufficient cpu, 1 NodeUnschedulable, 3 MatchNodeSelector` on 4
 * nodes), so such reasons may sit on nodes the placement already excluded. Then the reason
 * failing the most nodes wins, ties going to the later filter. PreFilter reasons (no count)
 * apply to all nodes.
 */
export function chooseSchedulingReason(
  reasons: readonly SchedulingReason[],
  totalNodes?: number,
): SchedulingCode {
  let pool = reasons.filter((r) => !isIntendedTaint(r));
  if (pool.length === 0) pool = [...reasons];
  // A text no code names says nothing a known reason does not say better.
  if (pool.some((r) => r.code !== 'Unschedulable')) pool = pool.filter((r) => r.code !== 'Unschedulable');
  const beyond = pool.filter((r) => !PLACEMENT.has(r.code));
  const covered =
    totalNodes !== undefined && nodes(reasons.filter((r) => PLACEMENT.has(r.code))) >= totalNodes;
  if (beyond.length > 0 && !(covered && beyond.length < pool.length)) pool = beyond;
  else if (beyond.length < pool.length) pool = pool.filter((r) => PLACEMENT.has(r.code));
  const totals = new Map<SchedulingCode, number>();
  for (const r of pool) totals.set(r.code, (totals.get(r.code) ?? 0) + (r.count ?? Number.MAX_SAFE_INTEGER));
  let best: SchedulingCode = 'Unschedulable';
  let bestTotal = -1;
  for (const [code, total] of totals) {
    if (total > bestTotal || (total === bestTotal && rank(code) > rank(best))) {
      best = code;
      bestTotal = total;
    }
  }
  return best;
}
