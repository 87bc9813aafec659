/**
 * NodeSelectorTerm matching (component-helpers nodeaffinity): terms are ORed, the requirements
 * inside a term ANDed; matchFields supports metadata.name, as DaemonSet pods use it.
 */
import type { NodeObj, PodObj } from '../../world/types.js';
import { requirementMatches } from '../../../k8s/index.js';
import { affinityOf, type NodeSelectorTerm } from './pod-info.js';

export function matchesTerm(term: NodeSelectorTerm, node: NodeObj): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  // An empty term matches no objects.
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata.labels ?? {};
  return (
    exprs.every((r) => requirementMatches(r, labels[r.key])) &&
    fields.every((r) => r.key === 'metadata.name' && requirementMatches(r, node.metadata.name))
  );
}

export function matchesTerms(terms: readonly NodeSelectorTerm[], node: NodeObj): boolean {
  return terms.some((t) => matchesTerm(t, node));
}

/** nodeSelector AND required node affinity: what the NodeAffinity filter checks. */
export function podMatchesNode(pod: PodObj, node: NodeObj): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries(pod.spec.nodeSelector ?? {})) if (labels[k] !== v) return false;
  const terms =
    affinityOf(pod).nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  return terms === undefined || matchesTerms(terms, node);
}

/**
 * The node names a pod's required affinity pins it to through `matchFields metadata.name In`
 * (NodeAffinity PreFilter); undefined when any node may do.
 */
export function pinnedNodeNames(pod: PodObj): Set<string> | undefined {
  const terms =
    affinityOf(pod).nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (terms === undefined || terms.length === 0) return undefined;
  const names = new Set<string>();
  for (const term of terms) {
    const byName = (term.matchFields ?? []).find((f) => f.key === 'metadata.name' && f.operator === 'In');
    // One term without a name requirement lets every node through.
    if (byName === undefined) return undefined;
    for (const v of byName.values ?? []) names.add(v);
  }
  return names;
}
