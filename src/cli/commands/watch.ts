import { UsageError } from '../../errors/index.js';
import type { Diagnosis, Snapshot } from '../../model/index.js';
import { collected } from '../../collectors/collector.js';
import {
  watchLive,
  watchTimingFor,
  type BackoffOptions,
  type LinkState,
  type WatchLiveOptions,
} from '../../collectors/live/index.js';
import { formatTime, humanDuration, parseDuration } from '../../k8s/index.js';
import { IncrementalDiagnosis } from '../pipeline/incremental.js';
import { colour, plain, renderJson, renderText, sanitize, type Style } from '../../report/index.js';
import { outputFormat, parseNow, useColour, type DiagnoseOptions } from './diagnose.js';
import { connectionFor } from '../pipeline/collect.js';
import { ruleFailureLines, runDiagnosis } from '../pipeline/run-diagnosis.js';
import { liveScope, parseScope } from '../pipeline/scope.js';
import { EXIT, type CliIO } from '../io.js';
import { changesBetween, roundOf, type Change, type Round, type TargetState } from './watch-changes.js';

export interface WatchOptions extends DiagnoseOptions {
  readonly probe?: boolean;
  /** `--watch-timeout`: give up (exit 3) after this long without an answer; 0 never. */
  readonly watchTimeout?: string;
}

export const DEFAULT_WATCH_TIMEOUT = '5m';

/** `--watch-timeout DURATION` in ms (0: never give up); exit 2 on anything else. */
export function parseWatchTimeout(text: string | undefined): number {
  const value = (text ?? DEFAULT_WATCH_TIMEOUT).trim();
  const ms = value === '0' ? 0 : parseDuration(value);
  if (ms === undefined)
    throw new UsageError(
      `--watch-timeout: "${text ?? ''}" is not a duration`,
      'use e.g. --watch-timeout 5m, or 0 to keep reconnecting for ever',
    );
  return ms;
}

/** How the watch notices a lost server and when it gives up, from --watch-timeout. */
export function watchTiming(
  opts: Pick<WatchOptions, 'watchTimeout'>,
  control: Pick<WatchControl, 'watchTimeoutSeconds' | 'backoff'> = {},
): Pick<WatchLiveOptions, 'giveUp' | 'stallMs' | 'watchTimeoutSeconds' | 'backoff'> {
  return watchTimingFor(parseWatchTimeout(opts.watchTimeout), {
    hint: 'check the cluster and the network; --watch-timeout sets how long to wait (0: for ever)',
    ...control,
  });
}

export interface WatchControl {
  /** Stops the watch (tests); SIGINT and SIGTERM stop it too. */
  readonly signal?: AbortSignal;
  /** Least time between two diagnoses; 500 ms by default. */
  readonly intervalMs?: number;
  /** Passed to the watch requests (tests). */
  readonly watchTimeoutSeconds?: number;
  /** Waits between reconnects (tests). */
  readonly backoff?: BackoffOptions;
  /** Told after each round how many pods were judged afresh, of how many (tests). */
  readonly onJudged?: (judgedPods: number, totalPods: number) => void;
}

/**
 * `handoff --watch`: the full report once, then one line (text) or one JSON object (json) per
 * target whose verdict, stage or reason changed, until SIGINT/SIGTERM. Exits per the last
 * diagnosis (0 nothing failed, 1 a target failed).
 */
