/**
 * The scope flags against a served cluster, end to end through the CLI: a pod by name, each
 * workload kind, a Service, -l, -n and -A. A workload target brings its pods and its own
 * admission failures (the ReplicaSet's FailedCreate events).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { parseScenario } from '../../src/simulator/scenario/load.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { runCli } from '../run-cli.js';
import { writeKubeconfig } from './kubeconfig-files.js';

const SCENARIO = `
name: scopes
description: one of each target kind, in two namespaces
duration: 3m
expect: { target: deploy/orders, stage: admission, reason: QuotaExceeded }
cluster:
  nodes:
    - { name: worker, count: 3, cpu: '8', memory: 32Gi }
  namespaces:
    - name: shop
    - name: billing
      quota: { requests.cpu: 500m, requests.memory: 4Gi }
  registry:
    images:
      - { name: registry.example.com/web:1, run: { ports: [8080] } }
      - { name: registry.example.com/report:1, run: { exitAfter: 2s, exitCode: 1, logs: ['report: database unreachable'] } }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, namespace: shop, labels: { app: web } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: registry.example.com/web:1 }] }
  - apiVersion: v1
    kind: Service
    metadata: { name: web, namespace: shop }
    spec: { selector: { app: web }, ports: [{ port: 80, targetPort: 8080 }] }
  - apiVersion: v1
    kind: Service
    metadata: { name: ghost, namespace: shop }
    spec: { selector: { app: ghost }, ports: [{ port: 80, targetPort: 8080 }] }
  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: db, namespace: shop }
    spec:
      replicas: 1
      serviceName: db
      selector: { matchLabels: { app: db } }
      template:
        metadata: { labels: { app: db } }
        spec: { containers: [{ name: db, image: registry.example.com/web:1 }] }
  - apiVersion: apps/v1
    kind: DaemonSet
    metadata: { name: agent, namespace: shop }
    spec:
      selector: { matchLabels: { app: agent } }
      template:
        metadata: { labels: { app: agent } }
        spec: { containers: [{ name: agent, image: registry.example.com/web:1 }] }
  - apiVersion: batch/v1
    kind: CronJob
    metadata: { name: report, namespace: shop }
    spec:
      schedule: '*/1 * * * *'
      jobTemplate:
        spec:
          backoffLimit: 0
          template:
            metadata: { labels: { app: report } }
            spec:
              restartPolicy: Never
              containers: [{ name: report, image: registry.example.com/report:1 }]
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: orders, namespace: billing, labels: { app: orders } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: orders } }
      template:
        metadata: { labels: { app: orders } }
        spec:
          containers:
            - name: orders
              image: registry.example.com/web:1
              resources: { requests: { cpu: 400m, memory: 256Mi }, limits: { cpu: 400m, memory: 256Mi } }
