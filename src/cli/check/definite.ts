/**
 * Whether a failed diagnosis is definite: a failure that will not mend itself, so a CI gate
 * (`handoff check`) may stop waiting. The rules' grace periods already keep young symptoms
 * `progressing`; this policy adds, per reason code, what it takes beyond "failed" to be sure.
 * Pure: reads a snapshot and the diagnosis, never the clock (time comes in as arguments).
 */
import type { Diagnosis, EventRecord, Node, Pod, Snapshot, Workload } from '../../model/index.js';
import { humanDuration, parseTime } from '../../k8s/index.js';
import {
  FAILURE_POLICY,
  NEW_NODE_WINDOW_MS,
  RESTARTS_DEFINITE,
  type FailurePolicy,
} from './definite-policy.js';

export {
  FAILURE_POLICY,
  NEW_NODE_WINDOW_MS,
  RESTARTS_DEFINITE,
  type FailurePolicy,
} from './definite-policy.js';

/** A failure with no reason code (a generic failure) must persist this long. */
const NO_REASON_PERSIST_MS = 120_000;

export type Definiteness =
  { readonly definite: true; readonly why: string } | { readonly definite: false; readonly why: string };

/** Lookups over one snapshot, built once and shared by every diagnosis judged against it. */
export class FailureFacts {
  private readonly pods = new Map<string, Pod>();
  private readonly events = new Map<string, EventRecord[]>();
  private readonly jobs = new Map<string, Workload>();
  readonly nodes: readonly Node[];
  /** Namespaces with a pod being deleted (its resources, ports or volumes may free up). */
  readonly terminatingIn: ReadonlySet<string>;

  constructor(snapshot: Snapshot) {
    const terminating = new Set<string>();
    for (const p of snapshot.pods) {
      this.pods.set(`${p.metadata.namespace ?? ''}/${p.metadata.name}`, p);
      if (p.metadata.deletionTimestamp !== undefined) terminating.add(p.metadata.namespace ?? '');
    }
    for (const e of snapshot.events) {
      const key = `${e.regarding.kind}/${e.regarding.namespace ?? ''}/${e.regarding.name}`;
      const list = this.events.get(key);
      if (list === undefined) this.events.set(key, [e]);
      else list.push(e);
    }
    for (const w of snapshot.workloads)
      if (w.kind === 'Job') this.jobs.set(`${w.metadata.namespace ?? ''}/${w.metadata.name}`, w);
    this.nodes = snapshot.nodes;
    this.terminatingIn = terminating;
  }

  pod(d: Diagnosis): Pod | undefined {
    return d.target.kind === 'Pod' ? this.pods.get(`${d.target.namespace}/${d.target.name}`) : undefined;
  }

  eventsOf(d: Diagnosis): readonly EventRecord[] {
    return this.events.get(`${d.target.kind}/${d.target.namespace}/${d.target.name}`) ?? [];
  }

  job(namespace: string, name: string): Workload | undefined {
    return this.jobs.get(`${namespace}/${name}`);
  }
}

export interface DefiniteInput {
  readonly facts: FailureFacts;
  /** Reference time, epoch ms. */
  readonly now: number;
  /** How long this target has been seen failed with this stage and reason, ms. */
  readonly failedForMs: number;
}

/** Judges one failed diagnosis; anything not failed is never definite. */
export function judgeDefinite(d: Diagnosis, input: DefiniteInput): Definiteness {
  if (d.verdict !== 'failed') return { definite: false, why: `verdict is ${d.verdict}` };
  const policy: FailurePolicy =
    d.reason === null ? { kind: 'persist', ms: NO_REASON_PERSIST_MS } : FAILURE_POLICY[d.reason];
  switch (policy.kind) {
    case 'immediate':
      return { definite: true, why: `${d.reason ?? 'this failure'} does not mend itself` };
    case 'never':
      return {
        definite: false,
        why: `${d.reason ?? 'this failure'} ends only when something outside the pod acts`,
      };
    case 'persist':
      return persisted(policy.ms, input.failedForMs);
    case 'restarts':
      return restartsDefinite(d, input.facts);
    case 'pull-backoff':
      return pullBackOff(d, input);
    case 'unless-capacity-coming':
      return capacityComing(d, input);
  }
}

