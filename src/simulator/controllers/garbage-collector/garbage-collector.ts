/**
 * The garbage collector (pkg/controller/garbagecollector), background propagation only: when
 * an owner is gone, dependents whose every owner is gone are deleted through the API (pods
 * gracefully, so the kubelet finishes them). It also completes deletions held by finalizers:
 * an object being deleted whose finalizers became empty is removed, as the API server does
 * when the last finalizer is taken off (for pods, only once the kubelet has given up its grace
 * period, i.e. deletionGracePeriodSeconds is 0, or when the pod never reached a node).
 */
import { controllerUser } from '../../api/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { Change } from '../../world/store.js';
import type { KObject, PodObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';

const USER = controllerUser('generic-garbage-collector');

/** Resources that can be owners or dependents. */
export const GC_RESOURCES = [
  'pods',
  'services',
  'endpoints',
  'endpointslices',
  'configmaps',
  'secrets',
  'persistentvolumeclaims',
  'persistentvolumes',
  'deployments',
  'replicasets',
  'statefulsets',
  'daemonsets',
  'jobs',
  'cronjobs',
  'nodes',
  'namespaces',
  'serviceaccounts',
  'volumeattachments',
] as const;

interface Ref {
  readonly resource: string;
  readonly namespace: string | undefined;
  readonly name: string;
}

export const garbageCollector: Controller = {
  name: 'garbage-collector',
  start(world) {
    /** owner uid → dependents (the GC's dependency graph). */
    const dependents = new Map<string, Map<string, Ref>>();
    /** uids of objects that exist. */
    const live = new Set<string>();
    const onChange = (c: Change): void => {
      const obj = c.object;
      const uid = obj.metadata.uid;
      const refKey = `${c.resource}/${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
      if (c.type === 'DELETED') {
        if (uid !== undefined) {
          live.delete(uid);
          collect(world, uid, dependents, live);
        }
        return;
      }
      if (uid !== undefined) live.add(uid);
      for (const owner of obj.metadata.ownerReferences ?? []) {
        if (owner.uid === undefined) continue;
        let set = dependents.get(owner.uid);
        if (set === undefined) {
          set = new Map();
          dependents.set(owner.uid, set);
        }
        set.set(refKey, { resource: c.resource, namespace: obj.metadata.namespace, name: obj.metadata.name });
      }
      if (finalizable(obj)) world.store.remove(c.resource, obj.metadata.namespace, obj.metadata.name);
    };
    for (const resource of GC_RESOURCES) world.watch(resource, onChange);
  },
};

/** Deletion requested, no finalizer left, and nobody else (the kubelet) still has to finish it. */
function finalizable(obj: KObject): boolean {
  if (obj.metadata.deletionTimestamp === undefined || (obj.metadata.finalizers ?? []).length > 0)
    return false;
  if (obj.kind !== 'Pod') return true;
  const pod = obj as PodObj;
  return pod.metadata.deletionGracePeriodSeconds === 0 || pod.spec.nodeName === undefined;
}

function collect(
  world: ApiWorld,
  ownerUid: string,
  dependents: Map<string, Map<string, Ref>>,
  live: ReadonlySet<string>,
): void {
  const refs = dependents.get(ownerUid);
  dependents.delete(ownerUid);
  if (refs === undefined) return;
  for (const ref of refs.values()) {
    const obj = world.store.get(ref.resource, ref.namespace, ref.name);
    if (obj === undefined || obj.metadata.deletionTimestamp !== undefined) continue;
    const owners = obj.metadata.ownerReferences ?? [];
    if (!owners.some((o) => o.uid === ownerUid)) continue;
    // A dependent with another live owner stays; upstream would also patch away the dangling reference.
    if (owners.some((o) => o.uid !== undefined && o.uid !== ownerUid && live.has(o.uid))) continue;
    const info = resourceByKind(obj.kind);
    if (info !== undefined) world.api.delete(info, ref.namespace, ref.name, USER);
  }
}
