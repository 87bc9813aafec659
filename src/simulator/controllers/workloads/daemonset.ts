/**
 * The DaemonSet controller (pkg/controller/daemon): one pod per node the pod fits by node
 * name, nodeSelector/required node affinity and NoSchedule/NoExecute taints (with the
 * tolerations the controller adds to daemon pods), pinned to its node by a required
 * matchFields metadata.name affinity term so the default scheduler binds it there. Failed
 * daemon pods are deleted and replaced. Status counts as upstream.
 */
import { isTolerated, matchesLabelSelector } from '../../../k8s/index.js';
import type { LabelSelectorRequirement, Toleration } from '../../../model/index.js';
import { controllerUser } from '../../api/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { NodeObj, PodObj, WorkloadObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { sameJson } from './conditions.js';
import { computeHash } from './hash.js';
import { daemonTracker, type DaemonPlan, type DaemonTracker, type NodeCounts } from './daemon-tracker.js';
import { isAvailable, isReady, isTerminal, ownerOf, podFromTemplate, templateOf } from './pods.js';
import { FailureBackoff } from './rate-limit.js';
import { SimilarEvents } from './similar-events.js';
import { keyOf, splitKey, SyncQueue } from './sync-queue.js';

const USER = controllerUser('daemon-set-controller');
const COMPONENT = 'daemonset-controller';

/** util.AddOrUpdateDaemonPodTolerations. */
export const DAEMON_TOLERATIONS: readonly Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
];

export const daemonSetController: Controller = {
  name: COMPONENT,
  start(world) {
    const backoff = new FailureBackoff();
    const events = new SimilarEvents(world);
    const queue: SyncQueue = new SyncQueue(world, (key) => {
      if (syncDaemonSet(world, events, key)) queue.add(key, backoff.next(key));
      else backoff.forget(key);
    });
    world.watch('daemonsets', (c) => {
      if (c.type !== 'DELETED') queue.add(keyOf(c.object));
    });
    world.watch('pods', (c) => {
      const owner = ownerOf(c.object);
      if (owner?.kind === 'DaemonSet') queue.add(`${c.object.metadata.namespace ?? ''}/${owner.name}`);
    });
    // Only what decides placement matters; status heartbeats must not resync every DaemonSet.
    const seen = new Map<string, string>();
    world.watch('nodes', (c) => {
      const node = c.object as NodeObj;
      const sig = c.type === 'DELETED' ? '' : JSON.stringify([node.metadata.labels, node.spec.taints]);
      if (seen.get(node.metadata.name) === sig) return;
      if (c.type === 'DELETED') seen.delete(node.metadata.name);
      else seen.set(node.metadata.name, sig);
      for (const ds of world.store.list<WorkloadObj>('daemonsets')) queue.add(keyOf(ds));
    });
  },
};

interface NodeSelectorTerm {
  matchExpressions?: LabelSelectorRequirement[];
  matchFields?: LabelSelectorRequirement[];
}

interface Affinity {
  nodeAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms: NodeSelectorTerm[] };
    [k: string]: unknown;
  };
  [k: string]: unknown;
}

/** Node affinity terms are ORed; expressions inside a term are ANDed (Gt/Lt not supported). */
function matchesTerm(term: NodeSelectorTerm, node: NodeObj): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  return (
    matchesLabelSelector({ matchExpressions: exprs }, node.metadata.labels) &&
    matchesLabelSelector({ matchExpressions: fields }, { 'metadata.name': node.metadata.name })
  );
}

/** NodeShouldRunDaemonPod: the predicates a daemon pod must pass on the node. */
export function shouldRun(ds: WorkloadObj, node: NodeObj): boolean {
  const spec = templateOf(ds).spec;
  if (spec?.nodeName !== undefined && spec.nodeName !== node.metadata.name) return false;
  const selector = spec?.nodeSelector ?? {};
  if (!Object.entries(selector).every(([k, v]) => node.metadata.labels?.[k] === v)) return false;
  const terms = (spec?.affinity as Affinity | undefined)?.nodeAffinity
    ?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (terms !== undefined && !terms.some((t) => matchesTerm(t, node))) return false;
  const tolerations = [...(spec?.tolerations ?? []), ...DAEMON_TOLERATIONS];
  return (node.spec.taints ?? []).every(
    (t) => (t.effect !== 'NoSchedule' && t.effect !== 'NoExecute') || isTolerated(t, tolerations),
  );
}

