/**
 * The Deployment's rollout arithmetic and status (deploymentutil and syncRolloutStatus):
 * surge and unavailability from the strategy, replica counts summed over its ReplicaSets (the
 * new one gives updatedReplicas), and the Available, Progressing and ReplicaFailure conditions
 * with their upstream reasons and texts.
 */
import { parseTime } from '../../../k8s/index.js';
import type { WorkloadObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import { findCondition, removeCondition, setCondition, type Condition } from './conditions.js';

type IntOrPercent = number | string | undefined;

/** intstr.GetScaledValueFromIntOrPercent. */
function scaled(value: IntOrPercent, total: number, roundUp: boolean, fallback: string): number {
  const v = value ?? fallback;
  if (typeof v === 'number') return v;
  const pct = Number(v.replace('%', ''));
  const exact = (pct * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

interface RollingParams {
  maxSurge: number;
  maxUnavailable: number;
}

/** deploymentutil.ResolveFenceposts (Recreate: surge 0, unavailable = all). */
export function rollingParams(d: WorkloadObj): RollingParams {
  const replicas = d.spec.replicas ?? 1;
  const strategy = d.spec.strategy as
    { type?: string; rollingUpdate?: { maxSurge?: IntOrPercent; maxUnavailable?: IntOrPercent } } | undefined;
  if (strategy?.type === 'Recreate') return { maxSurge: 0, maxUnavailable: replicas };
  let maxSurge = scaled(strategy?.rollingUpdate?.maxSurge, replicas, true, '25%');
  let maxUnavailable = scaled(strategy?.rollingUpdate?.maxUnavailable, replicas, false, '25%');
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  maxSurge = Math.max(0, maxSurge);
  return { maxSurge, maxUnavailable: Math.min(maxUnavailable, replicas) };
}

/** deploymentutil.MaxUnavailable: 0 for Recreate and for no replicas. */
export function maxUnavailable(d: WorkloadObj): number {
  const strategy = d.spec.strategy as { type?: string } | undefined;
  if (strategy?.type === 'Recreate' || (d.spec.replicas ?? 1) === 0) return 0;
  return rollingParams(d).maxUnavailable;
}

const sum = (sets: readonly WorkloadObj[], count: (rs: WorkloadObj) => number | undefined): number =>
  sets.reduce((n, rs) => n + (count(rs) ?? 0), 0);

interface Counts {
  readonly replicas: number;
  readonly updated: number;
  readonly ready: number;
  readonly available: number;
}

/** calculateStatus + syncRolloutStatus over all the Deployment's ReplicaSets; `newRS` may not exist yet (Recreate). */
export function rolloutStatus(
  world: World,
  d: WorkloadObj,
  all: readonly WorkloadObj[],
  newRS: WorkloadObj | undefined,
  conditions: Condition[],
): WorkloadObj['status'] {
  const want = d.spec.replicas ?? 1;
  const now = world.clock.iso();
  const set = (c: Condition): void => {
    setCondition(conditions, c, now, { updateTime: true });
  };
  const counts: Counts = {
    replicas: sum(all, (rs) => rs.status.replicas),
    updated: newRS?.status.replicas ?? 0,
    ready: sum(all, (rs) => rs.status.readyReplicas),
    available: sum(all, (rs) => rs.status.availableReplicas),
  };
  const { replicas, updated, ready, available } = counts;
  const unavailable = Math.max(0, sum(all, (rs) => rs.spec.replicas) - available);
  if (available >= want - maxUnavailable(d))
    set({
      type: 'Available',
      status: 'True',
      reason: 'MinimumReplicasAvailable',
      message: 'Deployment has minimum availability.',
    });
  else
    set({
      type: 'Available',
      status: 'False',
      reason: 'MinimumReplicasUnavailable',
      message: 'Deployment does not have minimum availability.',
    });
  const generation = d.metadata.generation ?? 1;
  syncProgressing(world, d, newRS, counts, conditions, set);
  const failure = [newRS, ...all]
    .map((rs) => findCondition(rs?.status.conditions, 'ReplicaFailure'))
    .find((c) => c !== undefined);
  if (failure !== undefined)
    set({
      type: 'ReplicaFailure',
      status: failure.status,
      reason: failure.reason ?? 'FailedCreate',
      message: failure.message ?? '',
    });
  else removeCondition(conditions, 'ReplicaFailure');
  return {
    observedGeneration: generation,
    ...(replicas > 0 ? { replicas } : {}),
    ...(updated > 0 ? { updatedReplicas: updated } : {}),
    ...(ready > 0 ? { readyReplicas: ready } : {}),
    ...(available > 0 ? { availableReplicas: available } : {}),
    ...(unavailable > 0 ? { unavailableReplicas: unavailable } : {}),
    conditions,
  };
}

/**
 * The Progressing condition: NewReplicaSetAvailable once complete, ReplicaSetUpdated on any
 * progress (keeping its transition time), ProgressDeadlineExceeded after the deadline.
 */
function syncProgressing(
  world: World,
  d: WorkloadObj,
  newRS: WorkloadObj | undefined,
  counts: Counts,
  conditions: Condition[],
  set: (c: Condition) => void,
): void {
  const want = d.spec.replicas ?? 1;
  const { replicas, updated, ready, available } = counts;
  const progressing = findCondition(conditions, 'Progressing');
  if (replicas === want && updated === replicas && progressing?.reason === 'NewReplicaSetAvailable') return;
  const subject =
    newRS === undefined ? `Deployment "${d.metadata.name}"` : `ReplicaSet "${newRS.metadata.name}"`;
  const old = d.status;
  const oldReplicas = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  if (updated === want && replicas === want && available === want) {
    set({
      type: 'Progressing',
      status: 'True',
      reason: 'NewReplicaSetAvailable',
      message: `${subject} has successfully progressed.`,
    });
  } else if (
    updated > (old.updatedReplicas ?? 0) ||
    replicas - updated < oldReplicas ||
    ready > (old.readyReplicas ?? 0) ||
    available > (old.availableReplicas ?? 0)
  ) {
    // Progress refreshes lastUpdateTime even with the same reason (handled outside SetDeploymentCondition upstream).
    const transition = progressing?.status === 'True' ? progressing.lastTransitionTime : undefined;
    removeCondition(conditions, 'Progressing');
    set({
      type: 'Progressing',
      status: 'True',
      reason: 'ReplicaSetUpdated',
      message: `${subject} is progressing.`,
    });
    const refreshed = findCondition(conditions, 'Progressing');
    if (refreshed !== undefined && transition !== undefined) refreshed.lastTransitionTime = transition;
  } else if (timedOut(d, progressing, world.clock.now())) {
    set({
      type: 'Progressing',
      status: 'False',
      reason: 'ProgressDeadlineExceeded',
      message: `${subject} has timed out progressing.`,
    });
  }
}

/** deploymentutil.DeploymentTimedOut. */
function timedOut(d: WorkloadObj, progressing: Condition | undefined, now: number): boolean {
  if (progressing === undefined) return false;
  if (progressing.reason === 'ProgressDeadlineExceeded') return true;
  const from = parseTime(progressing.lastUpdateTime);
  const deadline = (d.spec.progressDeadlineSeconds ?? 600) * 1000;
  return from !== undefined && from < now - deadline;
}
