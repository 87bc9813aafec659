/**
 * `--watch` when the API server goes away (stopped) or freezes (accepts, never answers): one
 * line when the watch goes stale and one when it is live again, never a note per retry, and
 * exit 3 once --watch-timeout passes without an answer.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runWatch, type WatchControl, type WatchOptions } from '../../src/cli/commands/watch.js';
import type { CliIO } from '../../src/cli/io.js';
import { ClusterError } from '../../src/errors/index.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { runCli } from '../run-cli.js';
import { startFreezableProxy, type FreezableProxy } from './freezable-proxy.js';
import { writeKubeconfig } from './kubeconfig-files.js';

let server: RunningApiServer | undefined;
let proxy: FreezableProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await server?.close();
  proxy = undefined;
  server = undefined;
});

/** The crash-loop scenario served in real time, a kubeconfig for it (through a proxy when asked). */
async function serve(through: 'direct' | 'proxy'): Promise<{ kubeconfig: string; sim: Simulation }> {
  const sim = new Simulation(resolveScenario('crashloop-exit-1'));
  sim.run(1000);
  server = await startApiServer(sim, { port: 0, speed: 1, bookmarkIntervalMs: 200 });
  if (through === 'proxy') proxy = await startFreezableProxy(server.url);
  const url = through === 'proxy' && proxy !== undefined ? proxy.url : server.url;
  const kubeconfig = writeKubeconfig([{ name: 'sim', server: url, token: ADMIN_TOKEN, namespace: 'shop' }]);
  return { kubeconfig, sim };
}

interface Run {
  readonly result: Promise<{ code: number } | { error: unknown }>;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves once stdout matches. */
  readonly printed: (re: RegExp, ms?: number) => Promise<void>;
  readonly stop: () => void;
}

