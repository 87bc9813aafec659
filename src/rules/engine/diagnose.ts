import type {
  ChainEntry,
  Diagnosis,
  EvidenceKind,
  Finding,
  Pod,
  Snapshot,
  TargetRef,
  Workload,
} from '../../model/index.js';
import { stageOrder } from '../../model/index.js';
import { compareStrings, formatTime, referenceTimeOf } from '../../k8s/index.js';
import { buildContexts } from './contexts.js';
import { podMilestones } from './milestones.js';
import { renderWith } from '../messages.js';
import { compareFindings, resolveFindings } from './resolve.js';
import { judgePod } from './verdict.js';
import { applyRolloutDeadline, rolloutDeadlineExceeded } from './rollout-deadline.js';
import { startupBreakdown } from './startup.js';
import { withProbeEvidence } from './probe-evidence.js';
import { findingConfidence } from './confidence.js';
import { isQuietPod } from './quiet.js';
import { timedConfidence, timeFindings, type ReferenceClock } from './failure-timing.js';
import type { PodContext, Rule, RuleContext, RuleMeta } from '../types.js';
import { explainPlaceholders } from './placeholder-steps.js';

export interface EngineOptions {
  /** Reference time, epoch ms. */
  readonly now: number;
  readonly rules: readonly Rule[];
  /**
   * Judge only the pods this accepts, given each pod's controller chain (the CLI judges only the
   * pods in scope; watch mode only what changed); workloads and Services are always judged.
   * Default: every pod.
   */
  readonly podFilter?: ((pod: Pod, owners: readonly Workload[]) => boolean) | undefined;
  /**
   * Skip, for a quiet pod, the rules that cannot fire on one (quiet.ts). Default true; false runs
   * every rule on every pod (the tests compare the two).
   */
  readonly quietFastPath?: boolean;
}

export interface RuleFailure {
  readonly ruleId: string;
  readonly target: string;
  readonly error: string;
}

export interface EngineResult {
  readonly diagnoses: readonly Diagnosis[];
  /** Rules that threw: a bug in kube-handoff, reported instead of aborting the whole run. */
  readonly ruleFailures: readonly RuleFailure[];
}

const VERDICT_ORDER = { failed: 0, progressing: 1, unknown: 2, healthy: 3 } as const;
/** Within one verdict and stage, the diagnosis the evidence is surest of comes first. */
const CONFIDENCE_ORDER = { high: 0, medium: 1, low: 2 } as const;

export function compareDiagnoses(a: Diagnosis, b: Diagnosis): number {
  return (
    VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
    (a.stage === null ? 99 : stageOrder(a.stage)) - (b.stage === null ? 99 : stageOrder(b.stage)) ||
    CONFIDENCE_ORDER[a.confidence] - CONFIDENCE_ORDER[b.confidence] ||
    compareStrings(a.ruleId ?? '', b.ruleId ?? '') ||
    compareStrings(a.target.namespace, b.target.namespace) ||
    compareStrings(a.target.kind, b.target.kind) ||
    compareStrings(a.target.name, b.target.name)
  );
}

/** Sorts with precomputed keys: comparing objects field by field dominates on 100,000 targets. */
function sortDiagnoses(list: readonly Diagnosis[]): Diagnosis[] {
  const keyed = list.map((d) => ({
    d,
    rank:
      VERDICT_ORDER[d.verdict] * 1000 +
      (d.stage === null ? 99 : stageOrder(d.stage)) * 10 +
      CONFIDENCE_ORDER[d.confidence],
    key: `${d.ruleId ?? ''}\u0000${d.target.namespace}\u0000${d.target.kind}\u0000${d.target.name}`,
  }));
  keyed.sort((a, b) => a.rank - b.rank || compareStrings(a.key, b.key));
  return keyed.map((k) => k.d);
}

/**
 * Runs the rules over a snapshot and returns one diagnosis per target, ordered failed first, then
 * by chain order, then surest first (confidence high, medium, low).
 */
