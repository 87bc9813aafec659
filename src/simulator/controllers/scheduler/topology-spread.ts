/**
 * PodTopologySpread (hard constraints only): PreFilter counts matching pods per topology
 * domain over the nodes that pass the pod's node affinity and carry every constraint's key;
 * Filter rejects a node whose domain would exceed maxSkew over the least loaded domain.
 */
import { matchesLabelSelector } from '../../../k8s/index.js';
import type { LabelSelector } from '../../../model/index.js';
import type { PodObj } from '../../world/types.js';
import type { NodeInfo } from './node-cache.js';
import { podMatchesNode } from './node-selector.js';
import { spreadConstraintsOf, type TopologySpreadConstraint } from './pod-info.js';
import { reject, type NodeStatus } from './filters.js';

interface Counted {
  readonly c: TopologySpreadConstraint;
  readonly selector: LabelSelector;
  readonly counts: Map<string, number>;
  readonly min: number;
  readonly selfMatch: number;
}

export interface SpreadState {
  readonly constraints: readonly Counted[];
}

/** matchLabelKeys add the pod's own values for those keys to the selector. */
function selectorOf(pod: PodObj, c: TopologySpreadConstraint): LabelSelector {
  const base = c.labelSelector ?? {};
  const extra: Record<string, string> = {};
  for (const k of c.matchLabelKeys ?? []) {
    const v = pod.metadata.labels?.[k];
    if (v !== undefined) extra[k] = v;
  }
  return { ...base, matchLabels: { ...(base.matchLabels ?? {}), ...extra } };
}

export function spreadPreFilter(pod: PodObj, nodes: readonly NodeInfo[]): SpreadState | undefined {
  const hard = spreadConstraintsOf(pod).filter((c) => c.whenUnsatisfiable !== 'ScheduleAnyway');
  if (hard.length === 0) return undefined;
  const ns = pod.metadata.namespace;
  const keys = hard.map((c) => c.topologyKey);
  const constraints = hard.map((c) => {
    const selector = selectorOf(pod, c);
    const counts = new Map<string, number>();
    for (const n of nodes) {
      const labels = n.node.metadata.labels ?? {};
      if (!keys.every((k) => labels[k] !== undefined)) continue;
      if (c.nodeAffinityPolicy !== 'Ignore' && !podMatchesNode(pod, n.node)) continue;
      const domain = labels[c.topologyKey] ?? '';
      let count = counts.get(domain) ?? 0;
      for (const p of n.pods.values())
        if (
          p.pod.metadata.namespace === ns &&
          p.pod.metadata.deletionTimestamp === undefined &&
          matchesLabelSelector(selector, p.pod.metadata.labels)
        )
          count++;
      counts.set(domain, count);
    }
    let min = counts.size === 0 ? 0 : Math.min(...counts.values());
    if (c.minDomains !== undefined && counts.size < c.minDomains) min = 0;
    const selfMatch = matchesLabelSelector(selector, pod.metadata.labels) ? 1 : 0;
    return { c, selector, counts, min, selfMatch };
  });
  return { constraints };
}

export function spreadFilter(state: SpreadState | undefined, n: NodeInfo): NodeStatus | undefined {
  if (state === undefined) return undefined;
  const labels = n.node.metadata.labels ?? {};
  for (const { c } of state.constraints)
    if (labels[c.topologyKey] === undefined)
      return reject(
        'PodTopologySpread',
        'UnschedulableAndUnresolvable',
        "node(s) didn't match pod topology spread constraints (missing required label)",
      );
  for (const { c, counts, min, selfMatch } of state.constraints) {
    const matchNum = counts.get(labels[c.topologyKey] ?? '') ?? 0;
    if (matchNum + selfMatch - min > c.maxSkew)
      return reject(
        'PodTopologySpread',
        'Unschedulable',
        "node(s) didn't match pod topology spread constraints",
      );
  }
  return undefined;
}
