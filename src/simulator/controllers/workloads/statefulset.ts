/**
 * The StatefulSet controller (pkg/controller/statefulset) with podManagementPolicy
 * OrderedReady: pods `<set>-0`, `<set>-1`, … one at a time, the next only when the previous is
 * Running and Ready; each pod's PersistentVolumeClaims `<claim>-<set>-<ordinal>` are created
 * before it. Events and their wording are stateful_pod_control.go's. Failed pods are deleted
 * and recreated (RecreatingFailedPod). Parallel policy creates all missing pods at once.
 */
import { controllerUser } from '../../api/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { KObject, PodObj, PvcObj, WorkloadObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { sameJson } from './conditions.js';
import { computeHash } from './hash.js';
import { isReady, isTerminal, ownedBy, ownerOf, podFromTemplate, templateOf } from './pods.js';
import { atLeast } from '../../world/version.js';
import { FailureBackoff } from './rate-limit.js';
import { SimilarEvents } from './similar-events.js';
import { keyOf, splitKey, SyncQueue } from './sync-queue.js';

const USER = controllerUser('statefulset-controller');
const COMPONENT = 'statefulset-controller';

export const statefulSetController: Controller = {
  name: COMPONENT,
  start(world) {
    const backoff = new FailureBackoff();
    const events = new SimilarEvents(world);
    const queue: SyncQueue = new SyncQueue(world, (key) => {
      const failed = syncStatefulSet(world, events, key);
      if (failed) queue.add(key, backoff.next(key));
      else backoff.forget(key);
    });
    world.watch('statefulsets', (c) => {
      if (c.type !== 'DELETED') queue.add(keyOf(c.object));
    });
    world.watch('pods', (c) => {
      const owner = ownerOf(c.object);
      if (owner?.kind === 'StatefulSet') queue.add(`${c.object.metadata.namespace ?? ''}/${owner.name}`);
    });
  },
};

interface ClaimTemplate {
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: Record<string, unknown>;
}

const claimTemplates = (sts: WorkloadObj): ClaimTemplate[] =>
  (sts.spec as { volumeClaimTemplates?: ClaimTemplate[] }).volumeClaimTemplates ?? [];

const ordinalOf = (sts: WorkloadObj, pod: KObject): number => {
  const m = /-(\d+)$/.exec(pod.metadata.name);
  return m !== null && pod.metadata.name === `${sts.metadata.name}-${m[1] ?? ''}` ? Number(m[1]) : -1;
};

/** Returns true when a create failed (the sync is retried with back-off). */
function syncStatefulSet(world: ApiWorld, events: SimilarEvents, key: string): boolean {
  const { namespace, name } = splitKey(key);
  const sts = world.store.get<WorkloadObj>('statefulsets', namespace, name);
  if (sts === undefined || sts.metadata.deletionTimestamp !== undefined) return false;
  const replicas = sts.spec.replicas ?? 1;
  const parallel = (sts.spec as { podManagementPolicy?: string }).podManagementPolicy === 'Parallel';
  const revision = `${name}-${computeHash(templateOf(sts))}`;
  const pods = new Map(ownedBy<PodObj>(world, 'pods', sts).map((p) => [ordinalOf(sts, p), p]));
  const record = (type: 'Normal' | 'Warning', reason: string, message: string): void => {
    (type === 'Warning' ? events : world.events).record({
      object: sts,
      type,
      reason,
      message,
      component: COMPONENT,
    });
  };
  let failed = false;
  for (let i = 0; i < replicas; i++) {
    const podName = `${name}-${String(i)}`;
    const pod = pods.get(i);
    if (pod?.status.phase === 'Failed' && pod.metadata.deletionTimestamp === undefined) {
      record(
        'Warning',
        'RecreatingFailedPod',
        `StatefulSet ${namespace}/${name} is recreating failed Pod ${podName}`,
      );
      const info = resourceByKind('Pod');
      if (info !== undefined) world.api.delete(info, namespace, podName, USER);
      if (!parallel) break;
      continue;
    }
    if (pod === undefined) {
      if (!createClaims(world, sts, i, record)) {
        failed = true;
        break;
      }
      const created = world.api.create(statefulPod(sts, i, revision), USER);
      if (!created.ok) {
        record(
          'Warning',
          'FailedCreate',
          `${verb(world, 'create')} Pod ${podName} in StatefulSet ${name} failed error: ${created.status.message}`,
        );
        failed = true;
        break;
      }
      record(
        'Normal',
        'SuccessfulCreate',
        `${verb(world, 'create')} Pod ${podName} in StatefulSet ${name} successful`,
      );
      if (!parallel) break;
      continue;
    }
    // OrderedReady: wait for this pod to be Running and Ready before the next ordinal.
    if (
      !parallel &&
      (pod.status.phase !== 'Running' || !isReady(pod) || pod.metadata.deletionTimestamp !== undefined)
    )
      break;
  }
  updateStatus(world, sts, revision);
  return failed;
}

