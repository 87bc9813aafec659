/**
 * `handoff check` against a live cluster: the simulator's HTTP API served in process (fast
 * simulated time), read through a kubeconfig as a real cluster would be, with --timeout in
 * real time.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCheck, type CheckOptions } from '../../src/cli/check/command.js';
import type { CheckControl } from '../../src/cli/check/sources.js';
import { ClusterError } from '../../src/errors/index.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { writeKubeconfig } from '../live/kubeconfig-files.js';
import { runCli } from '../run-cli.js';

let server: RunningApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Serves a scenario from t=0 at `speed` simulated ms per real ms and checks it. */
async function checkServed(
  scenario: string,
  speed: number,
  opts: Partial<CheckOptions>,
  startAfterMs = 0,
  control: CheckControl = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const sim = new Simulation(resolveScenario(scenario));
  // As after `kubectl apply` returned: the scenario's objects exist (tasks due at t=0); or later.
  sim.runUntil(sim.clock.now() + startAfterMs);
  server = await startApiServer(sim, { port: 0, speed });
  const kubeconfig = writeKubeconfig([
    { name: 'sim', server: server.url, token: ADMIN_TOKEN, namespace: 'default' },
  ]);
  let stdout = '';
  let stderr = '';
  const out = new PassThrough();
  out.on('data', (c: Buffer) => (stdout += c.toString()));
  const err = new PassThrough();
  err.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await runCheck(
    [],
    { kubeconfig, allNamespaces: true, settle: '0s', ...opts },
    {
      stdout: out,
      stderr: err,
      stdin: Readable.from([]),
      env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
      // The rules' reference time is the cluster's: the simulated clock.
      now: () => sim.clock.now(),
    },
    { pollIntervalMs: 50, ...control },
  );
  return { code, stdout, stderr };
}

