/**
 * The CronJob controller (pkg/controller/cronjob), for schedules of the form `*\/N * * * *`
 * (and `* * * * *`): at each scheduled minute it creates the Job `<cronjob>-<minutes since
 * the epoch>` from jobTemplate, records SuccessfulCreate "Created job …", notes finished jobs
 * (SawCompletedJob) and keeps status.active, lastScheduleTime and lastSuccessfulTime. Other
 * schedules are ignored (nothing is created), as the simulator cannot run them faithfully.
 */
import { parseTime } from '../../../k8s/index.js';
import { controllerUser } from '../../api/types.js';
import type { KObject, WorkloadObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { sameJson } from './conditions.js';
import { controllerRef, ownedBy, ownerOf } from './pods.js';
import { keyOf, splitKey, SyncQueue } from './sync-queue.js';

const USER = controllerUser('cronjob-controller');
const COMPONENT = 'cronjob-controller';
const MINUTE = 60_000;

/** Minutes between runs for `*\/N * * * *` or `* * * * *`; undefined for anything else. */
export function everyMinutes(schedule: string | undefined): number | undefined {
  const m = /^(\*|\*\/(\d+)) \* \* \* \*$/.exec((schedule ?? '').trim());
  if (m === null) return undefined;
  const n = m[2] === undefined ? 1 : Number(m[2]);
  return n >= 1 && n <= 59 ? n : undefined;
}

export const cronJobController: Controller = {
  name: COMPONENT,
  start(world) {
    const queue: SyncQueue = new SyncQueue(world, (key) => {
      syncCronJob(world, queue, key);
    });
    world.watch('cronjobs', (c) => {
      if (c.type !== 'DELETED') queue.add(keyOf(c.object));
    });
    world.watch('jobs', (c) => {
      const owner = ownerOf(c.object);
      if (owner?.kind === 'CronJob') queue.add(`${c.object.metadata.namespace ?? ''}/${owner.name}`);
    });
  },
};

interface CronStatus {
  active?: { apiVersion: string; kind: string; name: string; namespace: string; uid: string }[];
  lastScheduleTime?: string;
  lastSuccessfulTime?: string;
}

const finished = (job: WorkloadObj): string | undefined =>
  job.status.conditions?.find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True')
    ?.type;

function syncCronJob(world: ApiWorld, queue: SyncQueue, key: string): void {
  const { namespace, name } = splitKey(key);
  const cj = world.store.get<WorkloadObj>('cronjobs', namespace, name);
  if (cj === undefined || cj.metadata.deletionTimestamp !== undefined) return;
  const every = everyMinutes(cj.spec.schedule);
  if (every === undefined) return;
  const now = world.clock.now();
  const status = structuredClone(cj.status) as unknown as CronStatus;
  // The most recent scheduled minute that is due (a multiple of N minutes past the hour).
  const minute = Math.floor(now / MINUTE);
  const due = minute - ((minute % 60) % every);
  const last = parseTime(status.lastScheduleTime);
  if (
    cj.spec.suspend !== true &&
    (last === undefined || last < due * MINUTE) &&
    due * MINUTE >= (parseTime(cj.metadata.creationTimestamp) ?? 0)
  )
    createJob(world, cj, namespace, due, status);
  trackJobs(world, cj, namespace, status);
  if (!sameJson(status, cj.status)) {
    cj.status = status as unknown as WorkloadObj['status'];
    world.store.update(cj);
  }
  const next = (due + every) * MINUTE;
  queue.add(key, next - now);
}

/** Creates the Job of the scheduled minute `due` from jobTemplate. */
function createJob(
  world: ApiWorld,
  cj: WorkloadObj,
  namespace: string,
  due: number,
  status: CronStatus,
): void {
  const template =
    (
      cj.spec as {
        jobTemplate?: {
          metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
          spec?: Record<string, unknown>;
        };
      }
    ).jobTemplate ?? {};
  const job = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: `${cj.metadata.name}-${String(due)}`,
      namespace,
      labels: { ...(template.metadata?.labels ?? {}) },
      annotations: {
        ...(template.metadata?.annotations ?? {}),
        'batch.kubernetes.io/cronjob-scheduled-timestamp': world.clock.iso(due * MINUTE),
      },
      ownerReferences: [controllerRef(cj)],
    },
    spec: structuredClone(template.spec ?? {}),
    status: {},
  } as unknown as KObject;
  const created = world.api.create(job, USER);
  if (created.ok) {
    world.events.record({
      object: cj,
      type: 'Normal',
      reason: 'SuccessfulCreate',
      message: `Created job ${job.metadata.name}`,
      component: COMPONENT,
    });
    status.lastScheduleTime = world.clock.iso(due * MINUTE);
  } else {
    world.events.record({
      object: cj,
      type: 'Warning',
      reason: 'FailedCreate',
      message: `Error creating job: ${created.status.message}`,
      component: COMPONENT,
    });
  }
}

/** status.active from the CronJob's unfinished Jobs; a Job seen finishing is noted once. */
function trackJobs(world: ApiWorld, cj: WorkloadObj, namespace: string, status: CronStatus): void {
  const active: NonNullable<CronStatus['active']> = [];
  for (const job of ownedBy<WorkloadObj>(world, 'jobs', cj)) {
    const done = finished(job);
    const wasActive =
      (cj.status as unknown as CronStatus).active?.some((a) => a.uid === job.metadata.uid) === true;
    if (done === undefined) {
      active.push({
        apiVersion: 'batch/v1',
        kind: 'Job',
        name: job.metadata.name,
        namespace,
        uid: job.metadata.uid ?? '',
      });
      continue;
    }
    if (wasActive) {
      world.events.record({
        object: cj,
        type: 'Normal',
        reason: 'SawCompletedJob',
        message: `Saw completed job: ${job.metadata.name}, condition: ${done}`,
        component: COMPONENT,
      });
      if (done === 'Complete' && job.status.completionTime !== undefined)
        status.lastSuccessfulTime = job.status.completionTime;
    }
  }
  if (active.length > 0) status.active = active;
  else delete status.active;
}
