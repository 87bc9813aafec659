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
import { writeKubeconfig } from './kubeconfig-files.js';

/** The default scenario, with a user who may only read the "shop" namespace (a namespaced `view`). */
function scenario(): Scenario {
  const base = resolveScenario('default');
  const viewer = {
    name: 'dev',
    token: 'dev-token',
    groups: [],
    rules: [{ verbs: ['get', 'list', 'watch'], apiGroups: ['*'], resources: ['*'], namespaces: ['shop'] }],
  };
  return { ...base, cluster: { ...base.cluster, users: [...base.cluster.users, viewer] } };
}

describe('collectLive against the simulator API', () => {
  let server: RunningApiServer | undefined;
  const serve = async (token: string): Promise<{ conn: Connection; server: RunningApiServer }> => {
    const s = scenario();
    const sim = new Simulation(s);
    sim.run(s.duration);
    server = await startApiServer(sim, { port: 0, speed: 0 });
    const file = writeKubeconfig([{ name: 'sim', server: server.url, token, namespace: 'shop' }]);
    return {
      conn: loadConnection({ kubeconfig: file, env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) } }),
      server,
    };
  };
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a namespace scan lists each kind once and sends only get and list', async () => {
    const { conn, server: s } = await serve(ADMIN_TOKEN);
    const snap = await collectLive(conn, { allNamespaces: false, targets: [] });
    const { counts, byVerb } = s.requestLog.summary();
    expect(Object.keys(byVerb).filter((v) => v !== 'get' && v !== 'list' && v !== 'discovery')).toEqual([]);
    expect(counts['list pods']).toBe(1);
    expect(counts['list events']).toBe(1); // core/v1 only: events.k8s.io/v1 holds the same events
    expect(snap.missing).toEqual([]);
    expect(snap.pods.length).toBeGreaterThan(0);
    expect(snap.pods.every((p) => p.metadata.namespace === 'shop')).toBe(true);
  });

  it('with namespace-only view the cluster-scoped lists are missing, named with the verb, and the rest is read', async () => {
    const { conn } = await serve('dev-token');
    const snap = await collectLive(conn, { allNamespaces: false, targets: [] });
    expect(snap.missing.map((m) => m.kind).sort()).toEqual(['nodes', 'pvs', 'storageclasses']);
    expect(snap.missing.find((m) => m.kind === 'nodes')?.why).toBe(
      'nodes is forbidden: User "dev" cannot list resource "nodes" in API group "" at the cluster scope',
    );
    expect(snap.collected).not.toContain('nodes');
    expect(snap.collected).toEqual(expect.arrayContaining(['pods', 'events', 'services', 'endpointslices']));
  });

  it('a single pod is fetched by name with its related objects', async () => {
    const { conn, server: s } = await serve(ADMIN_TOKEN);
    const scan = await collectLive(conn, { allNamespaces: false, targets: [] });
    const name = scan.pods[0]?.metadata.name ?? '';
    const before = s.requestLog.records.length;
    const snap = await collectLive(conn, { allNamespaces: false, targets: [{ kind: 'Pod', name }] });
    const records = s.requestLog.records.slice(before);
    expect(records[0]).toMatchObject({ verb: 'get', resource: 'pods', name });
    expect(records.filter((r) => r.verb === 'list' && r.resource === 'pods')).toEqual([]);
    expect(snap.pods.map((p) => p.metadata.name)).toEqual([name]);
  });
});
