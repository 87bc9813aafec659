/**
 * How the Deployment controller moves pods from the old ReplicaSets to the new one
 * (pkg/controller/deployment rolling.go, recreate.go, sync.go): RollingUpdate scales the new
 * ReplicaSet up within maxSurge and the old ones down within maxUnavailable, unhealthy old
 * replicas first, oldest ReplicaSet first; Recreate scales every old one to 0, waits until
 * their pods are gone, then scales the new one up. Each scale records ScalingReplicaSet.
 */
import { controllerUser } from '../../api/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { PodObj, WorkloadObj } from '../../world/types.js';
import { atLeast } from '../../world/version.js';
import { maxUnavailable, rollingParams } from './deployment-status.js';
import { byCreation, ownedBy } from './pods.js';

export const USER = controllerUser('deployment-controller');
export const COMPONENT = 'deployment-controller';
export const REVISION = 'deployment.kubernetes.io/revision';

export const revisionOf = (rs: WorkloadObj): number => {
  const n = Number(rs.metadata.annotations?.[REVISION] ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

const replicasOf = (rs: WorkloadObj): number => rs.spec.replicas ?? 1;
const sum = (sets: readonly WorkloadObj[], count: (rs: WorkloadObj) => number): number =>
  sets.reduce((n, rs) => n + count(rs), 0);

/** scaleReplicaSetAndRecordEvent: the size and the desired/max-replicas annotations; undefined if the update failed. */
export function scaleReplicaSet(
  world: ApiWorld,
  d: WorkloadObj,
  rs: WorkloadObj,
  replicas: number,
): WorkloadObj | undefined {
  const want = d.spec.replicas ?? 1;
  const annotations = {
    'deployment.kubernetes.io/desired-replicas': String(want),
    'deployment.kubernetes.io/max-replicas': String(want + rollingParams(d).maxSurge),
  };
  const from = replicasOf(rs);
  const resize = from !== replicas;
  const reannotate = Object.entries(annotations).some(([k, v]) => rs.metadata.annotations?.[k] !== v);
  if (!resize && !reannotate) return rs;
  const next = structuredClone(rs);
  next.spec.replicas = replicas;
  next.metadata.annotations = { ...(next.metadata.annotations ?? {}), ...annotations };
  if (resize) next.metadata.generation = (rs.metadata.generation ?? 1) + 1;
  const result = world.api.update(next, USER);
  if (!result.ok) return undefined;
  if (resize) {
    const direction = from < replicas ? 'up' : 'down';
    world.events.record({
      object: d,
      type: 'Normal',
      reason: 'ScalingReplicaSet',
      message: scalingMessage(world.scenario.cluster.version, direction, rs.metadata.name, from, replicas),
      component: COMPONENT,
    });
  }
  return result.object;
}

/** deploymentutil.NewRSNewReplicas for RollingUpdate: grow the new ReplicaSet within maxSurge. */
export function newRSNewReplicas(d: WorkloadObj, all: readonly WorkloadObj[], newReplicas: number): number {
  const want = d.spec.replicas ?? 1;
  const maxTotal = want + rollingParams(d).maxSurge;
  const current = sum(all, replicasOf);
  if (current >= maxTotal) return newReplicas;
  return newReplicas + Math.min(maxTotal - current, want - newReplicas);
}

/**
 * One sync of the rollout. `owned` lists the Deployment's ReplicaSets as stored now;
 * `ensureNew(replicas)` finds or creates the ReplicaSet of the current template. Returns the
 * new ReplicaSet, or undefined while Recreate waits for the old pods to go.
 */
export function rollout(
  world: ApiWorld,
  d: WorkloadObj,
  newName: string,
  owned: () => WorkloadObj[],
  ensureNew: (replicas: number) => WorkloadObj | undefined,
): WorkloadObj | undefined {
  const want = d.spec.replicas ?? 1;
  const olds = (): WorkloadObj[] =>
    owned()
      .filter((r) => r.metadata.name !== newName)
      .sort(byCreation);
  const strategy = d.spec.strategy;
  if (strategy?.type === 'Recreate') {
    const active = olds().filter((r) => replicasOf(r) > 0);
    const existing = (): WorkloadObj | undefined => owned().find((r) => r.metadata.name === newName);
    if (active.length > 0) {
      for (const rs of active) scaleReplicaSet(world, d, rs, 0);
      return existing();
    }
    if (oldPodsRunning(world, olds())) return existing();
    const created = ensureNew(want);
    return created === undefined ? undefined : (scaleReplicaSet(world, d, created, want) ?? created);
  }
  const found = owned().find((r) => r.metadata.name === newName);
  const newRS = ensureNew(found === undefined ? newRSNewReplicas(d, olds(), 0) : replicasOf(found));
  if (newRS === undefined) return undefined;
  // reconcileNewReplicaSet: a scale up ends this sync; the next one (on the ReplicaSet's update) goes on.
  const have = replicasOf(newRS);
  if (have !== want) {
    const target = have > want ? want : newRSNewReplicas(d, owned(), have);
    if (target !== have) {
      const scaled = scaleReplicaSet(world, d, newRS, target);
      if (target > have) return scaled ?? newRS;
    }
  }
  reconcileOldReplicaSets(world, d, newName, owned);
  return owned().find((r) => r.metadata.name === newName) ?? newRS;
}

/** reconcileOldReplicaSets: cleanupUnhealthyReplicas, then scaleDownOldReplicaSetsForRollingUpdate. */
function reconcileOldReplicaSets(
  world: ApiWorld,
  d: WorkloadObj,
  newName: string,
  owned: () => WorkloadObj[],
): void {
  const all = owned();
  const newRS = all.find((r) => r.metadata.name === newName);
  const old = all.filter((r) => r !== newRS).sort(byCreation);
  if (newRS === undefined || sum(old, replicasOf) === 0) return;
  const minAvailable = (d.spec.replicas ?? 1) - maxUnavailable(d);
  const newUnavailable = replicasOf(newRS) - (newRS.status.availableReplicas ?? 0);
  const maxScaledDown = sum(all, replicasOf) - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return;
  // Old replicas that are not available go first: removing them costs no availability.
  let cleaned = 0;
  for (const rs of old) {
    if (cleaned >= maxScaledDown) break;
    const replicas = replicasOf(rs);
    const available = rs.status.availableReplicas ?? 0;
    if (replicas === 0 || replicas === available) continue;
    const down = Math.min(maxScaledDown - cleaned, replicas - available);
    scaleReplicaSet(world, d, rs, replicas - down);
    cleaned += down;
  }
  const after = owned();
  const available = sum(after, (rs) => rs.status.availableReplicas ?? 0);
  if (available <= minAvailable) return;
  const total = available - minAvailable;
  let done = 0;
  for (const rs of after.filter((r) => r.metadata.name !== newName).sort(byCreation)) {
    if (done >= total) break;
    const replicas = replicasOf(rs);
    if (replicas === 0) continue;
    const down = Math.min(replicas, total - done);
    scaleReplicaSet(world, d, rs, replicas - down);
    done += down;
  }
}

/** oldPodsRunning (Recreate): a pod of an old ReplicaSet that has not finished, terminating ones included. */
function oldPodsRunning(world: ApiWorld, old: readonly WorkloadObj[]): boolean {
  return old.some((rs) =>
    ownedBy<PodObj>(world, 'pods', rs).some(
      (p) => p.status.phase !== 'Failed' && p.status.phase !== 'Succeeded',
    ),
  );
}

/**
 * The deployment controller's ScalingReplicaSet text: `to N` before 1.28 (kubernetes#101142 added
 * the old count), `to N from M` from 1.28, `from M to N` since kubernetes#125118 (measured on
 * v1.37.2; taken here from 1.32 on).
 */
export function scalingMessage(
  version: string,
  direction: 'up' | 'down',
  rs: string,
  from: number,
  to: number,
): string {
  if (atLeast(version, 1, 32))
    return `Scaled ${direction} replica set ${rs} from ${String(from)} to ${String(to)}`;
  if (atLeast(version, 1, 28))
    return `Scaled ${direction} replica set ${rs} to ${String(to)} from ${String(from)}`;
  return `Scaled ${direction} replica set ${rs} to ${String(to)}`;
}
