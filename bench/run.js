// npm run bench: diagnoses a generated snapshot of 10,000 pods and 100,000 events and reports
// pods per second, peak memory, and engine time against JSON.parse time on the same input.
import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import { generateEvidence } from './generate.js';
import { SnapshotBuilder } from '../dist/collectors/snapshot-builder.js';
import { diagnose } from '../dist/rules/engine/index.js';
import { referenceTimeOf } from '../dist/collectors/collector.js';
import { RULES } from '../dist/rules/index.js';
import { recordFigures } from './figures.js';

const PODS = Number(process.env.BENCH_PODS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const timer = setInterval(sample, 5);

const t0 = performance.now();
const input = generateEvidence({ pods: PODS, events: EVENTS });
const genMs = performance.now() - t0;
const bytes = input.pods.length + input.events.length;

const results = [];
for (let run = 0; run < RUNS; run++) {
  globalThis.gc?.();
  const p0 = performance.now();
  const rawPods = JSON.parse(input.pods);
  const rawEvents = JSON.parse(input.events);
  const parseMs = performance.now() - p0;

  // Each phase starts after a full GC, so none pays for collecting the garbage of the one before.
  globalThis.gc?.();
  const n0 = performance.now();
  const builder = new SnapshotBuilder();
  builder.add(rawPods);
  builder.add(rawEvents);
  const snapshot = builder.build({ type: 'file', paths: ['bench'] });
  const normaliseMs = performance.now() - n0;

  globalThis.gc?.();
  const e0 = performance.now();
  const now = referenceTimeOf(snapshot) ?? Date.now();
  const { diagnoses } = diagnose(snapshot, { now, rules: RULES });
  const engineMs = performance.now() - e0;
  sample();
  const failed = diagnoses.filter((d) => d.verdict === 'failed').length;

  // The same input with the quiet-pod fast path off: its time, and proof the output is the same.
  globalThis.gc?.();
  const s0 = performance.now();
  const slow = diagnose(snapshot, { now, rules: RULES, quietFastPath: false }).diagnoses;
  const slowMs = performance.now() - s0;
  const sha = (d) => createHash('sha256').update(JSON.stringify(d)).digest('hex');
  results.push({
    parseMs,
    normaliseMs,
    engineMs,
    slowMs,
    targets: diagnoses.length,
    failed,
    sha: sha(diagnoses),
    slowSha: sha(slow),
  });
}
clearInterval(timer);

const best = (k) => Math.min(...results.map((r) => r[k]));
const last = results.at(-1);
const fmt = (ms) => `${ms.toFixed(0)} ms`;
console.log(
  `kube-handoff bench: ${PODS} pods, ${EVENTS} events, ${(bytes / 1e6).toFixed(1)} MB of JSON (generated in ${fmt(genMs)}), best of ${RUNS} runs, each phase after a full GC`,
);
console.log(`  JSON.parse            ${fmt(best('parseMs'))}`);
console.log(`  normalise (collector) ${fmt(best('normaliseMs'))}`);
console.log(
  `  engine (rules+chain)  ${fmt(best('engineMs'))}   ${Math.round(PODS / (best('engineMs') / 1000))} pods/s`,
);
console.log(
  `  end to end            ${Math.round(PODS / ((best('parseMs') + best('normaliseMs') + best('engineMs')) / 1000))} pods/s (parse + normalise + engine)`,
);
console.log(`  engine / JSON.parse   ${(best('engineMs') / best('parseMs')).toFixed(2)} (aim: <= 1.00)`);
console.log(
  `  without fast path     ${fmt(best('slowMs'))} (engine / JSON.parse ${(best('slowMs') / best('parseMs')).toFixed(2)}); diagnoses sha256 ${last.sha.slice(0, 16)} ${last.sha === last.slowSha ? 'identical' : `DIFFERENT from ${last.slowSha.slice(0, 16)}`}`,
);
console.log(`  peak RSS              ${(peak / 2 ** 20).toFixed(0)} MiB`);
console.log(`  targets ${last.targets}, failed ${last.failed}`);

// The paste parser on a 20 MB mixed paste (describe output, events and get tables, fragments, prose).
const { benchPaste } = await import('./paste.js');
const paste = benchPaste({ bytes: Number(process.env.BENCH_PASTE_MB ?? 20) * 1024 * 1024 });
console.log(
  `  paste parser          ${paste.mb.toFixed(1)} MB in ${fmt(paste.ms)} = ${paste.mbPerSecond.toFixed(1)} MB/s (${paste.pods} pods, ${paste.events} events found)`,
);

recordFigures('engine', {
  pods: PODS,
  events: EVENTS,
  parseMs: best('parseMs'),
  normaliseMs: best('normaliseMs'),
  engineMs: best('engineMs'),
  withoutFastPathMs: best('slowMs'),
  sameDiagnoses: last.sha === last.slowSha,
  peakRssBytes: peak,
});
recordFigures('paste', { mb: paste.mb, ms: paste.ms, mbPerSecond: paste.mbPerSecond });
