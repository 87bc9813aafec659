/**
 * `handoff check [TARGET...]`: the CI gate. Waits until every target is Ready (Succeeded for
 * Jobs) or has definitely failed, printing a line per change, then the latest diagnosis.
 * Exit 0 all ready, 1 a target failed definitely (once all settled; --fail-fast: the first), 4 timed out while
 * targets were still progressing, 2 usage, 3 cluster.
 */
import { UsageError } from '../../errors/index.js';
import { humanDuration } from '../../k8s/index.js';
import type { DiagnosisReport } from '../../model/index.js';
import { compareDiagnoses } from '../../rules/engine/index.js';
import { Option } from 'commander';
import { colour, plain, renderText, REPORT_FORMATS } from '../../report/index.js';
import {
  clusterOptions,
  fileOption,
  judgingOptions,
  outputOption,
  repeatable,
  scopeOptions,
  type RegisterCommand,
} from '../options.js';
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
import { guardEmpty, settle, timedOut, type Outcome } from './outcome.js';
import { selectForCheck } from './targets.js';
import { parseNow, useColour } from '../commands/diagnose.js';
import { checkEvidenceFlags } from '../pipeline/collect.js';
import { ruleFailureLines, runDiagnosis, type DiagnosisRun } from '../pipeline/run-diagnosis.js';
import { liveScope, parseScope, type DiagnosisScope } from '../pipeline/scope.js';
import type { CliIO } from '../io.js';

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
  const reports = parseReports(opts.report, files, opts.force === true);
  const scope = parseScope(targetArgs, opts);
  const nowFlag = parseNow(opts.now);
  const source = sourceFor(opts, scope, nowFlag, io, control);
  const once = source.time === 'none';
  const style = output === 'text' && useColour(io) ? colour : plain;
  const tracker = new CheckTracker({ sloMs, settleMs });
  const timeText = source.time === 'simulated' ? ' (simulated)' : '';

  io.stdout.write(
    `${startLine(output, source, { timeoutMs, settleMs, sloMs, failFast: opts.failFast === true })}\n`,
  );

  const ended = await settledOrClosed(source, {
    io,
    nowFlag,
    scope,
    tracker,
    write: (line) => io.stdout.write(`${line}\n`),
    output,
    decide: (statuses, elapsed) => {
      const outcome =
        settle(statuses, elapsed, opts.failFast === true, once, timeText, settleMs) ??
        (elapsed >= timeoutMs ? timedOut(statuses, timeoutMs, timeText) : undefined);
      return outcome === undefined
        ? undefined
        : guardEmpty(outcome, statuses.length, opts.allowEmpty === true);
    },
    timeoutMs,
  });
  const { tick, run, outcome } = ended;

  // Failed first, then by chain order, as every report orders diagnoses (SLO failures included).
  const statuses = [...ended.statuses].sort((a, b) => compareDiagnoses(a.diagnosis, b.diagnosis));
  const report: DiagnosisReport = {
    ...run.report,
    generatedAt: new Date(io.now()).toISOString(),
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
    io.stdout.write(renderText(report, { style, verbose: opts.verbose === true, notes: run.notes }));
  }
  if (annotations === 'github') for (const line of githubAnnotations(statuses)) io.stdout.write(`${line}\n`);
  writeReports(reports, {
    report,
    headline: outcome.headline,
    durationMs: tick.elapsed,
    targetTimes,
    notes: run.notes,
  });
  return outcome.code;
}

/** The first line: what is checked, and how long it may take. */
function startLine(
  output: 'text' | 'json',
  source: CheckSource,
  p: { timeoutMs: number; settleMs: number; sloMs: number | undefined; failFast: boolean },
): string {
  if (output === 'json')
    return JSON.stringify({
      type: 'start',
      source: source.label,
      timeoutMs: p.timeoutMs,
      settleMs: p.settleMs,
      ...(p.sloMs === undefined ? {} : { sloStartupMs: p.sloMs }),
      failFast: p.failFast,
      time: source.time,
    });
  const timeText = source.time === 'simulated' ? ' (simulated)' : '';
  const timeout = source.time === 'none' ? '' : `, timeout ${humanDuration(p.timeoutMs)}${timeText}`;
  const slo = p.sloMs === undefined ? '' : `, startup SLO ${(p.sloMs / 1000).toFixed(1)}s`;
  return `handoff check: ${source.label}${timeout}${slo}`;
}

/** Where the check's snapshots come from: a scenario, files, or the live cluster. */
function sourceFor(
  opts: CheckOptions,
  scope: DiagnosisScope,
  nowFlag: number | undefined,
  io: CliIO,
  control: CheckControl,
): CheckSource {
  checkEvidenceFlags(opts);
  const files = opts.file ?? [];
  if (nowFlag !== undefined && files.length === 0)
    throw new UsageError('--now only applies to -f: a check of a cluster or scenario uses its own clock');
  if (opts.sim !== undefined) return simSource(opts.sim, control);
  if (files.length > 0) return fileSource(files, io, nowFlag);
  return liveSource(opts, liveScope(scope), io, control);
}

