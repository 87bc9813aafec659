import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runWatch, type WatchOptions } from '../../src/cli/commands/watch.js';
import type { CliIO } from '../../src/cli/io.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { writeKubeconfig } from './kubeconfig-files.js';

interface Served {
  readonly server: RunningApiServer;
  readonly kubeconfig: string;
  readonly sim: Simulation;
}

let server: RunningApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(name: string, speed: number, at: number, watchHistory?: number): Promise<Served> {
  const sim = new Simulation(resolveScenario(name), watchHistory === undefined ? {} : { watchHistory });
  sim.run(at);
  server = await startApiServer(sim, { port: 0, speed, bookmarkIntervalMs: 200 });
  const kubeconfig = writeKubeconfig([
    { name: 'sim', server: server.url, token: ADMIN_TOKEN, namespace: 'shop' },
  ]);
  return { server, kubeconfig, sim };
}

/** Runs `handoff --watch` in process until `until(stdout)` holds or `ms` pass, then aborts it. */
async function watch(
  { kubeconfig, sim }: Served,
  opts: Partial<WatchOptions>,
  until: (stdout: string) => boolean,
  ms = 10_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough();
  const err = new PassThrough();
  const controller = new AbortController();
  out.on('data', (c: Buffer) => {
    stdout += c.toString();
    if (until(stdout)) controller.abort();
  });
  err.on('data', (c: Buffer) => (stderr += c.toString()));
  const io: CliIO = {
    stdout: Object.assign(out, { isTTY: false }),
    stderr: err,
    stdin: Readable.from([]),
    env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
    // the simulated cluster's clock is the wall clock of its objects
    now: () => sim.clock.now(),
  };
  const timer = setTimeout(() => {
    controller.abort();
  }, ms);
  try {
    const code = await runWatch([], { kubeconfig, ...opts }, io, {
      signal: controller.signal,
      intervalMs: 100,
    });
    await new Promise((r) => setImmediate(r));
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

describe('handoff --watch against the simulator API', () => {
  it('shows a crash-looping pod move from progressing to failed, over watches and without re-lists', async () => {
    const served = await serve('crashloop-exit-1', 40, 1000);
    const s = served.server;
    const failedLine = /^\d\d:\d\d:\d\d shop\/cart-\S+ {2}.* → failed crash CrashLoopBackOff$/m;
    const r = await watch(served, {}, (out) => failedLine.test(out), 15_000);
    expect(r.stdout).toMatch(/watching for changes/);
    expect(r.stdout).toMatch(failedLine);
    // the pod was seen before it failed: an earlier line moved it into a state that is not failed
    const changes = (r.stdout.split('watching for changes')[1] ?? '').trim().split('\n');
    expect(changes.length).toBeGreaterThanOrEqual(2);
    expect(changes[0]).not.toMatch(/→ failed/);
    expect(r.code).toBe(1);
    const { counts, byVerb } = s.requestLog.summary();
    expect(Object.keys(byVerb).filter((v) => !['get', 'list', 'watch', 'discovery'].includes(v))).toEqual([]);
    expect(counts['list pods']).toBe(1);
    expect(counts['list events']).toBe(1); // core/v1 only: events.k8s.io/v1 holds the same events
    expect(counts['watch pods']).toBeGreaterThanOrEqual(1);
    expect(counts['watch events']).toBeGreaterThanOrEqual(1);
    expect(counts['watch nodes']).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('-o json prints the report, then one JSON line per change', async () => {
    const served = await serve('crashloop-exit-1', 40, 1000);
    const r = await watch(
      served,
      { output: 'json' },
      (out) => out.includes('"reason":"CrashLoopBackOff"}'),
      15_000,
    );
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]?.type).toBe('report');
    const changes = lines.slice(1);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c) => c.type === 'change')).toBe(true);
    expect(changes.at(-1)).toMatchObject({
      target: { kind: 'Pod', namespace: 'shop' },
      to: { verdict: 'failed', stage: 'crash', reason: 'CrashLoopBackOff' },
    });
  }, 30_000);

  it('an expired resourceVersion (410) leads to one re-list, then the watch resumes', async () => {
    // A short watch history: by the time the watch starts from the list's resourceVersion the
    // world has moved on further than the server remembers.
    const served = await serve('crashloop-exit-1', 0, 1000, 2);
    const { server: s, sim } = served;
    const rvBefore = sim.store.resourceVersion;
    const listed = new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (s.requestLog.count('list', 'pods') >= 1 && s.requestLog.count('list', 'nodes') >= 1) {
          clearInterval(t);
          // advance the world past the history: the resourceVersion of the lists is too old
          sim.run(sim.clock.now() - sim.scenario.start + 60_000);
          resolve();
        }
      }, 1);
    });
    const r = watch(served, {}, () => false, 3_000);
    await listed;
    const done = await r;
    expect(sim.store.resourceVersion).toBeGreaterThan(rvBefore);
    const records = s.requestLog.records.filter((x) => x.resource === 'pods');
    const verbs = records.map((x) => x.verb);
    // list (first collection), watch → 410, list (re-list), watch again
    expect(verbs.filter((v) => v === 'list')).toHaveLength(2);
    expect(verbs.indexOf('watch')).toBeLessThan(verbs.lastIndexOf('list'));
    expect(verbs.at(-1)).toBe('watch');
    expect(done.stdout).toMatch(/ → failed crash CrashLoopBackOff/);
  }, 30_000);

  it('a slow image pull shows progressing, then the pod healthy', async () => {
    const served = await serve('slow-image-pull', 40, 1000);
    const r = await watch(
      served,
      { namespace: 'ml' },
      (out) => / → healthy$/m.test(out.split('watching')[1] ?? ''),
      15_000,
    );
    const after = r.stdout.split('watching for changes')[1] ?? '';
    expect(r.stdout + after).toMatch(/progressing/);
    expect(after).toMatch(/^\d\d:\d\d:\d\d ml\/inference-\S+ {2}progressing .*→ healthy$/m);
    expect(r.code).toBe(0);
  }, 30_000);
});

