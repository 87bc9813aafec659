/**
 * The Job controller (pkg/controller/job) for NonIndexed jobs: keeps `parallelism` pods active
 * until `completions` succeeded, counts finished pods through the batch.kubernetes.io/job-tracking
 * finalizer (removed once counted), waits the pod-failure back-off (10 s doubling, 6 min cap)
 * before replacing a failed pod, and finishes with Complete or Failed (BackoffLimitExceeded),
 * preceded since 1.31 by SuccessCriteriaMet / FailureTarget, as upstream.
 */
import { controllerUser } from '../../api/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { PodObj, WorkloadObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { findCondition, sameJson, setCondition, type Condition } from './conditions.js';
import { isActive, isReady, ownedBy, ownerOf, podFromTemplate, templateOf } from './pods.js';
import { atLeast } from '../../world/version.js';
import { SimilarEvents } from './similar-events.js';
import { keyOf, splitKey, SyncQueue } from './sync-queue.js';

const USER = controllerUser('job-controller');
const COMPONENT = 'job-controller';
export const TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
const BACKOFF_BASE = 10_000;
const BACKOFF_MAX = 360_000;

export const jobController: Controller = {
  name: COMPONENT,
  start(world) {
    const events = new SimilarEvents(world);
    const queue: SyncQueue = new SyncQueue(world, (key) => {
      syncJob(world, events, queue, key);
    });
    world.watch('jobs', (c) => {
      if (c.type !== 'DELETED') queue.add(keyOf(c.object));
    });
    world.watch('pods', (c) => {
      const owner = ownerOf(c.object);
      if (owner?.kind === 'Job') queue.add(`${c.object.metadata.namespace ?? ''}/${owner.name}`);
    });
  },
};

type JobStatus = WorkloadObj['status'] & {
  terminating?: number;
  uncountedTerminatedPods?: Record<string, never>;
};

/** When the last pod failed, for the back-off; kept outside the object as the controller keeps it in memory. */
const lastFailure = new WeakMap<ApiWorld, Map<string, number>>();

