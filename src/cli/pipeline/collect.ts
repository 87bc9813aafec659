/**
 * Which collector a command reads, decided once from its flags: a simulator scenario (`--sim`),
 * files (`-f`), or else the live cluster of the kubeconfig's context, as kubectl would.
 */
import { UsageError } from '../../errors/index.js';
import { parseDuration, type Clock } from '../../k8s/index.js';
import type { Collector } from '../../collectors/collector.js';
import { filesCollector } from '../../collectors/files/index.js';
import { liveCollector, loadConnection, type Connection } from '../../collectors/live/index.js';
import { simulatorCollector } from '../../collectors/simulator/index.js';
import { resolveScenario } from '../../simulator/scenario/catalog.js';
import type { Scenario } from '../../simulator/scenario/types.js';
import { Simulation } from '../../simulator/simulation.js';
import type { CliIO } from '../io.js';
import { liveScope, type DiagnosisScope } from './scope.js';

/** The evidence flags: where to read from. */
export interface EvidenceOptions {
  readonly file?: readonly string[];
  /** `--sim NAME|PATH`: a simulator scenario run in process. */
  readonly sim?: string;
  /** `--at D`: how far to run the scenario (default its own duration). */
  readonly at?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  /** `--probe`: active HTTP probes through pods/proxy (live clusters only). */
  readonly probe?: boolean;
}

/** `--at`: a duration after the scenario's start; default its own duration. */
export function parseAt(text: string | undefined, scenario: Scenario): number {
  if (text === undefined) return scenario.duration;
  const ms = parseDuration(text);
  if (ms === undefined)
    throw new UsageError(`--at: "${text}" is not a duration`, 'use e.g. --at 90s, --at 5m, --at 1h');
  return ms;
}

/** Loads a scenario (name or path) and runs it to `at`. */
export function simulate(nameOrPath: string, at: string | undefined): Simulation {
  const scenario = resolveScenario(nameOrPath);
  return new Simulation(scenario).run(parseAt(at, scenario));
}

/** The kubeconfig connection the flags name (a missing or bad kubeconfig throws a user error). */
export function connectionFor(opts: EvidenceOptions, io: CliIO): Connection {
  return loadConnection({
    ...(opts.kubeconfig === undefined ? {} : { kubeconfig: opts.kubeconfig }),
    ...(opts.context === undefined ? {} : { context: opts.context }),
    env: io.env,
  });
}

/** Rejects flag combinations that name two sources at once. */
export function checkEvidenceFlags(opts: EvidenceOptions): void {
  const files = opts.file ?? [];
  const live = opts.kubeconfig !== undefined || opts.context !== undefined;
  if (live && (files.length > 0 || opts.sim !== undefined))
    throw new UsageError(
      '--kubeconfig/--context read a live cluster; they cannot be combined with -f or --sim',
    );
  if (opts.probe === true && (files.length > 0 || opts.sim !== undefined))
    throw new UsageError(
      '--probe sends HTTP probes to a live cluster; it cannot be combined with -f or --sim',
    );
  if (opts.sim !== undefined && files.length > 0)
    throw new UsageError('--sim and -f/--file cannot be used together');
  if (opts.sim === undefined && opts.at !== undefined) throw new UsageError('--at only applies to --sim');
}

export interface CollectorContext {
  readonly io: CliIO;
  readonly scope: DiagnosisScope;
  /** `--now`, epoch ms: pasted ages count back from it. */
  readonly nowFlag: number | undefined;
  /** Called per object a live collection reads (the TUI's loading counter). */
  readonly onObject?: () => void;
}

/** The one collector the flags name. */
export function collectorFor(opts: EvidenceOptions, ctx: CollectorContext): Collector {
  checkEvidenceFlags(opts);
  const { io } = ctx;
  const clock: Clock = io.now;
  if (opts.sim !== undefined) return simulatorCollector(simulate(opts.sim, opts.at));
  const files = opts.file ?? [];
  if (files.length > 0)
    return filesCollector(files, io.stdin, {
      ...(ctx.nowFlag === undefined ? {} : { now: ctx.nowFlag }),
      clock,
      env: io.env,
    });
  return liveCollector(connectionFor(opts, io), liveScope(ctx.scope), {
    now: () => new Date(clock()),
    ...(opts.probe === true ? { probe: true } : {}),
    ...(ctx.onObject === undefined ? {} : { onObject: ctx.onObject }),
  });
}
