/**
 * What both endpoint controllers compute for a Service: its selected pods with an IP, each
 * with its ready/serving/terminating state and its ports resolved from the Service's
 * targetPorts (podutil.FindPort: a number as is, a name looked up among the pod's container
 * ports; a pod without that named port is left out of that port, as upstream does).
 */
import type { ServicePort } from '../../../model/index.js';
import type { NodeObj, PodObj, ServiceObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import { isReady } from '../workloads/pods.js';
import { serviceSelection } from './selection.js';

export interface EndpointPort {
  readonly name: string;
  readonly port: number;
  readonly protocol: string;
  readonly appProtocol?: string;
}

export interface Backend {
  readonly pod: PodObj;
  readonly ip: string;
  readonly ready: boolean;
  readonly serving: boolean;
  readonly terminating: boolean;
  readonly ports: readonly EndpointPort[];
  readonly zone?: string;
  readonly hostname?: string;
}

/** podutil.FindPort. */
export function findPort(pod: PodObj, sp: ServicePort): number | undefined {
  const target = sp.targetPort ?? sp.port;
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(target)) return Number(target);
  const protocol = sp.protocol ?? 'TCP';
  for (const c of pod.spec.containers)
    for (const p of c.ports ?? [])
      if (p.name === target && (p.protocol ?? 'TCP') === protocol) return p.containerPort;
  return undefined;
}

export function endpointPorts(svc: ServiceObj, pod: PodObj): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const appProtocol = (sp as { appProtocol?: string }).appProtocol;
    out.push({
      name: sp.name ?? '',
      port,
      protocol: sp.protocol ?? 'TCP',
      ...(appProtocol === undefined ? {} : { appProtocol }),
    });
  }
  return out;
}

export const selects = (svc: ServiceObj): boolean =>
  svc.spec.type !== 'ExternalName' && Object.keys(svc.spec.selector ?? {}).length > 0;

/** The Service's backends, in pod name order (the slice controller sorts them too). */
export function backends(world: World, svc: ServiceObj, includeTerminating: boolean): Backend[] {
  const publishNotReady = svc.spec.publishNotReadyAddresses === true;
  const out: Backend[] = [];
  for (const pod of serviceSelection(world).podsOf(svc)) {
    const ip = pod.status.podIP;
    if (ip === undefined || ip === '') continue;
    // ShouldPodBeInEndpoints: finished pods never; terminating ones only where asked.
    if (pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') continue;
    const terminating = pod.metadata.deletionTimestamp !== undefined;
    if (terminating && !includeTerminating && !publishNotReady) continue;
    const ready = isReady(pod);
    const node =
      pod.spec.nodeName === undefined
        ? undefined
        : world.store.get<NodeObj>('nodes', undefined, pod.spec.nodeName);
    const zone = node?.metadata.labels?.['topology.kubernetes.io/zone'];
    const spec = pod.spec as PodObj['spec'] & { hostname?: string; subdomain?: string };
    const hostname =
      spec.hostname !== undefined && spec.subdomain === svc.metadata.name ? spec.hostname : undefined;
    out.push({
      pod,
      ip,
      ready: publishNotReady || (ready && !terminating),
      serving: publishNotReady || ready,
      terminating,
      ports: endpointPorts(svc, pod),
      ...(zone === undefined ? {} : { zone }),
      ...(hostname === undefined ? {} : { hostname }),
    });
  }
  return out;
}

/** The ports' identity, to group endpoints that share the same resolved ports. */
export const portsKey = (ports: readonly EndpointPort[]): string =>
  JSON.stringify(
    ports.length < 2 ? ports : [...ports].sort((a, b) => a.name.localeCompare(b.name) || a.port - b.port),
  );
