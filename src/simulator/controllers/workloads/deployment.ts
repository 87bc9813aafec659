/**
 * The Deployment controller (pkg/controller/deployment): finds or creates the ReplicaSet
 * `<name>-<pod-template-hash>` for the current template (with the revision and replica
 * annotations), rolls from the old ReplicaSets to it by the strategy (rollout.ts), records
 * ScalingReplicaSet, and keeps status and the Available, Progressing (incl.
 * ProgressDeadlineExceeded) and ReplicaFailure conditions as syncRolloutStatus does. A change
 * of the template (kubectl set image) is a new revision; a change of replicas (kubectl scale)
 * scales the new ReplicaSet. Pausing, proportional scaling in mid-rollout and the cleanup of
 * old ReplicaSets beyond revisionHistoryLimit are not simulated.
 */
import { parseTime } from '../../../k8s/index.js';
import { rollingParams, rolloutStatus } from './deployment-status.js';
import type { WorkloadObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { findCondition, sameJson, setCondition, type Condition } from './conditions.js';
import { computeHash } from './hash.js';
import { controllerRef, ownedBy, ownerOf, templateOf } from './pods.js';
import { keyOf, splitKey, SyncQueue } from './sync-queue.js';
import { COMPONENT, REVISION, revisionOf, rollout, scalingMessage, USER } from './rollout.js';

export const deploymentController: Controller = {
  name: COMPONENT,
  start(world) {
    const queue: SyncQueue = new SyncQueue(world, (key) => {
      syncDeployment(world, key, queue);
    });
    world.watch('deployments', (c) => {
      if (c.type !== 'DELETED') queue.add(keyOf(c.object));
    });
    world.watch('replicasets', (c) => {
      const owner = ownerOf(c.object);
      if (owner?.kind === 'Deployment') queue.add(`${c.object.metadata.namespace ?? ''}/${owner.name}`);
    });
  },
};

function syncDeployment(world: ApiWorld, key: string, queue: SyncQueue): void {
  const { namespace, name } = splitKey(key);
  const d = world.store.get<WorkloadObj>('deployments', namespace, name);
  if (d === undefined || d.metadata.deletionTimestamp !== undefined) return;
  const hash = computeHash(templateOf(d));
  const rsName = `${name}-${hash}`;
  const owned = (): WorkloadObj[] => ownedBy<WorkloadObj>(world, 'replicasets', d);
  const conditions = structuredClone((d.status.conditions ?? []) as Condition[]);
  const now = world.clock.iso();
  const revision = String(
    Math.max(
      0,
      ...owned()
        .filter((r) => r.metadata.name !== rsName)
        .map(revisionOf),
    ) + 1,
  );
  const progressing = (reason: string, message: string): void => {
    setCondition(conditions, { type: 'Progressing', status: 'True', reason, message }, now, {
      updateTime: true,
    });
  };

  // getNewReplicaSet: the ReplicaSet of this template gets the next revision (a rollback reuses an old one).
  const ensureNewReplicaSet = (replicas: number): WorkloadObj | undefined => {
    const found = owned().find((r) => r.metadata.name === rsName);
    if (found !== undefined) {
      if (revisionOf(found) < Number(revision)) {
        const next = structuredClone(found);
        next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [REVISION]: revision };
        const updated = world.api.update(next, USER);
        if (!updated.ok) return found;
        if (findCondition(conditions, 'Progressing')?.reason !== 'FoundNewReplicaSet')
          progressing('FoundNewReplicaSet', `Found new replica set "${rsName}"`);
        return updated.object;
      }
      return found;
    }
    const created = world.api.create(newReplicaSet(d, rsName, hash, replicas, revision), USER);
    if (!created.ok) return undefined;
    if (replicas > 0) {
      world.events.record({
        object: d,
        type: 'Normal',
        reason: 'ScalingReplicaSet',
        message: scalingMessage(world.scenario.cluster.version, 'up', rsName, 0, replicas),
        component: COMPONENT,
      });
    }
    progressing('NewReplicaSetCreated', `Created new replica set "${rsName}"`);
    return created.object;
  };

  const newRS = rollout(world, d, rsName, owned, ensureNewReplicaSet);
  const all = owned();
  const current = all.find((r) => r.metadata.name === rsName) ?? newRS;
  const wantRevision = current === undefined ? undefined : String(revisionOf(current));
  let annotate = false;
  if (wantRevision !== undefined && d.metadata.annotations?.[REVISION] !== wantRevision) {
    d.metadata.annotations = { ...(d.metadata.annotations ?? {}), [REVISION]: wantRevision };
    annotate = true;
  }
  const status = rolloutStatus(world, d, all, current, conditions);
  if (annotate || !sameJson(status, d.status)) {
    d.status = status;
    world.store.update(d);
  }
  // RequeueStuckDeployment: look again when the progress deadline would pass.
  const cond = findCondition(status.conditions, 'Progressing');
  const deadline = d.spec.progressDeadlineSeconds ?? 600;
  const since = parseTime(cond?.lastUpdateTime);
  if (
    cond?.reason === 'ReplicaSetUpdated' ||
    cond?.reason === 'NewReplicaSetCreated' ||
    cond?.reason === 'FoundNewReplicaSet'
  ) {
    if (since !== undefined) queue.add(key, since + deadline * 1000 + 1000 - world.clock.now());
  }
}

function newReplicaSet(
  d: WorkloadObj,
  name: string,
  hash: string,
  replicas: number,
  revision: string,
): WorkloadObj {
  const template = structuredClone(templateOf(d));
  template.metadata = {
    ...(template.metadata ?? {}),
    labels: { ...(template.metadata?.labels ?? {}), 'pod-template-hash': hash },
  };
  const selector = d.spec.selector ?? {};
  const want = d.spec.replicas ?? 1;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      ...(d.metadata.namespace === undefined ? {} : { namespace: d.metadata.namespace }),
      labels: { ...(template.metadata.labels ?? {}) },
      annotations: {
        'deployment.kubernetes.io/desired-replicas': String(want),
        'deployment.kubernetes.io/max-replicas': String(want + rollingParams(d).maxSurge),
        [REVISION]: revision,
      },
      ownerReferences: [controllerRef(d)],
    },
    spec: {
      replicas,
      ...(d.spec.minReadySeconds === undefined ? {} : { minReadySeconds: d.spec.minReadySeconds }),
      selector: {
        ...selector,
        matchLabels: { ...(selector.matchLabels ?? {}), 'pod-template-hash': hash },
      },
      template: template,
    },
    status: { replicas: 0 },
  };
}
