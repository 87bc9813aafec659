/**
 * The node-local filter plugins, in the default profile's order; the first that rejects a node
 * decides its reasons, as the framework stops at the first failing filter. Reason strings are
 * the plugins' ErrReason texts.
 */
import { isTolerated } from '../../../k8s/index.js';
import { atLeast } from '../../world/version.js';
import type { PodObj } from '../../world/types.js';
import type { NodeInfo } from './node-cache.js';
import { podMatchesNode } from './node-selector.js';
import { hostPorts, portsConflict, type HostPort, type Requests } from './pod-info.js';

/** Unschedulable: preemption or a cluster change may help; Unresolvable: only a change to the node or pod. */
export type StatusCode = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface NodeStatus {
  readonly code: StatusCode;
  readonly plugin: string;
  readonly reasons: readonly string[];
}

export const reject = (plugin: string, code: StatusCode, ...reasons: string[]): NodeStatus => ({
  code,
  plugin,
  reasons,
});

/** Per-pod data the filters share, computed once per scheduling attempt (PreFilter state). */
export interface PodState {
  readonly pod: PodObj;
  readonly requests: Requests;
  readonly ports: readonly HostPort[];
  /** The requested resources in the order NodeResourcesFit checks them, and the amounts. */
  readonly resourceOrder: readonly string[];
  readonly resourceWants: readonly number[];
  /** NodeResourcesFit's rejections so far, by which checks failed (nodes share them). */
  readonly fitStatuses: Map<number, NodeStatus>;
  /**
   * NodeResourcesFit answers UnschedulableAndUnresolvable (preemption cannot help) when a request
   * exceeds the node's allocatable outright: kubernetes#131345, 1.34 on.
   */
  readonly unresolvableFit: boolean;
  /** TaintToleration quotes the taint (`{key: value}`) up to 1.34; from 1.35 its reason is a constant. */
  readonly quoteTaint: boolean;
}

/** Resource names in the order fitsRequest checks them; extended resources follow, sorted. */
const FIRST = ['cpu', 'memory', 'ephemeral-storage'];

/** `version`: the cluster version the simulator imitates (scenario `cluster.version`). */
export function podState(pod: PodObj, requests: Requests, version: string): PodState {
  const resourceOrder = [
    ...FIRST.filter((r) => requests.has(r)),
    ...[...requests.keys()].filter((r) => !FIRST.includes(r)).sort(),
  ];
  return {
    pod,
    requests,
    ports: hostPorts(pod),
    resourceOrder,
    resourceWants: resourceOrder.map((r) => requests.get(r) ?? 0),
    fitStatuses: new Map(),
    quoteTaint: !atLeast(version, 1, 35),
    unresolvableFit: atLeast(version, 1, 34),
  };
}

const UNSCHEDULABLE_TAINT = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

function nodeUnschedulable(s: PodState, n: NodeInfo): NodeStatus | undefined {
  if (n.node.spec.unschedulable !== true) return undefined;
  if (isTolerated(UNSCHEDULABLE_TAINT, s.pod.spec.tolerations)) return undefined;
  return reject('NodeUnschedulable', 'UnschedulableAndUnresolvable', 'node(s) were unschedulable');
}

function nodeName(s: PodState, n: NodeInfo): NodeStatus | undefined {
  const wanted = s.pod.spec.nodeName;
  if (wanted === undefined || wanted === '' || wanted === n.name) return undefined;
  return reject('NodeName', 'UnschedulableAndUnresolvable', "node(s) didn't match the requested node name");
}

function taintToleration(s: PodState, n: NodeInfo): NodeStatus | undefined {
  for (const taint of n.node.spec.taints ?? []) {
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    if (isTolerated(taint, s.pod.spec.tolerations)) continue;
    return reject(
      'TaintToleration',
      'UnschedulableAndUnresolvable',
      // kubernetes/kubernetes#134740 (1.35, backported to 1.34 patch releases) dropped the taint
      // from the reason: it is logged at verbosity 4 only.
      s.quoteTaint
        ? `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`
        : 'node(s) had untolerated taint(s)',
    );
  }
  return undefined;
}

function nodeAffinity(s: PodState, n: NodeInfo): NodeStatus | undefined {
  if (podMatchesNode(s.pod, n.node)) return undefined;
  return reject(
    'NodeAffinity',
    'UnschedulableAndUnresolvable',
    "node(s) didn't match Pod's node affinity/selector",
  );
}

function nodePorts(s: PodState, n: NodeInfo): NodeStatus | undefined {
  if (s.ports.length === 0) return undefined;
  const used = n.usedPorts();
  if (!s.ports.some((p) => used.some((u) => portsConflict(p, u)))) return undefined;
  return reject('NodePorts', 'Unschedulable', "node(s) didn't have free ports for the requested pod ports");
}

// Runs for every node a scheduling attempt looks at (all of them when the pod fits nowhere):
// the failed checks make a bit mask, and nodes failing the same checks share one status.
function nodeResourcesFit(s: PodState, n: NodeInfo): NodeStatus | undefined {
  let failed = 0;
  let unresolvable = false;
  const allowedPods = n.allocatable.get('pods') ?? 110;
  if (n.pods.size + 1 > allowedPods) failed = 1;
  const order = s.resourceOrder;
  for (let i = 0; i < order.length; i++) {
    const want = s.resourceWants[i] ?? 0;
    if (want === 0) continue;
    const r = order[i] ?? '';
    // Resources the node does not advertise have zero allocatable.
    const allocatable = n.allocatable.get(r) ?? 0;
    const free = allocatable - (n.requested.get(r) ?? 0);
    if (want > free) {
      failed += 2 ** (i + 1);
      if (s.unresolvableFit && want > allocatable) unresolvable = true;
    }
  }
  if (failed === 0) return undefined;
  // Nodes share a status when the same checks fail with the same resolvability.
  const key = unresolvable ? -failed : failed;
  let status = s.fitStatuses.get(key);
  if (status === undefined) {
    const reasons: string[] = [];
    if (failed % 2 === 1) reasons.push('Too many pods');
    for (let i = 0; i < order.length; i++)
      if (Math.floor(failed / 2 ** (i + 1)) % 2 === 1) reasons.push(`Insufficient ${order[i] ?? ''}`);
    status = reject(
      'NodeResourcesFit',
      unresolvable ? 'UnschedulableAndUnresolvable' : 'Unschedulable',
      ...reasons,
    );
    s.fitStatuses.set(key, status);
  }
  return status;
}

export type NodeFilter = (s: PodState, n: NodeInfo) => NodeStatus | undefined;

export const NODE_FILTERS: readonly NodeFilter[] = [
  nodeUnschedulable,
  nodeName,
  taintToleration,
  nodeAffinity,
  nodePorts,
  nodeResourcesFit,
];
