/**
 * Where `handoff check` gets its snapshots: a simulator scenario stepped in simulated time, a
 * live cluster listed once and then watched in real time, or files read once.
 */
import { collected, type Collected, type Collector } from '../../collectors/collector.js';
import { filesCollector } from '../../collectors/files/index.js';
import { startWatch, watchTimingFor, type LiveScope, type LiveWatch } from '../../collectors/live/index.js';
import { simulatorCollector } from '../../collectors/simulator/index.js';
import { resolveScenario } from '../../simulator/scenario/catalog.js';
import { Simulation } from '../../simulator/simulation.js';
import { connectionFor } from '../pipeline/collect.js';
import type { Snapshot } from '../../model/index.js';
import type { CliIO } from '../io.js';

export interface Tick {
  readonly collected: Collected;
  /** ms since the check started, in the source's time (simulated for --sim). */
  readonly elapsed: number;
}

export interface CheckSource {
  /** How the header and results name the time: "simulated", "real", or none for files. */
  readonly time: 'simulated' | 'real' | 'none';
  readonly label: string;
  /** The first snapshot, at elapsed 0. */
  first(): Promise<Tick>;
  /** The next snapshot, at most `maxWaitMs` later. */
  next(maxWaitMs: number): Promise<Tick>;
  /** Ends what the source keeps open (a live cluster's watches). */
  close?(): Promise<void>;
}

/** Test hooks; the CLI uses the defaults. */
export interface CheckControl {
  /** Simulated ms between two diagnoses of a scenario (default 1000). */
  readonly simStepMs?: number;
  /** Real ms between two diagnoses of a live cluster (default 2000). */
  readonly pollIntervalMs?: number;
  /** Real ms without an answer from a live cluster before the check gives up, exit 3 (default 30 s). */
  readonly giveUpMs?: number;
  /** Monotonic real clock, ms (default performance.now). */
  readonly clock?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export function simSource(name: string, control: CheckControl): CheckSource {
  const scenario = resolveScenario(name);
  const sim = new Simulation(scenario);
  const start = sim.clock.now();
  // The scenario's objects are applied by tasks due at t=0.
  sim.runUntil(start);
  const step = control.simStepMs ?? 1000;
  const collector = simulatorCollector(sim);
  const tick = async (): Promise<Tick> => ({
    collected: await collector.collect(),
    elapsed: sim.clock.now() - start,
  });
  return {
    time: 'simulated',
    label: `scenario ${scenario.name}`,
    first: tick,
    next: (maxWaitMs) => {
      sim.runFor(Math.max(1, Math.min(step, maxWaitMs)));
      return tick();
    },
  };
}

export function fileSource(files: readonly string[], io: CliIO, now: number | undefined): CheckSource {
  const collector: Collector = filesCollector(files, io.stdin, {
    ...(now === undefined ? {} : { now }),
    clock: io.now,
    env: io.env,
  });
  let evidence: Collected | undefined;
  const read = async (): Promise<Tick> => {
    evidence ??= await collector.collect();
    return { collected: evidence, elapsed: 0 };
  };
  return { time: 'none', label: files.join(', '), first: read, next: read };
}

export interface LiveSourceOptions {
  readonly kubeconfig?: string;
  readonly context?: string;
}

/**
 * How long to wait before the next snapshot: the poll interval from the start of the last one,
 * but on a big cluster, where building a snapshot takes long, at least as long again as it took,
 * so that the check never spends more than half its time building them.
 */
export function pollPause(intervalMs: number, lastTookMs: number, sinceLastStartMs: number): number {
  return Math.max(0, Math.max(intervalMs, 2 * lastTookMs) - sinceLastStartMs);
}

/**
 * A live cluster: one collection (the lists of a scan), then watches of every listed kind from
 * the lists' resourceVersion (a 410 re-lists that kind alone). Each poll diagnoses the evidence
 * the watches hold, so its cost on the API server does not grow with the cluster. A server
 * silent for `giveUpMs` ends the check with a ClusterError (exit 3).
 */
export function liveSource(
  opts: LiveSourceOptions,
  scope: LiveScope,
  io: CliIO,
  control: CheckControl,
): CheckSource {
  const connection = connectionFor(opts, io);
  const clock = control.clock ?? (() => performance.now());
  const sleep =
    control.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, ms);
      }));
  const interval = control.pollIntervalMs ?? 2000;
  const now = (): Date => new Date(io.now());
  const stop = new AbortController();
  const start = clock();
  let last = start;
  let took = 0;
  let watch: LiveWatch | undefined;
  const tick = async (snapshot: () => Snapshot | Promise<Snapshot>): Promise<Tick> => {
    last = clock();
    const evidence = collected(await snapshot());
    took = clock() - last;
    return { collected: evidence, elapsed: clock() - start };
  };
  return {
    time: 'real',
    label: `context ${connection.context || '(in-cluster)'} (${connection.server})`,
    first: () =>
      tick(async () => {
        watch = await startWatch(connection, scope, {
          signal: stop.signal,
          now,
          onNote: (n) => io.stderr.write(`handoff: note: ${n}\n`),
          ...watchTimingFor(control.giveUpMs ?? 30_000, { hint: 'check the cluster and the network' }),
        });
        return watch.initial;
      }),
    next: async (maxWaitMs) => {
      const wait = Math.min(maxWaitMs, pollPause(interval, took, clock() - last));
      if (wait > 0) await sleep(wait);
      const current = watch;
      if (current === undefined) throw new Error('liveSource: next() before first()');
      // The watch ends with an error only when it gave up (or failed): that error ends the check.
      const failure = current.failure();
      if (failure !== undefined) throw failure;
      return tick(() => current.current());
    },
    close: async () => {
      stop.abort();
      await watch?.ended;
    },
  };
}
