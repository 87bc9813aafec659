/**
 * The EndpointSlice controller (pkg/controller/endpointslice): per Service with a selector,
 * slices `<service>-<5 chars>` labelled with the service name and managed-by, owned by the
 * Service, one per set of resolved ports (a pod lacking a named port lands in a slice without
 * it), endpoints with ready/serving/terminating, nodeName, zone and targetRef. A Service that
 * selects nothing gets one empty placeholder slice. Updates of one Service in the same
 * simulated instant coalesce into one sync.
 */
import { controllerUser } from '../../api/types.js';
import type { EndpointSliceObj, PodObj, ServiceObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import type { Controller } from '../types.js';
import { sameJson } from '../workloads/conditions.js';
import { controllerRef } from '../workloads/pods.js';
import { keyOf, splitKey, SyncQueue } from '../workloads/sync-queue.js';
import { backends, portsKey, selects, type Backend, type EndpointPort } from './backends.js';
import { serviceSelection } from './selection.js';
import { MANAGED_BY, sliceIndex } from './slice-index.js';

const USER = controllerUser('endpointslice-controller');

export const endpointSliceController: Controller = {
  name: 'endpointslice-controller',
  start(world) {
    const queue = new SyncQueue(world, (key) => {
      syncService(world, key);
    });
    world.watch('services', (c) => {
      if (c.type !== 'DELETED') queue.add(keyOf(c.object));
    });
    watchSelectedPods(world, (key) => {
      queue.add(key);
    });
  },
};

/**
 * Calls `wake` with the key of every Service that selects a changed pod, before or after the
 * change (a pod whose labels no longer match must leave the Service's endpoints).
 */
export function watchSelectedPods(world: ApiWorld, wake: (serviceKey: string) => void): void {
  const selection = serviceSelection(world);
  const last = new Map<string, string[]>();
  world.watch('pods', (c) => {
    const pod = c.object as PodObj;
    const podKey = keyOf(pod);
    const now = c.type === 'DELETED' ? [] : selection.servicesOf(pod).map(keyOf);
    for (const key of new Set([...(last.get(podKey) ?? []), ...now])) wake(key);
    if (now.length === 0) last.delete(podKey);
    else last.set(podKey, now);
  });
}

const slicesOf = (world: ApiWorld, svc: ServiceObj): EndpointSliceObj[] =>
  sliceIndex(world).slicesOf(svc.metadata.namespace ?? '', svc.metadata.name);

function toEndpoint(b: Backend): EndpointSliceObj['endpoints'][number] {
  const ref = {
    kind: 'Pod',
    namespace: b.pod.metadata.namespace ?? 'default',
    name: b.pod.metadata.name,
    uid: b.pod.metadata.uid ?? '',
  };
  return {
    addresses: [b.ip],
    conditions: { ready: b.ready, serving: b.serving, terminating: b.terminating },
    ...(b.hostname === undefined ? {} : { hostname: b.hostname }),
    targetRef: ref,
    ...(b.pod.spec.nodeName === undefined ? {} : { nodeName: b.pod.spec.nodeName }),
    ...(b.zone === undefined ? {} : { zone: b.zone }),
  };
}

function syncService(world: ApiWorld, key: string): void {
  const { namespace, name } = splitKey(key);
  const svc = world.store.get<ServiceObj>('services', namespace, name);
  if (svc === undefined || !selects(svc)) return;
  const groups = new Map<string, { ports: readonly EndpointPort[]; endpoints: Backend[] }>();
  for (const b of backends(world, svc, true)) {
    const k = portsKey(b.ports);
    const g = groups.get(k) ?? { ports: b.ports, endpoints: [] };
    g.endpoints.push(b);
    groups.set(k, g);
  }
  const existing = slicesOf(world, svc);
  const byPorts = new Map(existing.map((s) => [portsKey((s.ports ?? []) as EndpointPort[]), s]));
  const used = new Set<EndpointSliceObj>();
  if (groups.size === 0) {
    // The placeholder slice: no endpoints, no ports.
    const slice = existing[0];
    if (slice !== undefined) used.add(slice);
    write(world, svc, slice, null, []);
  }
  for (const [k, g] of groups) {
    const slice =
      byPorts.get(k) ??
      existing.find(
        (s) => !used.has(s) && ![...groups.keys()].includes(portsKey((s.ports ?? []) as EndpointPort[])),
      );
    if (slice !== undefined) used.add(slice);
    write(world, svc, slice, g.ports.length === 0 ? null : g.ports, g.endpoints.map(toEndpoint));
  }
  for (const s of existing)
    if (!used.has(s)) world.store.remove('endpointslices', s.metadata.namespace, s.metadata.name);
}

function write(
  world: ApiWorld,
  svc: ServiceObj,
  slice: EndpointSliceObj | undefined,
  ports: readonly EndpointPort[] | null,
  endpoints: EndpointSliceObj['endpoints'],
): void {
  const labels = {
    ...(svc.metadata.labels ?? {}),
    'endpointslice.kubernetes.io/managed-by': MANAGED_BY,
    'kubernetes.io/service-name': svc.metadata.name,
  };
  if (slice === undefined) {
    const obj = {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: {
        name: '',
        generateName: `${svc.metadata.name}-`,
        namespace: svc.metadata.namespace ?? 'default',
        labels,
        annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': world.clock.iso() },
        ownerReferences: [controllerRef(svc)],
        generation: 1,
      },
      addressType: 'IPv4',
      endpoints,
      ports: ports === null ? null : ports.map((p) => ({ ...p })),
    } as unknown as EndpointSliceObj;
    world.api.create(obj, USER);
    return;
  }
  const next = { endpoints, ports: ports === null ? null : ports.map((p) => ({ ...p })), labels };
  if (
    sameJson(next, { endpoints: slice.endpoints, ports: slice.ports ?? null, labels: slice.metadata.labels })
  )
    return;
  slice.endpoints = endpoints;
  (slice as { ports?: unknown }).ports = next.ports;
  slice.metadata.labels = labels;
  slice.metadata.generation = (slice.metadata.generation ?? 1) + 1;
  slice.metadata.annotations = {
    ...(slice.metadata.annotations ?? {}),
    'endpoints.kubernetes.io/last-change-trigger-time': world.clock.iso(),
  };
  world.store.update(slice);
}
