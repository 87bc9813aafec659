/**
 * The legacy Endpoints controller (pkg/controller/endpoint): one Endpoints object per Service
 * with a selector, named like the Service, with subsets of addresses and notReadyAddresses per
 * set of resolved ports. Terminating pods are left out unless publishNotReadyAddresses. The
 * object goes when its Service goes.
 */
import { controllerUser } from '../../api/types.js';
import type { KObject, ServiceObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { sameJson } from '../workloads/conditions.js';
import { keyOf, splitKey, SyncQueue } from '../workloads/sync-queue.js';
import { backends, portsKey, selects, type Backend, type EndpointPort } from './backends.js';
import { watchSelectedPods } from './endpointslice-controller.js';

const USER = controllerUser('endpoint-controller');

export const endpointsController: Controller = {
  name: 'endpoint-controller',
  start(world) {
    const queue = new SyncQueue(world, (key) => {
      syncEndpoints(world, key);
    });
    world.watch('services', (c) => {
      if (c.type === 'DELETED')
        world.store.remove('endpoints', c.object.metadata.namespace, c.object.metadata.name);
      else queue.add(keyOf(c.object));
    });
    watchSelectedPods(world, (key) => {
      queue.add(key);
    });
  },
};

interface Address {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef: { kind: string; namespace: string; name: string; uid: string };
}

const address = (b: Backend): Address => ({
  ip: b.ip,
  ...(b.hostname === undefined ? {} : { hostname: b.hostname }),
  ...(b.pod.spec.nodeName === undefined ? {} : { nodeName: b.pod.spec.nodeName }),
  targetRef: {
    kind: 'Pod',
    namespace: b.pod.metadata.namespace ?? 'default',
    name: b.pod.metadata.name,
    uid: b.pod.metadata.uid ?? '',
  },
});

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** A plain dotted quad as one number (no leading zeros, octets <= 255), else undefined. */
function ipv4Value(ip: string): number | undefined {
  const m = IPV4.exec(ip);
  if (m === null) return undefined;
  let value = 0;
  for (let i = 1; i <= 4; i++) {
    const o = m[i] ?? '';
    if ((o.length > 1 && o.startsWith('0')) || Number(o) > 255) return undefined;
    value = value * 256 + Number(o);
  }
  return value;
}

/**
 * The order of `a.localeCompare(b, 'en', { numeric: true })`, the addresses' sort order: for
 * two plain dotted-quad addresses that is octet by octet, computed here without the collator
 * (which dominated endpoint syncs at scale); anything else still goes to the collator.
 */
export function compareIps(a: string, b: string): number {
  const x = ipv4Value(a);
  const y = ipv4Value(b);
  if (x === undefined || y === undefined) return a.localeCompare(b, 'en', { numeric: true });
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Sorts in place by compareIps, parsing each address once. */
function sortByIp(list: Address[]): Address[] {
  const values = list.map((a) => ipv4Value(a.ip));
  if (values.some((v) => v === undefined)) return list.sort((a, b) => compareIps(a.ip, b.ip));
  const order = list.map((a, i) => ({ a, v: values[i] ?? 0 }));
  order.sort((x, y) => x.v - y.v);
  order.forEach((o, i) => (list[i] = o.a));
  return list;
}

function syncEndpoints(world: ApiWorld, key: string): void {
  const { namespace, name } = splitKey(key);
  const svc = world.store.get<ServiceObj>('services', namespace, name);
  if (svc === undefined || !selects(svc)) return;
  const subsets = new Map<
    string,
    { ports: readonly EndpointPort[]; addresses: Address[]; notReadyAddresses: Address[] }
  >();
  for (const b of backends(world, svc, false)) {
    if (b.ports.length === 0) continue;
    const k = portsKey(b.ports);
    const s = subsets.get(k) ?? { ports: b.ports, addresses: [], notReadyAddresses: [] };
    (b.ready ? s.addresses : s.notReadyAddresses).push(address(b));
    subsets.set(k, s);
  }
  const list = [...subsets.values()].map((s) => ({
    ...(s.addresses.length > 0 ? { addresses: sortByIp(s.addresses) } : {}),
    ...(s.notReadyAddresses.length > 0 ? { notReadyAddresses: sortByIp(s.notReadyAddresses) } : {}),
    // EndpointPort.name is omitempty here (unlike the slice's *string).
    ports: s.ports.map(({ name: portName, ...rest }) =>
      portName === '' ? rest : { name: portName, ...rest },
    ),
  }));
  const existing = world.store.get('endpoints', namespace, name);
  if (existing === undefined) {
    const obj: KObject = {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: {
        name,
        namespace,
        ...(svc.metadata.labels === undefined ? {} : { labels: { ...svc.metadata.labels } }),
        annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': world.clock.iso() },
      },
      ...(list.length > 0 ? { subsets: list } : {}),
    };
    world.api.create(obj, USER);
    return;
  }
  if (sameJson(existing['subsets'] ?? [], list)) return;
  if (list.length > 0) existing['subsets'] = list;
  else delete existing['subsets'];
  existing.metadata.annotations = {
    ...(existing.metadata.annotations ?? {}),
    'endpoints.kubernetes.io/last-change-trigger-time': world.clock.iso(),
  };
  world.store.update(existing);
}