export async function runWatch(
  targetArgs: readonly string[],
  opts: WatchOptions,
  io: CliIO,
  control: WatchControl = {},
): Promise<number> {
  const format = outputFormat(opts.output).name;
  if (format !== 'text' && format !== 'json')
    throw new UsageError('--watch prints text or JSON lines', 'use -o text or -o json');
  if ((opts.file?.length ?? 0) > 0 || opts.sim !== undefined)
    throw new UsageError('--watch reads a live cluster; it cannot be combined with -f or --sim');
  if (opts.at !== undefined) throw new UsageError('--at only applies to --sim');
  const scope = parseScope(targetArgs, opts);
  const nowFlag = parseNow(opts.now);
  const timing = watchTiming(opts, control);
  const connection = connectionFor(opts, io);

  const controller = new AbortController();
  const stop = (): void => {
    controller.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  control.signal?.addEventListener('abort', stop, { once: true });
  if (control.signal?.aborted === true) stop();

  const engine = new IncrementalDiagnosis();
  let previous: Round | undefined;
  let failed = false;
  const style = format === 'text' && useColour(io) ? colour : plain;
  const onSnapshot = (snapshot: Snapshot): void => {
    const run = runDiagnosis(collected(snapshot), scope, io.now, { nowFlag, engine });
    control.onJudged?.(engine.lastJudged, snapshot.pods.length);
    for (const line of ruleFailureLines(run.ruleFailures)) io.stderr.write(line);
    const diagnoses = run.report.diagnoses;
    failed = diagnoses.some((d) => d.verdict === 'failed');
    const current = roundOf(diagnoses, snapshot);
    if (previous === undefined) {
      if (format === 'json') {
        io.stdout.write(
          `${JSON.stringify({ type: 'report', report: JSON.parse(renderJson(run.report)) as unknown })}\n`,
        );
        for (const n of run.notes) io.stderr.write(`handoff: note: ${n}\n`);
      } else {
        io.stdout.write(renderText(run.report, { style, notes: run.notes, verbose: opts.verbose === true }));
        io.stdout.write(`${style.dim('watching for changes (Ctrl-C to stop)…')}\n`);
      }
    } else {
      const at = new Date(io.now()).toISOString();
      for (const c of changesBetween(previous, current))
        io.stdout.write(`${changeLine(format, style, at, c)}\n`);
    }
    previous = current;
  };

  try {
    await watchLive(connection, liveScope(scope), {
      signal: controller.signal,
      now: () => new Date(io.now()),
      onSnapshot,
      onNote: (n) => io.stderr.write(`handoff: note: ${n}\n`),
      onLink: (state) =>
        io.stdout.write(`${linkLine(format, style, new Date(io.now()).toISOString(), state)}\n`),
      ...timing,
      ...(opts.probe === true ? { probe: true } : {}),
      ...(control.intervalMs === undefined ? {} : { intervalMs: control.intervalMs }),
    });
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    control.signal?.removeEventListener('abort', stop);
  }
  return failed ? EXIT.failed : EXIT.ok;
}

/**
 * One change as watch prints it: a JSON line, or a text line painted by its new verdict. `to` is
 * null when the target left the evidence, healthy when no rule reports on it any more.
 */
function changeLine(format: 'text' | 'json', style: Style, at: string, c: Change): string {
  const { d, from, to } = c;
  if (format === 'json')
    return JSON.stringify({
      type: 'change',
      at,
      target: { kind: d.target.kind, namespace: d.target.namespace, name: d.target.name },
      from: from ?? null,
      to: to ?? null,
      ...(c.summary === undefined ? {} : { summary: c.summary }),
    });
  const line = `${at.slice(11, 19)} ${targetText(d)}  ${stateText(from, 'new')} → ${stateText(to, 'gone')}`;
  return to?.verdict === 'failed' ? style.red(line) : to?.verdict === 'healthy' ? style.green(line) : line;
}

/**
 * The connection's state changes, once each: stale since the last answer (and why), live again.
 * Text lines read like change lines; JSON lines have `type: "connection"`.
 */
function linkLine(format: 'text' | 'json', style: Style, at: string, state: LinkState): string {
  if (format === 'json')
    return JSON.stringify(
      state.live
        ? { type: 'connection', at, state: 'live', staleMs: state.staleMs }
        : {
            type: 'connection',
            at,
            state: 'stale',
            since: formatTime(state.since),
            why: sanitize(state.why),
          },
    );
  if (state.live)
    return style.green(`${at.slice(11, 19)} live again after ${humanDuration(state.staleMs)} stale`);
  return style.red(
    `${at.slice(11, 19)} stale since ${formatTime(state.since).slice(11, 19)}: ${sanitize(state.why)}; reconnecting`,
  );
}

function stateText(s: TargetState | undefined, none: string): string {
  if (s === undefined) return `(${none})`;
  return [s.verdict, s.stage, s.reason].filter((x): x is string => x !== null && x !== '').join(' ');
}

function targetText(d: Diagnosis): string {
  const t = d.target;
  return t.kind === 'Pod' ? `${t.namespace}/${t.name}` : `${t.namespace}/${t.kind.toLowerCase()}/${t.name}`;
}
