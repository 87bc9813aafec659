/**
 * What an object counts against a ResourceQuota (the quota evaluators of
 * pkg/quota/v1/evaluator/core): pods by their requests and limits, Services by type, claims
 * by storage, everything by `count/<resource>`.
 */
import type { KObject } from '../world/types.js';
import type { ResourceInfo } from '../world/resources.js';
import { list, podContainers, rec, str, type Fields } from './fields.js';
import { add, cmp, parseQuantity, resourceList, type Quantity } from './quantity.js';

export type Usage = Map<string, Quantity>;

const one: Quantity = { milli: 1000n, format: 'DecimalSI' };
const count = (n: number): Quantity => ({ milli: BigInt(n) * 1000n, format: 'DecimalSI' });

/** resourcehelper.PodRequests / PodLimits: max(sum of app containers, largest init container). */
export function podResources(spec: Fields, field: 'requests' | 'limits'): Usage {
  const sum: Usage = new Map();
  const initMax: Usage = new Map();
  for (const { c, init } of podContainers(spec, 'spec')) {
    for (const [k, v] of resourceList(rec(rec(c.resources)?.[field]))) {
      if (!init) sum.set(k, add(sum.get(k) ?? { milli: 0n, format: v.format }, v));
      else if (cmp(v, initMax.get(k) ?? { milli: -1n, format: v.format }) > 0) initMax.set(k, v);
    }
  }
  for (const [k, v] of initMax) if (cmp(v, sum.get(k) ?? { milli: -1n, format: v.format }) > 0) sum.set(k, v);
  return sum;
}

const countKey = (r: ResourceInfo): string =>
  r.group === '' ? `count/${r.resource}` : `count/${r.resource}.${r.group}`;

function podUsage(pod: KObject): Usage {
  const phase = str(rec(pod.status)?.phase);
  // Terminal pods no longer hold quota.
  if (phase === 'Succeeded' || phase === 'Failed') return new Map();
  const spec = rec(pod.spec) ?? {};
  const out: Usage = new Map([
    ['pods', one],
    ['count/pods', one],
  ]);
  for (const [k, v] of podResources(spec, 'requests')) {
    out.set(`requests.${k}`, v);
    if (k === 'cpu' || k === 'memory' || k === 'ephemeral-storage') out.set(k, v);
  }
  for (const [k, v] of podResources(spec, 'limits')) out.set(`limits.${k}`, v);
  return out;
}

function serviceUsage(svc: KObject): Usage {
  const spec = rec(svc.spec) ?? {};
  const type = str(spec.type) ?? 'ClusterIP';
  const out: Usage = new Map([
    ['services', one],
    ['count/services', one],
  ]);
  if (type === 'NodePort' || type === 'LoadBalancer')
    out.set('services.nodeports', count(list(spec.ports).length));
  if (type === 'LoadBalancer') out.set('services.loadbalancers', one);
  return out;
}

function claimUsage(pvc: KObject): Usage {
  const spec = rec(pvc.spec) ?? {};
  const out: Usage = new Map([
    ['persistentvolumeclaims', one],
    ['count/persistentvolumeclaims', one],
  ]);
  const storage = parseQuantity(rec(rec(spec.resources)?.requests)?.storage);
  const sc = str(spec.storageClassName);
  if (storage !== undefined) out.set('requests.storage', storage);
  if (sc !== undefined && sc !== '') {
    out.set(`${sc}.storageclass.storage.k8s.io/persistentvolumeclaims`, one);
    if (storage !== undefined) out.set(`${sc}.storageclass.storage.k8s.io/requests.storage`, storage);
  }
  return out;
}

export function usageOf(obj: KObject, resource: ResourceInfo): Usage {
  switch (resource.kind) {
    case 'Pod':
      return podUsage(obj);
    case 'Service':
      return serviceUsage(obj);
    case 'PersistentVolumeClaim':
      return claimUsage(obj);
    case 'ConfigMap':
    case 'Secret':
    case 'ResourceQuota':
      return new Map([
        [resource.resource, one],
        [countKey(resource), one],
      ]);
    default:
      return new Map([[countKey(resource), one]]);
  }
}

/** Resource names a pod's containers must all state when a quota limits them. */
export const POD_CONSTRAINED = [
  'cpu',
  'limits.cpu',
  'limits.memory',
  'memory',
  'requests.cpu',
  'requests.memory',
];

/** podEvaluator.Constraints: `must specify limits.cpu for: app; requests.cpu for: app`. */
export function missingPodResources(spec: Fields, required: readonly string[]): string | undefined {
  const wanted = required.filter((r) => POD_CONSTRAINED.includes(r));
  if (wanted.length === 0) return undefined;
  const missing = new Map<string, Set<string>>();
  for (const { c } of podContainers(spec, 'spec')) {
    const res = rec(c.resources) ?? {};
    const has = new Set<string>();
    for (const k of Object.keys(rec(res.requests) ?? {})) has.add(`requests.${k}`).add(k);
    for (const k of Object.keys(rec(res.limits) ?? {})) has.add(`limits.${k}`);
    for (const r of wanted) {
      if (has.has(r)) continue;
      const names = missing.get(r) ?? new Set<string>();
      names.add(str(c.name) ?? '');
      missing.set(r, names);
    }
  }
  if (missing.size === 0) return undefined;
  const parts = [...missing.keys()]
    .sort()
    .map((r) => `${r} for: ${[...(missing.get(r) ?? [])].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}
