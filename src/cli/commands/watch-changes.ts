/**
 * What `--watch` prints between two rounds: the targets whose verdict, stage or reason changed.
 * A Service or workload is a target only while a rule reports on it, so one that leaves the
 * report while its object is still in the evidence was resolved (→ healthy), not deleted; only an
 * object gone from the evidence is `(gone)`, and one that was there before its first finding
 * comes from healthy, not `(new)`.
 */
import type { Diagnosis, Snapshot, TargetRef } from '../../model/index.js';

export interface TargetState {
  readonly verdict: Diagnosis['verdict'];
  readonly stage: string | null;
  readonly reason: string | null;
}

/** One round: the reported diagnoses by target, and the evidence they were judged on. */
export interface Round {
  readonly diagnoses: ReadonlyMap<string, Diagnosis>;
  readonly snapshot: Snapshot;
}

export interface Change {
  /** The diagnosis now, else the last one (a target that left the report). */
  readonly d: Diagnosis;
  /** Undefined: the target was not in the evidence (new). */
  readonly from: TargetState | undefined;
  /** Undefined: the target is no longer in the evidence (gone). */
  readonly to: TargetState | undefined;
  /** The diagnosis' summary, when `to` is one. */
  readonly summary?: string;
}

/** A target no rule reports on any more. */
export const RESOLVED: TargetState = { verdict: 'healthy', stage: null, reason: null };

export function targetKey(t: TargetRef): string {
  return `${t.kind}/${t.namespace}/${t.name}`;
}

export function roundOf(diagnoses: readonly Diagnosis[], snapshot: Snapshot): Round {
  return { diagnoses: new Map(diagnoses.map((d) => [targetKey(d.target), d])), snapshot };
}

export function stateOf(d: Diagnosis): TargetState {
  return { verdict: d.verdict, stage: d.stage, reason: d.reason };
}

function same(a: TargetState | undefined, b: TargetState | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.verdict === b.verdict && a.stage === b.stage && a.reason === b.reason;
}

/**
 * Whether a Service or workload target's object is in the evidence, so that its absence from the
 * report means no rule reports on it. Pods are always reported while in scope: a pod that left the
 * report left the evidence (or the scope), so this is false for pods.
 */
export function reportedOnlyOnFailure(snapshot: Snapshot, t: TargetRef): boolean {
  const is = (m: { readonly name: string; readonly namespace?: string | undefined }): boolean =>
    m.name === t.name && (m.namespace ?? '') === t.namespace;
  if (t.kind === 'Pod') return false;
  if (t.kind === 'Service') return snapshot.services.some((s) => is(s.metadata));
  return snapshot.workloads.some((w) => w.kind === t.kind && is(w.metadata));
}

/** The changes from one round to the next, current targets first, then those that left. */
export function changesBetween(before: Round, after: Round): Change[] {
  const out: Change[] = [];
  for (const [key, d] of after.diagnoses) {
    const was = before.diagnoses.get(key);
    const from =
      was !== undefined
        ? stateOf(was)
        : reportedOnlyOnFailure(before.snapshot, d.target)
          ? RESOLVED
          : undefined;
    const to = stateOf(d);
    if (!same(from, to)) out.push({ d, from, to, summary: d.summary });
  }
  for (const [key, d] of before.diagnoses) {
    if (after.diagnoses.has(key)) continue;
    const to = reportedOnlyOnFailure(after.snapshot, d.target) ? RESOLVED : undefined;
    out.push({ d, from: stateOf(d), to });
  }
  return out;
}
