import type { EventRecord, Pod, Workload } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { BaseContext, WorkloadContext } from '../types.js';
import type { KnownObjects } from './inferred-objects.js';
import type { PodTarget } from './pod-contexts.js';

/** Top-level workloads, each with the workloads and pods it controls (directly or not). */
export type TopWorkloads = Map<Workload, { children: Workload[]; pods: Pod[] }>;

/**
 * Groups every workload and pod under its top-level controller (a Deployment rather than its
 * ReplicaSets) and gives each pod its controller chain, nearest owner first.
 */
export function groupUnderTopWorkloads(known: KnownObjects): {
  tops: TopWorkloads;
  podTargets: PodTarget[];
} {
  const tops: TopWorkloads = new Map();
  const groupOf = (w: Workload): { children: Workload[]; pods: Pod[] } => {
    let g = tops.get(w);
    if (g === undefined) {
      g = { children: [], pods: [] };
      tops.set(w, g);
    }
    return g;
  };
  for (const w of known.workloadList()) {
    const chain = known.controllerChain(w.metadata, w.kind);
    const top = chain.at(-1);
    if (top === undefined) groupOf(w);
    else groupOf(top).children.push(w);
  }

  const podTargets: PodTarget[] = [];
  for (const pod of known.pods) {
    const owners = known.controllerChain(pod.metadata, 'Pod');
    const top = owners.at(-1);
    if (top !== undefined) groupOf(top).pods.push(pod);
    podTargets.push({ pod, owners });
  }
  return { tops, podTargets };
}

function byTime(a: EventRecord, b: EventRecord): number {
  return (a.last ?? a.first ?? 0) - (b.last ?? b.first ?? 0);
}

/** One context per top-level workload: its events and its children's, children newest first. */
export function workloadContexts(tops: TopWorkloads, fields: Omit<BaseContext, 'memo'>): WorkloadContext[] {
  const { now, index, collected } = fields;
  const contexts: WorkloadContext[] = [];
  for (const [workload, group] of tops) {
    const events = [workload, ...group.children]
      .flatMap((w) =>
        index.eventsFor({
          kind: w.kind,
          name: w.metadata.name,
          ...(w.metadata.namespace === undefined ? {} : { namespace: w.metadata.namespace }),
          ...(w.metadata.uid ? { uid: w.metadata.uid } : {}),
        }),
      )
      .sort(byTime);
    const children = [...group.children].sort(
      (a, b) =>
        (parseTime(b.metadata.creationTimestamp) ?? 0) - (parseTime(a.metadata.creationTimestamp) ?? 0),
    );
    contexts.push({
      target: 'workload',
      memo: new Map(),
      now,
      index,
      collected,
      workload,
      children,
      events,
      pods: group.pods,
    });
  }
  return contexts;
}
