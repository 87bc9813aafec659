/**
 * Kubelet admission (lifecycle/predicate.go GeneralPredicates): a pod bound straight to the
 * node via spec.nodeName skips the scheduler, so the kubelet checks it fits what the pods it
 * already admitted leave free, and that the node matches its selector and required affinity.
 */
import { parseQuantity } from '../../../k8s/index.js';
import type { NodeObj, PodObj } from '../../world/types.js';
import { podRequest } from './resources.js';
import { podMatchesNode } from '../scheduler/node-selector.js';

export interface Rejection {
  readonly reason: string;
  /** The event message; the status message is "Pod was rejected: " + this. */
  readonly message: string;
}

/** Resources in the order noderesources.Fits checks them; cpu in millicores, the rest in units. */
const CHECKED = ['cpu', 'memory', 'ephemeral-storage'] as const;

export function admit(node: NodeObj, pod: PodObj, admitted: readonly PodObj[]): Rejection | undefined {
  return fits(node, pod, admitted) ?? affinity(node, pod);
}

function fits(node: NodeObj, pod: PodObj, admitted: readonly PodObj[]): Rejection | undefined {
  const alloc = node.status.allocatable ?? node.status.capacity ?? {};
  const maxPods = parseQuantity(alloc.pods) ?? 110;
  if (admitted.length + 1 > maxPods) return insufficient('pods', 1, admitted.length, maxPods);
  for (const resource of CHECKED) {
    const scale = resource === 'cpu' ? 1000 : 1;
    const requested = Math.round(podRequest(pod, resource) * scale);
    if (requested === 0) continue;
    const capacity = Math.round((parseQuantity(alloc[resource]) ?? 0) * scale);
    const used = admitted.reduce((sum, p) => sum + Math.round(podRequest(p, resource) * scale), 0);
    if (used + requested > capacity) return insufficient(resource, requested, used, capacity);
  }
  return undefined;
}

const insufficient = (resource: string, requested: number, used: number, capacity: number): Rejection => ({
  reason: `OutOf${resource}`,
  message: `Node didn't have enough resource: ${resource}, requested: ${requested}, used: ${used}, capacity: ${capacity}`,
});

/** The kubelet re-checks the scheduler's NodeAffinity predicate (both use component-helpers' nodeaffinity). */
function affinity(node: NodeObj, pod: PodObj): Rejection | undefined {
  if (podMatchesNode(pod, node)) return undefined;
  return { reason: 'NodeAffinity', message: 'Predicate NodeAffinity failed' };
}
