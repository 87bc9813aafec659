/**
 * Live, the object lists are the truth: after a pod is deleted (or replaced by a rollout), its
 * leftover events are history, never a target. Diagnose, check and a replayed capture agree.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { KObject, PodObj } from '../../src/simulator/world/types.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { writeKubeconfig } from './kubeconfig-files.js';

let server: RunningApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(sim: Simulation, args: readonly string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough();
  out.on('data', (c: Buffer) => (stdout += c.toString()));
  const err = new PassThrough();
  err.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await main(args, {
    stdout: out,
    stderr: err,
    stdin: Readable.from([]),
    env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
    now: () => sim.clock.now(),
  });
  return { code, stdout, stderr };
}

interface Report {
  readonly diagnoses: readonly { target: { kind: string; name: string }; verdict: string }[];
}

const podNames = (report: Report): string[] =>
  report.diagnoses.filter((d) => d.target.kind === 'Pod').map((d) => d.target.name);

/** A crash-looping Deployment served over HTTP, with its first pod deleted; the deleted pod's events remain. */
async function servedWithDeletedPod(): Promise<{ sim: Simulation; kubeconfig: string; deleted: string }> {
  const sim = new Simulation(resolveScenario('crashloop-exit-1'));
  sim.runUntil(sim.clock.now() + 3 * 60_000);
  const [pod] = sim.store.list<PodObj>('pods');
  if (pod === undefined) throw new Error('the scenario has no pod');
  server = await startApiServer(sim, { port: 0, speed: 1 });
  const ns = pod.metadata.namespace ?? 'default';
  const res = await fetch(
    `${server.url}/api/v1/namespaces/${ns}/pods/${pod.metadata.name}?gracePeriodSeconds=0`,
    { method: 'DELETE', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
  );
  expect(res.status).toBe(200);
  const events = sim.store
    .list<KObject & { involvedObject?: { name?: string } }>('events')
    .filter((e) => e.involvedObject?.name === pod.metadata.name);
  // The premise: the pod is gone and its events are not.
  expect(sim.store.list<PodObj>('pods').map((p) => p.metadata.name)).not.toContain(pod.metadata.name);
  expect(events.length).toBeGreaterThan(0);
  const kubeconfig = writeKubeconfig([
    { name: 'sim', server: server.url, token: ADMIN_TOKEN, namespace: ns },
  ]);
  return { sim, kubeconfig, deleted: pod.metadata.name };
}

describe('a deleted pod is history, not a target', () => {
  it('diagnose, check and a replayed capture leave it out and agree on the rest', async () => {
    const { sim, kubeconfig, deleted } = await servedWithDeletedPod();
    const podsNow = (): string[] => sim.store.list<PodObj>('pods').map((p) => p.metadata.name);
    // The served simulator runs in real time: its ReplicaSet may replace the deleted pod while the
    // diagnosis collects, so the pods listed are those of some moment between these two reads.
    const before = podsNow();
    const live = await run(sim, ['--kubeconfig', kubeconfig, '-o', 'json']);
    const after = podsNow();
    const livePods = podNames(JSON.parse(live.stdout) as Report);
    expect(livePods).not.toContain(deleted);
    for (const name of before.filter((n) => after.includes(n))) expect(livePods).toContain(name);
    for (const name of livePods) expect([...before, ...after]).toContain(name);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'h-cap-'));
    const bundle = path.join(dir, 'b.yaml');
    const captured = await run(sim, ['capture', '--kubeconfig', kubeconfig, '--out', bundle]);
    expect(captured.code).toBe(0);
    const afterCapture = podsNow();
    const replay = await run(sim, ['-f', bundle, '-o', 'json']);
    const replayPods = podNames(JSON.parse(replay.stdout) as Report);
    expect(replayPods).not.toContain(deleted);
    // The replay agrees with the live diagnosis on every pod that existed throughout.
    for (const name of livePods.filter((n) => afterCapture.includes(n))) expect(replayPods).toContain(name);
    for (const name of replayPods) expect([...after, ...afterCapture]).toContain(name);

    const check = await run(sim, ['check', '--kubeconfig', kubeconfig, '--timeout', '1s', '-o', 'json']);
    expect(check.stdout).not.toContain(deleted);
  });
});
