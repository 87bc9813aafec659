const MODE = process.argv[2] ?? 'describe';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigYaml } from '../dist/cli/sim/serve.js';
import { startApiServer } from '../dist/simulator/http/server.js';
import { parseScenario } from '../dist/simulator/scenario/load.js';
import { Simulation } from '../dist/simulator/simulation.js';
import { snapshotFromSources } from '../dist/collectors/files/index.js';
import { referenceTimeOf } from '../dist/collectors/collector.js';
import { diagnose } from '../dist/rules/engine/index.js';
import { RULES } from '../dist/rules/index.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'parity-'));
const files = readdirSync('scenarios', { recursive: true }).map(String).filter((f) => f.endsWith('.yaml')).sort();
let same = 0, diff = 0;
for (const f of files) {
  const loaded = parseScenario(readFileSync(join('scenarios', f), 'utf8'), f);
  const sim = new Simulation({ ...loaded, start: Math.floor(Date.now() / 1000) * 1000 - loaded.duration });
  sim.run(loaded.duration);
  
  const server = await startApiServer(sim, { speed: 0 });
  const kc = join(dir, 'kc'); writeFileSync(kc, kubeconfigYaml(server.url));
  const k = async (...a) => (await run('kubectl', ['--kubeconfig', kc, ...a], { maxBuffer: 1 << 26 })).stdout;
  const nsList = [
    ...(await k('get', 'pods', '-A', '-o', 'jsonpath={range .items[*]}{.metadata.namespace}{"\\n"}{end}')).split('\n'),
    ...(await k('get', 'events', '-A', '-o', 'jsonpath={range .items[*]}{.metadata.namespace}{"\\n"}{end}')).split('\n'),
  ].filter(Boolean);
  const out = [];
  for (const ns of [...new Set(nsList)]) {
    if (MODE === 'describe') out.push(`$ kubectl describe pods -n ${ns}\n` + (await k('describe', 'pods', '-n', ns)));
    if (MODE === 'events') out.push(`$ kubectl get events -n ${ns}\n` + (await k('get', 'events', '-n', ns)));
    if (MODE === 'workloads') out.push(`$ kubectl describe deploy,rs,sts,job -n ${ns}\n` + (await k('describe', 'deploy,rs,sts,job', '-n', ns)));
    if (MODE === 'services') out.push(`$ kubectl describe svc -n ${ns}\n` + (await k('describe', 'svc', '-n', ns)) + `\n$ kubectl get endpoints -n ${ns}\n` + (await k('get', 'endpoints', '-n', ns)) + `\n$ kubectl get pods -n ${ns} --show-labels\n` + (await k('get', 'pods', '-n', ns, '--show-labels')));
    if (MODE === 'kevents') out.push(`$ kubectl events -n ${ns}\n` + (await k('events', '-n', ns)));
    if (MODE === 'getpods') out.push(`$ kubectl get pods -n ${ns}\n` + (await k('get', 'pods', '-n', ns)) + `\n$ kubectl get events -n ${ns}\n` + (await k('get', 'events', '-n', ns)));
  }
  const text = out.join('\n');
  await server.close();
  let snap;
  try { snap = snapshotFromSources([{ name: 'p.txt', text }], ['p.txt'], { clock: () => Date.now() }); }
  catch (e) { diff++; console.log(`DIFF ${f}: refused`); continue; }
  const d = diagnose(snap, { now: referenceTimeOf(snap) ?? Date.now(), rules: RULES }).diagnoses;
  const failed = d.filter((x) => x.verdict === 'failed');
  const problems = [];
  for (const want of loaded.expect) {
    if (want.stage !== undefined) {
      const hit = failed.find((x) => x.stage === want.stage && (want.reason === undefined || x.reason === want.reason));
      if (!hit) problems.push(`want ${want.target ?? ''} ${want.stage}/${want.reason ?? ''} got [${[...new Set(d.map((x) => `${x.verdict}:${x.stage}/${x.reason}`))].join(' ')}]`);
    } else if (want.verdict === 'healthy' && failed.length > 0) problems.push(`want healthy got ${failed.map((x) => `${x.target.name}:${x.stage}/${x.reason}`).join(' ')}`);
  }
  if (problems.length === 0) same++; else { diff++; console.log(`DIFF ${f}: ${problems.join('; ')}`); }
}
console.log(`same ${same} diff ${diff}`);
