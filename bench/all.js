// npm run bench [-- --quick]: every benchmark, then one table of the figures that matter at scale
// beside their goals, all measured in this run.
//   full:    10,000 pods + 100,000 events for the engine, a 20 MB paste, a 10,000-target TUI, and
//            the simulator at 5,000 nodes / 150,000 pods served to `handoff -A` (about 15 minutes
//            and 10 GiB on a quiet machine).
//   --quick: the same code paths at a small scale (under 3 minutes; CI runs it so a regression
//            in any of them shows in the log). Its absolute figures are not the goals' scale.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const quick = process.argv.includes('--quick');
const unknown = process.argv.slice(2).filter((a) => a !== '--quick');
if (unknown.length > 0) {
  console.error(`bench: unknown argument ${unknown[0]} (usage: npm run bench [-- --quick])`);
  process.exit(2);
}
const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'handoff-bench-'));
const figuresFile = join(dir, 'figures.jsonl');
const scale = quick
  ? { pods: 2_000, events: 20_000, runs: 2, pasteMb: 5, tui: 2_000, simNodes: 200, simPods: 6_000 }
  : { pods: 10_000, events: 100_000, runs: 3, pasteMb: 20, tui: 10_000, simNodes: 5_000, simPods: 150_000 };

function run(args, env = {}) {
  const r = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env, BENCH_FIGURES: figuresFile },
  });
  if (r.status !== 0) {
    console.error(`bench: ${args.at(-1)} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
}

run(['--expose-gc', here('./run.js')], {
  BENCH_PODS: String(scale.pods),
  BENCH_EVENTS: String(scale.events),
  BENCH_RUNS: String(scale.runs),
  BENCH_PASTE_MB: String(scale.pasteMb),
});
run(['--expose-gc', here('./tui.js'), String(scale.tui)]);
run([
  '--max-old-space-size=12288',
  here('./sim.js'),
  '--nodes',
  String(scale.simNodes),
  '--pods',
  String(scale.simPods),
  '--minutes',
  '1',
]);

const figures = Object.assign(
  {},
  ...readFileSync(figuresFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l)),
);
rmSync(dir, { recursive: true, force: true });
const { engine, paste, sim, tui } = figures;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const gib = (b) => `${(b / 2 ** 30).toFixed(2)} GiB`;
const cli = sim.cli;
const cliMs = cli.collectMs + cli.diagnoseMs + cli.renderMs;
const rows = [
  [
    `engine / JSON.parse, ${engine.pods} pods + ${engine.events} events`,
    `${(engine.engineMs / engine.parseMs).toFixed(2)} (${(engine.withoutFastPathMs / engine.parseMs).toFixed(2)} without the quiet-pod path; diagnoses ${engine.sameDiagnoses ? 'identical' : 'DIFFERENT'})`,
    '<= 1.00',
  ],
  [
    `handoff -A -o json, ${sim.nodes} nodes / ${cli.pods} pods / ${cli.events} events`,
    `${s(cliMs)} (collect ${s(cli.collectMs)}, diagnose ${s(cli.diagnoseMs)}, render ${s(cli.renderMs)}), peak RSS ${gib(cli.maxRssBytes)}`,
    '< 60 s, < 1.5 GiB',
  ],
  [
    `the same, 2 quiet hours later: events dropped by the scan's filter`,
    `${sim.later.droppedEvents} of ${sim.later.droppedEvents + sim.later.events}; ${s(sim.later.collectMs + sim.later.diagnoseMs + sim.later.renderMs)}, peak RSS ${gib(sim.later.maxRssBytes)}`,
    '',
  ],
  [
    'collect / bare paged list of pods and events',
    `${(cli.collectMs / sim.bareListMs).toFixed(2)} (bare list ${s(sim.bareListMs)})`,
    '<= 1.2',
  ],
  [
    `paste parser, ${paste.mb.toFixed(0)} MB mixed paste`,
    `${paste.mbPerSecond.toFixed(1)} MB/s`,
    '>= 50 MB/s',
  ],
  [
    `simulator, ${sim.pods} pods, one simulated minute`,
    `${s(sim.minuteMs[0])}, peak RSS ${gib(sim.simPeakRssBytes)}`,
    '<= 120 s, <= 3 GiB',
  ],
  [
    `TUI, ${tui.targets} targets`,
    `first frame ${tui.firstFrameMs.toFixed(0)} ms, keypress p95 ${tui.keypressP95Ms.toFixed(0)} ms`,
    '',
  ],
];
const w = [0, 1].map((i) => Math.max(...rows.map((r) => r[i].length)));
console.log(`\nkube-handoff bench${quick ? ' --quick (small scale: the goals are for the full run)' : ''}`);
for (const [a, b, c] of rows)
  console.log(`  ${a.padEnd(w[0])}  ${b.padEnd(w[1])}  ${c === '' ? '' : `goal ${c}`}`);
