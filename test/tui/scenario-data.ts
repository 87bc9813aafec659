import type { TuiData } from '../../src/tui/index.js';
import { simulate } from '../../src/cli/sim/run.js';
import { tuiData } from '../../src/cli/commands/tui.js';
import type { CliIO } from '../../src/cli/io.js';

const cache = new Map<string, TuiData>();

/** A scenario run to its own duration and diagnosed as the TUI gets it (deterministic). */
export function scenarioData(name: string): TuiData {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const { snapshot } = simulate(name, undefined);
  const io = { now: () => Date.parse('2030-01-01T00:00:00Z') } as unknown as CliIO;
  const data = tuiData(snapshot, {}, { targets: [], selector: undefined, nowFlag: undefined }, io);
  cache.set(name, data);
  return data;
}
