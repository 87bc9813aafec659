// npm run bench (after bench/run.js): the simulator at Kubernetes' own upper limits. Generates a
// 5,000-node / 150,000-pod scenario, loads it, runs it to steady state, then serves it over HTTP
// and lists every pod and event the way kubectl does (limit=500 + continue), then diagnoses the
// whole cluster with `handoff -A --kubeconfig -o json` against that server, in a child process
// so that its time and peak memory are the CLI's own and not shared with the simulator's heap.
//   node bench/sim.js [--nodes N] [--pods M] [--seed S] [--minutes SIMULATED_MINUTES] [--page N]
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { generateScenarioDetailed } from '../dist/simulator/generate/generate.js';
import { parseScenario } from '../dist/simulator/scenario/load.js';
import { Simulation } from '../dist/simulator/simulation.js';
import { startApiServer } from '../dist/simulator/http/server.js';
import { ADMIN_TOKEN } from '../dist/simulator/api/types.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { recordFigures } from './figures.js';

/** Runs bench/live-diagnose.js against the served cluster; resolves to its JSON figures. */
function runChild(kubeconfig, now) {
  const script = fileURLToPath(new URL('./live-diagnose.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_CHILD_FLAGS ?? '').split(' ').filter(Boolean),
        '--max-old-space-size=8192',
        '--expose-gc',
        script,
        kubeconfig,
        now,
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? ''));
      } catch {
        reject(new Error(`bench/live-diagnose.js exited ${status} without figures: ${out.slice(0, 500)}`));
      }
    });
  });
}

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v <= 0) {
    console.error(`bench/sim.js: --${name} needs a positive number`);
    process.exit(2);
  }
  return v;
}

const NODES = flag('nodes', 5_000);
const PODS = flag('pods', 150_000);
const SEED = flag('seed', 1);
const MINUTES = flag('minutes', 1);
const PAGE = flag('page', 500);

// The simulation runs synchronously, so a sampling timer would never fire during it: the
// kernel's own peak RSS is exact, and the heap is sampled after every phase.
let peakHeap = 0;
const sampleHeap = () => {
  peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
};
const rows = [];
const mib = (b) => `${(b / 2 ** 20).toFixed(0)} MiB`;
const ms = (t) => (t >= 10_000 ? `${(t / 1000).toFixed(1)} s` : `${t.toFixed(0)} ms`);
async function phase(name, fn, detail) {
  const t0 = performance.now();
  const result = await fn();
  const took = performance.now() - t0;
  sampleHeap();
  rows.push([name, ms(took), detail(result, took)]);
  console.error(`  ${name}: ${ms(took)}`);
  return result;
}

console.error(`kube-handoff sim bench: ${NODES} nodes, ${PODS} pods, seed ${SEED}`);
const generated = await phase(
  'generate',
  () => generateScenarioDetailed({ nodes: NODES, pods: PODS, seed: SEED }),
  (g) =>
    `${(g.text.length / 1e6).toFixed(1)} MB YAML, ${g.objects} objects, ${g.workloads} workloads, ${g.failingPods} failing pods`,
);
const scenario = await phase(
  'load (parse + validate)',
  () => parseScenario(generated.text, 'generated.yaml'),
  (s, took) => `${s.objects.length} objects, ${Math.round(s.objects.length / (took / 1000))} objects/s`,
);
const sim = await phase(
  'bootstrap',
  () => new Simulation(scenario),
  (s) => `${s.store.list('nodes').length} nodes registered`,
);

const phases = (s) => {
  const count = {};
  for (const p of s.store.list('pods'))
    count[p.status?.phase ?? 'none'] = (count[p.status?.phase ?? 'none'] ?? 0) + 1;
  return Object.entries(count)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
};
const minuteMs = [];
for (let m = 1; m <= MINUTES; m++) {
  const before = sim.taskCount;
  const m0 = performance.now();
  await phase(
    `simulate minute ${m}`,
    () => sim.runFor(60_000),
    (_, took) =>
      `${sim.taskCount - before} tasks (${Math.round((sim.taskCount - before) / (took / 1000))}/s); pods: ${phases(sim)}`,
  );
  minuteMs.push(performance.now() - m0);
}
// The simulator's own peak, before the server and the lists add theirs.
const simRssBytes = process.resourceUsage().maxRSS * 1024;
rows.push(['store', '', `${sim.store.list('pods').length} pods, ${sim.store.list('events').length} events`]);

