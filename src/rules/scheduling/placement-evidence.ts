/**
 * Evidence lines quoting the parts of a pod spec that decide where it can be placed
 * (requests, tolerations, node selector and affinity, host ports), for scheduling findings.
 */
import type { Evidence, Pod } from '../../model/index.js';
import { formatSelector } from '../../k8s/index.js';
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
