/**
 * The ReplicaSet controller (pkg/controller/replicaset): keeps `spec.replicas` active pods,
 * creating them through admission in slow-start batches (1, 2, 4, … stopping at the first
 * error), records SuccessfulCreate / FailedCreate on the ReplicaSet, mirrors a create error
 * into the ReplicaFailure condition, retries failed syncs with the workqueue's back-off, and
 * keeps status counts. Failed (evicted) pods are not active, so they are replaced but stay.
 */
import { matchesLabelSelector } from '../../../k8s/index.js';
import { controllerUser } from '../../api/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { PodObj, WorkloadObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { findCondition, removeCondition, sameJson, setCondition, type Condition } from './conditions.js';
import {
  availableAt,
  byCreation,
  isActive,
  isAvailable,
  isReady,
  ownedBy,
  ownerOf,
  podFromTemplate,
  templateOf,
} from './pods.js';
import { FailureBackoff } from './rate-limit.js';
import { SimilarEvents } from './similar-events.js';
import { keyOf, splitKey, SyncQueue } from './sync-queue.js';

const USER = controllerUser('replicaset-controller');
/** burstReplicas: at most this many creations per sync. */
const BURST = 500;

export const replicaSetController: Controller = {
  name: 'replicaset-controller',
  start(world) {
    const backoff = new FailureBackoff();
    const events = new SimilarEvents(world);
    const queue: SyncQueue = new SyncQueue(world, (key) => {
      syncReplicaSet(world, events, key, queue, backoff);
    });
    world.watch('replicasets', (c) => {
      if (c.type !== 'DELETED') queue.add(keyOf(c.object));
    });
    world.watch('pods', (c) => {
      const owner = ownerOf(c.object);
      if (owner?.kind === 'ReplicaSet') queue.add(`${c.object.metadata.namespace ?? ''}/${owner.name}`);
    });
  },
};

function syncReplicaSet(
  world: ApiWorld,
  events: SimilarEvents,
  key: string,
  queue: SyncQueue,
  backoff: FailureBackoff,
): void {
  const { namespace, name } = splitKey(key);
  const rs = world.store.get<WorkloadObj>('replicasets', namespace, name);
  if (rs === undefined || rs.metadata.deletionTimestamp !== undefined) return;
  const pods = ownedBy<PodObj>(world, 'pods', rs);
  const active = pods.filter(isActive);
  const want = rs.spec.replicas ?? 1;
  let error: string | undefined;
  let errorReason = 'FailedCreate';
  if (active.length < want) {
    error = createPods(world, events, rs, Math.min(want - active.length, BURST));
  } else if (active.length > want) {
    // Delete the pods furthest from Ready first (controller.ActivePods ordering, simplified).
    const victims = [...active]
      .sort((a, b) => Number(isReady(a)) - Number(isReady(b)) || -byCreation(a, b))
      .slice(0, active.length - want);
    const info = resourceByKind('Pod');
    for (const pod of victims) {
      if (info === undefined) break;
      const r = world.api.delete(info, namespace, pod.metadata.name, USER);
      if (r.ok) record(world, rs, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
      else {
        record(world, rs, 'Warning', 'FailedDelete', `Error deleting: ${r.status.message}`);
        error = r.status.message;
        errorReason = 'FailedDelete';
        break;
      }
    }
  }
  updateStatus(world, rs, error, errorReason);
  if (error !== undefined) queue.add(key, backoff.next(key));
  else backoff.forget(key);
  const minReady = rs.spec.minReadySeconds ?? 0;
  if (minReady > 0) {
    // Requeue when the next Ready pod becomes available (AddAfter in the real controller).
    const now = world.clock.now();
    const next = active
      .map((p) => availableAt(p, minReady))
      .filter((t): t is number => t !== undefined && t > now)
      .sort((a, b) => a - b)[0];
    if (next !== undefined) queue.add(key, next - now);
  }
}

/** slowStartBatch: batches of 1, 2, 4, …; the first error ends the sync. */
function createPods(
  world: ApiWorld,
  events: SimilarEvents,
  rs: WorkloadObj,
  count: number,
): string | undefined {
  let remaining = count;
  let batch = 1;
  while (remaining > 0) {
    const size = Math.min(batch, remaining);
    for (let i = 0; i < size; i++) {
      const pod = podFromTemplate(rs, templateOf(rs), { generateName: `${rs.metadata.name}-` });
      const result = world.api.create(pod, USER);
      if (!result.ok) {
        events.record({
          object: rs,
          type: 'Warning',
          reason: 'FailedCreate',
          message: `Error creating: ${result.status.message}`,
          component: 'replicaset-controller',
        });
        return result.status.message;
      }
      record(world, rs, 'Normal', 'SuccessfulCreate', `Created pod: ${result.object.metadata.name}`);
    }
    remaining -= size;
    batch *= 2;
  }
  return undefined;
}

function record(
  world: ApiWorld,
  rs: WorkloadObj,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
): void {
  world.events.record({ object: rs, type, reason, message, component: 'replicaset-controller' });
}

function updateStatus(
  world: ApiWorld,
  rs: WorkloadObj,
  error: string | undefined,
  errorReason: string,
): void {
  const pods = ownedBy<PodObj>(world, 'pods', rs).filter(isActive);
  const now = world.clock.now();
  const minReady = rs.spec.minReadySeconds ?? 0;
  const templateLabels = templateOf(rs).metadata?.labels ?? {};
  const fully = pods.filter((p) =>
    matchesLabelSelector({ matchLabels: templateLabels }, p.metadata.labels),
  ).length;
  const ready = pods.filter(isReady).length;
  const available = pods.filter((p) => isAvailable(p, minReady, now)).length;
  const conditions = structuredClone((rs.status.conditions ?? []) as Condition[]);
  const failure = findCondition(conditions, 'ReplicaFailure');
  // calculateStatus: the condition is set on the first error and kept (message unchanged) until a sync succeeds.
  if (error !== undefined && failure === undefined)
    setCondition(
      conditions,
      { type: 'ReplicaFailure', status: 'True', reason: errorReason, message: error },
      world.clock.iso(),
    );
  else if (error === undefined && failure !== undefined) removeCondition(conditions, 'ReplicaFailure');
  const status: WorkloadObj['status'] = {
    replicas: pods.length,
    ...(fully > 0 ? { fullyLabeledReplicas: fully } : {}),
    ...(ready > 0 ? { readyReplicas: ready } : {}),
    ...(available > 0 ? { availableReplicas: available } : {}),
    observedGeneration: rs.metadata.generation ?? 1,
    ...(conditions.length > 0 ? { conditions } : {}),
  };
  if (sameJson(status, rs.status)) return;
  rs.status = status;
  world.store.update(rs);
}
