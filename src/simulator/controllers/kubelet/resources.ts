/** Pod resource arithmetic as the kubelet's admission and eviction use it. */
import { parseQuantity } from '../../../k8s/index.js';
import type { Container } from '../../../model/index.js';
import type { PodObj } from '../../world/types.js';

/** A container's request; the API server defaults a missing request to the limit. */
export function containerRequest(c: Container, resource: string): number {
  return parseQuantity(c.resources?.requests?.[resource] ?? c.resources?.limits?.[resource]) ?? 0;
}

export const containerLimit = (c: Container, resource: string): number | undefined =>
  parseQuantity(c.resources?.limits?.[resource]);

const isSidecar = (c: Container): boolean => c.restartPolicy === 'Always';

/**
 * The pod's effective request: app containers (plus sidecars) summed, or the largest init
 * container when that is bigger (resourcehelper.PodRequests).
 */
export function podRequest(pod: PodObj, resource: string): number {
  let sidecars = 0;
  let initMax = 0;
  for (const c of pod.spec.initContainers ?? []) {
    const r = containerRequest(c, resource);
    if (isSidecar(c)) sidecars += r;
    else initMax = Math.max(initMax, sidecars + r);
  }
  let apps = sidecars;
  for (const c of pod.spec.containers) apps += containerRequest(c, resource);
  return Math.max(apps, initMax);
}

export type QosClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

/** v1qos.GetPodQOS, for cpu and memory. */
export function qosClass(pod: PodObj): QosClass {
  const all = [...(pod.spec.initContainers ?? []), ...pod.spec.containers];
  let any = false;
  let guaranteed = true;
  for (const c of all) {
    for (const r of ['cpu', 'memory']) {
      const req = c.resources?.requests?.[r];
      const lim = c.resources?.limits?.[r];
      if (req !== undefined || lim !== undefined) any = true;
      if (lim === undefined || (req !== undefined && parseQuantity(req) !== parseQuantity(lim)))
        guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
