/**
 * What a scan costs, read from the simulator's request log: a fixed number of list operations
 * whatever the number of pods (only the pod list gains pages, 500 items each), against kubectl
 * describe pods, which sends requests per pod.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectLive, loadConnection } from '../../src/collectors/live/index.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { parseScenario } from '../../src/simulator/scenario/load.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { writeKubeconfig } from './kubeconfig-files.js';
import { defaultKubectl } from '../../scripts/find-kubectl.mjs';

/** A namespace with `pods` bare pods, stored at t=0 (nothing needs to run for a cost count). */
async function serveWith(pods: number): Promise<RunningApiServer & { events: number }> {
  const lines = ['name: cost', 'description: request cost', 'expect: {verdict: healthy}', 'objects:'];
  for (let i = 0; i < pods; i++)
    lines.push(
      `  - {apiVersion: v1, kind: Pod, metadata: {name: web-${i}, namespace: shop, labels: {app: web}}, spec: {containers: [{name: web, image: nginx:1.27}]}}`,
    );
  const sim = new Simulation(parseScenario(lines.join('\n'), 'cost.yaml'));
  sim.run(0);
  return Object.assign(await startApiServer(sim, { port: 0, speed: 0 }), {
    events: sim.store.count('events'),
  });
}

async function scanCost(
  server: RunningApiServer,
): Promise<{ lists: number; perPath: Map<string, number>; total: number; pods: number }> {
  const kubeconfig = writeKubeconfig([
    { name: 'sim', server: server.url, token: ADMIN_TOKEN, namespace: 'shop' },
  ]);
  const connection = loadConnection({ kubeconfig, env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) } });
  server.requestLog.reset();
  const snapshot = await collectLive(connection, { allNamespaces: false, targets: [] });
  const perPath = new Map<string, number>();
  for (const r of server.requestLog.records)
    if (r.verb === 'list') perPath.set(r.path, (perPath.get(r.path) ?? 0) + 1);
  return {
    // Each path is one list operation; a path asked more than once is its later pages.
    lists: perPath.size,
    perPath,
    total: server.requestLog.summary().total,
    pods: snapshot.pods.length,
  };
}

describe('request cost of a namespace scan', () => {
  it('is the same number of list operations for 10 and 2,000 pods; only the pod list pages', async () => {
    const small = await serveWith(10);
    const large = await serveWith(2000);
    try {
      const a = await scanCost(small);
      const b = await scanCost(large);
      expect(a.pods).toBe(10);
      expect(b.pods).toBe(2000);
      expect(b.lists).toBe(a.lists);
      expect(a.total).toBeLessThanOrEqual(20);
      // Pages of 500: the only growth is pagination of the pod and event lists.
      for (const [p, n] of a.perPath) expect(n, p).toBe(1);
      const pages = (items: number): number => Math.max(1, Math.ceil(items / 500));
      let extraPages = 0;
      for (const [p, n] of b.perPath) {
        const expected = p.endsWith('/pods') ? pages(2000) : p.endsWith('/events') ? pages(large.events) : 1;
        expect(n, p).toBe(expected);
        extraPages += n - 1;
      }
      // Counting a paginated list as the one request it is, the totals are equal: no per-pod call.
      expect(b.total - extraPages).toBe(a.total);
    } finally {
      await small.close();
      await large.close();
    }
  });

  const kubectl = defaultKubectl()?.bin;
  it.skipIf(kubectl === undefined)('costs less than kubectl describe pods, which asks per pod', async () => {
    const server = await serveWith(40);
    try {
      const ours = await scanCost(server);
      const kubeconfig = writeKubeconfig([
        { name: 'sim', server: server.url, token: ADMIN_TOKEN, namespace: 'shop' },
      ]);
      server.requestLog.reset();
      await promisify(execFile)(kubectl ?? 'kubectl', [
        '--kubeconfig',
        kubeconfig,
        'describe',
        'pods',
        '-n',
        'shop',
      ]);
      const theirs = server.requestLog.summary().total;
      // describe lists the pods, then fetches each pod's events: at least one request per pod.
      expect(theirs).toBeGreaterThanOrEqual(40);
      expect(ours.total).toBeLessThan(theirs);
    } finally {
      await server.close();
    }
  });
});
