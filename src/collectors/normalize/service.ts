import type { Endpoints, EndpointSlice, Service, ServicePort } from '../../model/index.js';
import { arr, bool, defined, isRecord, num, rec, str, strings, strMap, type Raw } from './coerce.js';
import { meta, objectRef } from './meta.js';

/** A Service and the objects that list its endpoints (EndpointSlices, and the older Endpoints). */

function servicePort(v: unknown): ServicePort | undefined {
  if (!isRecord(v)) return undefined;
  const port = num(v.port);
  if (port === undefined) return undefined;
  return defined<ServicePort>({
    name: str(v.name),
    port,
    targetPort: num(v.targetPort) ?? str(v.targetPort),
    protocol: str(v.protocol),
    nodePort: num(v.nodePort),
  });
}

export function service(raw: Raw): Service | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  const spec = rec(raw.spec);
  return {
    kind: 'Service',
    metadata: m,
    spec: defined<Service['spec']>({
      selector: strMap(spec.selector),
      ports: arr(spec.ports, servicePort),
      type: str(spec.type),
      clusterIP: str(spec.clusterIP),
      externalName: str(spec.externalName),
      publishNotReadyAddresses: bool(spec.publishNotReadyAddresses),
    }),
  };
}

export function endpointSlice(raw: Raw): EndpointSlice | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  return defined<EndpointSlice>({
    kind: 'EndpointSlice',
    metadata: m,
    addressType: str(raw.addressType),
    endpoints: arr(raw.endpoints, (e) => {
      if (!isRecord(e)) return undefined;
      const c = rec(e.conditions);
      return defined({
        addresses: strings(e.addresses),
        conditions: defined({
          ready: bool(c.ready),
          serving: bool(c.serving),
          terminating: bool(c.terminating),
        }),
        targetRef: objectRef(e.targetRef),
        nodeName: str(e.nodeName),
      });
    }),
    ports: arr(raw.ports, (p) =>
      isRecord(p) ? defined({ name: str(p.name), port: num(p.port), protocol: str(p.protocol) }) : undefined,
    ),
  });
}

function endpointAddress(
  v: unknown,
): { ip: string; nodeName?: string; targetRef?: ReturnType<typeof objectRef> & object } | undefined {
  if (!isRecord(v)) return undefined;
  const ip = str(v.ip);
  if (ip === undefined) return undefined;
  return defined({ ip, nodeName: str(v.nodeName), targetRef: objectRef(v.targetRef) });
}

export function endpoints(raw: Raw): Endpoints | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  return {
    kind: 'Endpoints',
    metadata: m,
    subsets: arr(raw.subsets, (s) => {
      if (!isRecord(s)) return undefined;
      return defined({
        addresses: arr(s.addresses, endpointAddress),
        notReadyAddresses: arr(s.notReadyAddresses, endpointAddress),
        ports: arr(s.ports, (p) => {
          if (!isRecord(p)) return undefined;
          const port = num(p.port);
          return port === undefined
            ? undefined
            : defined({ name: str(p.name), port, protocol: str(p.protocol) });
        }),
      });
    }),
  };
}
