/**
 * Evidence lines quoting the parts of a pod spec that decide where it can be placed
 * (requests, tolerations, node selector and affinity, host ports), for scheduling findings.
 */
import type { Evidence, Node, Pod } from '../../model/index.js';
import {
  formatSelector,
  formatTaint,
  podFitsNodePlacement,
  untoleratedSchedulingTaints,
} from '../../k8s/index.js';
import { requiredPodNodeAffinity } from './node-affinity.js';
import type { SchedulingCode } from './scheduling-message.js';

function spec(text: string): Evidence {
  return { source: 'spec', text };
}

/** "app cpu=1,memory=2Gi; sidecar cpu=100m" for the named resources (all requests when none named). */
export function requestsText(pod: Pod, resources: readonly string[]): string {
  const parts: string[] = [];
  for (const c of [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])]) {
    const requests = c.resources?.requests ?? {};
    const names = resources.length === 0 ? Object.keys(requests) : resources;
    const values = names.filter((r) => requests[r] !== undefined).map((r) => `${r}=${requests[r] ?? ''}`);
    parts.push(`${c.name} ${values.length === 0 ? 'none' : values.join(',')}`);
  }
  return parts.join('; ');
}

/** "node selector a=b" / "required node affinity (k In [v])" / both; undefined when the spec has neither. */
export function placementConstraint(pod: Pod): string | undefined {
  const parts: string[] = [];
  const selector = formatSelector(pod.spec.nodeSelector);
  if (selector !== '') parts.push(`node selector ${selector}`);
  const affinity = requiredPodNodeAffinity(pod.spec.affinity);
  if (affinity !== undefined) parts.push(`required node affinity (${affinity})`);
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/** "app 8080/TCP" for every container port with a hostPort. */
export function hostPorts(pod: Pod): string[] {
  return (pod.spec.containers ?? []).flatMap((c) =>
    (c.ports ?? [])
      .filter((p) => p.hostPort !== undefined)
      .map((p) => `${String(p.hostPort)}/${p.protocol ?? 'TCP'}`),
  );
}

/** The spec lines relevant to the chosen reason; empty for pods rebuilt from events (no containers). */
export function placementEvidence(pod: Pod, code: SchedulingCode, resources: readonly string[]): Evidence[] {
  if ((pod.spec.containers ?? []).length === 0) return [];
  switch (code) {
    case 'InsufficientResources':
      return [spec(`container requests: ${requestsText(pod, resources)}`)];
    case 'UntoleratedTaint': {
      const tolerations = (pod.spec.tolerations ?? []).map(
        (t) => `${t.key ?? '*'}${t.operator === 'Exists' ? '' : `=${t.value ?? ''}`}:${t.effect ?? '*'}`,
      );
      return [spec(`spec.tolerations: ${tolerations.length === 0 ? '(none)' : tolerations.join(', ')}`)];
    }
    case 'NodeAffinityMismatch': {
      const constraint = placementConstraint(pod);
      return constraint === undefined ? [] : [spec(`pod asks for ${constraint}`)];
    }
    case 'HostPortConflict': {
      const ports = hostPorts(pod);
      return ports.length === 0 ? [] : [spec(`hostPort: ${ports.join(', ')}`)];
    }
    default:
      return [];
  }
}

/** A node and the NoSchedule/NoExecute taints on it the pod does not tolerate. */
export interface UntoleratedNode {
  readonly node: string;
  readonly taints: readonly { readonly key: string; readonly value?: string; readonly effect: string }[];
}

/**
 * The nodes the pod could use (those passing its nodeSelector and required node affinity) whose
 * scheduling taints it does not tolerate; when none of those is tainted, every tainted node (the
 * scheduler's taint filter runs before node affinity, so it counts those too). Read from the Node
 * objects: kube-scheduler no longer writes the taint into its message (1.35 on, and the 1.34 patch
 * releases since November 2025: `node(s) had untolerated taint(s)`).
 */
export function untoleratedNodes(pod: Pod, nodes: Iterable<Node>): UntoleratedNode[] {
  const all = [...nodes]
    .map((n) => ({
      fits: podFitsNodePlacement(pod.spec, n),
      node: n.metadata.name,
      taints: untoleratedSchedulingTaints(pod.spec, n),
    }))
    .filter((n) => n.taints.length > 0);
  const fitting = all.filter((n) => n.fits);
  return (fitting.length > 0 ? fitting : all).map(({ node, taints }) => ({ node, taints }));
}

/** "key=value" (or "key") of each distinct taint, in first-seen order: the form the old message quoted. */
export function taintNames(nodes: readonly UntoleratedNode[]): string[] {
  const out = new Set<string>();
  for (const n of nodes) for (const t of n.taints) out.add(t.value ? `${t.key}=${t.value}` : t.key);
  return [...out];
}

/** "node gpu-1 has taints the pod does not tolerate: dedicated=gpu:NoSchedule" per node (at most 5 nodes). */
export function untoleratedNodeEvidence(nodes: readonly UntoleratedNode[]): Evidence[] {
  const shown = nodes.slice(0, 5).map((n) => ({
    source: 'node' as const,
    text: `node ${n.node} has taints the pod does not tolerate: ${n.taints.map(formatTaint).join(', ')}`,
  }));
  if (nodes.length > shown.length)
    shown.push({ source: 'node', text: `… and ${String(nodes.length - shown.length)} more such nodes` });
  return shown;
}