function daemonPod(ds: WorkloadObj, node: string, revision: string): PodObj {
  const pod = podFromTemplate(ds, templateOf(ds), {
    generateName: `${ds.metadata.name}-`,
    labels: {
      'controller-revision-hash': revision,
      'pod-template-generation': String(ds.metadata.generation ?? 1),
    },
  });
  const spec = pod.spec as PodObj['spec'] & { affinity?: Affinity };
  const tolerations = [...(spec.tolerations ?? [])];
  for (const t of DAEMON_TOLERATIONS)
    if (!tolerations.some((x) => x.key === t.key && x.effect === t.effect)) tolerations.push({ ...t });
  spec.tolerations = tolerations;
  // ReplaceDaemonSetPodNodeNameNodeAffinity: the one required term pins the pod to its node.
  const affinity: Affinity = structuredClone(spec.affinity ?? {});
  affinity.nodeAffinity = {
    ...(affinity.nodeAffinity ?? {}),
    requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }],
    },
  };
  spec.affinity = affinity;
  return pod;
}

const nodeOfPod = (pod: PodObj): string | undefined => {
  if (pod.spec.nodeName !== undefined) return pod.spec.nodeName;
  const terms = (pod.spec.affinity as Affinity | undefined)?.nodeAffinity
    ?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  return terms?.[0]?.matchFields?.find((f) => f.key === 'metadata.name')?.values?.[0];
};

function syncDaemonSet(world: ApiWorld, events: SimilarEvents, key: string): boolean {
  const { namespace, name } = splitKey(key);
  const ds = world.store.get<WorkloadObj>('daemonsets', namespace, name);
  if (ds === undefined || ds.metadata.deletionTimestamp !== undefined) return false;
  const revision = computeHash(templateOf(ds));
  const tracker = daemonTracker(world, nodeOfPod);
  const plan = tracker.plan(world, ds);
  const podInfo = resourceByKind('Pod');
  let failed = false;
  for (const node of plan.nodes) {
    if (!shouldRun(ds, node)) continue;
    const on = tracker.podsOn(ds, node.metadata.name);
    const mine = on.filter((p) => p.metadata.deletionTimestamp === undefined);
    const failedPod = mine.find((p) => p.status.phase === 'Failed');
    if (failedPod !== undefined && podInfo !== undefined) {
      events.record({
        object: ds,
        type: 'Warning',
        reason: 'FailedDaemonPod',
        message: `Found failed daemon pod ${namespace}/${failedPod.metadata.name} on node ${node.metadata.name}, will try to kill it`,
        component: COMPONENT,
      });
      world.api.delete(podInfo, namespace, failedPod.metadata.name, USER);
      continue;
    }
    if (mine.some((p) => !isTerminal(p))) continue;
    if (on.some((p) => p.metadata.deletionTimestamp !== undefined)) continue;
    const created = world.api.create(daemonPod(ds, node.metadata.name, revision), USER);
    if (!created.ok) {
      events.record({
        object: ds,
        type: 'Warning',
        reason: 'FailedCreate',
        message: `Error creating: ${created.status.message}`,
        component: COMPONENT,
      });
      failed = true;
      break;
    }
    world.events.record({
      object: ds,
      type: 'Normal',
      reason: 'SuccessfulCreate',
      message: `Created pod: ${created.object.metadata.name}`,
      component: COMPONENT,
    });
  }
  updateStatus(world, ds, tracker, plan);
  tracker.finish(ds, plan, failed);
  return failed;
}

/** The node's share of the status: its daemon pods that are neither finished nor deleting. */
function share(ds: WorkloadObj, node: NodeObj | undefined, pods: readonly PodObj[], now: number): NodeCounts {
  const zero = { desired: 0, current: 0, ready: 0, available: 0, misscheduled: 0 };
  if (node === undefined) return zero;
  const on = pods.filter((p) => !isTerminal(p) && p.metadata.deletionTimestamp === undefined);
  const minReady = ds.spec.minReadySeconds ?? 0;
  if (!shouldRun(ds, node)) return { ...zero, misscheduled: on.length > 0 ? 1 : 0 };
  return {
    desired: 1,
    current: on.length > 0 ? 1 : 0,
    ready: on.some(isReady) ? 1 : 0,
    available: on.some((p) => isAvailable(p, minReady, now)) ? 1 : 0,
    misscheduled: 0,
  };
}

function updateStatus(world: ApiWorld, ds: WorkloadObj, tracker: DaemonTracker, plan: DaemonPlan): void {
  const now = world.clock.now();
  const planned = new Map(plan.nodes.map((n) => [n.metadata.name, n]));
  const shares = new Map<string, NodeCounts>();
  for (const name of plan.recount)
    shares.set(name, share(ds, planned.get(name), tracker.podsOn(ds, name), now));
  const { desired, current, ready, available, misscheduled } = tracker.count(ds, shares);
  const status = {
    currentNumberScheduled: current,
    desiredNumberScheduled: desired,
    numberMisscheduled: misscheduled,
    numberReady: ready,
    observedGeneration: ds.metadata.generation ?? 1,
    updatedNumberScheduled: current,
    ...(available > 0 ? { numberAvailable: available } : {}),
    ...(desired - available > 0 ? { numberUnavailable: desired - available } : {}),
  } as WorkloadObj['status'];
  if (sameJson(status, ds.status)) return;
  ds.status = status;
  world.store.update(ds);
}
