/**
 * `kubectl events` (1.26+) prints the same events as `kubectl get events`, with the OBJECT column
 * spelt `Pod/web-1` instead of `pod/web-1` and the LAST SEEN column holding the `(xN over T)`
 * span. Genuine output of every installed kubectl (1.27–1.33) against the simulator's demo
 * cluster, pasted, must diagnose alike whichever of the two commands printed it. Skipped only
 * when no kubectl binary exists.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeconfigYaml } from '../src/cli/sim/serve.js';
import { startApiServer, type RunningApiServer } from '../src/simulator/http/server.js';
import { parseScenario } from '../src/simulator/scenario/load.js';
import { Simulation } from '../src/simulator/simulation.js';
import { diagnosePaste } from './paste-diagnoses.js';
import { UNNAMED_POD } from '../src/collectors/paste/common/types.js';
import { findKubectls } from '../scripts/find-kubectl.mjs';
import { kubectl as runKubectl } from './simulator/kubectl-run.js';

const KUBECTLS = findKubectls();
const CLOCK = Date.parse('2026-12-01T12:00:00Z');

async function kubectl(bin: string, kubeconfig: string, args: readonly string[]): Promise<string> {
  const run = await runKubectl(bin, kubeconfig, args);
  if (run.code !== 0) throw new Error(`${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

function pasted(command: string, stdout: string) {
  const text = `$ ${command}\n${stdout}`;
  const { snapshot: snap, diagnoses } = diagnosePaste(text, CLOCK);
  return {
    snap,
    failed: diagnoses
      .filter((d) => d.verdict === 'failed')
      .map((d) => `${d.target.kind} ${d.target.namespace ?? ''}/${d.target.name} ${d.stage} ${d.reason}`)
      .sort(),
  };
}

describe.skipIf(KUBECTLS.length === 0)('kubectl events and kubectl get events, pasted', () => {
  let dir: string;
  let server: RunningApiServer;
  let kubeconfig: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'handoff-kubectl-events-'));
    // As `handoff sim serve` does: the world's "now" is the wall clock's once it has run, since
    // kubectl prints ages against the wall clock.
    const loaded = parseScenario(readFileSync('scenarios/default.yaml', 'utf8'), 'default.yaml');
    const sim = new Simulation({ ...loaded, start: Math.floor(Date.now() / 1000) * 1000 - loaded.duration });
    sim.run(loaded.duration);
    server = await startApiServer(sim, { speed: 0 });
    kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, kubeconfigYaml(server.url));
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe.each(KUBECTLS)('kubectl $name', ({ bin }) => {
    it.each([['-A'], ['-n', 'payments'], ['-n', 'shop']])(
      'events %s reads every row with its object and diagnoses as get events does',
      async (...scope) => {
        const events = await kubectl(bin, kubeconfig, ['events', ...scope]);
        const getEvents = await kubectl(bin, kubeconfig, ['get', 'events', ...scope]);
        expect(events).toMatch(/^(?:NAMESPACE\s+)?LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/m);
        expect(events).toMatch(/\s(?:Pod|ReplicaSet|Deployment)\/[a-z0-9]/);
        const a = pasted(`kubectl events ${scope.join(' ')}`, events);
        const b = pasted(`kubectl get events ${scope.join(' ')}`, getEvents);
        const rows = events.trim().split('\n').length - 1;
        expect(a.snap.events).toHaveLength(rows);
        expect(a.snap.events.filter((e) => e.regarding.name === UNNAMED_POD)).toEqual([]);
        expect(a.failed.length).toBeGreaterThan(2);
        expect(a.failed).toEqual(b.failed);
      },
    );
  });
});
