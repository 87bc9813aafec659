/**
 * `handoff check [TARGET...]`: the CI gate. Waits until every target is Ready (Succeeded for
 * Jobs) or has definitely failed, printing a line per change, then the latest diagnosis.
 * Exit 0 all ready, 1 a target failed (as soon as that is definite), 4 timed out while
 * targets were still progressing, 2 usage, 3 cluster.
 */
import { UsageError } from '../../errors/index.js';
import { humanDuration } from '../../k8s/index.js';
import type { Diagnosis, DiagnosisReport, Snapshot } from '../../model/index.js';
import { compareDiagnoses, diagnose, referenceTime } from '../../rules/engine/index.js';
import { RULES } from '../../rules/index.js';
import { colour, plain, renderText } from '../../report/index.js';
import {
  parseAnnotations,
  parseCheckOutput,
  parseReports,
  parseSettle,
  parseSlo,
  parseTimeout,
  type CheckOptions,
} from './options.js';
import {
  githubAnnotations,
  goneLine,
  progressJson,
  progressLine,
  resultJson,
  writeReports,
} from './output.js';
import {
  fileSource,
  liveSource,
  simSource,
  type CheckControl,
  type CheckSource,
  type Tick,
} from './sources.js';
import { CheckTracker, type TargetStatus } from './state.js';
import { settle, timedOut, type Outcome } from './outcome.js';
import { selectForCheck } from './targets.js';
import { parseNow, sourceOf, useColour } from '../commands/diagnose.js';
import type { CliIO } from '../io.js';
import { parseLabelSelector, parseTarget } from '../pipeline/scope.js';

export type { CheckOptions } from './options.js';
export type { CheckControl } from './sources.js';

export async function runCheck(
  targetArgs: readonly string[],
  opts: CheckOptions,
  io: CliIO,
  control: CheckControl = {},
): Promise<number> {
  const output = parseCheckOutput(opts.output);
  const timeoutMs = parseTimeout(opts.timeout);
  const settleMs = parseSettle(opts.settle);
  const sloMs = parseSlo(opts.slo);
  const annotations = parseAnnotations(opts.annotations);
  if (annotations !== undefined && output === 'json')
    throw new UsageError(
      '--annotations github prints workflow commands on stdout, which would break the JSON lines of -o json',
      'use --annotations github with the text output, and --report json=PATH for a JSON report',
    );
  const files = opts.file ?? [];
  const reports = parseReports(opts.report, files);
  if (opts.namespace !== undefined && opts.allNamespaces === true)
    throw new UsageError('-n/--namespace and -A/--all-namespaces cannot be used together');
  const live = opts.kubeconfig !== undefined || opts.context !== undefined;
  if (opts.sim !== undefined && files.length > 0)
    throw new UsageError('--sim and -f/--file cannot be used together');
  if (live && (files.length > 0 || opts.sim !== undefined))
    throw new UsageError(
      '--kubeconfig/--context read a live cluster; they cannot be combined with -f or --sim',
    );
  const nowFlag = parseNow(opts.now);
  if (nowFlag !== undefined && files.length === 0)
    throw new UsageError('--now only applies to -f: a check of a cluster or scenario uses its own clock');
  const targets = targetArgs.map(parseTarget);
  const selector = opts.selector === undefined ? undefined : parseLabelSelector(opts.selector);
  const scope = {
    ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
    allNamespaces: opts.allNamespaces === true,
    targets: targets.map((t) => ({ kind: t.kind, name: t.name })),
    ...(opts.selector === undefined ? {} : { selector: opts.selector }),
  };
  const source: CheckSource =
    opts.sim !== undefined
      ? simSource(opts.sim, control)
      : files.length > 0
        ? fileSource(files, io, nowFlag)
        : liveSource(opts, scope, io, control);
  const once = source.time === 'none';
  const style = output === 'text' && useColour(io) ? colour : plain;
  const tracker = new CheckTracker({ sloMs, settleMs });
  const timeText = source.time === 'simulated' ? ' (simulated)' : '';

  const start = {
    source: source.label,
    timeoutMs,
    settleMs,
    ...(sloMs === undefined ? {} : { sloStartupMs: sloMs }),
    failFast: opts.failFast === true,
    time: source.time,
  };
  if (output === 'json') io.stdout.write(`${JSON.stringify({ type: 'start', ...start })}\n`);
  else
    io.stdout.write(
      `handoff check: ${source.label}${once ? '' : `, timeout ${humanDuration(timeoutMs)}${timeText}`}${sloMs === undefined ? '' : `, startup SLO ${(sloMs / 1000).toFixed(1)}s`}\n`,
    );

  const ended = await watchUntilSettled(source, {
    io,
    nowFlag,
    select: (diagnoses, snapshot, strict) =>
      selectForCheck(diagnoses, snapshot, {
        ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
        targets,
        ...(selector === undefined ? {} : { selector }),
        strict,
      }),
    tracker,
    write: (line) => io.stdout.write(`${line}\n`),
    output,
    decide: (statuses, elapsed) =>
      settle(statuses, elapsed, opts.failFast === true, once, timeText, settleMs) ??
      (elapsed >= timeoutMs ? timedOut(statuses, timeoutMs, timeText) : undefined),
    timeoutMs,
  });
  const { tick, now, outcome } = ended;

  // Failed first, then by chain order, as every report orders diagnoses (SLO failures included).
  const statuses = [...ended.statuses].sort((a, b) => compareDiagnoses(a.diagnosis, b.diagnosis));
  const report: DiagnosisReport = {
    generatedAt: new Date(io.now()).toISOString(),
    source: sourceOf(tick.snapshot, now),
    diagnoses: statuses.map((s) => s.diagnosis),
  };
  const targetTimes = new Map(
    statuses.map((s) => [s.key, s.state === 'ready' || s.state === 'definite' ? s.since : tick.elapsed]),
  );
  if (output === 'json') {
    for (const s of statuses) io.stdout.write(`${resultJson(s, targetTimes.get(s.key))}\n`);
    io.stdout.write(
      `${JSON.stringify({ type: 'summary', exitCode: outcome.code, result: outcome.headline, elapsedMs: tick.elapsed, time: source.time })}\n`,
    );
  } else {
    io.stdout.write(`${style.bold(`result: ${outcome.headline}`)}\n\n`);
    const notes = [
      ...tick.snapshot.notes,
      ...tick.snapshot.missing.map(
        (m) => `could not read ${m.kind}${m.namespace ? ` in ${m.namespace}` : ''}: ${m.why}`,
      ),
    ];
    io.stdout.write(renderText(report, { style, verbose: opts.verbose === true, notes }));
  }
  if (annotations === 'github') for (const line of githubAnnotations(statuses)) io.stdout.write(`${line}\n`);
  writeReports(reports, { report, headline: outcome.headline, durationMs: tick.elapsed, targetTimes });
  return outcome.code;
}