describe('handoff check on a live cluster (sim serve over HTTP)', () => {
  it('exits 0 once every pod of healthy-rollout is Ready', async () => {
    const r = await checkServed('healthy-rollout', 100, { timeout: '30s' });
    expect(r.stdout).toMatch(/^handoff check: context sim \(http:\/\/127\.0\.0\.1:\d+\), timeout 30s\n/);
    expect(r.stdout).toContain('result: all 3 targets ready after');
    expect(r.code).toBe(0);
  });

  it('lists each kind once, then watches: polls send no list, whatever their number', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(`${w.name}: ${w.message}`);
    };
    process.on('warning', onWarning);
    let polls = 0;
    const r = await checkServed('healthy-rollout', 20, { timeout: '30s', output: 'json' }, 0, {
      sleep: (ms) => {
        polls++;
        return new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    // The pods came up while the check ran: seen through the watches, since nothing was listed again.
    expect(r.code).toBe(0);
    const types = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types.filter((t) => t === 'progress').length).toBeGreaterThanOrEqual(1);
    expect(polls).toBeGreaterThanOrEqual(3);
    const summary = server?.requestLog.summary();
    const counts: Readonly<Record<string, number>> = summary?.counts ?? {};
    const byVerb: Readonly<Record<string, number>> = summary?.byVerb ?? {};
    expect(Object.keys(byVerb).filter((v) => !['get', 'list', 'watch', 'discovery'].includes(v))).toEqual([]);
    const lists = Object.entries(counts).filter(([k]) => k.startsWith('list '));
    // The scan's 16 kinds, each listed once (pods: one page here).
    expect(lists.map(([k]) => k).sort()).toEqual(
      [
        'pods',
        'events',
        'nodes',
        'persistentvolumeclaims',
        'persistentvolumes',
        'storageclasses',
        'services',
        'endpointslices',
        'replicasets',
        'deployments',
        'statefulsets',
        'daemonsets',
        'jobs',
        'cronjobs',
        'resourcequotas',
        'limitranges',
      ]
        .map((k) => `list ${k}`)
        .sort(),
    );
    expect(lists.filter(([, n]) => n !== 1)).toEqual([]);
    for (const kind of ['pods', 'events', 'deployments', 'replicasets', 'endpointslices'])
      expect(counts[`watch ${kind}`], kind).toBeGreaterThanOrEqual(1);
    // 16 streams on one stop signal are no listener leak: Node must not warn of one.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('ends with a ClusterError (exit 3) when the cluster stops answering during the check, after the give-up time', async () => {
    let polls = 0;
    const run = checkServed('slow-image-pull', 1, { timeout: '60s' }, 0, {
      giveUpMs: 1000,
      sleep: async (ms) => {
        polls++;
        if (polls === 1) await server?.close();
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    const err: unknown = await run.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClusterError);
    expect((err as ClusterError).message).toMatch(
      /^no answer from the API server http:\/\/127\.0\.0\.1:\d+ \(context "sim"\) since .*; gave up after 1s$/,
    );
    // Well before the 60 s timeout (about 1,200 polls of 50 ms).
    expect(polls).toBeLessThan(200);
  });

  it('exits 1 as soon as image-pull-not-found is definite, well before the timeout', async () => {
    const r = await checkServed('image-pull-not-found', 100, { timeout: '60s', output: 'json' });
    expect(r.code).toBe(1);
    const summary = JSON.parse(r.stdout.trimEnd().split('\n').at(-1) ?? '{}') as {
      result: string;
      time: string;
    };
    expect(summary.time).toBe('real');
    expect(summary.result).toMatch(/^2 targets failed, definite after /);
    // Definite long before the 60 s timeout: the pull fails at once and backs off within seconds.
    const after = /definite after (\d+(?:\.\d+)?)s/.exec(summary.result)?.[1];
    expect(Number(after)).toBeLessThan(30);
  });

  it('exits 4 when the real-time --timeout passes while a pull is still going', async () => {
    const r = await checkServed('slow-image-pull', 1, { timeout: '1s' });
    expect(r.stdout).toContain('result: timed out after 1s with 1 target still progressing');
    expect(r.code).toBe(4);
  });

  it('judges a failure that began 20 minutes before it started from then: definite at once', async () => {
    // configmap-missing must persist 90 s; in real time (speed 1) waiting for that would time out.
    const r = await checkServed('configmap-missing', 1, { timeout: '20s', output: 'json' }, 20 * 60_000);
    const summary = JSON.parse(r.stdout.trimEnd().split('\n').at(-1) ?? '{}') as { result: string };
    expect(summary.result).toMatch(/failed, definite after \d/);
    expect(Number(/definite after (\d+(?:\.\d+)?)s/.exec(summary.result)?.[1])).toBeLessThan(5);
    expect(r.code).toBe(1);
  });

  it('exits 5 for a namespace with nothing in it, after the settle window; 0 with --allow-empty', async () => {
    const empty = await checkServed('healthy-rollout', 100, {
      namespace: 'nosuchns',
      allNamespaces: false,
      settle: '1s',
    });
    expect(empty.stdout).toContain('result: no targets in scope: nothing was checked');
    expect(empty.code).toBe(5);
    await server?.close();
    const allowed = await checkServed('healthy-rollout', 100, {
      namespace: 'nosuchns',
      allNamespaces: false,
      settle: '1s',
      allowEmpty: true,
    });
    expect(allowed.code).toBe(0);
  });

  it('exits 3 when the cluster cannot be reached', async () => {
    const sim = new Simulation(resolveScenario('healthy-rollout'));
    const closed = await startApiServer(sim, { port: 0, speed: 0 });
    await closed.close();
    const kubeconfig = writeKubeconfig([{ name: 'gone', server: closed.url, token: ADMIN_TOKEN }]);
    const r = await runCli(['check', '--kubeconfig', kubeconfig, '-n', 'shop'], {
      env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^handoff: error: cannot reach the cluster "gone"/);
  });
});
