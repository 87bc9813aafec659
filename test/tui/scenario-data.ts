import type { TuiData } from '../../src/tui/index.js';
import { simulate } from '../../src/cli/pipeline/collect.js';
import { snapshotFromSimulation } from '../../src/collectors/simulator/index.js';
import { parseScope } from '../../src/cli/pipeline/scope.js';
import { tuiData } from '../../src/cli/commands/tui.js';
import type { CliIO } from '../../src/cli/io.js';

const cache = new Map<string, TuiData>();

/** A scenario run to its own duration and diagnosed as the TUI gets it (deterministic). */
export function scenarioData(name: string): TuiData {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const snapshot = snapshotFromSimulation(simulate(name, undefined));
  const io = { now: () => Date.parse('2030-01-01T00:00:00Z') } as unknown as CliIO;
  const data = tuiData(snapshot, { scope: parseScope([], {}), nowFlag: undefined }, io);
  cache.set(name, data);
  return data;
}
