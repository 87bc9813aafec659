/**
 * The Deployment's rollout arithmetic and status (deploymentutil and syncRolloutStatus):
 * surge and unavailability from the strategy, replica counts from the ReplicaSet, and the
 * Available, Progressing and ReplicaFailure conditions with their upstream reasons and texts.
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

/** calculateStatus + syncRolloutStatus for a Deployment with one ReplicaSet. */
export function rolloutStatus(
  world: World,
  d: WorkloadObj,
  rs: WorkloadObj,
  conditions: Condition[],
): WorkloadObj['status'] {
  const want = d.spec.replicas ?? 1;
  const now = world.clock.iso();
  const set = (c: Condition): void => {
    setCondition(conditions, c, now, { updateTime: true });
  };
  const counts = {
    replicas: rs.status.replicas ?? 0,
    ready: rs.status.readyReplicas ?? 0,
    available: rs.status.availableReplicas ?? 0,
  };
  const { replicas, ready, available } = counts;
  const unavailable = Math.max(0, (rs.spec.replicas ?? 0) - available);
  const { maxUnavailable } = rollingParams(d);
  if (available >= want - maxUnavailable)
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
  syncProgressing(world, d, rs, counts, conditions, set);
  const failure = findCondition(rs.status.conditions, 'ReplicaFailure');
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
    ...(replicas > 0 ? { replicas, updatedReplicas: replicas } : {}),
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
  rs: WorkloadObj,
  counts: { readonly replicas: number; readonly ready: number; readonly available: number },
  conditions: Condition[],
  set: (c: Condition) => void,
): void {
  const want = d.spec.replicas ?? 1;
  const { replicas, ready, available } = counts;
  const progressing = findCondition(conditions, 'Progressing');
  if (replicas === want && progressing?.reason === 'NewReplicaSetAvailable') return;
  const rsName = rs.metadata.name;
  const old = d.status;
  if (replicas === want && available === want && (rs.status.replicas ?? 0) === want) {
    set({
      type: 'Progressing',
      status: 'True',
      reason: 'NewReplicaSetAvailable',
      message: `ReplicaSet "${rsName}" has successfully progressed.`,
    });
  } else if (
    replicas > (old.updatedReplicas ?? 0) ||
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
      message: `ReplicaSet "${rsName}" is progressing.`,
    });
    const updated = findCondition(conditions, 'Progressing');
    if (updated !== undefined && transition !== undefined) updated.lastTransitionTime = transition;
  } else if (timedOut(d, progressing, world.clock.now())) {
    set({
      type: 'Progressing',
      status: 'False',
      reason: 'ProgressDeadlineExceeded',
      message: `ReplicaSet "${rsName}" has timed out progressing.`,
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
