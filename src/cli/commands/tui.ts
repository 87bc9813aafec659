/**
 * The Ink terminal UI: when `handoff` shows it, and the data feed behind it (a one-shot report,
 * a live --watch, or a simulator scenario advanced in real time with --speed).
 */
import { isUserError, UsageError } from '../../errors/index.js';
import type { Snapshot } from '../../model/index.js';
import { collected } from '../../collectors/collector.js';
import { collectLive, watchLive, type Connection } from '../../collectors/live/index.js';
import { snapshotFromSimulation } from '../../collectors/simulator/index.js';
import { resolveScenario } from '../../simulator/scenario/catalog.js';
import { Simulation } from '../../simulator/simulation.js';
import { PushFeed, type TuiData } from '../../tui/feed.js';
import { parseNow, useColour, type DiagnoseOptions } from './diagnose.js';
import { collectorFor, connectionFor, parseAt } from '../pipeline/collect.js';
import { IncrementalDiagnosis } from '../pipeline/incremental.js';
import { runDiagnosis } from '../pipeline/run-diagnosis.js';
import { liveScope, parseScope, type DiagnosisScope } from '../pipeline/scope.js';
import { EXIT, type CliIO } from '../io.js';
import { parseWatchTimeout, watchTiming, type WatchControl } from './watch.js';

export interface TuiOptions extends DiagnoseOptions {
  readonly watch?: boolean;
  /** `--watch-timeout`: with --watch, give up (exit 3) after this long without an answer. */
  readonly watchTimeout?: string;
  /** `--speed X`: with --sim, simulated seconds per real second. */
  readonly speed?: string;
}

/** True when CI says so (CI=true, CI=1, …); CI=false and CI=0 do not count. */
function inCi(env: CliIO['env']): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

function stdinIsTty(io: CliIO): boolean {
  return (io.stdin as { isTTY?: boolean }).isTTY === true;
}

/** The default of -o: the TUI on an interactive terminal outside CI, plain text everywhere else. */
export function defaultOutput(io: CliIO): 'tui' | 'text' {
  const interactive = io.stdout.isTTY === true && stdinIsTty(io) && io.env.TERM !== 'dumb' && !inCi(io.env);
  return interactive ? 'tui' : 'text';
}

/** `--speed`: simulated seconds per real second, 0 (frozen) to 10000. */
export function parseSpeed(text: string): number {
  const speed = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isFinite(speed) || speed > 10_000)
    throw new UsageError(
      `--speed: "${text}" is not a speed`,
      'use simulated seconds per real second, e.g. --speed 10 (0 freezes time)',
    );
  return speed;
}

export interface Selection {
  readonly scope: DiagnosisScope;
  readonly nowFlag: number | undefined;
}

/**
 * Diagnoses one snapshot for the TUI, scoped as `handoff` scopes its report. A live feed passes
 * its IncrementalDiagnosis, so that each update judges again only what changed.
 */
export function tuiData(
  snapshot: Snapshot,
  sel: Selection,
  io: CliIO,
  engine?: IncrementalDiagnosis,
): TuiData {
  const run = runDiagnosis(collected(snapshot), sel.scope, io.now, { nowFlag: sel.nowFlag, engine });
  const notes = [
    ...run.notes,
    ...run.ruleFailures.map((f) => `internal error in rule ${f.ruleId} on ${f.target}: ${f.error}`),
  ];
  return { report: run.report, snapshot, notes };
}

const ALT_SCREEN_ON = '\u001b[?1049h';
const ALT_SCREEN_OFF = '\u001b[?1049l';

/** Where the TUI's data comes from, decided before the screen is taken. */
export interface FeedPlan {
  readonly opts: TuiOptions;
  readonly sel: Selection;
  /** `--speed`: run the scenario live at this many simulated seconds per real second. */
  readonly speed: number | undefined;
  /** The live cluster (no -f, no --sim). */
  readonly connection: Connection | undefined;
  /** Milliseconds between two simulator steps; 400 by default. */
  readonly intervalMs?: number;
  /** The watch's request timing (tests). */
  readonly watch?: Pick<WatchControl, 'watchTimeoutSeconds' | 'backoff'>;
}

export interface RunningFeed {
  /** Settles when a one-shot load is done (a live feed runs until stopped); rejects on failure. */
  readonly done: Promise<void>;
  /** The data last pushed. */
  last(): TuiData | undefined;
  stop(): void;
}

/**
 * Starts filling `feed`: a spinner status first, then data, once (files, a live scan, a scenario
 * at its --at) or again and again (--watch; --sim with --speed, stepped in real time).
 */
