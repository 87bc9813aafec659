/**
 * LimitRanger (plugin/pkg/admission/limitranger): fills container requests and limits from
 * the namespace's LimitRanges (mutating), then enforces their min, max and
 * maxLimitRequestRatio per Container and per Pod (validating), with the plugin's texts.
 */
import type { World } from '../../world/world.js';
import type { KObject } from '../../world/types.js';
import type { AdmissionPlugin, AdmissionRequest } from '../types.js';
import { ensure, list, podContainers, rec, str, type Fields } from '../fields.js';
import { cmp, formatQuantity, resourceList, type Quantity } from '../quantity.js';
import { podResources } from '../usage.js';
import { admissionForbidden, isPodCreate } from './attributes.js';

type List = Map<string, Quantity>;

interface Item {
  readonly type: string;
  readonly min: List;
  readonly max: List;
  readonly default: List;
  readonly defaultRequest: List;
  readonly ratio: List;
}

/** SetDefaults_LimitRangeItem: default ← max, defaultRequest ← default, then ← min. */
export function limitRangeItems(limitRange: KObject): Item[] {
  return list(rec(limitRange.spec)?.limits).map((raw) => {
    const item: Item = {
      type: str(raw.type) ?? '',
      min: resourceList(raw.min),
      max: resourceList(raw.max),
      default: resourceList(raw.default),
      defaultRequest: resourceList(raw.defaultRequest),
      ratio: resourceList(raw.maxLimitRequestRatio),
    };
    if (item.type === 'Container') {
      for (const [k, v] of item.max) if (!item.default.has(k)) item.default.set(k, v);
      for (const [k, v] of item.default) if (!item.defaultRequest.has(k)) item.defaultRequest.set(k, v);
      for (const [k, v] of item.min) if (!item.defaultRequest.has(k)) item.defaultRequest.set(k, v);
    }
    return item;
  });
}

const sortedKeys = (m: List): string[] => [...m.keys()].sort();
const NONE: Quantity = { milli: 0n, format: 'DecimalSI' };

/** PodMutateLimitFunc: defaults for every container, recorded in the limit-ranger annotation. */
function mutate(pod: KObject, items: readonly Item[]): void {
  const requests: List = new Map();
  const limits: List = new Map();
  for (const item of items) {
    if (item.type !== 'Container') continue;
    for (const [k, v] of item.defaultRequest) requests.set(k, v);
    for (const [k, v] of item.default) limits.set(k, v);
  }
  if (requests.size === 0 && limits.size === 0) return;
  const notes: string[] = [];
  for (const { c, init } of podContainers(ensure(pod, 'spec'), 'spec')) {
    const res = ensure(c, 'resources');
    const setLimits: string[] = [];
    const setRequests: string[] = [];
    for (const [k, v] of limits) {
      const target = ensure(res, 'limits');
      if (target[k] === undefined) {
        target[k] = formatQuantity(v);
        setLimits.push(k);
      }
    }
    for (const [k, v] of requests) {
      const target = ensure(res, 'requests');
      if (target[k] === undefined) {
        target[k] = formatQuantity(v);
        setRequests.push(k);
      }
    }
    const who = `${init ? 'init container' : 'container'} ${str(c.name) ?? ''}`;
    if (setRequests.length > 0) notes.push(`${setRequests.sort().join(', ')} request for ${who}`);
    if (setLimits.length > 0) notes.push(`${setLimits.sort().join(', ')} limit for ${who}`);
  }
  if (notes.length > 0)
    pod.metadata.annotations = {
      ...(pod.metadata.annotations ?? {}),
      'kubernetes.io/limit-ranger': `LimitRanger plugin set: ${notes.join('; ')}`,
    };
}

function checkMin(type: string, k: string, enforced: Quantity, req: Fields, lim: Fields): string | undefined {
  const e = formatQuantity(enforced);
  const r = resourceList(req).get(k);
  const l = resourceList(lim).get(k);
  if (r === undefined) return `minimum ${k} usage per ${type} is ${e}.  No request is specified`;
  if (cmp(r, enforced) < 0)
    return `minimum ${k} usage per ${type} is ${e}, but request is ${formatQuantity(r)}`;
  if (l !== undefined && cmp(l, enforced) < 0)
    return `minimum ${k} usage per ${type} is ${e}, but limit is ${formatQuantity(l)}`;
  return undefined;
}

function checkMax(type: string, k: string, enforced: Quantity, req: Fields, lim: Fields): string | undefined {
  const e = formatQuantity(enforced);
  const r = resourceList(req).get(k);
  const l = resourceList(lim).get(k);
  if (l === undefined) return `maximum ${k} usage per ${type} is ${e}.  No limit is specified`;
  if (cmp(l, enforced) > 0)
    return `maximum ${k} usage per ${type} is ${e}, but limit is ${formatQuantity(l)}`;
  if (r !== undefined && cmp(r, enforced) > 0)
    return `maximum ${k} usage per ${type} is ${e}, but request is ${formatQuantity(r)}`;
  return undefined;
}