`;

interface Row {
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly verdict: string;
  readonly stage: string | null;
  readonly reason: string | null;
}

let server: RunningApiServer | undefined;
let sim: Simulation;
let kubeconfig: string;
const home = mkdtempSync(path.join(os.tmpdir(), 'h-'));

beforeAll(async () => {
  sim = new Simulation(parseScenario(SCENARIO, 'scopes.yaml')).run();
  const running = await startApiServer(sim, { port: 0, speed: 0 });
  server = running;
  kubeconfig = writeKubeconfig([{ name: 'sim', server: running.url, token: ADMIN_TOKEN, namespace: 'shop' }]);
});
afterAll(async () => {
  await server?.close();
});

async function diagnoseLive(...args: string[]): Promise<{ code: number; rows: Row[] }> {
  const r = await runCli(['--kubeconfig', kubeconfig, '-o', 'json', ...args], { env: { HOME: home } });
  expect(r.stderr).not.toMatch(/error/);
  const report = JSON.parse(r.stdout) as {
    diagnoses: { target: Row; verdict: string; stage: string | null; reason: string | null }[];
  };
  return {
    code: r.code,
    rows: report.diagnoses.map((d) => ({
      ...d.target,
      verdict: d.verdict,
      stage: d.stage,
      reason: d.reason,
    })),
  };
}

const names = (rows: readonly Row[]): string[] =>
  rows.map((r) => `${r.kind}/${r.namespace}/${r.name}`).sort();

describe('live scope flags (through sim serve)', () => {
  it("deploy/NAME: the Deployment's pods and its own admission failure", async () => {
    const { code, rows } = await diagnoseLive('deploy/orders', '-n', 'billing');
    expect(code).toBe(1);
    expect(rows.find((r) => r.kind === 'Deployment')).toMatchObject({
      name: 'orders',
      verdict: 'failed',
      stage: 'admission',
      reason: 'QuotaExceeded',
    });
    const pods = rows.filter((r) => r.kind === 'Pod');
    expect(pods).toHaveLength(1);
    expect(pods[0]?.name).toMatch(/^orders-[a-z0-9]+-[a-z0-9]{5}$/);
  });

  it('rs/NAME: the ReplicaSet and its pods, by the generated name', async () => {
    const rs = sim.store.list('replicasets');
    const web = rs.find((r) => r.metadata.namespace === 'shop' && r.metadata.name.startsWith('web-'));
    expect(web).toBeDefined();
    const { code, rows } = await diagnoseLive(`rs/${web?.metadata.name ?? ''}`);
    expect(code).toBe(0);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.kind === 'Pod' && r.name.startsWith(`${web?.metadata.name ?? ''}-`))).toBe(
      true,
    );
  });

  it('sts/NAME and ds/NAME: their pods only', async () => {
    const sts = await diagnoseLive('sts/db');
    expect(names(sts.rows)).toEqual(['Pod/shop/db-0']);
    const ds = await diagnoseLive('ds/agent');
    expect(ds.rows).toHaveLength(3);
    expect(ds.rows.every((r) => r.name.startsWith('agent-') && r.verdict === 'healthy')).toBe(true);
  });

  it("cronjob/NAME: the pods of the CronJob's Jobs, with the failure", async () => {
    const { code, rows } = await diagnoseLive('cronjob/report');
    expect(code).toBe(1);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.name.startsWith('report-'))).toBe(true);
    expect(rows.some((r) => r.verdict === 'failed' && r.stage === 'crash')).toBe(true);
  });

  it('job/NAME: one Job of the CronJob', async () => {
    const job = sim.store.list('jobs').find((j) => j.metadata.name.startsWith('report-'));
    const { rows } = await diagnoseLive(`job/${job?.metadata.name ?? ''}`);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.name.startsWith(`${job?.metadata.name ?? ''}-`) || r.kind === 'Job')).toBe(
      true,
    );
  });

  it('svc/NAME: a Service with no endpoints fails at service-endpoints; a served one gives its pods', async () => {
    const ghost = await diagnoseLive('svc/ghost');
    expect(ghost.code).toBe(1);
    expect(ghost.rows).toEqual([
      expect.objectContaining({ kind: 'Service', name: 'ghost', stage: 'service-endpoints' }),
    ]);
    const web = await diagnoseLive('svc/web');
    expect(web.code).toBe(0);
    expect(web.rows).toHaveLength(2);
    expect(web.rows.every((r) => r.name.startsWith('web-'))).toBe(true);
  });

  it('a pod by bare NAME and by pod/NAME', async () => {
    const bare = await diagnoseLive('db-0');
    expect(names(bare.rows)).toEqual(['Pod/shop/db-0']);
    const typed = await diagnoseLive('pod/db-0');
    expect(names(typed.rows)).toEqual(['Pod/shop/db-0']);
  });

  it('-l selects by label in the namespace; -A reads every namespace', async () => {
    const web = await diagnoseLive('-l', 'app=web');
    expect(web.rows).toHaveLength(2);
    expect(web.rows.every((r) => r.namespace === 'shop' && r.name.startsWith('web-'))).toBe(true);
    const all = await diagnoseLive('-A');
    const namespaces = new Set(all.rows.map((r) => r.namespace));
    expect(namespaces.has('shop') && namespaces.has('billing')).toBe(true);
    const shopOnly = await diagnoseLive();
    expect(new Set(shopOnly.rows.map((r) => r.namespace))).toEqual(new Set(['shop']));
  });
});
