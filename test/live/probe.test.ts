import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectLive, loadConnection, type Connection } from '../../src/collectors/live/index.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import type { Scenario } from '../../src/simulator/scenario/types.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { runCli } from '../run-cli.js';
import { writeKubeconfig } from './kubeconfig-files.js';

let server: RunningApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(
  scenario: Scenario | string,
  token = ADMIN_TOKEN,
): Promise<{ conn: Connection; kubeconfig: string; server: RunningApiServer }> {
  const s = typeof scenario === 'string' ? resolveScenario(scenario) : scenario;
  const sim = new Simulation(s);
  sim.run(s.duration);
  server = await startApiServer(sim, { port: 0, speed: 0 });
  const kubeconfig = writeKubeconfig([{ name: 'sim', server: server.url, token, namespace: 'shop' }]);
  return {
    conn: loadConnection({ kubeconfig, env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) } }),
    kubeconfig,
    server,
  };
}

function onlyReads(s: RunningApiServer): void {
  const { byVerb } = s.requestLog.summary();
  expect(Object.keys(byVerb).filter((v) => !['get', 'list', 'proxy', 'discovery'].includes(v))).toEqual([]);
  const proxied = s.requestLog.records.filter((r) => r.verb === 'proxy');
  expect(proxied.every((r) => r.resource === 'pods/proxy')).toBe(true);
}

describe('--probe against the simulator API', () => {
  it('records the 503 of a failing readiness endpoint, through pods/proxy', async () => {
    const { conn, server: s } = await serve('readiness-probe-failed');
    const snap = await collectLive(conn, { allNamespaces: false, targets: [] }, { probe: true });
    expect(snap.collected).toContain('probes');
    const ready = snap.probes.filter((p) => p.probe === 'readiness');
    expect(ready.length).toBeGreaterThan(0);
    expect(ready[0]).toMatchObject({
      namespace: 'shop',
      container: 'checkout',
      statusCode: 503,
      url: expect.stringMatching(
        /^\/api\/v1\/namespaces\/shop\/pods\/checkout-[^/]+:8080\/proxy\/ready$/,
      ) as string,
    });
    expect(ready[0]?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(ready[0]?.at).toMatch(/^\d{4}-/);
    expect(s.requestLog.count('proxy')).toBe(snap.probes.length);
    onlyReads(s);
  });

  it('records a 200 for a healthy rollout, and without --probe sends no proxy GET', async () => {
    const { conn, server: s } = await serve('healthy-rollout');
    const plain = await collectLive(conn, { allNamespaces: false, targets: [] });
    expect(plain.probes).toEqual([]);
    expect(s.requestLog.count('proxy')).toBe(0);
    const snap = await collectLive(conn, { allNamespaces: false, targets: [] }, { probe: true });
    expect(snap.probes.length).toBeGreaterThan(0);
    expect(snap.probes.every((p) => p.statusCode === 200)).toBe(true);
    onlyReads(s);
  });

  it('sends at most `max` probes', async () => {
    const { conn, server: s } = await serve('healthy-rollout');
    const snap = await collectLive(conn, { allNamespaces: false, targets: [] }, { probe: { max: 1 } });
    expect(snap.probes).toHaveLength(1);
    expect(s.requestLog.count('proxy')).toBe(1);
  });

  it('a 403 on pods/proxy is a note, not a failure', async () => {
    const base = resolveScenario('readiness-probe-failed');
    const viewer = {
      name: 'dev',
      token: 'dev-token',
      groups: [],
      rules: [{ verbs: ['get', 'list', 'watch'], apiGroups: ['*'], resources: ['pods', 'events'] }],
    };
    const { conn } = await serve(
      { ...base, cluster: { ...base.cluster, users: [...base.cluster.users, viewer] } },
      'dev-token',
    );
    const snap = await collectLive(conn, { allNamespaces: false, targets: [] }, { probe: true });
    expect(snap.probes).toEqual([]);
    expect(snap.notes.join('\n')).toMatch(/pods\/proxy is forbidden/);
  });

  it('handoff --probe diagnoses with probes; with -f it is a usage error', async () => {
    const { kubeconfig, server: s } = await serve('readiness-probe-failed');
    const r = await runCli(['--kubeconfig', kubeconfig, '--probe', '-o', 'json'], {
      env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
    });
    expect(r.code).toBe(1);
    expect(s.requestLog.count('proxy')).toBeGreaterThan(0);
    const bad = await runCli(['-f', 'x.yaml', '--probe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--probe/);
  });
});