const server = await startApiServer(sim, { port: 0, speed: 0 });
async function listAll(path) {
  let cont = '';
  let items = 0;
  let requests = 0;
  let bytes = 0;
  do {
    const url = `${server.url}${path}?limit=${PAGE}${cont === '' ? '' : `&continue=${encodeURIComponent(cont)}`}`;
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, Accept: 'application/json' },
    });
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    bytes += text.length;
    const body = JSON.parse(text);
    items += body.items.length;
    requests++;
    cont = body.metadata?.continue ?? '';
  } while (cont !== '');
  return { items, requests, bytes };
}
const listMs = {};
let cli;
let later;
try {
  for (const path of ['/api/v1/pods', '/api/v1/events']) {
    const l0 = performance.now();
    await phase(
      `list ${path.split('/').pop()} (limit=${PAGE})`,
      () => listAll(path),
      (r, took) =>
        `${r.items} items in ${r.requests} requests, ${Math.round(r.items / (took / 1000))} items/s, ${(r.bytes / 1e6).toFixed(0)} MB`,
    );
    listMs[path.split('/').pop()] = performance.now() - l0;
  }
  // The whole live path, as `handoff -A --kubeconfig` runs it against a real cluster.
  const dir = mkdtempSync(join(tmpdir(), 'handoff-bench-'));
  const kubeconfig = join(dir, 'config');
  writeFileSync(
    kubeconfig,
    `apiVersion: v1\nkind: Config\ncurrent-context: sim\nclusters:\n- name: sim\n  cluster: {server: ${server.url}}\nusers:\n- name: sim\n  user: {token: ${ADMIN_TOKEN}}\ncontexts:\n- name: sim\n  context: {cluster: sim, user: sim}\n`,
  );
  // The CLI end to end in its own process, so its peak memory is its own, not the simulator's.
  server.requestLog.reset();
  cli = await phase(
    'handoff -A --kubeconfig -o json (child)',
    () => runChild(kubeconfig, sim.clock.iso()),
    (r) => {
      const log = server.requestLog.summary();
      const verbs = Object.entries(log.byVerb)
        .map(([v, n]) => `${n} ${v}`)
        .join(', ');
      return `${r.pods} pods, ${r.events} events, ${r.targets} targets (${r.failed} failed); ${log.total} requests (${verbs}); collect ${ms(r.collectMs)}, diagnose ${ms(r.diagnoseMs)}, render ${ms(r.renderMs)} (${(r.reportBytes / 1e6).toFixed(0)} MB JSON); heap kept: evidence ${mib(r.evidenceHeapBytes)}, diagnoses ${mib(r.diagnosesHeapBytes)}; peak RSS ${mib(r.maxRssBytes)}`;
    },
  );
  if (cli.missing > 0) process.exitCode = 1;
  // The same cluster two hours later with nothing changed (the served objects as they are, judged
  // at a reference time 2 h on): the routine events of quiet pods are then over an hour old and the
  // scan's event filter drops them while it lists. What that saves is this row beside the one above.
  later = await phase(
    'the same, 2 quiet hours later (child)',
    () => runChild(kubeconfig, new Date(sim.clock.now() + 2 * 3_600_000).toISOString()),
    (r) =>
      `${r.events} events kept, ${r.droppedEvents} dropped; ${r.targets} targets (${r.failed} failed); collect ${ms(r.collectMs)}, diagnose ${ms(r.diagnoseMs)}; heap kept: evidence ${mib(r.evidenceHeapBytes)}; peak RSS ${mib(r.maxRssBytes)}`,
  );
} finally {
  await server.close();
}

const usage = process.resourceUsage();
rows.push(['memory', '', `peak RSS ${mib(usage.maxRSS * 1024)}, peak heap used ${mib(peakHeap)}`]);
const w0 = Math.max(...rows.map((r) => r[0].length));
const w1 = Math.max(...rows.map((r) => r[1].length));
console.log(`kube-handoff sim bench: ${NODES} nodes, ${PODS} pods, ${MINUTES} simulated minutes`);
for (const [a, b, c] of rows) console.log(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);
recordFigures('sim', {
  nodes: NODES,
  pods: PODS,
  minuteMs,
  simPeakRssBytes: simRssBytes,
  bareListMs: (listMs.pods ?? 0) + (listMs.events ?? 0),
  cli,
  later,
});
