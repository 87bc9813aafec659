/**
 * The check's view of its targets over time: each evaluation turns the latest diagnoses into
 * per-target states (ready, waiting, failed, failed definitely), remembers since when each has
 * held, and says whether the check is settled. No I/O; time comes in as arguments.
 */
import type { Diagnosis, Snapshot } from '../../model/index.js';
import { humanDuration, parseTime } from '../../k8s/index.js';
import { FailureFacts, judgeDefinite } from './definite.js';
import { targetKey } from '../../report/index.js';
import { applySlo, isSloFailure } from './slo.js';

export type TargetState = 'waiting' | 'ready' | 'failed' | 'definite';

export interface TargetStatus {
  readonly key: string;
  readonly diagnosis: Diagnosis;
  readonly state: TargetState;
  /** Why the state is what it is (definite or not, Job not complete, settling). */
  readonly why: string;
  /** Check time (ms since start) at which the state was first seen. */
  readonly since: number;
}

export interface Change {
  readonly status: TargetStatus;
  readonly from: TargetState | undefined;
}

export interface Evaluation {
  readonly statuses: readonly TargetStatus[];
  readonly changes: readonly Change[];
  readonly gone: readonly Diagnosis[];
}

export interface CheckPolicy {
  /** `--slo startup=…`, ms. */
  readonly sloMs: number | undefined;
  /** How long a Ready (not Succeeded) target must stay so before it counts. */
  readonly settleMs: number;
}

function failureSignature(d: Diagnosis): string {
  return `${d.stage ?? ''}/${d.reason ?? ''}/${d.ruleId ?? ''}`;
}

export class CheckTracker {
  private readonly seen = new Map<string, TargetStatus>();
  private readonly failedSince = new Map<string, { readonly signature: string; readonly at: number }>();
  private readonly readySince = new Map<string, number>();

  constructor(private readonly policy: CheckPolicy) {}

  /**
   * One evaluation at check time `elapsed` (ms since the start); `now` is the rules' reference
   * time. `once` (a bundle) judges without waiting: no settling, failures definite as they stand.
   */
  evaluate(
    diagnoses: readonly Diagnosis[],
    snapshot: Snapshot,
    now: number,
    elapsed: number,
    once = false,
  ): Evaluation {
    const facts = new FailureFacts(snapshot);
    const statuses: TargetStatus[] = [];
    const changes: Change[] = [];
    const current = new Set<string>();
    for (const raw of diagnoses) {
      const d = applySlo(raw, this.policy.sloMs);
      const key = targetKey(d);
      current.add(key);
      const { state, why } = this.judge(d, facts, now, elapsed, key, once);
      const before = this.seen.get(key);
      const changed =
        before === undefined ||
        before.state !== state ||
        failureSignature(before.diagnosis) !== failureSignature(d) ||
        before.diagnosis.verdict !== d.verdict;
      const status: TargetStatus = { key, diagnosis: d, state, why, since: changed ? elapsed : before.since };
      this.seen.set(key, status);
      statuses.push(status);
      if (changed) changes.push({ status, from: before?.state });
    }
    const gone: Diagnosis[] = [];
    for (const [key, status] of this.seen) {
      if (current.has(key)) continue;
      gone.push(status.diagnosis);
      this.seen.delete(key);
      this.failedSince.delete(key);
      this.readySince.delete(key);
    }
    return { statuses, changes, gone };
  }

  private judge(
    d: Diagnosis,
    facts: FailureFacts,
    now: number,
    elapsed: number,
    key: string,
    once: boolean,
  ): { state: TargetState; why: string } {
    const pod = facts.pod(d);
    const job = pod?.metadata.ownerReferences?.find((o) => o.kind === 'Job');
    const jobComplete =
      job !== undefined &&
      facts
        .job(d.target.namespace, job.name)
        ?.status.conditions?.some((c) => c.type === 'Complete' && c.status === 'True') === true;
    // A failed attempt of a Job that then completed is history: the Job's backoff retried it.
    if (d.verdict === 'failed' && jobComplete && pod?.status.phase === 'Failed')
      return { state: 'ready', why: `an earlier attempt of Job ${job.name}, which completed` };
    if (d.verdict === 'failed') {
      this.readySince.delete(key);
      const signature = failureSignature(d);
      const since = this.failedSince.get(key);
      const from = since?.signature === signature ? since.at : elapsed;
      this.failedSince.set(key, { signature, at: from });
      if (isSloFailure(d)) return { state: 'definite', why: 'startup is over; its time will not change' };
      // Persistence counts from when the evidence first shows the failure, not from the check's start.
      const began = failingSince(d);
      const failedForMs = Math.max(elapsed - from, began === undefined ? 0 : now - began);
      const verdict = judgeDefinite(d, { facts, now, failedForMs });
      if (verdict.definite) return { state: 'definite', why: verdict.why };
      return once
        ? { state: 'definite', why: 'saved evidence is judged as it stands' }
        : { state: 'failed', why: verdict.why };
    }
    this.failedSince.delete(key);
    if (d.verdict !== 'healthy') {
      this.readySince.delete(key);
      return { state: 'waiting', why: d.verdict };
    }
    if (pod !== undefined && pod.status.phase === 'Succeeded') return { state: 'ready', why: 'Succeeded' };
    if (job !== undefined) {
      if (jobComplete) return { state: 'ready', why: `Job ${job.name} is complete` };
      this.readySince.delete(key);
      return { state: 'waiting', why: `running; a Job's pods must complete` };
    }
    if (once || this.policy.settleMs <= 0) return { state: 'ready', why: 'Ready' };
    const since = this.readySince.get(key) ?? elapsed;
    this.readySince.set(key, since);
    // Ready for as long as the check has seen it, or as the pod's Ready condition says.
    const transition = parseTime(
      pod?.status.conditions?.find((c) => c.type === 'Ready' && c.status === 'True')?.lastTransitionTime,
    );
    const readyFor = Math.max(elapsed - since, transition === undefined ? 0 : now - transition);
    return readyFor >= this.policy.settleMs
      ? { state: 'ready', why: `Ready for ${humanDuration(readyFor)}` }
      : { state: 'waiting', why: `Ready; settling for ${humanDuration(this.policy.settleMs)}` };
  }
}

/** When the failing stage began as the evidence dates it (its chain entry's `at`), epoch ms. */
function failingSince(d: Diagnosis): number | undefined {
  return parseTime(d.chain.find((c) => c.stage === d.stage && c.status === 'failed')?.at);
}