/** Starts `handoff --watch` in process; the test drives the server and stops the watch. */
function startWatch(
  kubeconfig: string,
  sim: Simulation,
  opts: Partial<WatchOptions>,
  control: WatchControl = {},
): Run {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough();
  const err = new PassThrough();
  out.on('data', (c: Buffer) => (stdout += c.toString()));
  err.on('data', (c: Buffer) => (stderr += c.toString()));
  const controller = new AbortController();
  const io: CliIO = {
    stdout: Object.assign(out, { isTTY: false }),
    stderr: err,
    stdin: Readable.from([]),
    env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
    now: () => sim.clock.now(),
  };
  const result = runWatch([], { kubeconfig, ...opts }, io, {
    signal: controller.signal,
    intervalMs: 100,
    ...control,
  }).then(
    (code) => ({ code }),
    (error: unknown) => ({ error }),
  );
  const printed = async (re: RegExp, ms = 15_000): Promise<void> => {
    const until = performance.now() + ms;
    const once = new RegExp(re.source, re.flags.replace('g', ''));
    while (!once.test(stdout)) {
      if (performance.now() > until) throw new Error(`not printed within ${ms} ms: ${re}\n${stdout}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    result,
    stdout: () => stdout,
    stderr: () => stderr,
    printed,
    stop: () => {
      controller.abort();
    },
  };
}

const STALE = /^\d\d:\d\d:\d\d stale since (\d\d:\d\d:\d\d): (.*); reconnecting$/gm;
const LIVE = /^\d\d:\d\d:\d\d live again after \S+ stale$/gm;

describe('--watch when the API server goes away', () => {
  it('stopped mid-watch: one stale line, no note per retry, then exit 3 after --watch-timeout', async () => {
    const { kubeconfig, sim } = await serve('direct');
    const run = startWatch(kubeconfig, sim, { watchTimeout: '3s' });
    await run.printed(/watching for changes/);
    await new Promise((r) => setTimeout(r, 300));
    const stoppedAt = performance.now();
    await server?.close();
    server = undefined;
    const outcome = await Promise.race([
      run.result,
      new Promise<'still running'>((r) => {
        setTimeout(() => {
          r('still running');
        }, 12_000);
      }),
    ]);
    run.stop();
    const tookMs = performance.now() - stoppedAt;
    expect(outcome).not.toBe('still running');
    const error = (outcome as { error?: unknown }).error;
    expect(error).toBeInstanceOf(ClusterError);
    expect((error as ClusterError).exitCode).toBe(3);
    expect((error as ClusterError).message).toMatch(
      /^no answer from the API server http:\/\/127\.0\.0\.1:\d+ \(context "sim"\) since \S+Z: watch of \S+: .*; gave up after 3s$/,
    );
    expect(tookMs).toBeGreaterThanOrEqual(2500);
    expect(tookMs).toBeLessThan(9000);
    const after = run.stdout().split('watching for changes')[1] ?? '';
    expect([...after.matchAll(STALE)]).toHaveLength(1);
    expect(after).toMatch(
      /stale since \d\d:\d\d:\d\d: watch of \S+: .*(ECONNREFUSED|ECONNRESET|socket hang up|aborted)/,
    );
    // before: "handoff: note: watch of pods broke: …" for every collection on every retry
    expect(run.stderr()).toBe('');
  }, 30_000);

  it('frozen (accepts, never answers): stale since about the freeze, then exit 3', async () => {
    const { kubeconfig, sim } = await serve('proxy');
    const run = startWatch(kubeconfig, sim, { watchTimeout: '3s' });
    await run.printed(/watching for changes/);
    await new Promise((r) => setTimeout(r, 500));
    const frozeAt = sim.clock.now();
    const frozeReal = performance.now();
    proxy?.freeze();
    const outcome = await Promise.race([
      run.result,
      new Promise<'still running'>((r) => {
        setTimeout(() => {
          r('still running');
        }, 15_000);
      }),
    ]);
    run.stop();
    expect(outcome).not.toBe('still running');
    const error = (outcome as { error?: unknown }).error;
    expect(error).toBeInstanceOf(ClusterError);
    expect((error as ClusterError).message).toMatch(/no answer for|timed out/);
    // noticed within the request bound (a quarter of --watch-timeout: 1 s watches, 1 s stall), given up 3 s after the last answer
    expect(performance.now() - frozeReal).toBeLessThan(9000);
    const stale = [...(run.stdout().split('watching for changes')[1] ?? '').matchAll(STALE)];
    expect(stale).toHaveLength(1);
    // bookmarks every 200 ms kept the last answer fresh: stale since the freeze, to the second
    const since = Date.parse(`${new Date(frozeAt).toISOString().slice(0, 11)}${stale[0]?.[1] ?? ''}Z`);
    expect(Math.abs(since - frozeAt)).toBeLessThanOrEqual(1500);
    expect(run.stderr()).toBe('');
  }, 30_000);

  it('frozen for a moment, then thawed: one stale line, one live line, and it goes on', async () => {
    const { kubeconfig, sim } = await serve('proxy');
    const run = startWatch(kubeconfig, sim, { watchTimeout: '8s' });
    await run.printed(/watching for changes/);
    proxy?.freeze();
    await run.printed(STALE, 10_000);
    proxy?.thaw();
    await run.printed(LIVE, 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    run.stop();
    const outcome = await run.result;
    expect(outcome).toHaveProperty('code');
    const after = run.stdout().split('watching for changes')[1] ?? '';
    expect([...after.matchAll(STALE)]).toHaveLength(1);
    expect([...after.matchAll(LIVE)]).toHaveLength(1);
    expect(after.indexOf('stale since')).toBeLessThan(after.indexOf('live again'));
  }, 30_000);

  it('-o json: the state changes are JSON lines of type "connection"', async () => {
    const { kubeconfig, sim } = await serve('proxy');
    const run = startWatch(kubeconfig, sim, { watchTimeout: '8s', output: 'json' });
    await run.printed(/"type":"report"/);
    proxy?.freeze();
    await run.printed(/"state":"stale"/, 10_000);
    proxy?.thaw();
    await run.printed(/"state":"live"/, 10_000);
    run.stop();
    await run.result;
    const lines = run
      .stdout()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const connection = lines.filter((l) => l.type === 'connection');
    expect(connection.map((l) => [l.state, Object.keys(l).sort().join(',')])).toEqual([
      ['stale', 'at,since,state,type,why'],
      ['live', 'at,staleMs,state,type'],
    ]);
    expect(connection[0]?.why).toMatch(/^watch of \S+: /);
    expect(typeof connection[1]?.staleMs).toBe('number');
  }, 30_000);
});

describe('--watch-timeout on the command line', () => {
  it('the process exits 3 with one error line when the server stops', async () => {
    const { kubeconfig } = await serve('direct');
    const s = server;
    const stopped = (async () => {
      // every collection is being watched: the first report is out
      while ((s?.requestLog.count('watch') ?? 0) < 5) await new Promise((r) => setTimeout(r, 20));
      await s?.close();
      server = undefined;
    })();
    const r = await runCli(['-w', '--kubeconfig', kubeconfig, '--watch-timeout', '2s']);
    await stopped;
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^handoff: error: no answer from the API server .*; gave up after 2s\n {2}hint: .*--watch-timeout/,
    );
    expect(r.stdout.match(/stale since/g)).toHaveLength(1);
  }, 30_000);

  it.each([
    [['-w', '--watch-timeout', 'soon'], /--watch-timeout: "soon" is not a duration/],
    [['--watch-timeout', '5m', '--sim', 'default'], /--watch-timeout only applies to --watch/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('--watch against a server that ends every watch at once', () => {
  it('renews them after a back-off, not in a tight loop', async () => {
    const { startFakeApi } = await import('./fake-api.js');
    const { pods } = await import('./objects.js');
    // lists carry a resourceVersion (so every collection is watched); a watch ends at once, empty
    const shopPods = pods('shop', 2);
    const api = await startFakeApi({
      intercept: (req, parsed) => {
        if (req.query.get('watch') === '1') return { status: 200, body: '' };
        if (parsed === undefined || parsed.name !== undefined) return undefined;
        const items = parsed.resource === 'pods' ? shopPods : [];
        return { status: 200, body: { kind: 'List', metadata: { resourceVersion: '5' }, items } };
      },
    });
    try {
      const kubeconfig = writeKubeconfig([{ name: 'fake', server: api.url, namespace: 'shop' }]);
      const sim = { clock: { now: () => Date.parse('2030-01-01T00:00:00Z') } } as unknown as Simulation;
      const run = startWatch(kubeconfig, sim, {});
      await run.printed(/watching for changes/);
      const before = api.requests.filter((r) => r.query.get('watch') === '1').length;
      await new Promise((r) => setTimeout(r, 2000));
      run.stop();
      await run.result;
      const watches = api.requests.filter((r) => r.query.get('watch') === '1').length - before;
      // the scan's 16 collections, each waiting 0.5-1 s, then 1-2 s, between renewals: a handful
      // each, not thousands
      expect(watches).toBeLessThanOrEqual(16 * 4);
      expect(run.stdout()).not.toMatch(/stale since/);
    } finally {
      await api.close();
    }
  }, 30_000);
});
