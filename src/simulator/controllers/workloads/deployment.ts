/**
 * The Deployment controller (pkg/controller/deployment), for a Deployment's first rollout:
 * creates the ReplicaSet `<name>-<pod-template-hash>` with the revision and replica
 * annotations, records ScalingReplicaSet, and keeps status and the Available, Progressing
 * (incl. ProgressDeadlineExceeded) and ReplicaFailure conditions as syncRolloutStatus does.
 * A later template change (a second revision) is not simulated: scenarios apply objects once.
 */
import { parseTime } from '../../../k8s/index.js';
import { rollingParams, rolloutStatus } from './deployment-status.js';
import { controllerUser } from '../../api/types.js';
import type { WorkloadObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { findCondition, sameJson, setCondition, type Condition } from './conditions.js';
import { computeHash } from './hash.js';
import { controllerRef, ownedBy, ownerOf, templateOf } from './pods.js';
import { atLeast } from '../../world/version.js';
import { keyOf, splitKey, SyncQueue } from './sync-queue.js';

const USER = controllerUser('deployment-controller');
const COMPONENT = 'deployment-controller';
const REVISION = 'deployment.kubernetes.io/revision';

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
  const template = templateOf(d);
  const hash = computeHash(template);
  const rsName = `${name}-${hash}`;
  const replicas = d.spec.replicas ?? 1;
  const { maxSurge } = rollingParams(d);
  let rs = ownedBy<WorkloadObj>(world, 'replicasets', d).find((r) => r.metadata.name === rsName);
  const conditions = structuredClone((d.status.conditions ?? []) as Condition[]);
  const now = world.clock.iso();
  let annotate = false;
  if (rs === undefined) {
    const created = world.api.create(newReplicaSet(d, rsName, hash, replicas, maxSurge), USER);
    if (!created.ok) return;
    rs = created.object;
    if (replicas > 0) {
      const msg = atLeast(world.scenario.cluster.version, 1, 28)
        ? `Scaled up replica set ${rsName} to ${replicas} from 0`
        : `Scaled up replica set ${rsName} to ${replicas}`;
      world.events.record({
        object: d,
        type: 'Normal',
        reason: 'ScalingReplicaSet',
        message: msg,
        component: COMPONENT,
      });
    }
    annotate = true;
    setCondition(
      conditions,
      {
        type: 'Progressing',
        status: 'True',
        reason: 'NewReplicaSetCreated',
        message: `Created new replica set "${rsName}"`,
      },
      now,
      { updateTime: true },
    );
  }
  if (annotate || d.metadata.annotations?.[REVISION] === undefined) {
    d.metadata.annotations = { ...(d.metadata.annotations ?? {}), [REVISION]: '1' };
  }
  const status = rolloutStatus(world, d, rs, conditions);
  if (annotate || !sameJson(status, d.status)) {
    d.status = status;
    world.store.update(d);
  }
  // RequeueStuckDeployment: look again when the progress deadline would pass.
  const progressing = findCondition(status.conditions, 'Progressing');
  const deadline = d.spec.progressDeadlineSeconds ?? 600;
  const since = parseTime(progressing?.lastUpdateTime);
  if (progressing?.reason === 'ReplicaSetUpdated' || progressing?.reason === 'NewReplicaSetCreated') {
    if (since !== undefined) queue.add(key, since + deadline * 1000 + 1000 - world.clock.now());
  }
}

function newReplicaSet(
  d: WorkloadObj,
  name: string,
  hash: string,
  replicas: number,
  maxSurge: number,
): WorkloadObj {
  const template = structuredClone(templateOf(d));
  template.metadata = {
    ...(template.metadata ?? {}),
    labels: { ...(template.metadata?.labels ?? {}), 'pod-template-hash': hash },
  };
  const selector = d.spec.selector ?? {};
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      ...(d.metadata.namespace === undefined ? {} : { namespace: d.metadata.namespace }),
      labels: { ...(template.metadata.labels ?? {}) },
      annotations: {
        'deployment.kubernetes.io/desired-replicas': String(replicas),
        'deployment.kubernetes.io/max-replicas': String(replicas + maxSurge),
        [REVISION]: '1',
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