function syncJob(world: ApiWorld, events: SimilarEvents, queue: SyncQueue, key: string): void {
  const { namespace, name } = splitKey(key);
  const job = world.store.get<WorkloadObj>('jobs', namespace, name);
  if (job === undefined || job.metadata.deletionTimestamp !== undefined) return;
  const conditions = structuredClone((job.status.conditions ?? []) as Condition[]);
  const finished = conditions.some(
    (c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );
  const now = world.clock.iso();
  const pods = ownedBy<PodObj>(world, 'pods', job);
  const failures = lastFailure.get(world) ?? new Map<string, number>();
  lastFailure.set(world, failures);
  const { succeeded, failed } = countFinishedPods(world, job, pods, () =>
    failures.set(key, world.clock.now()),
  );
  const completions = job.spec.completions ?? 1;
  let active = pods.filter(isActive);
  let completionTime = job.status.completionTime;
  if (!finished) {
    const modern = atLeast(world.scenario.cluster.version, 1, 31);
    if (succeeded >= completions) {
      endJob(world, job, conditions, now, modern, 'complete');
      completionTime = now;
    } else if (failed > (job.spec.backoffLimit ?? 6)) {
      endJob(world, job, conditions, now, modern, 'failed');
      for (const pod of active) deletePod(world, namespace, pod);
      active = [];
    } else if (job.spec.suspend !== true) {
      const want = Math.min(job.spec.parallelism ?? 1, completions - succeeded) - active.length;
      const waitUntil =
        failed > 0 ? (failures.get(key) ?? 0) + Math.min(BACKOFF_BASE * 2 ** (failed - 1), BACKOFF_MAX) : 0;
      if (want > 0 && world.clock.now() < waitUntil) queue.add(key, waitUntil - world.clock.now());
      else active.push(...createPods(world, events, queue, key, job, want));
    }
  }
  const status = jobStatus(conditions, job.status.startTime ?? now, completionTime, pods, active, {
    succeeded,
    failed,
  });
  if (sameJson(status, job.status)) return;
  job.status = status;
  world.store.update(job);
}

/** Counts the Job's finished pods once, then releases them (the tracking finalizer). */
function countFinishedPods(
  world: ApiWorld,
  job: WorkloadObj,
  pods: readonly PodObj[],
  onFailure: () => void,
): { succeeded: number; failed: number } {
  let succeeded = job.status.succeeded ?? 0;
  let failed = job.status.failed ?? 0;
  for (const pod of pods) {
    if (!(pod.metadata.finalizers ?? []).includes(TRACKING_FINALIZER)) continue;
    const phase = pod.status.phase;
    if (phase !== 'Succeeded' && phase !== 'Failed' && pod.metadata.deletionTimestamp === undefined) continue;
    if (phase === 'Succeeded') succeeded++;
    else {
      failed++;
      onFailure();
    }
    pod.metadata.finalizers = (pod.metadata.finalizers ?? []).filter((f) => f !== TRACKING_FINALIZER);
    world.store.update(pod);
  }
  return { succeeded, failed };
}

/** How a Job ends: the interim condition (from 1.31 on), the final one, and the event. */
const ENDINGS = {
  complete: {
    interim: 'SuccessCriteriaMet',
    type: 'Complete',
    reason: 'CompletionsReached',
    message: 'Reached expected number of succeeded pods',
    // Before 1.31, Complete carried no reason or message.
    bareBefore131: true,
    event: { type: 'Normal', reason: 'Completed', message: 'Job completed' },
  },
  failed: {
    interim: 'FailureTarget',
    type: 'Failed',
    reason: 'BackoffLimitExceeded',
    message: 'Job has reached the specified backoff limit',
    bareBefore131: false,
    event: {
      type: 'Warning',
      reason: 'BackoffLimitExceeded',
      message: 'Job has reached the specified backoff limit',
    },
  },
} as const;

function endJob(
  world: ApiWorld,
  job: WorkloadObj,
  conditions: Condition[],
  now: string,
  modern: boolean,
  ending: keyof typeof ENDINGS,
): void {
  const e = ENDINGS[ending];
  const full = { type: e.type, status: 'True', reason: e.reason, message: e.message, lastProbeTime: now };
  if (modern) setCondition(conditions, { ...full, type: e.interim }, now);
  setCondition(
    conditions,
    !modern && e.bareBefore131 ? { type: e.type, status: 'True', lastProbeTime: now } : full,
    now,
  );
  world.events.record({ object: job, ...e.event, component: COMPONENT });
}

function deletePod(world: ApiWorld, namespace: string, pod: PodObj): void {
  const podInfo = resourceByKind('Pod');
  if (podInfo !== undefined) world.api.delete(podInfo, namespace, pod.metadata.name, USER);
}

/** Creates up to `count` pods; on a refusal it records FailedCreate and retries later. */
function createPods(
  world: ApiWorld,
  events: SimilarEvents,
  queue: SyncQueue,
  key: string,
  job: WorkloadObj,
  count: number,
): PodObj[] {
  const created: PodObj[] = [];
  for (let i = 0; i < count; i++) {
    const result = world.api.create(jobPod(job), USER);
    if (!result.ok) {
      events.record({
        object: job,
        type: 'Warning',
        reason: 'FailedCreate',
        message: `Error creating: ${result.status.message}`,
        component: COMPONENT,
      });
      queue.add(key, BACKOFF_BASE);
      break;
    }
    world.events.record({
      object: job,
      type: 'Normal',
      reason: 'SuccessfulCreate',
      message: `Created pod: ${result.object.metadata.name}`,
      component: COMPONENT,
    });
    created.push(result.object);
  }
  return created;
}

function jobStatus(
  conditions: Condition[],
  startTime: string,
  completionTime: string | undefined,
  pods: readonly PodObj[],
  active: readonly PodObj[],
  counts: { readonly succeeded: number; readonly failed: number },
): JobStatus {
  const { succeeded, failed } = counts;
  const done = conditions.some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
  const status: JobStatus = {
    ...(conditions.length > 0 ? { conditions } : {}),
    startTime,
    ...(completionTime === undefined ? {} : { completionTime }),
    ...(active.length > 0 && !done ? { active: active.length } : {}),
    ...(succeeded > 0 ? { succeeded } : {}),
    ...(failed > 0 ? { failed } : {}),
    terminating: pods.filter(
      (p) =>
        p.metadata.deletionTimestamp !== undefined &&
        (p.status.phase === 'Running' || p.status.phase === 'Pending'),
    ).length,
    uncountedTerminatedPods: {},
    ready: done ? 0 : active.filter(isReady).length,
  };
  if (findCondition(conditions, 'Complete') === undefined) delete status.completionTime;
  return status;
}

/** Pods carry the job's labels both ways (batch.kubernetes.io/… and the legacy ones) and the tracking finalizer. */
function jobPod(job: WorkloadObj): PodObj {
  const uid = job.metadata.uid ?? '';
  const pod = podFromTemplate(job, templateOf(job), {
    generateName: `${job.metadata.name}-`,
    labels: {
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': job.metadata.name,
      'controller-uid': uid,
      'job-name': job.metadata.name,
    },
  });
  pod.metadata.finalizers = [TRACKING_FINALIZER];
  return pod;
}
