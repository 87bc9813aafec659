/**
 * Which pods each Service selects, kept current synchronously from the store's change stream,
 * so an endpoint sync costs the Service's own pods and a pod change wakes only the Services
 * that select it (before or after the change). Both sides are indexed by label pair: a pod
 * change looks only at Services whose selector's first pair is one of the pod's labels, and a
 * Service change looks only at the pods carrying the selector's rarest pair — never at every
 * Service or pod of the namespace.
 */
import { matchesServiceSelector } from '../../../k8s/index.js';
import type { Change, Store } from '../../world/store.js';
import type { PodObj, ServiceObj } from '../../world/types.js';
import type { World } from '../../world/world.js';

const selects = (svc: ServiceObj): boolean =>
  svc.spec.type !== 'ExternalName' && Object.keys(svc.spec.selector ?? {}).length > 0;

const pairKey = (ns: string, k: string, v: string): string => `${ns}\u0000${k}\u0000${v}`;

function bucket<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let m = map.get(key);
  if (m === undefined) {
    m = new Map();
    map.set(key, m);
  }
  return m;
}

interface ServiceEntry {
  svc: ServiceObj;
  /** Position among the namespace's Services (insertion order, as a Map of them iterates). */
  readonly seq: number;
  /** The label-pair bucket it is indexed under, if it selects anything. */
  readonly pair: string | undefined;
  /** Selected pods by name. */
  readonly chosen: Map<string, PodObj>;
}

export class ServiceSelection {
  /** namespace/service → entry. */
  private readonly services = new Map<string, ServiceEntry>();
  /** label pair → Services whose selector's first pair (in key order) it is, by key. */
  private readonly servicesByPair = new Map<string, Map<string, ServiceEntry>>();
  /** label pair → pods carrying it, by namespace/name. */
  private readonly podsByPair = new Map<string, Map<string, PodObj>>();
  /** namespace/pod → the label pairs it is indexed under. */
  private readonly podPairs = new Map<string, string[]>();
  /** namespace/pod → the Services selecting it, by key. */
  private readonly memberOf = new Map<string, Map<string, ServiceEntry>>();
  private seq = 0;

  constructor(store: Store) {
    for (const svc of store.list<ServiceObj>('services')) this.service('ADDED', svc);
    for (const pod of store.list<PodObj>('pods')) this.pod('ADDED', pod);
    store.subscribe((c: Change) => {
      if (c.resource === 'services') this.service(c.type, c.object as ServiceObj);
      else if (c.resource === 'pods') this.pod(c.type, c.object as PodObj);
    });
  }

  private service(type: Change['type'], svc: ServiceObj): void {
    const ns = svc.metadata.namespace ?? '';
    const key = `${ns}/${svc.metadata.name}`;
    const before = this.services.get(key);
    if (before !== undefined) {
      if (before.pair !== undefined) this.servicesByPair.get(before.pair)?.delete(key);
      for (const podKey of before.chosen.keys()) this.memberOf.get(`${ns}/${podKey}`)?.delete(key);
    }
    if (type === 'DELETED') {
      this.services.delete(key);
      return;
    }
    const selector = selects(svc) ? (svc.spec.selector ?? {}) : undefined;
    const pairs =
      selector === undefined
        ? []
        : Object.keys(selector)
            .sort()
            .map((k) => pairKey(ns, k, selector[k] ?? ''));
    const entry: ServiceEntry = {
      svc,
      seq: before?.seq ?? this.seq++,
      pair: pairs[0],
      chosen: new Map(),
    };
    this.services.set(key, entry);
    if (entry.pair === undefined) return;
    bucket(this.servicesByPair, entry.pair).set(key, entry);
    // Candidates: the pods with the selector's least common pair.
    let smallest: Map<string, PodObj> | undefined;
    for (const p of pairs) {
      const pods = this.podsByPair.get(p);
      if (pods === undefined) return;
      if (smallest === undefined || pods.size < smallest.size) smallest = pods;
    }
    const matched: [string, PodObj][] = [];
    for (const [podKey, pod] of smallest ?? [])
      if (matchesServiceSelector(svc.spec.selector, pod.metadata.labels)) matched.push([podKey, pod]);
    // Name order, as the pods of the namespace would have been scanned.
    matched.sort((a, b) => (a[1].metadata.name < b[1].metadata.name ? -1 : 1));
    for (const [podKey, pod] of matched) {
      entry.chosen.set(pod.metadata.name, pod);
      bucket(this.memberOf, podKey).set(key, entry);
    }
  }

  private pod(type: Change['type'], pod: PodObj): void {
    const ns = pod.metadata.namespace ?? '';
    const name = pod.metadata.name;
    const podKey = `${ns}/${name}`;
    const labels = type === 'DELETED' ? undefined : pod.metadata.labels;
    const pairs: string[] = [];
    for (const k in labels) pairs.push(pairKey(ns, k, labels[k] ?? ''));
    const oldPairs = this.podPairs.get(podKey) ?? [];
    for (const p of oldPairs) if (!pairs.includes(p)) this.podsByPair.get(p)?.delete(podKey);
    for (const p of pairs) bucket(this.podsByPair, p).set(podKey, pod);
    if (pairs.length > 0) this.podPairs.set(podKey, pairs);
    else this.podPairs.delete(podKey);

    const now = new Map<string, ServiceEntry>();
    for (const p of pairs)
      for (const [key, entry] of this.servicesByPair.get(p) ?? [])
        if (matchesServiceSelector(entry.svc.spec.selector, labels)) now.set(key, entry);
    for (const [key, entry] of this.memberOf.get(podKey) ?? []) if (!now.has(key)) entry.chosen.delete(name);
    for (const entry of now.values()) entry.chosen.set(name, pod);
    if (now.size > 0) this.memberOf.set(podKey, now);
    else this.memberOf.delete(podKey);
  }

  /** The Service's selected pods, in name order. */
  podsOf(svc: ServiceObj): PodObj[] {
    const entry = this.services.get(`${svc.metadata.namespace ?? ''}/${svc.metadata.name}`);
    return [...(entry?.chosen.values() ?? [])].sort((a, b) =>
      a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0,
    );
  }

  /** Services in the pod's namespace that select it now, in the order they were first seen. */
  servicesOf(pod: PodObj): ServiceObj[] {
    const member = this.memberOf.get(`${pod.metadata.namespace ?? ''}/${pod.metadata.name}`);
    if (member === undefined) return [];
    return [...member.values()].sort((a, b) => a.seq - b.seq).map((e) => e.svc);
  }
}

const selections = new WeakMap<Store, ServiceSelection>();

export function serviceSelection(world: World): ServiceSelection {
  let s = selections.get(world.store);
  if (s === undefined) {
    s = new ServiceSelection(world.store);
    selections.set(world.store, s);
  }
  return s;
}
