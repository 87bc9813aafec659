/**
 * `handoff sim list` and `handoff sim run NAME`: the built-in scenario library, and one
 * scenario run in process and diagnosed.
 */
import { UsageError } from '../../errors/index.js';
import { humanDuration, parseDuration } from '../../k8s/index.js';
import type { Snapshot } from '../../model/index.js';
import { listScenarioFiles, loadScenarioFile, resolveScenario } from '../../simulator/scenario/catalog.js';
import type { Scenario } from '../../simulator/scenario/types.js';
import { Simulation } from '../../simulator/simulation.js';
import { EXIT, type CliIO } from '../io.js';
import { snapshotFromSimulation } from '../../collectors/simulator/index.js';

/** `--at`: a duration after the scenario's start; default its own duration. */
export function parseAt(text: string | undefined, scenario: Scenario): number {
  if (text === undefined) return scenario.duration;
  const ms = parseDuration(text);
  if (ms === undefined)
    throw new UsageError(`--at: "${text}" is not a duration`, 'use e.g. --at 90s, --at 5m, --at 1h');
  return ms;
}

export interface SimulatedEvidence {
  readonly scenario: Scenario;
  readonly snapshot: Snapshot;
  readonly sim: Simulation;
}

/** Loads a scenario (name or path), runs it to `at` and gathers its evidence. */
export function simulate(nameOrPath: string, at: string | undefined): SimulatedEvidence {
  const scenario = resolveScenario(nameOrPath);
  const sim = new Simulation(scenario).run(parseAt(at, scenario));
  return { scenario, sim, snapshot: snapshotFromSimulation(sim) };
}

/** `handoff sim list`: one scenario a line, name and description. */
export function runSimList(io: CliIO, opts: { readonly wide?: boolean } = {}): number {
  const scenarios = listScenarioFiles().map((f) =>
    loadScenarioFile(f.path, f.group === undefined ? {} : { group: f.group }),
  );
  const width = Math.max(...scenarios.map((s) => s.name.length));
  for (const s of scenarios) {
    const extra =
      opts.wide === true ? `  [${s.group ?? '-'}, ${humanDuration(s.duration)}, ${expectText(s)}]` : '';
    io.stdout.write(`${s.name.padEnd(width)}  ${s.description}${extra}\n`);
  }
  return EXIT.ok;
}

function expectText(s: Scenario): string {
  return s.expect
    .map((e) => ('verdict' in e ? e.verdict : `${e.stage}/${e.reason}`))
    .filter((v, i, all) => all.indexOf(v) === i)
    .join(' ');
}