function createClaims(
  world: ApiWorld,
  sts: WorkloadObj,
  ordinal: number,
  record: (type: 'Normal' | 'Warning', reason: string, message: string) => void,
): boolean {
  const ns = sts.metadata.namespace ?? 'default';
  const podName = `${sts.metadata.name}-${String(ordinal)}`;
  for (const t of claimTemplates(sts)) {
    const claimName = `${t.metadata.name}-${podName}`;
    if (world.store.get('persistentvolumeclaims', ns, claimName) !== undefined) continue;
    const pvc = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: {
        name: claimName,
        namespace: ns,
        labels: { ...(sts.spec.selector?.matchLabels ?? {}), ...(t.metadata.labels ?? {}) },
        ...(t.metadata.annotations === undefined ? {} : { annotations: { ...t.metadata.annotations } }),
      },
      spec: structuredClone(t.spec),
      status: { phase: 'Pending' },
    } as unknown as PvcObj;
    const created = world.api.create(pvc, USER);
    if (!created.ok) {
      record(
        'Warning',
        'FailedCreate',
        `${verb(world, 'create')} Claim ${claimName} for Pod ${podName} in StatefulSet ${sts.metadata.name} failed error: ${created.status.message}`,
      );
      return false;
    }
    record(
      'Normal',
      'SuccessfulCreate',
      `${verb(world, 'create')} Claim ${claimName} Pod ${podName} in StatefulSet ${sts.metadata.name} success`,
    );
  }
  return true;
}

/** newVersionedStatefulSetPod: identity labels, hostname/subdomain, claims as volumes. */
function statefulPod(sts: WorkloadObj, ordinal: number, revision: string): PodObj {
  const podName = `${sts.metadata.name}-${String(ordinal)}`;
  const pod = podFromTemplate(sts, templateOf(sts), {
    name: podName,
    labels: {
      'apps.kubernetes.io/pod-index': String(ordinal),
      'controller-revision-hash': revision,
      'statefulset.kubernetes.io/pod-name': podName,
    },
  });
  const spec = pod.spec as PodObj['spec'] & { hostname?: string; subdomain?: string };
  spec.hostname = podName;
  if (sts.spec.serviceName !== undefined) spec.subdomain = sts.spec.serviceName;
  const volumes = (spec.volumes ?? []).filter(
    (v) => !claimTemplates(sts).some((t) => t.metadata.name === v.name),
  );
  for (const t of claimTemplates(sts))
    volumes.push({
      name: t.metadata.name,
      persistentVolumeClaim: { claimName: `${t.metadata.name}-${podName}` },
    });
  if (volumes.length > 0) spec.volumes = volumes;
  return pod;
}

function updateStatus(world: ApiWorld, sts: WorkloadObj, revision: string): void {
  const pods = ownedBy<PodObj>(world, 'pods', sts).filter(
    (p) => !isTerminal(p) || p.status.phase === 'Succeeded',
  );
  const live = pods.filter((p) => p.metadata.deletionTimestamp === undefined);
  const ready = live.filter(isReady).length;
  const status = {
    observedGeneration: sts.metadata.generation ?? 1,
    replicas: live.length,
    ...(ready > 0 ? { readyReplicas: ready, availableReplicas: ready } : { availableReplicas: 0 }),
    currentReplicas: live.length,
    updatedReplicas: live.length,
    currentRevision: revision,
    updateRevision: revision,
    collisionCount: 0,
  } as unknown as WorkloadObj['status'];
  if (sameJson(status, sts.status)) return;
  sts.status = status;
  world.store.update(sts);
}

/**
 * The verb of the StatefulSet controller's pod and claim events: title-cased
 * (`cases.Title`, "Create Pod web-0 in StatefulSet web successful") in kube-controller-manager
 * v1.37.2, measured by test/control-plane/fidelity.test.ts; lower-case ("create Pod …") in the
 * older releases. The first release with the title case is not established here: 1.37 is assumed.
 */
export function verb(world: ApiWorld, v: string): string {
  return atLeast(world.scenario.cluster.version, 1, 37) ? v.charAt(0).toUpperCase() + v.slice(1) : v;
}
