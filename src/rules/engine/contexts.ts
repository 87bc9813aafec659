import type { EvidenceKind, Snapshot } from '../../model/index.js';
import type { PodContext, ServiceContext, WorkloadContext } from '../types.js';
import { KnownObjects } from './inferred-objects.js';
import { podContextBuilder, type PodTarget } from './pod-contexts.js';
import { serviceContexts, serviceMembership } from './service-contexts.js';
import { Index } from './snapshot-index.js';
import { groupUnderTopWorkloads, workloadContexts } from './workload-contexts.js';

export interface Contexts {
  readonly index: Index;
  readonly podTargets: readonly PodTarget[];
  /**
   * Builds one pod's context. The engine builds them one at a time so that a context, and all
   * the rules derived from it, is garbage as soon as the pod is judged.
   */
  podContext(target: PodTarget): PodContext;
  /** Every pod context at once (tests and small inputs). */
  readonly pods: readonly PodContext[];
  readonly workloads: readonly WorkloadContext[];
  readonly services: readonly ServiceContext[];
  /** Objects that are not in the evidence and were rebuilt from what refers to them (events, owner refs). */
  readonly inferred: ReadonlySet<object>;
}

/**
 * Builds one context per pod, per top-level workload and per Service. Objects known only
 * from events (a pod whose events were pasted without the pod) or from owner references
 * (the Deployment above a ReplicaSet) are rebuilt as stubs and listed in `inferred`.
 */
export function buildContexts(snapshot: Snapshot, now: number): Contexts {
  const index = new Index(snapshot);
  const fields = { now, index, collected: new Set<EvidenceKind>(snapshot.collected) };
  const known = new KnownObjects(snapshot, index);
  const { tops, podTargets } = groupUnderTopWorkloads(known);
  const { podsOf, servicesOf } = serviceMembership(snapshot.services, known.pods);
  const podContext = podContextBuilder(fields, servicesOf);
  return {
    index,
    podTargets,
    podContext,
    get pods() {
      return podTargets.map(podContext);
    },
    workloads: workloadContexts(tops, fields),
    services: serviceContexts(known.services(snapshot), podsOf, fields),
    inferred: known.inferred,
  };
}
