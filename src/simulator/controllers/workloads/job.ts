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
  const version = world.scenario.cluster.version;
  const pods = ownedBy<PodObj>(world, 'pods', job);
  let succeeded = job.status.succeeded ?? 0;
  let failed = job.status.failed ?? 0;
  const failures = lastFailure.get(world) ?? new Map<string, number>();
  lastFailure.set(world, failures);
  // Count finished pods once, then release them (the tracking finalizer).
  for (const pod of pods) {
    if (!(pod.metadata.finalizers ?? []).includes(TRACKING_FINALIZER)) continue;
    const phase = pod.status.phase;
    if (phase !== 'Succeeded' && phase !== 'Failed' && pod.metadata.deletionTimestamp === undefined) continue;
    if (phase === 'Succeeded') succeeded++;
    else {
      failed++;
      failures.set(key, world.clock.now());
    }
    pod.metadata.finalizers = (pod.metadata.finalizers ?? []).filter((f) => f !== TRACKING_FINALIZER);
    world.store.update(pod);
  }
  const completions = job.spec.completions ?? 1;
  const parallelism = job.spec.parallelism ?? 1;
  const backoffLimit = job.spec.backoffLimit ?? 6;
  let active = pods.filter(isActive);
  const podInfo = resourceByKind('Pod');
  const startTime = job.status.startTime ?? now;
  let completionTime = job.status.completionTime;
  if (!finished) {
    const modern = atLeast(version, 1, 31);
    if (succeeded >= completions) {
      const msg = 'Reached expected number of succeeded pods';
      if (modern)
        setCondition(
          conditions,
          {
            type: 'SuccessCriteriaMet',
            status: 'True',
            reason: 'CompletionsReached',
            message: msg,
            lastProbeTime: now,
          },
          now,
        );
      setCondition(
        conditions,
        modern
          ? {
              type: 'Complete',
              status: 'True',
              reason: 'CompletionsReached',
              message: msg,
              lastProbeTime: now,
            }
          : { type: 'Complete', status: 'True', lastProbeTime: now },
        now,
      );
      completionTime = now;
      world.events.record({
        object: job,
        type: 'Normal',
        reason: 'Completed',
        message: 'Job completed',
        component: COMPONENT,
      });
    } else if (failed > backoffLimit) {
      const msg = 'Job has reached the specified backoff limit';
      if (modern)
        setCondition(
          conditions,
          {
            type: 'FailureTarget',
            status: 'True',
            reason: 'BackoffLimitExceeded',
            message: msg,
            lastProbeTime: now,
          },
          now,
        );
      setCondition(
        conditions,
        { type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: msg, lastProbeTime: now },
        now,
      );
      world.events.record({
        object: job,
        type: 'Warning',
        reason: 'BackoffLimitExceeded',
        message: msg,
        component: COMPONENT,
      });
      for (const pod of active)
        if (podInfo !== undefined) world.api.delete(podInfo, namespace, pod.metadata.name, USER);
      active = [];
    } else if (job.spec.suspend !== true) {
      const want = Math.min(parallelism, completions - succeeded) - active.length;
      const waitUntil =
        failed > 0 ? (failures.get(key) ?? 0) + Math.min(BACKOFF_BASE * 2 ** (failed - 1), BACKOFF_MAX) : 0;
      if (want > 0 && world.clock.now() < waitUntil) queue.add(key, waitUntil - world.clock.now());
      else
        for (let i = 0; i < want; i++) {
          const created = world.api.create(jobPod(job), USER);
          if (!created.ok) {
            events.record({
              object: job,
              type: 'Warning',
              reason: 'FailedCreate',
              message: `Error creating: ${created.status.message}`,
              component: COMPONENT,
            });
            queue.add(key, BACKOFF_BASE);
            break;
          }
          world.events.record({
            object: job,
            type: 'Normal',
            reason: 'SuccessfulCreate',
            message: `Created pod: ${created.object.metadata.name}`,
            component: COMPONENT,
          });
          active.push(created.object);
        }
    }
  }
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
  if (sameJson(status, job.status)) return;
  job.status = status;
  world.store.update(job);
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