interface LoopParts {
  readonly io: CliIO;
  readonly nowFlag: number | undefined;
  readonly select: (all: readonly Diagnosis[], snapshot: Snapshot, strict: boolean) => Diagnosis[];
  readonly tracker: CheckTracker;
  readonly write: (line: string) => void;
  readonly output: 'text' | 'json';
  /** The outcome once settled or timed out; undefined to keep waiting. */
  readonly decide: (statuses: readonly TargetStatus[], elapsed: number) => Outcome | undefined;
  readonly timeoutMs: number;
}

interface Ended {
  readonly tick: Tick;
  readonly now: number;
  readonly statuses: readonly TargetStatus[];
  readonly outcome: Outcome;
}

/** Diagnoses each snapshot, prints what changed, and stops once the outcome is decided. */
async function watchUntilSettled(source: CheckSource, parts: LoopParts): Promise<Ended> {
  const { io, tracker, write } = parts;
  let tick = await source.first();
  for (let first = true; ; first = false) {
    const now = parts.nowFlag ?? referenceTime(tick.snapshot) ?? io.now();
    const result = diagnose(tick.snapshot, { now, rules: RULES });
    for (const f of result.ruleFailures)
      io.stderr.write(
        `handoff: internal error in rule ${f.ruleId} on ${f.target}: ${f.error} (please report this)\n`,
      );
    const selected = parts.select(result.diagnoses, tick.snapshot, first);
    const evaluation = tracker.evaluate(selected, tick.snapshot, now, tick.elapsed, source.time === 'none');
    for (const change of evaluation.changes)
      write(
        parts.output === 'json' ? progressJson(tick.elapsed, change) : progressLine(tick.elapsed, change),
      );
    if (parts.output === 'text') for (const d of evaluation.gone) write(goneLine(tick.elapsed, d));
    const outcome = parts.decide(evaluation.statuses, tick.elapsed);
    if (outcome !== undefined) return { tick, now, statuses: evaluation.statuses, outcome };
    tick = await source.next(parts.timeoutMs - tick.elapsed);
  }
}