function persisted(needMs: number, failedForMs: number): Definiteness {
  return failedForMs >= needMs
    ? { definite: true, why: `failing for ${humanDuration(failedForMs)}` }
    : {
        definite: false,
        why: `failing for ${humanDuration(failedForMs)}; definite after ${humanDuration(needMs)}`,
      };
}

function restartsDefinite(d: Diagnosis, facts: FailureFacts): Definiteness {
  const pod = facts.pod(d);
  if (pod === undefined) return { definite: true, why: 'the workload reports the failure' };
  if (pod.status.phase === 'Failed') {
    const job = pod.metadata.ownerReferences?.find((o) => o.kind === 'Job');
    if (job === undefined) return { definite: true, why: 'the pod has stopped (phase Failed)' };
    const failed = facts
      .job(pod.metadata.namespace ?? '', job.name)
      ?.status.conditions?.some((c) => c.type === 'Failed' && c.status === 'True');
    return failed === true
      ? { definite: true, why: `Job ${job.name} has failed` }
      : { definite: false, why: `the pod failed; Job ${job.name} may still retry` };
  }
  const statuses =
    d.container?.type === 'init' ? pod.status.initContainerStatuses : pod.status.containerStatuses;
  const named = statuses?.find((s) => s.name === d.container?.name);
  const count = named?.restartCount ?? Math.max(0, ...(statuses ?? []).map((s) => s.restartCount));
  return count >= RESTARTS_DEFINITE
    ? { definite: true, why: `restarted ${count} times` }
    : { definite: false, why: `restarted ${count} time(s); definite after ${RESTARTS_DEFINITE}` };
}

/** Back-off means the kubelet already retried, or is waiting to: ImagePullBackOff, or 2+ failed pulls. */
function pullBackOff(d: Diagnosis, input: DefiniteInput): Definiteness {
  const pod = input.facts.pod(d);
  if (pod === undefined) return persisted(60_000, input.failedForMs);
  const statuses = [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])];
  if (statuses.some((s) => s.state?.waiting?.reason === 'ImagePullBackOff'))
    return { definite: true, why: 'the kubelet is backing off pulling the image' };
  const failedPulls = input.facts
    .eventsOf(d)
    .filter((e) => e.reason === 'Failed' && e.message.startsWith('Failed to pull image '))
    .reduce((n, e) => n + e.count, 0);
  return failedPulls >= 2
    ? { definite: true, why: `${failedPulls} pulls failed the same way` }
    : { definite: false, why: 'the first pull failed; waiting for the kubelet to retry' };
}

/** cluster-autoscaler's event on a pod it is adding a node for (reason `TriggeredScaleUp`). */
const SCALE_UP_REASON = 'TriggeredScaleUp';

function capacityComing(d: Diagnosis, input: DefiniteInput): Definiteness {
  if (input.facts.eventsOf(d).some((e) => e.reason === SCALE_UP_REASON))
    return { definite: false, why: 'cluster-autoscaler triggered a scale-up for it' };
  const coming = input.facts.nodes.find((n) => nodeMayJoin(n, input.now));
  if (coming !== undefined)
    return { definite: false, why: `node ${coming.metadata.name} is new or not Ready yet` };
  if (input.facts.terminatingIn.has(d.target.namespace))
    return { definite: false, why: `pods in ${d.target.namespace} are terminating and may free room` };
  return { definite: true, why: 'no node, scale-up or terminating pod could make room' };
}

/**
 * A node that is still joining: not Ready, and created or changed readiness recently. A Ready
 * node has already been considered (the scheduler retries when a node is added or changes).
 */
function nodeMayJoin(n: Node, now: number): boolean {
  const ready = n.status.conditions?.find((c) => c.type === 'Ready');
  if (ready?.status === 'True') return false;
  const recent = (t: string | undefined): boolean => {
    const ms = parseTime(t);
    return ms !== undefined && now - ms < NEW_NODE_WINDOW_MS;
  };
  return recent(n.metadata.creationTimestamp) || recent(ready?.lastTransitionTime);
}
