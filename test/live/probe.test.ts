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
import type { PodObj } from '../../src/simulator/world/types.js';
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
  /** Runs the simulation to where the test wants it; default: the scenario's duration. */
  prepare: (sim: Simulation) => void = (sim) => sim.run(),
): Promise<{ conn: Connection; kubeconfig: string; server: RunningApiServer }> {
  const s = typeof scenario === 'string' ? resolveScenario(scenario) : scenario;
  const sim = new Simulation(s);
  prepare(sim);
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

interface JsonReport {
  diagnoses: {
    target: { kind: string; name: string };
    stage: string | null;
    reason: string | null;
    ruleId: string | null;
    summary: string;
    evidence: { source: string; text: string; at?: string }[];
  }[];
}

/** The JSON report of a live run, with and without --probe, against the same served scenario. */
async function bothRuns(
  scenario: string,
  prepare?: (sim: Simulation) => void,
): Promise<{ plain: JsonReport; probed: JsonReport; text: string }> {
  const { kubeconfig, server: s } = await serve(scenario, ADMIN_TOKEN, prepare);
  const env = { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) };
  const plain = await runCli(['--kubeconfig', kubeconfig, '-o', 'json'], { env });
  expect(s.requestLog.count('proxy')).toBe(0);
  const probed = await runCli(['--kubeconfig', kubeconfig, '--probe', '-o', 'json'], { env });
  expect(s.requestLog.count('proxy')).toBeGreaterThan(0);
  const text = await runCli(['--kubeconfig', kubeconfig, '--probe', '-o', 'text'], { env });
  onlyReads(s);
  expect([probed.code, text.code]).toEqual([1, 1]);
  return {
    plain: JSON.parse(plain.stdout) as JsonReport,
    probed: JSON.parse(probed.stdout) as JsonReport,
    text: text.stdout,
  };
}

/** Every event is gone, as after the API server's event TTL (1 h). */
function expireEvents(sim: Simulation): void {
  for (const e of sim.store.list('events')) sim.store.remove('events', e.metadata.namespace, e.metadata.name);
}

/** Runs the scenario until its pod's container runs again after `restarts` restarts. */
function runUntilRestarted(restarts: number): (sim: Simulation) => void {
  return (sim) => {
    for (let s = 1; s <= 600; s++) {
      sim.run(s * 1000);
      const st = sim.store.list<PodObj>('pods', 'shop')[0]?.status.containerStatuses?.[0];
      if (st?.state?.running !== undefined && st.restartCount >= restarts) return;
    }
    throw new Error(`the container did not run again after ${restarts} restarts`);
  };
}

const probeLines = (r: JsonReport, kind: string) =>
  r.diagnoses
    .filter((d) => d.target.kind === kind)
    .flatMap((d) => d.evidence.filter((e) => e.source === 'probe'));

