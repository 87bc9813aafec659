/**
 * `handoff preflight` against a served cluster (the simulator's HTTP API, read as a real one):
 * the state is read with lists only, and a capture bundle of the same cluster gives the same
 * prediction offline.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ensureBuilt, ROOT } from '../built-cli.js';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer } from '../../src/simulator/http/server.js';
import { loadScenarioFile } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { runCli } from '../run-cli.js';
import { writeKubeconfig } from './kubeconfig-files.js';

const READ_VERBS = new Set(['get', 'list', 'watch', 'discovery']);
const dir = mkdtempSync(path.join(os.tmpdir(), 'preflight-live-'));
const manifest = path.join(dir, 'trainer.yaml');
writeFileSync(
  manifest,
  `apiVersion: v1
kind: Pod
metadata: { name: trainer, namespace: ml }
spec:
  containers:
    - name: main
      image: registry.example/trainer:1.0
      resources: { requests: { cpu: '64' } }
`,
);

type Served = Awaited<ReturnType<typeof startApiServer>>;
let server: Served;
let kubeconfig: string;
const env = { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) };

beforeAll(async () => {
  // The insufficient-cpu scenario's cluster, none of its objects: two 4-cpu workers.
  const scenario = loadScenarioFile('scenarios/scheduling/insufficient-cpu.yaml');
  const sim = new Simulation({ ...scenario, objects: [] }).run(1000);
  server = await startApiServer(sim, { port: 0, speed: 0 });
  kubeconfig = writeKubeconfig([{ name: 'sim', server: server.url, token: ADMIN_TOKEN, namespace: 'ml' }]);
});
afterAll(async () => {
  await server.close();
});

describe('handoff preflight against a live cluster', () => {
  it('predicts the scheduling failure from the listed nodes, and sends only reads', async () => {
    const r = await runCli(['preflight', '-f', manifest, '--kubeconfig', kubeconfig, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      source: { type: string };
      diagnoses: { stage: string; reason: string; preflight: { verdict: string } }[];
    };
    expect(doc.source.type).toBe('live');
    expect(doc.diagnoses[0]).toMatchObject({
      stage: 'scheduling',
      reason: 'InsufficientResources',
      preflight: { verdict: 'would-fail' },
    });
    const verbs = Object.keys(server.requestLog.summary().byVerb);
    expect(verbs.filter((v) => !READ_VERBS.has(v))).toEqual([]);
  });

  it('gives the same prediction from a capture bundle of that cluster', async () => {
    const bundle = path.join(dir, 'cluster.bundle.yaml');
    const cap = await runCli(['capture', '-A', '--kubeconfig', kubeconfig, '--out', bundle], { env });
    expect(cap.code, cap.stderr).toBe(0);
    const r = await runCli(['preflight', '-f', manifest, '--against', bundle, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      source: { type: string; paths: string[] };
      diagnoses: { stage: string; reason: string; preflight: { verdict: string; unknown: string[] } }[];
    };
    expect(doc.source).toMatchObject({ type: 'file', paths: [bundle] });
    expect(doc.diagnoses[0]).toMatchObject({
      stage: 'scheduling',
      reason: 'InsufficientResources',
      preflight: { verdict: 'would-fail' },
    });
  });

  it("the GitHub Action's preflight mode annotates the manifest and fails the step", () => {
    ensureBuilt();
    const bundle = path.join(dir, 'cluster.bundle.yaml'); // written by the test above
    const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
      runs: { steps: { id?: string; run?: string }[] };
    };
    const script = action.runs.steps.find((s) => s.id === 'check')?.run ?? '';
    const output = path.join(dir, 'github-output');
    const summary = path.join(dir, 'summary.md');
    writeFileSync(output, '');
    writeFileSync(summary, '');
    const junit = path.join(dir, 'reports', 'preflight.xml');
    const r = spawnSync('bash', ['-e', '-c', script], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: env.HOME,
        GITHUB_ACTION_PATH: ROOT,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: summary,
        RUNNER_TEMP: dir,
        HANDOFF_MODE: 'preflight',
        HANDOFF_MANIFESTS: manifest,
        HANDOFF_AGAINST: bundle,
        HANDOFF_JUNIT: junit,
        HANDOFF_JOB_SUMMARY: 'true',
        HANDOFF_ANNOTATIONS: 'true',
        HANDOFF_TIMEOUT: '5m',
      },
    });
    expect(r.status, r.stderr).toBe(1);
    expect(readFileSync(output, 'utf8')).toContain('exit-code=1');
    expect(r.stdout).toMatch(
      /^::error file=[^,]*trainer\.yaml,line=1,title=handoff preflight%3A scheduling\/InsufficientResources/m,
    );
    expect(readFileSync(junit, 'utf8')).toContain('type="scheduling/InsufficientResources"');
    expect(readFileSync(summary, 'utf8')).toContain('InsufficientResources');
  }, 240_000);

  it('an unreachable cluster is exit 3', async () => {
    const dead = writeKubeconfig([
      { name: 'dead', server: 'http://127.0.0.1:9', token: 't', namespace: 'ml' },
    ]);
    const r = await runCli(['preflight', '-f', manifest, '--kubeconfig', dead], { env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('handoff preflight --server-dry-run', () => {
  it("asks the API server's admission (a webhook included) with dryRun=All creates, and stores nothing", async () => {
    const scenario = loadScenarioFile('scenarios/admission/webhook-denied.yaml');
    const sim = new Simulation({ ...scenario, objects: [] }).run(1000);
    const served = await startApiServer(sim, { port: 0, speed: 0 });
    try {
      const config = writeKubeconfig([
        { name: 'sim', server: served.url, token: ADMIN_TOKEN, namespace: 'cache' },
      ]);
      const file = path.join(dir, 'webhook.yaml');
      const { stringify } = await import('yaml');
      writeFileSync(file, scenario.objects.map((o) => stringify(o.manifest)).join('---\n'));
      const podsBefore = sim.store.list('pods').length;

      const plain = await runCli(['preflight', '-f', file, '--kubeconfig', config, '-o', 'json'], { env });
      const asked = await runCli(
        ['preflight', '-f', file, '--kubeconfig', config, '--server-dry-run', '-o', 'json'],
        {
          env,
        },
      );
      type Doc = {
        diagnoses: {
          stage: string | null;
          reason: string | null;
          preflight: { verdict: string; unknown: string[] };
        }[];
      };
      const before = (JSON.parse(plain.stdout) as Doc).diagnoses[0];
      const after = (JSON.parse(asked.stdout) as Doc).diagnoses[0];
      // Without asking, only the webhook could tell; asked, the webhook's own denial is the answer.
      expect(before?.preflight.verdict).toBe('cannot-tell');
      expect(before?.preflight.unknown.some((u) => u.includes('admission webhook'))).toBe(true);
      expect(asked.code, asked.stderr).toBe(1);
      expect(after).toMatchObject({
        stage: 'admission',
        reason: 'WebhookDenied',
        preflight: { verdict: 'would-fail' },
      });
      expect(asked.stderr).toMatch(/--server-dry-run sent \d+ creates with dryRun=All/);
      const writes = served.requestLog.records.filter((r) => !READ_VERBS.has(r.verb));
      expect(writes.length).toBeGreaterThan(0);
      expect(writes.every((r) => r.verb === 'create')).toBe(true); // and nothing stored:
      expect(sim.store.list('pods').length).toBe(podsBefore);
      expect(sim.store.list('deployments').length).toBe(0);
    } finally {
      await served.close();
    }
  });

  it('is refused without a live cluster', async () => {
    const r = await runCli(['preflight', '-f', manifest, '--sim', 'insufficient-cpu', '--server-dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--server-dry-run asks a live cluster');
  });
});
