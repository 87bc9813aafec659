/**
 * ResourceQuota: usage is tracked per namespace from every stored object (a synchronous
 * ledger, so pods a ReplicaSet creates in one sync are all counted before the next one is
 * admitted), mirrored into each quota's status.used as the quota controller does, and
 * checked on CREATE with the plugin's texts:
 * `exceeded quota: q, requested: requests.cpu=500m, used: requests.cpu=1800m, limited: requests.cpu=2`
 * and `failed quota: q: must specify limits.cpu for: app`.
 */
import type { World } from '../../world/world.js';
import type { Change } from '../../world/store.js';
import type { KObject } from '../../world/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { AdmissionPlugin } from '../types.js';
import { rec } from '../fields.js';
import {
  add,
  cmp,
  formatQuantity,
  prettyPrint,
  resourceList,
  sub,
  ZERO,
  type Quantity,
} from '../quantity.js';
import { missingPodResources, usageOf, type Usage } from '../usage.js';
import { admissionForbidden } from './attributes.js';

/** Resources whose changes never count against a quota (and are too frequent to look at). */
const UNCOUNTED = new Set(['events', 'endpointslices', 'endpoints']);

export class QuotaLedger {
  private readonly byObject = new Map<string, Usage>();
  private readonly totals = new Map<string, Usage>();
  private readonly pending = new Set<string>();
  /** Namespaces with at least one ResourceQuota: only they get status updates. */
  private readonly quotaCount = new Map<string, number>();

  constructor(private readonly world: World) {
    world.store.subscribe((change) => {
      this.observe(change);
    });
  }

  /** Current usage in a namespace (exact: every stored object is in it). */
  used(namespace: string): Usage {
    return this.totals.get(namespace) ?? new Map<string, Quantity>();
  }

  private observe(change: Change): void {
    if (UNCOUNTED.has(change.resource) || change.namespace === '') return;
    if (change.resource === 'resourcequotas' && change.type !== 'MODIFIED') {
      const n = (this.quotaCount.get(change.namespace) ?? 0) + (change.type === 'ADDED' ? 1 : -1);
      this.quotaCount.set(change.namespace, n);
    }
    const obj = change.object;
    const info = resourceByKind(obj.kind);
    if (info === undefined) return;
    const key = `${change.resource}/${change.namespace}/${obj.metadata.name}`;
    const next = change.type === 'DELETED' ? new Map<string, Quantity>() : usageOf(obj, info);
    const prev = this.byObject.get(key) ?? new Map<string, Quantity>();
    if (sameUsage(prev, next)) return;
    const totals = this.totals.get(change.namespace) ?? new Map<string, Quantity>();
    for (const [k, v] of prev) totals.set(k, sub(totals.get(k) ?? ZERO, v));
    for (const [k, v] of next) totals.set(k, add(totals.get(k) ?? ZERO, v));
    this.totals.set(change.namespace, totals);
    if (next.size === 0) this.byObject.delete(key);
    else this.byObject.set(key, next);
    this.scheduleSync(change.namespace);
  }

  /** The quota controller's status update, once per namespace per instant. */
  private scheduleSync(namespace: string): void {
    if (this.pending.has(namespace)) return;
    if ((this.quotaCount.get(namespace) ?? 0) <= 0) return;
    this.pending.add(namespace);
    this.world.after(0, () => {
      this.pending.delete(namespace);
      this.sync(namespace);
    });
  }

  sync(namespace: string): void {
    const totals = this.used(namespace);
    for (const quota of this.world.store.list('resourcequotas', namespace)) {
      // Status maps come back key-sorted, as Go's JSON encoding of a map writes them.
      const specHard = rec(rec(quota.spec)?.hard) ?? {};
      const hard: Record<string, unknown> = {};
      const used: Record<string, string> = {};
      for (const k of Object.keys(specHard).sort()) {
        hard[k] = specHard[k];
        used[k] = formatQuantity(totals.get(k) ?? ZERO);
      }
      const status = rec(quota.status) ?? {};
      if (
        JSON.stringify(status.used) === JSON.stringify(used) &&
        JSON.stringify(status.hard) === JSON.stringify(hard)
      )
        continue;
      quota.status = { hard: { ...hard }, used };
      this.world.store.update(quota);
    }
  }
}

function sameUsage(a: Usage, b: Usage): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || cmp(v, w) !== 0) return false;
  }
  return true;
}

const mask = (items: Usage, keys: Iterable<string>): Usage => {
  const out: Usage = new Map();
  for (const k of keys) {
    const v = items.get(k);
    if (v !== undefined) out.set(k, v);
  }
  return out;
};

export function resourceQuota(world: World, ledger: QuotaLedger): AdmissionPlugin {
  return {
    name: 'ResourceQuota',
    phase: 'validating',
    admit(req) {
      const ns = req.object.metadata.namespace;
      if (req.operation !== 'CREATE' || !req.resource.namespaced || ns === undefined) return undefined;
      const quotas = world.store.list('resourcequotas', ns);
      if (quotas.length === 0) return undefined;
      const obj: KObject = req.object;
      const requested = usageOf(obj, req.resource);
      const hardOf = (q: KObject): Usage => resourceList(rec(q.spec)?.hard);
      if (req.resource.kind === 'Pod') {
        for (const q of quotas) {
          const missing = missingPodResources(rec(obj.spec) ?? {}, [...hardOf(q).keys()]);
          if (missing !== undefined)
            return admissionForbidden(req, `failed quota: ${q.metadata.name}: ${missing}`);
        }
      }
      const used = ledger.used(ns);
      for (const q of quotas) {
        const hard = hardOf(q);
        const asked = mask(requested, hard.keys());
        if (asked.size === 0) continue;
        const exceeded = [...asked.keys()].filter(
          (k) => cmp(add(used.get(k) ?? ZERO, asked.get(k) ?? ZERO), hard.get(k) ?? ZERO) > 0,
        );
        if (exceeded.length === 0) continue;
        const usedNow: Usage = new Map(exceeded.map((k) => [k, used.get(k) ?? ZERO]));
        return admissionForbidden(
          req,
          `exceeded quota: ${q.metadata.name}, requested: ${prettyPrint(mask(asked, exceeded))}, used: ${prettyPrint(usedNow)}, limited: ${prettyPrint(mask(hard, exceeded))}`,
        );
      }
      return undefined;
    },
  };
}