function checkRatio(
  type: string,
  k: string,
  enforced: Quantity,
  req: Fields,
  lim: Fields,
): string | undefined {
  const e = formatQuantity(enforced);
  const r = resourceList(req).get(k);
  const l = resourceList(lim).get(k);
  if (r === undefined || r.milli === 0n)
    return `${k} max limit to request ratio per ${type} is ${e}, but no request is specified or request is 0`;
  if (l === undefined || l.milli === 0n)
    return `${k} max limit to request ratio per ${type} is ${e}, but no limit is specified or limit is 0`;
  const ratio = Number(l.milli) / Number(r.milli);
  if (ratio * 1000 > Number(enforced.milli))
    return `${k} max limit to request ratio per ${type} is ${e}, but provided ratio is ${ratio.toFixed(6)}`;
  return undefined;
}

function checks(type: string, item: Item, req: Fields, lim: Fields): string[] {
  const out: (string | undefined)[] = [];
  for (const k of sortedKeys(item.min)) out.push(checkMin(type, k, item.min.get(k) ?? NONE, req, lim));
  for (const k of sortedKeys(item.max)) out.push(checkMax(type, k, item.max.get(k) ?? NONE, req, lim));
  for (const k of sortedKeys(item.ratio)) out.push(checkRatio(type, k, item.ratio.get(k) ?? NONE, req, lim));
  return out.filter((m): m is string => m !== undefined);
}

/** Pod-level totals as the strings a LimitRange constraint reads. */
function podTotals(spec: Fields, field: 'requests' | 'limits'): Fields {
  return Object.fromEntries([...podResources(spec, field)].map(([k, v]) => [k, formatQuantity(v)]));
}

/** PodValidateLimitFunc for one LimitRange: every violated constraint, in the plugin's order. */
export function podLimitViolations(pod: KObject, items: readonly Item[]): string[] {
  const spec = rec(pod.spec) ?? {};
  const errs: string[] = [];
  for (const item of items) {
    if (item.type === 'Container') {
      const containers = [...list(spec.containers), ...list(spec.initContainers)];
      for (const c of containers) {
        const res = rec(c.resources) ?? {};
        errs.push(...checks('Container', item, rec(res.requests) ?? {}, rec(res.limits) ?? {}));
      }
    } else if (item.type === 'Pod') {
      errs.push(...checks('Pod', item, podTotals(spec, 'requests'), podTotals(spec, 'limits')));
    }
  }
  return errs;
}

/** PersistentVolumeClaimValidateLimitFunc: storage requests against min and max. */
export function claimLimitViolations(pvc: KObject, items: readonly Item[]): string[] {
  const requests = rec(rec(rec(pvc.spec)?.resources)?.requests) ?? {};
  const errs: (string | undefined)[] = [];
  const type = 'PersistentVolumeClaim';
  for (const item of items) {
    if (item.type !== type) continue;
    for (const k of sortedKeys(item.min)) errs.push(checkMin(type, k, item.min.get(k) ?? NONE, requests, {}));
    for (const k of sortedKeys(item.max)) {
      const e = formatQuantity(item.max.get(k) ?? NONE);
      const r = resourceList(requests).get(k);
      if (r === undefined) errs.push(`maximum ${k} usage per ${type} is ${e}.  No request is specified`);
      else if (cmp(r, item.max.get(k) ?? NONE) > 0)
        errs.push(`maximum ${k} usage per ${type} is ${e}, but request is ${formatQuantity(r)}`);
    }
  }
  return errs.filter((m): m is string => m !== undefined);
}

/** utilerrors.NewAggregate(...).Error(): one message as is, several deduplicated in brackets. */
export function aggregate(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? (unique[0] ?? '') : `[${unique.join(', ')}]`;
}

function rangesFor(world: World, req: AdmissionRequest): Item[][] {
  const ns = req.object.metadata.namespace ?? 'default';
  return world.store.list('limitranges', ns).map(limitRangeItems);
}

export function limitRanger(world: World): AdmissionPlugin[] {
  return [
    {
      name: 'LimitRanger',
      phase: 'mutating',
      admit(req) {
        if (!isPodCreate(req)) return undefined;
        for (const items of rangesFor(world, req)) mutate(req.object, items);
        return undefined;
      },
    },
    {
      name: 'LimitRanger',
      phase: 'validating',
      admit(req) {
        const claim = req.operation === 'CREATE' && req.resource.kind === 'PersistentVolumeClaim';
        if (!isPodCreate(req) && !claim) return undefined;
        const check = claim ? claimLimitViolations : podLimitViolations;
        const errs = rangesFor(world, req).flatMap((items) => check(req.object, items));
        return errs.length === 0 ? undefined : admissionForbidden(req, aggregate(errs));
      },
    },
  ];
}
