/**
 * The eviction manager under node pressure: ranks pods (BestEffort, then Burstable pods using
 * more than they request, by how much; Guaranteed pods are spared) and evicts one per
 * monitoring interval with the message recent kubelets write (facts §3.4).
 */
import { parseQuantity } from '../../../k8s/index.js';
import type { NodeObj, PodObj } from '../../world/types.js';
import { quantityString } from './format.js';
import { containerLimit, containerRequest, qosClass } from './resources.js';

export type Pressure = 'memory-pressure' | 'disk-pressure' | 'pid-pressure';

/** The resource the kubelet reclaims for each pressure, as the message names it. */
export const PRESSURE_RESOURCE: Readonly<Record<Pressure, string>> = {
  'memory-pressure': 'memory',
  'disk-pressure': 'ephemeral-storage',
  'pid-pressure': 'pids',
};

/** The kubelet's housekeeping: how often it checks thresholds and evicts at most one pod. */
export const EVICTION_INTERVAL_MS = 10_000;

const MI = 2 ** 20;

/** A stable pseudo-usage for a container that has no limit (the simulation has no cgroups). */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function usage(
  pod: PodObj,
  name: string,
  limit: number | undefined,
  request: number,
  resource: string,
): number {
  if (limit !== undefined) return limit;
  const base = resource === 'memory' ? 512 * MI : 2048 * MI;
  const used = base + (hashOf(`${pod.metadata.name}/${name}`) % 16) * 128 * MI;
  return Math.max(used, request * 2);
}

export interface Candidate {
  readonly pod: PodObj;
  /** How far the pod's usage exceeds its request, for ranking. */
  readonly over: number;
  readonly containers: readonly { readonly name: string; readonly usage: number; readonly request: number }[];
}

export function candidates(pods: readonly PodObj[], resource: string): Candidate[] {
  const out: Candidate[] = [];
  for (const pod of pods) {
    const qos = qosClass(pod);
    if (qos === 'Guaranteed') continue;
    const containers = pod.spec.containers.map((c) => {
      const request = containerRequest(c, resource);
      return {
        name: c.name,
        request,
        usage: usage(pod, c.name, containerLimit(c, resource), request, resource),
      };
    });
    const over = containers.reduce((s, c) => s + Math.max(0, c.usage - c.request), 0);
    if (qos === 'Burstable' && over === 0) continue;
    out.push({ pod, over, containers });
  }
  // BestEffort first (they request nothing), then the largest overuse; name breaks ties.
  return out.sort(
    (a, b) =>
      Number(qosClass(b.pod) === 'BestEffort') - Number(qosClass(a.pod) === 'BestEffort') ||
      b.over - a.over ||
      a.pod.metadata.name.localeCompare(b.pod.metadata.name),
  );
}

/** `The node was low on resource: memory. Threshold quantity: 100Mi, available: 85040Ki. Container …` */
export function evictionMessage(node: NodeObj, c: Candidate, resource: string, availableKi: number): string {
  let threshold = '100Mi';
  if (resource !== 'memory') {
    const cap = parseQuantity(node.status.capacity?.[resource]) ?? 0;
    threshold =
      resource === 'pids'
        ? String(Math.round(cap * 0.1))
        : quantityString(Math.round((cap * 0.1) / 1024) * 1024);
  }
  let message = `The node was low on resource: ${resource}. Threshold quantity: ${threshold}, available: ${resource === 'pids' ? String(availableKi) : `${availableKi}Ki`}. `;
  if (resource === 'pids') return message;
  for (const container of c.containers)
    if (container.usage > container.request)
      message += `Container ${container.name} was using ${quantityString(container.usage)}, request is ${quantityString(container.request)}, has larger consumption of ${resource}. `;
  return message;
}
