/**
 * Graceful deletion (the registry's BeforeDelete): a pod on a node gets deletionTimestamp =
 * now + grace and the kubelet finishes it; an object with finalizers stays, marked, until
 * they are removed (the garbage collector removes it then); a namespace turns Terminating.
 * Everything else is removed at once by the server.
 */
import type { World } from '../world/world.js';
import type { KObject } from '../world/types.js';
import type { ResourceInfo } from '../world/resources.js';
import { rec, str } from './fields.js';

function podGrace(pod: KObject, requested: number | undefined): number {
  const spec = rec(pod.spec) ?? {};
  const phase = str(rec(pod.status)?.phase);
  // Pods that never reached a node, and finished pods, have nothing to stop.
  if (str(spec.nodeName) === undefined || phase === 'Succeeded' || phase === 'Failed') return 0;
  const fromSpec =
    typeof spec.terminationGracePeriodSeconds === 'number' ? spec.terminationGracePeriodSeconds : 30;
  return Math.max(0, requested ?? fromSpec);
}

export function beginDelete(
  world: World,
  obj: KObject,
  resource: ResourceInfo,
  gracePeriodSeconds: number | undefined,
): boolean {
  const meta = obj.metadata;
  const hasFinalizers = (meta.finalizers?.length ?? 0) > 0;
  const grace = resource.kind === 'Pod' ? podGrace(obj, gracePeriodSeconds) : 0;
  if (resource.kind === 'Namespace') {
    if (meta.deletionTimestamp === undefined) {
      meta.deletionTimestamp = world.clock.iso();
      meta.deletionGracePeriodSeconds = 0;
      obj.status = { ...(rec(obj.status) ?? {}), phase: 'Terminating' };
      world.store.update(obj);
    }
    return true;
  }
  if (grace === 0 && !hasFinalizers) return false;
  const deadline = world.clock.now() + grace * 1000;
  const current = meta.deletionTimestamp === undefined ? undefined : Date.parse(meta.deletionTimestamp);
  // A repeated delete may only shorten the grace period, never extend it.
  if (current !== undefined && current <= deadline) return true;
  meta.deletionTimestamp = world.clock.iso(deadline);
  meta.deletionGracePeriodSeconds = grace;
  world.store.update(obj);
  return true;
}
