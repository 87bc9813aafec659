/**
 * `handoff sim list` and `handoff sim run NAME`: the built-in scenario library, and one
 * scenario run in process and diagnosed.
 */
import { humanDuration } from '../../k8s/index.js';
import { listScenarioFiles, loadScenarioFile } from '../../simulator/scenario/catalog.js';
import type { Scenario } from '../../simulator/scenario/types.js';
import { EXIT, type CliIO } from '../io.js';

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