describe('--probe results are evidence in the report (issue 13)', () => {
  it('readiness: the 503 of the readiness endpoint is in the readiness diagnosis, JSON and text', async () => {
    const { plain, probed, text } = await bothRuns('readiness-probe-failed');
    expect(probeLines(plain, 'Pod')).toEqual([]);
    const pod = probed.diagnoses.find((d) => d.target.kind === 'Pod');
    expect(pod).toMatchObject({ stage: 'readiness', reason: 'ReadinessProbeFailed' });
    expect(probeLines(probed, 'Pod')).toEqual([
      {
        source: 'probe',
        text: expect.stringMatching(
          /^readiness probe GET :8080\/ready on container checkout via pods\/proxy: HTTP 503 \(fails; \d+ ms\)$/,
        ) as string,
        at: '2030-01-01T00:00:00.000Z',
      },
    ]);
    expect(text).toMatch(
      /\n {6}probe {5}readiness probe GET :8080\/ready on container checkout via pods\/proxy: HTTP 503/,
    );
  });

  it('liveness: just restarted after probe kills, not probed yet by the kubelet: healthy without --probe, failing with it', async () => {
    const { plain, probed } = await bothRuns('liveness-probe-failed', runUntilRestarted(2));
    // The Killing events show the earlier kills; no failure of the new instance yet.
    expect(plain.diagnoses[0]).toMatchObject({ verdict: 'healthy' });
    expect(probeLines(plain, 'Pod')).toEqual([]);
    expect(probed.diagnoses[0]).toMatchObject({
      verdict: 'failed',
      stage: 'liveness',
      reason: 'LivenessProbeFailed',
      summary: expect.stringMatching(
        /^The kubelet restarted container catalog because its liveness probe failed/,
      ) as string,
    });
    expect(probeLines(probed, 'Pod').map((e) => e.text)).toEqual([
      expect.stringMatching(
        /^liveness probe GET :8081\/healthz on container catalog via pods\/proxy: connection refused \(fails; \d+ ms\)$/,
      ),
    ]);
  });

  it("service-endpoints: the pods' failing readiness endpoints explain the Service's missing endpoints", async () => {
    const { plain, probed } = await bothRuns('service-no-ready-endpoints');
    const svc = (r: JsonReport) => r.diagnoses.find((d) => d.target.kind === 'Service');
    expect(svc(plain)?.summary).not.toMatch(/readiness endpoint/);
    expect(probeLines(plain, 'Service')).toEqual([]);
    expect(svc(probed)).toMatchObject({ stage: 'service-endpoints', reason: 'NoReadyEndpoints' });
    expect(svc(probed)?.summary).toMatch(/; the readiness endpoint of checkout answers HTTP status 503\)\.$/);
    const lines = probeLines(probed, 'Service').map((e) => e.text);
    expect(lines).toHaveLength(2);
    for (const l of lines)
      expect(l).toMatch(
        /^pod checkout-\S+: readiness probe GET :8080\/ready on container checkout via pods\/proxy: HTTP 503 \(fails; \d+ ms\)$/,
      );
  });

  it('readiness, events expired: NotReady without --probe, the failing endpoint proves ReadinessProbeFailed with it', async () => {
    const { plain, probed } = await bothRuns('readiness-probe-failed', (sim) => {
      sim.run();
      expireEvents(sim);
    });
    expect(plain.diagnoses[0]).toMatchObject({ ruleId: 'readiness/not-ready', reason: 'NotReady' });
    expect(probed.diagnoses[0]).toMatchObject({
      ruleId: 'readiness/readiness-probe-failed',
      reason: 'ReadinessProbeFailed',
    });
    expect(probed.diagnoses[0]?.summary).toMatch(
      /readiness endpoint fails when probed now through pods\/proxy \(HTTP status 503\)/,
    );
  });

  it('liveness, events expired, restarted twice and running again: healthy without --probe, failing liveness with it', async () => {
    const { plain, probed } = await bothRuns('liveness-probe-failed', (sim) => {
      runUntilRestarted(2)(sim);
      expireEvents(sim);
    });
    expect(plain.diagnoses[0]).toMatchObject({ verdict: 'healthy' });
    expect(probed.diagnoses[0]).toMatchObject({
      verdict: 'failed',
      stage: 'liveness',
      reason: 'LivenessProbeFailed',
      ruleId: 'liveness/liveness-probe-failed',
    });
    expect(probed.diagnoses[0]?.summary).toMatch(
      /fails when probed now through pods\/proxy \(connection refused\)/,
    );
  });

  it('a container in a restart back-off runs nothing: its endpoints are not probed', async () => {
    const { conn, server: s } = await serve('liveness-probe-failed');
    const snap = await collectLive(conn, { allNamespaces: false, targets: [] }, { probe: true });
    expect(snap.pods[0]?.status.containerStatuses?.[0]?.state?.waiting?.reason).toBe('CrashLoopBackOff');
    expect(snap.probes).toEqual([]);
    expect(s.requestLog.count('proxy')).toBe(0);
    expect(snap.notes).toContain(
      '--probe: no running container in scope has an HTTP readiness or liveness probe',
    );
  });

  it('capture --probe keeps the results, and the replay shows them as evidence', async () => {
    const { kubeconfig, server: s } = await serve('readiness-probe-failed');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'h-'));
    const env = { HOME: dir };
    const out = path.join(dir, 'bundle.yaml');
    const cap = await runCli(['capture', '--kubeconfig', kubeconfig, '--probe', '--out', out], { env });
    expect(cap.code).toBe(0);
    expect(cap.stdout).toMatch(/, 1 probe results \(secrets redacted\)/);
    expect(s.requestLog.count('proxy')).toBe(1);
    const replay = await runCli(['-f', out, '-o', 'json'], { env });
    expect(replay.code).toBe(1);
    const report = JSON.parse(replay.stdout) as JsonReport;
    expect(probeLines(report, 'Pod').map((e) => e.text)).toEqual([
      expect.stringMatching(
        /^readiness probe GET :8080\/ready on container checkout via pods\/proxy: HTTP 503/,
      ),
    ]);
  });
});
