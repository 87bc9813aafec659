// The terminal UI's overview with 10,000 targets: first frame, keypress-to-frame latency, the
// filter typed character by character, and memory. Plain JS over dist/ (npm run build first):
//   node --expose-gc bench/tui.js [targets]
// React's production build, as `handoff` loads it.
process.env.NODE_ENV ??= 'production';
const { createElement } = await import('react');
const { render } = await import('ink-testing-library');
const { STAGE_IDS } = await import('../dist/model/index.js');
const { App, PushFeed } = await import('../dist/tui/index.js');
const { recordFigures } = await import('./figures.js');

const N = Number(process.argv[2] ?? 10_000);
const SIZE = { columns: 120, rows: 40 };

function diagnosis(i) {
  const failed = i % 10 === 0;
  const stop = failed ? STAGE_IDS.indexOf('image-pull') : STAGE_IDS.length;
  return {
    target: { kind: 'Pod', namespace: `ns-${i % 37}`, name: `pod-${i}` },
    verdict: failed ? 'failed' : 'healthy',
    stage: failed ? 'image-pull' : null,
    reason: failed ? 'ImageNotFound' : null,
    ruleId: failed ? 'image-pull/pull-failed' : null,
    container: null,
    summary: failed ? `The image registry.example/app-${i}:1 does not exist` : 'Running and Ready.',
    confidence: 'high',
    evidence: [],
    nextSteps: [],
    chain: STAGE_IDS.filter((s) => s !== 'termination').map((stage, k) => ({
      stage,
      status: k < stop ? 'passed' : k === stop ? 'failed' : 'not-reached',
    })),
    group: { kind: 'Deployment', name: `app-${i}` },
    notes: [],
  };
}

const ms = (t) => Number(t.toFixed(2));
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const tick = () => new Promise((r) => setTimeout(r, 1));

async function until(instance, test) {
  for (let i = 0; i < 1_000_000; i++) {
    const frame = instance.lastFrame() ?? '';
    if (test(frame)) return frame;
    await tick();
  }
  throw new Error('no frame');
}

globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const diagnoses = Array.from({ length: N }, (_, i) => diagnosis(i));
const feed = new PushFeed();
feed.push({
  kind: 'data',
  live: false,
  data: {
    report: {
      generatedAt: '2026-01-01T01:00:00Z',
      referenceTime: Date.parse('2026-01-01T01:00:00Z'),
      source: { type: 'simulator', scenario: 'bench', referenceTime: '2026-01-01T01:00:00Z' },
      diagnoses,
    },
    notes: [],
  },
});

let start = performance.now();
const instance = render(createElement(App, { feed, colour: true, size: SIZE }));
const first = await until(instance, (f) => f.includes(`row 1/${N}`));
const firstFrameMs = performance.now() - start;
const frameLines = first.split('\n').length;

const keys = [];
const cpuBefore = process.cpuUsage();
for (let i = 2; i <= Math.min(201, N); i++) {
  start = performance.now();
  instance.stdin.write('j');
  await until(instance, (f) => f.includes(`row ${i}/${N}`));
  keys.push(performance.now() - start);
}

const cpu = process.cpuUsage(cpuBefore);
const cpuPerKey = (cpu.user + cpu.system) / 1000 / keys.length;
instance.stdin.write('/');
await until(instance, (f) => f.includes('▏'));
const typing = [];
let typed = '';
for (const ch of 'pod-99') {
  typed += ch;
  start = performance.now();
  instance.stdin.write(ch);
  await until(instance, (f) => f.includes(`/${typed}▏`));
  typing.push(performance.now() - start);
}

globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;
instance.unmount();

console.log(`tui overview, ${N} targets at ${SIZE.columns}x${SIZE.rows}`);
console.log(`  first frame          ${ms(firstFrameMs)} ms (${frameLines} lines drawn)`);
console.log(
  `  keypress -> frame    mean ${ms(keys.reduce((a, b) => a + b, 0) / keys.length)} ms, p95 ${ms(percentile(keys, 0.95))} ms (${keys.length} presses of j)`,
);
console.log(`  CPU per keypress     ${ms(cpuPerKey)} ms (the wall times include waiting on a busy machine)`);
console.log(
  `  filter keystroke     mean ${ms(typing.reduce((a, b) => a + b, 0) / typing.length)} ms, max ${ms(Math.max(...typing))} ms`,
);
console.log(
  `  heap                 ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB for the data and the UI${globalThis.gc ? '' : ' (run with --expose-gc for a settled figure)'}`,
);
recordFigures('tui', {
  targets: N,
  firstFrameMs,
  keypressMeanMs: keys.reduce((a, b) => a + b, 0) / keys.length,
  keypressP95Ms: percentile(keys, 0.95),
});
process.exit(0);