describe('handoff --watch: Services', () => {
  it('a Service whose failure resolves reads "→ healthy", never "(gone)" while it exists', async () => {
    const served = await serve('default', 10, 1000);
    const resolved =
      /^\d\d:\d\d:\d\d shop\/service\/frontend {2}progressing service-endpoints NoReadyEndpoints → healthy$/m;
    const r = await watch(served, {}, (out) => resolved.test(out), 15_000);
    const after = r.stdout.split('watching for changes')[1] ?? '';
    expect(r.stdout).toMatch(/shop\/service\/frontend/);
    expect(after).toMatch(resolved);
    expect(after).not.toMatch(/service\/frontend .*\(gone\)/);
  }, 30_000);

  it("a pod created during the watch is in its Service's endpoints: Services and EndpointSlices are watched", async () => {
    const served = await serve('default', 10, 60_000);
    const { server: s, sim } = served;
    let deleted: string | undefined;
    const r = await watch(
      served,
      {},
      (out) => {
        if (deleted === undefined && out.includes('watching for changes')) {
          const victim = sim.store.list('pods', 'shop').find((p) => p.metadata.name.startsWith('frontend-'));
          deleted = victim?.metadata.name ?? '';
          void fetch(`${s.url}/api/v1/namespaces/shop/pods/${deleted}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          });
        }
        return false;
      },
      // 80 simulated seconds: the replacement is Ready long past the 30 s endpoints grace period
      8_000,
    );
    const after = r.stdout.split('watching for changes')[1] ?? '';
    expect(deleted).toMatch(/^frontend-/);
    // the replacement pod came up and is healthy
    expect(after).toMatch(/^\d\d:\d\d:\d\d shop\/frontend-\S+ {2}\(new\) → /m);
    expect(after).toMatch(/^\d\d:\d\d:\d\d shop\/frontend-\S+ {2}.* → healthy$/m);
    // with the EndpointSlices of the first list, the new pod was missing from them
    expect(r.stdout).not.toMatch(/NotInEndpoints/);
    const { counts } = s.requestLog.summary();
    expect(counts['watch services']).toBeGreaterThanOrEqual(1);
    expect(counts['watch endpointslices']).toBeGreaterThanOrEqual(1);
    expect(counts['list services']).toBe(1);
    expect(counts['list endpointslices']).toBe(1);
  }, 30_000);
});