export function diagnose(snapshot: Snapshot, options: EngineOptions): EngineResult {
  const { now, rules } = options;
  // Without a capture time, a reference time equal to the evidence's newest time is no observation.
  const clock: ReferenceClock = {
    now,
    anchored: snapshot.capturedAt !== undefined || referenceTimeOf(snapshot) !== now,
  };
  const contexts = buildContexts(snapshot, now);
  const metas = new Map<string, RuleMeta>(rules.map((r) => [r.meta.id, r.meta]));
  const byTarget = { pod: [] as Rule[], workload: [] as Rule[], service: [] as Rule[] };
  for (const r of rules) byTarget[r.meta.target].push(r);
  const fastPath = options.quietFastPath ?? true;
  const quietPodRules = byTarget.pod.filter((r) => r.meta.runsOnQuietPods === true);
  const ruleFailures: RuleFailure[] = [];

  const run = (list: readonly Rule[], ctx: RuleContext, label: string): Finding[] => {
    const out: Finding[] = [];
    for (const r of list) {
      try {
        out.push(...r.evaluate(ctx));
      } catch (err) {
        ruleFailures.push({
          ruleId: r.meta.id,
          target: label,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
    return out;
  };

  const diagnoses: Diagnosis[] = [];
  for (const podTarget of contexts.podTargets) {
    if (options.podFilter !== undefined && !options.podFilter(podTarget.pod, podTarget.owners)) continue;
    const ctx = contexts.podContext(podTarget);
    const pod = ctx.pod;
    const podRules = fastPath && isQuietPod(ctx) ? quietPodRules : byTarget.pod;
    const findings = run(podRules, ctx, `pod/${pod.metadata.namespace ?? ''}/${pod.metadata.name}`);
    diagnoses.push(diagnosePod(ctx, findings, metas, clock, contexts.inferred.has(pod)));
  }

  for (const ctx of contexts.workloads) {
    const w = ctx.workload;
    const findings = run(
      byTarget.workload,
      ctx,
      `${w.kind}/${w.metadata.namespace ?? ''}/${w.metadata.name}`,
    );
    const d = findingOnlyDiagnosis(
      targetOf(w),
      findings,
      metas,
      { ...clock, collected: ctx.collected },
      contexts.inferred.has(w),
      w.metadata.creationTimestamp,
    );
    if (d !== undefined) diagnoses.push(d);
  }

  for (const ctx of contexts.services) {
    const s = ctx.service;
    const findings = run(byTarget.service, ctx, `Service/${s.metadata.namespace ?? ''}/${s.metadata.name}`);
    const target: TargetRef = {
      kind: 'Service',
      namespace: s.metadata.namespace ?? '',
      name: s.metadata.name,
      ...(s.metadata.uid ? { uid: s.metadata.uid } : {}),
    };
    const d = findingOnlyDiagnosis(
      target,
      findings,
      metas,
      { ...clock, collected: ctx.collected },
      contexts.inferred.has(s),
      s.metadata.creationTimestamp,
    );
    if (d !== undefined) diagnoses.push(d);
  }

  return { diagnoses: sortDiagnoses(diagnoses.map(explainPlaceholders)), ruleFailures };
}

/** One pod: resolve history, re-judge time, pick the verdict, add the startup breakdown. */
function diagnosePod(
  ctx: PodContext,
  findings: readonly Finding[],
  metas: ReadonlyMap<string, RuleMeta>,
  clock: ReferenceClock,
  inferred: boolean,
): Diagnosis {
  const { pod } = ctx;
  const milestones = podMilestones(pod, ctx.events);
  const resolved = resolveFindings(findings, milestones);
  const timed = timeFindings(resolved.current, metas, { pod, milestones }, clock);
  const timings = timed.timings;
  const current = applyRolloutDeadline(timed.findings, timings, rolloutDeadlineExceeded(ctx.owners));
  const judged = judgePod({
    ctx,
    milestones,
    current: current.sort(compareFindings),
    timings,
    history: resolved.history,
    metas,
    inferred,
    group: groupOf(ctx.owners),
    owners: ctx.owners.map((o) => ({ kind: o.kind, name: o.metadata.name })),
  });
  const startup = inferred ? undefined : startupBreakdown(pod, ctx.events);
  const probed = withProbeEvidence(judged, ctx);
  return startup === undefined ? probed : { ...probed, startup };
}

function targetOf(w: Workload): TargetRef {
  return {
    kind: w.kind,
    namespace: w.metadata.namespace ?? '',
    name: w.metadata.name,
    ...(w.metadata.uid ? { uid: w.metadata.uid } : {}),
  };
}

function groupOf(owners: readonly Workload[]): Diagnosis['group'] {
  const top = owners.at(-1);
  return top === undefined ? undefined : { kind: top.kind, name: top.metadata.name };
}

/**
 * A workload or Service is a target only where the failure shows there (docs/architecture.md §2): it gets a
 * diagnosis when a rule reports on it, with its chain cut down to that stage.
 */
function findingOnlyDiagnosis(
  target: TargetRef,
  findings: readonly Finding[],
  metas: ReadonlyMap<string, RuleMeta>,
  ctx: ReferenceClock & { readonly collected: ReadonlySet<EvidenceKind> },
  inferred: boolean,
  created: string | undefined,
): Diagnosis | undefined {
  const timed = timeFindings(findings, metas, { created }, ctx);
  const sorted = timed.findings.sort(compareFindings);
  const chosen = sorted[0];
  if (chosen === undefined) return undefined;
  const timing = timed.timings.get(chosen);
  const { collected } = ctx;
  const meta = metas.get(chosen.ruleId);
  const verdict = chosen.status === 'failed' ? 'failed' : 'progressing';
  const since = timing?.since;
  const chain: ChainEntry[] = [
    { stage: chosen.stage, status: verdict, ...(since === undefined ? {} : { at: formatTime(since) }) },
  ];
  const others = sorted
    .slice(1)
    .filter((f) => f.ruleId !== chosen.ruleId || f.messageId !== chosen.messageId);
  return {
    target,
    verdict,
    stage: chosen.stage,
    reason: chosen.reason,
    ruleId: chosen.ruleId,
    container: chosen.container ?? null,
    summary: renderWith(metas, chosen),
    confidence: timedConfidence(findingConfidence(chosen, meta, collected, inferred), timing),
    evidence: chosen.evidence,
    nextSteps: chosen.nextSteps,
    chain,
    notes: [
      ...(timing?.note === undefined ? [] : [timing.note]),
      ...(inferred
        ? [`${target.kind} ${target.name} is not in the evidence; judged from what refers to it.`]
        : []),
      ...others.map((f) => `also: ${f.stage}: ${renderWith(metas, f)}`),
    ],
  };
}
