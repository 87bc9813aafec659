// Child of bench/sim.js: what `handoff -A --kubeconfig PATH -o json` does (collect, diagnose,
// render), phase by phase, in its own process so that its peak RSS is its own and not the
// simulator's. Prints one JSON line of figures.
//   node bench/live-diagnose.js KUBECONFIG [NOW]
// NOW (RFC 3339) is the served cluster's clock: the simulator's time is not the wall clock, and
// grace periods are judged against it, as `--now` does for the CLI.
import { performance } from 'node:perf_hooks';
import { collectLive, loadConnection } from '../dist/collectors/live/index.js';
import { diagnose } from '../dist/rules/engine/index.js';
import { RULES } from '../dist/rules/index.js';
import { jsonChunks } from '../dist/report/json.js';

const kubeconfig = process.argv[2];
if (kubeconfig === undefined) {
  console.error('usage: node bench/live-diagnose.js KUBECONFIG');
  process.exit(2);
}
const nowMs = process.argv[3] === undefined ? Date.now() : Date.parse(process.argv[3]);
const t0 = performance.now();
const snapshot = await collectLive(
  loadConnection({ kubeconfig, env: { HOME: '/nonexistent' } }),
  { allNamespaces: true, targets: [] },
  { now: () => new Date(nowMs) },
);
const t1 = performance.now();
// Live heap after a full GC: what each phase keeps (run with --expose-gc).
const heapNow = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const evidenceHeap = heapNow();
const { diagnoses } = diagnose(snapshot, { now: nowMs, rules: RULES });
const t2 = performance.now();
const diagnosesHeap = heapNow() - evidenceHeap;
// Streamed as the CLI writes it (chunk by chunk), counted instead of written.
let reportBytes = 0;
for (const chunk of jsonChunks({
  generatedAt: new Date().toISOString(),
  referenceTime: nowMs,
  source: { type: 'live' },
  diagnoses,
}))
  reportBytes += chunk.length;
const t3 = performance.now();
console.log(
  JSON.stringify({
    pods: snapshot.pods.length,
    events: snapshot.events.length,
    droppedEvents: (snapshot.dropped ?? []).reduce((n, d) => n + (d.kind === 'events' ? d.count : 0), 0),
    missing: snapshot.missing.length,
    targets: diagnoses.length,
    failed: diagnoses.filter((d) => d.verdict === 'failed').length,
    collectMs: t1 - t0,
    diagnoseMs: t2 - t1,
    renderMs: t3 - t2,
    reportBytes,
    evidenceHeapBytes: evidenceHeap,
    diagnosesHeapBytes: diagnosesHeap,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  }),
);
