/**
 * The one diagnosis pipeline every command runs: collected evidence → the reference time →
 * the pods in scope judged (and only those) → the targets in scope → a report. diagnose, watch,
 * the TUI and check all call runDiagnosis; they differ only in how often and what they print.
 */
import type { Clock } from '../../k8s/index.js';
import type { Diagnosis, DiagnosisReport, Snapshot } from '../../model/index.js';
import type { Collected } from '../../collectors/collector.js';
import { sanitize } from '../../report/index.js';
import { diagnose, type RuleFailure } from '../../rules/engine/index.js';
import { RULES } from '../../rules/index.js';
import type { IncrementalDiagnosis } from './incremental.js';
import { podInScope, reportScope, selectDiagnoses, type DiagnosisScope, type Scope } from './scope.js';

export interface RunOptions {
  /** `--now`, epoch ms: overrides the evidence's own reference time. */
  readonly nowFlag?: number | undefined;
  /** Watch mode's engine, which judges again only what changed since its last run. */
  readonly engine?: IncrementalDiagnosis | undefined;
  /**
   * Picks the reported diagnoses among those judged (default: selectDiagnoses, which throws
   * when a TARGET matches nothing). `check` adds placeholders for workloads with no pods yet.
   */
  readonly select?:
    ((judged: readonly Diagnosis[], snapshot: Snapshot, scope: Scope) => Diagnosis[]) | undefined;
}

export interface DiagnosisRun {
  readonly report: DiagnosisReport;
  readonly snapshot: Snapshot;
  /** Rules that threw: bugs in kube-handoff, reported beside the diagnosis. */
  readonly ruleFailures: readonly RuleFailure[];
  /** What the collector could not read or had to guess, for the reader. */
  readonly notes: readonly string[];
}

/**
 * Diagnoses one collection. The reference time is decided here and nowhere else: `--now`, else
 * the time the evidence speaks of (its capture time or newest timestamp), else the clock.
 */
export function runDiagnosis(
  collected: Collected,
  scope: DiagnosisScope,
  clock: Clock,
  options: RunOptions = {},
): DiagnosisRun {
  const { snapshot } = collected;
  const now = options.nowFlag ?? collected.referenceTime ?? clock();
  const selection = reportScope(scope, snapshot);
  const inScope = podInScope(selection);
  const result =
    options.engine === undefined
      ? diagnose(snapshot, { now, rules: RULES, podFilter: inScope })
      : options.engine.run(snapshot, now, inScope);
  const diagnoses =
    options.select === undefined
      ? selectDiagnoses(result.diagnoses, selection)
      : options.select(result.diagnoses, snapshot, selection);
  return {
    report: {
      generatedAt: new Date(clock()).toISOString(),
      referenceTime: now,
      source: sourceOf(snapshot, now),
      diagnoses,
    },
    snapshot,
    ruleFailures: result.ruleFailures,
    notes: notesOf(snapshot),
  };
}

/** The report's `source`, as the JSON contract has it. */
function sourceOf(snapshot: Snapshot, now: number): DiagnosisReport['source'] {
  const s = snapshot.source;
  const reference = new Date(now).toISOString();
  switch (s.type) {
    case 'file':
      return {
        type: 'file',
        paths: [...s.paths],
        ...(snapshot.capturedAt ? { capturedAt: snapshot.capturedAt } : {}),
        referenceTime: reference,
      };
    case 'live':
      return {
        type: 'live',
        ...(s.context ? { context: s.context } : {}),
        ...(s.server ? { server: s.server } : {}),
        referenceTime: reference,
        // what the scan read and did not keep (e.g. old routine events of quiet pods), and why
        ...(snapshot.dropped === undefined
          ? {}
          : { dropped: snapshot.dropped.map((d) => ({ ...d, why: sanitize(d.why) })) }),
      };
    case 'simulator':
      return { type: 'simulator', scenario: s.scenario, referenceTime: reference };
  }
}

/** How many nodes unreadyNodeNotes names one by one. */
const NODE_NOTES = 5;

/**
 * With no pod in the evidence, nothing is judged against a node that is not Ready (a paste of
 * `kubectl describe node` alone): say what its Ready condition says, rather than nothing.
 */
export function unreadyNodeNotes(snapshot: Snapshot): string[] {
  if (snapshot.pods.length > 0) return [];
  const lines = snapshot.nodes.flatMap((n) => {
    const ready = n.status.conditions?.find((c) => c.type === 'Ready');
    if (ready === undefined || ready.status === 'True') return [];
    const why = [ready.reason, ready.message].filter((s) => s !== undefined && s !== '').join(': ');
    return [`node ${n.metadata.name} is not Ready (Ready=${ready.status}${why === '' ? '' : `, ${why}`})`];
  });
  if (lines.length === 0) return [];
  const more = lines.length > NODE_NOTES ? [`and ${lines.length - NODE_NOTES} more nodes not Ready`] : [];
  return [
    ...lines.slice(0, NODE_NOTES),
    ...more,
    'no pod in the evidence to judge against these nodes: give the pods too (kubectl describe pod, or get pods -o wide)',
  ];
}

/** Collector notes name objects from the evidence: sanitised, since they go to stderr as they are. */
function notesOf(snapshot: Snapshot): string[] {
  return [
    ...snapshot.notes,
    ...unreadyNodeNotes(snapshot),
    ...snapshot.missing.map(
      (m) => `could not read ${m.kind}${m.namespace ? ` in ${m.namespace}` : ''}: ${m.why}`,
    ),
  ].map(sanitize);
}

/** Rule failures as the CLI prints them on stderr. */
export function ruleFailureLines(failures: readonly RuleFailure[]): string[] {
  return failures.map(
    (f) => `handoff: internal error in rule ${f.ruleId} on ${f.target}: ${f.error} (please report this)\n`,
  );
}