export function startFeed(plan: FeedPlan, feed: PushFeed, io: CliIO): RunningFeed {
  const { opts, sel, speed, connection } = plan;
  let last: TuiData | undefined;
  const engine = new IncrementalDiagnosis();
  const push = (snapshot: Snapshot, live: boolean): void => {
    last = tuiData(snapshot, sel, io, live ? engine : undefined);
    feed.push({ kind: 'data', data: last, live });
  };
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const scope = liveScope(sel.scope);
  const counting = (what: string): (() => void) => {
    let objects = 0;
    return () => {
      objects++;
      if (objects % 500 === 0) feed.push({ kind: 'loading', status: { what, count: objects } });
    };
  };
  const load = async (): Promise<void> => {
    // Let the spinner draw before the first (possibly long, synchronous) collection.
    await new Promise((r) => setTimeout(r, 30));
    if (opts.sim !== undefined && (speed !== undefined || opts.watch === true)) {
      feed.push({ kind: 'loading', status: { what: `starting scenario ${opts.sim}` } });
      const scenario = resolveScenario(opts.sim);
      const sim = new Simulation(scenario);
      if (opts.at !== undefined) sim.run(parseAt(opts.at, scenario));
      push(snapshotFromSimulation(sim), true);
      let before = Date.now();
      timer = setInterval(() => {
        const now = Date.now();
        sim.runFor((now - before) * (speed ?? 1));
        before = now;
        push(snapshotFromSimulation(sim), true);
      }, plan.intervalMs ?? 400);
      return;
    }
    if (connection !== undefined) {
      const where = `${opts.allNamespaces === true ? 'every namespace' : `namespace ${opts.namespace ?? connection.namespace ?? 'default'}`} on context ${connection.context}`;
      const what = `reading pods, events, nodes and their related objects in ${where}`;
      feed.push({ kind: 'loading', status: { what } });
      const common = {
        now: () => new Date(io.now()),
        onObject: counting(what),
        ...(opts.probe === true ? { probe: true } : {}),
      };
      if (opts.watch === true) {
        await watchLive(connection, scope, {
          ...common,
          ...watchTiming(opts, plan.watch ?? {}),
          signal: stop.signal,
          onSnapshot: (snapshot) => {
            push(snapshot, true);
          },
          onLink: (state) => {
            feed.push({
              kind: 'link',
              stale: state.live ? undefined : { since: state.since, why: state.why },
            });
          },
        });
      } else push(await collectLive(connection, scope, common), false);
      return;
    }
    const files = opts.file ?? [];
    feed.push({
      kind: 'loading',
      status: {
        what: opts.sim !== undefined ? `running scenario ${opts.sim}` : `reading ${files.join(', ')}`,
      },
    });
    const evidence = await collectorFor(opts, { io, scope: sel.scope, nowFlag: sel.nowFlag }).collect();
    push(evidence.snapshot, false);
  };
  return {
    done: load(),
    last: () => last,
    stop: () => {
      stop.abort();
      if (timer !== undefined) clearInterval(timer);
    },
  };
}

/** `handoff` on a terminal: the Ink UI until q. Exits per the last diagnosis (0 or 1). */
export async function runTui(targetArgs: readonly string[], opts: TuiOptions, io: CliIO): Promise<number> {
  if (io.stdout.isTTY !== true || !stdinIsTty(io))
    throw new UsageError('-o tui needs an interactive terminal', 'use -o text (the default off a terminal)');
  const scope = parseScope(targetArgs, opts);
  const speed = opts.speed === undefined ? undefined : parseSpeed(opts.speed);
  if (speed !== undefined && opts.sim === undefined)
    throw new UsageError('--speed only applies to --sim', 'e.g. handoff --sim default --speed 10');
  const files = opts.file ?? [];
  if (opts.watch === true && files.length > 0)
    throw new UsageError('--watch cannot be combined with -f: files do not change');
  const sel: Selection = { scope, nowFlag: parseNow(opts.now) };
  if (opts.watch === true) parseWatchTimeout(opts.watchTimeout);
  // A missing kubeconfig is reported before the screen is taken.
  const connection = opts.sim === undefined && files.length === 0 ? connectionFor(opts, io) : undefined;

  // React and Ink load only for the TUI, in React's production build unless NODE_ENV says
  // otherwise (the development build makes every keypress several times slower).
  process.env.NODE_ENV ??= 'production';
  const [{ createElement }, { render }, { App }] = await Promise.all([
    import('react'),
    import('ink'),
    import('../../tui/App.js'),
  ]);
  const feed = new PushFeed();
  // Ink reads only write, isTTY, columns, rows and events of stdout, and the readable side and
  // raw mode of stdin: CliIO's streams have them (process streams, or test doubles).
  /* eslint-disable @typescript-eslint/no-unsafe-class-instance-assignment */
  const stdout = io.stdout as NodeJS.WriteStream;
  const stdin = io.stdin as NodeJS.ReadStream;
  /* eslint-enable @typescript-eslint/no-unsafe-class-instance-assignment */
  stdout.write(ALT_SCREEN_ON);
  const ink = render(createElement(App, { feed, colour: useColour(io) }), {
    stdout,
    stdin,
    exitOnCtrlC: true,
    patchConsole: false,
  });
  const running = startFeed({ opts, sel, speed, connection }, feed, io);
  let failure: Error | undefined;
  running.done.catch((err: unknown) => {
    // A failure before any data (unreachable cluster, bad file, a bug) ends the UI and is reported
    // as `handoff` reports it without the UI, and so does a watch that gave up on a lost cluster
    // (--watch-timeout, exit 3); other later ones show on the status line.
    if (running.last() === undefined || isUserError(err)) {
      failure = err instanceof Error ? err : new Error(String(err));
      ink.unmount();
      return;
    }
    feed.push({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  });
  // A terminated handoff gives the terminal back (cooked mode, main screen) like q does.
  const onSignal = (): void => {
    ink.unmount();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  try {
    await ink.waitUntilExit();
  } finally {
    process.removeListener('SIGTERM', onSignal);
    process.removeListener('SIGHUP', onSignal);
    running.stop();
    ink.cleanup();
    stdout.write(ALT_SCREEN_OFF);
  }
  if (failure !== undefined) throw failure;
  return running.last()?.report.diagnoses.some((d) => d.verdict === 'failed') === true
    ? EXIT.failed
    : EXIT.ok;
}
