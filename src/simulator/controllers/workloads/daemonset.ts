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
import type { World } from '../../world/world.js';
import type { Controller } from '../types.js';
import { sameJson } from './conditions.js';
import { computeHash } from './hash.js';
import { isAvailable, isReady, isTerminal, ownedBy, ownerOf, podFromTemplate, templateOf } from './pods.js';
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

function groupByNode(pods: readonly PodObj[]): Map<string, PodObj[]> {
  const out = new Map<string, PodObj[]>();
  for (const p of pods) {
    const node = nodeOfPod(p);
    if (node === undefined) continue;
    const list = out.get(node) ?? [];
    list.push(p);
    out.set(node, list);
  }
  return out;
}

function syncDaemonSet(world: World, events: SimilarEvents, key: string): boolean {
  const { namespace, name } = splitKey(key);
  const ds = world.store.get<WorkloadObj>('daemonsets', namespace, name);
  if (ds === undefined || ds.metadata.deletionTimestamp !== undefined) return false;
  const revision = computeHash(templateOf(ds));
  const nodes = world.store.list<NodeObj>('nodes');
  const pods = ownedBy<PodObj>(world, 'pods', ds);
  const podInfo = resourceByKind('Pod');
  let failed = false;
  const byNode = groupByNode(pods);
  for (const node of nodes) {
    if (!shouldRun(ds, node)) continue;
    const mine = (byNode.get(node.metadata.name) ?? []).filter(
      (p) => p.metadata.deletionTimestamp === undefined,
    );
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
    if ((byNode.get(node.metadata.name) ?? []).some((p) => p.metadata.deletionTimestamp !== undefined))
      continue;
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
  updateStatus(world, ds, nodes);
  return failed;
}

function updateStatus(world: World, ds: WorkloadObj, nodes: readonly NodeObj[]): void {
  const pods = ownedBy<PodObj>(world, 'pods', ds).filter(
    (p) => !isTerminal(p) && p.metadata.deletionTimestamp === undefined,
  );
  const now = world.clock.now();
  const minReady = ds.spec.minReadySeconds ?? 0;
  const byNode = groupByNode(pods);
  let desired = 0;
  let current = 0;
  let misscheduled = 0;
  let ready = 0;
  let available = 0;
  for (const node of nodes) {
    const on = byNode.get(node.metadata.name) ?? [];
    if (shouldRun(ds, node)) {
      desired++;
      if (on.length > 0) current++;
      if (on.some(isReady)) ready++;
      if (on.some((p) => isAvailable(p, minReady, now))) available++;
    } else if (on.length > 0) misscheduled++;
  }
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
