/**
 * InterPodAffinity (required terms only). PreFilter counts, per topology pair (key=value of a
 * node label), the existing pods whose anti-affinity rejects this pod, the pods matching all of
 * this pod's affinity terms, and the pods matching each of its anti-affinity terms. Filter
 * checks them in the plugin's order: affinity, anti-affinity, existing pods' anti-affinity.
 */
import { matchesLabelSelector } from '../../../k8s/index.js';
import type { PodObj } from '../../world/types.js';
import type { Store } from '../../world/store.js';
import type { CachedPod, NodeInfo, SchedulerCache } from './node-cache.js';
import { affinityOf, type PodAffinityTerm } from './pod-info.js';
import { reject, type NodeStatus } from './filters.js';

export interface AffinityState {
  readonly existingAnti: ReadonlySet<string>;
  readonly affinityTerms: readonly PodAffinityTerm[];
  readonly affinityCounts: ReadonlyMap<string, number>;
  /** No pod anywhere matches the affinity terms, but the pod matches them itself (first of its group). */
  readonly selfAffine: boolean;
  readonly antiTerms: readonly PodAffinityTerm[];
  readonly antiCounts: ReadonlyMap<string, number>;
}

const pair = (key: string, value: string): string => `${key}\u0000${value}`;

/** Whether `target` (a pod) is selected by `term`, a term of `owner`. */
function termMatches(store: Store, owner: PodObj, term: PodAffinityTerm, target: PodObj): boolean {
  const ns = target.metadata.namespace ?? '';
  const namespaces = term.namespaces ?? [];
  let inScope: boolean;
  if (term.namespaceSelector !== undefined) {
    const nsObj = store.get('namespaces', undefined, ns);
    inScope =
      namespaces.includes(ns) || matchesLabelSelector(term.namespaceSelector, nsObj?.metadata.labels ?? {});
  } else
    inScope = namespaces.length === 0 ? ns === (owner.metadata.namespace ?? '') : namespaces.includes(ns);
  return inScope && matchesLabelSelector(term.labelSelector ?? {}, target.metadata.labels);
}

const nodeLabels = (cache: SchedulerCache, p: CachedPod): Readonly<Record<string, string>> =>
  cache.nodes.get(p.node)?.node.metadata.labels ?? {};

export function affinityPreFilter(
  store: Store,
  cache: SchedulerCache,
  pod: PodObj,
): AffinityState | undefined {
  const a = affinityOf(pod);
  const affinityTerms = a.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
  const antiTerms = a.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
  const existingAnti = new Set<string>();
  for (const p of cache.antiAffinityPods.values()) {
    for (const term of affinityOf(p.pod).podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ??
      []) {
      const v = nodeLabels(cache, p)[term.topologyKey];
      if (v !== undefined && termMatches(store, p.pod, term, pod))
        existingAnti.add(pair(term.topologyKey, v));
    }
  }
  if (affinityTerms.length === 0 && antiTerms.length === 0 && existingAnti.size === 0) return undefined;
  const affinityCounts = new Map<string, number>();
  const antiCounts = new Map<string, number>();
  if (affinityTerms.length > 0 || antiTerms.length > 0) {
    for (const n of cache.nodeList()) {
      const labels = n.node.metadata.labels ?? {};
      for (const p of n.pods.values()) {
        if (p.uid === pod.metadata.uid) continue;
        if (affinityTerms.length > 0 && affinityTerms.every((t) => termMatches(store, pod, t, p.pod)))
          for (const t of affinityTerms) {
            const v = labels[t.topologyKey];
            if (v !== undefined)
              affinityCounts.set(
                pair(t.topologyKey, v),
                (affinityCounts.get(pair(t.topologyKey, v)) ?? 0) + 1,
              );
          }
        for (const t of antiTerms) {
          const v = labels[t.topologyKey];
          if (v !== undefined && termMatches(store, pod, t, p.pod))
            antiCounts.set(pair(t.topologyKey, v), (antiCounts.get(pair(t.topologyKey, v)) ?? 0) + 1);
        }
      }
    }
  }
  const selfAffine = affinityCounts.size === 0 && affinityTerms.every((t) => termMatches(store, pod, t, pod));
  return { existingAnti, affinityTerms, affinityCounts, selfAffine, antiTerms, antiCounts };
}

export function affinityFilter(s: AffinityState | undefined, n: NodeInfo): NodeStatus | undefined {
  if (s === undefined) return undefined;
  const labels = n.node.metadata.labels ?? {};
  const affine = s.affinityTerms.every((t) => {
    const v = labels[t.topologyKey];
    return v !== undefined && (s.affinityCounts.get(pair(t.topologyKey, v)) ?? 0) > 0;
  });
  if (!affine && !s.selfAffine)
    return reject(
      'InterPodAffinity',
      'UnschedulableAndUnresolvable',
      "node(s) didn't match pod affinity rules",
    );
  for (const t of s.antiTerms) {
    const v = labels[t.topologyKey];
    if (v !== undefined && (s.antiCounts.get(pair(t.topologyKey, v)) ?? 0) > 0)
      return reject('InterPodAffinity', 'Unschedulable', "node(s) didn't match pod anti-affinity rules");
  }
  for (const [k, v] of Object.entries(labels))
    if (s.existingAnti.has(pair(k, v)))
      return reject(
        'InterPodAffinity',
        'Unschedulable',
        "node(s) didn't satisfy existing pods anti-affinity rules",
      );
  return undefined;
}