interface LoopParts {
  readonly io: CliIO;
  readonly nowFlag: number | undefined;
  readonly scope: DiagnosisScope;
  readonly tracker: CheckTracker;
  readonly write: (line: string) => void;
  readonly output: 'text' | 'json';
  /** The outcome once settled or timed out; undefined to keep waiting. */
  readonly decide: (statuses: readonly TargetStatus[], elapsed: number) => Outcome | undefined;
  readonly timeoutMs: number;
}

interface Ended {
  readonly tick: Tick;
  readonly run: DiagnosisRun;
  readonly statuses: readonly TargetStatus[];
  readonly outcome: Outcome;
}

/** watchUntilSettled, then the source closed whatever the end (a live cluster's watches stop). */
async function settledOrClosed(source: CheckSource, parts: LoopParts): Promise<Ended> {
  try {
    return await watchUntilSettled(source, parts);
  } finally {
    await source.close?.();
  }
}

/** Diagnoses each snapshot, prints what changed, and stops once the outcome is decided. */
async function watchUntilSettled(source: CheckSource, parts: LoopParts): Promise<Ended> {
  const { io, tracker, write } = parts;
  let tick = await source.first();
  for (let first = true; ; first = false) {
    const strict = first;
    const run = runDiagnosis(tick.collected, parts.scope, io.now, {
      nowFlag: parts.nowFlag,
      select: (judged, snapshot) => selectForCheck(judged, snapshot, { ...parts.scope, strict }),
    });
    for (const line of ruleFailureLines(run.ruleFailures)) io.stderr.write(line);
    const evaluation = tracker.evaluate(
      run.report.diagnoses,
      tick.collected.snapshot,
      run.report.referenceTime,
      tick.elapsed,
      source.time === 'none',
    );
    for (const change of evaluation.changes)
      write(
        parts.output === 'json' ? progressJson(tick.elapsed, change) : progressLine(tick.elapsed, change),
      );
    if (parts.output === 'text') for (const d of evaluation.gone) write(goneLine(tick.elapsed, d));
    const outcome = parts.decide(evaluation.statuses, tick.elapsed);
    if (outcome !== undefined) return { tick, run, statuses: evaluation.statuses, outcome };
    tick = await source.next(parts.timeoutMs - tick.elapsed);
  }
}

export const registerCheck: RegisterCommand = (program, { io, exit }) => {
  const cmd = program
    .command('check')
    .description(
      'CI gate: wait until every target is Ready (Succeeded for Jobs) or definitely failed; exit 0, 1, or 4 on timeout',
    );
  judgingOptions(
    outputOption(
      clusterOptions(
        fileOption(scopeOptions(cmd), 'check saved evidence once (post-mortem); repeatable')
          .option('--sim <SCENARIO>', 'check a simulator scenario, advancing simulated time')
          .option('--timeout <DURATION>', 'give up after this long (simulated time with --sim)', '5m')
          .option('--fail-fast', 'stop at the first definite failure instead of waiting for every target')
          .option('--force', 'replace existing --report files (never through a symbolic link)')
          .option(
            '--allow-empty',
            'exit 0 when nothing is in scope (default: exit 5, a gate that checked nothing)',
          )
          .option(
            '--report <KIND=PATH>',
            `write a report at the end, KIND one of ${REPORT_FORMATS.map((f) => f.name).join(', ')} (repeatable)`,
            repeatable,
          )
          .addOption(
            new Option('--annotations <FORMAT>', 'print CI annotations for failed targets').choices([
              'github',
            ]),
          )
          .option(
            '--slo <NAME=BUDGET>',
            'also fail pods whose startup (excluding image pulls and init containers) exceeded the budget, e.g. startup=5s',
            repeatable,
          )
          .option(
            '--settle <DURATION>',
            'how long Ready targets must stay Ready before the check passes',
            '10s',
          ),
      ),
      ['text', 'json'],
      'text',
      'progress lines and report (text) or JSON lines (json)',
    ),
    'with -f: reference time for grace periods (RFC 3339)',
  )
    .addHelpText(
      'after',
      `
Examples:
  handoff check deploy/web -n shop --timeout 5m             after kubectl apply, in a pipeline
  handoff check -n shop --report junit=out/handoff.xml --report markdown=out/handoff.md --annotations github
  handoff check -A -o json                                  JSON lines (the in-cluster CronJob)
  handoff check --sim image-pull-not-found                  on a simulator scenario, in simulated time

Exit codes: 0 all ready, 1 a target failed definitely (once every target settled; with --fail-fast at
the first), 2 usage, 3 cluster unreachable, 4 timed out while targets were still progressing,
5 no targets in scope (unless --allow-empty). See docs/github-action.md.`,
    )
    .action(async (targets: string[], opts: CheckOptions) => {
      exit(await runCheck(targets, opts, io));
    });
};
