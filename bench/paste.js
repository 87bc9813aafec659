// Paste-parser throughput: a 20 MB mixed paste (describe, events tables, get tables, fragments, prose).
import { performance } from 'node:perf_hooks';
import { generatePaste } from './paste-sample.js';
import { snapshotFromSources } from '../dist/collectors/files/index.js';

export function benchPaste({ bytes = 20 * 1024 * 1024, runs = 3 } = {}) {
  const text = generatePaste(bytes);
  let best = Infinity;
  let snapshot;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    snapshot = snapshotFromSources([{ name: 'paste', text }], ['paste'], {
      now: Date.parse('2026-03-17T14:20:00Z'),
    });
    best = Math.min(best, performance.now() - t0);
  }
  const mb = text.length / 1024 / 1024;
  return {
    mb,
    ms: best,
    mbPerSecond: mb / (best / 1000),
    pods: snapshot.pods.length,
    events: snapshot.events.length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = benchPaste();
  console.log(
    `paste: ${r.mb.toFixed(1)} MB mixed paste in ${r.ms.toFixed(0)} ms = ${r.mbPerSecond.toFixed(1)} MB/s (${r.pods} pods, ${r.events} events)`,
  );
}
