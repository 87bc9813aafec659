/**
 * The TUI's live watch when the API server freezes or goes away: the header says "stale since T"
 * instead of "● live", the status line says why, and the UI ends with exit 3 after --watch-timeout.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFeed } from '../../src/cli/commands/tui.js';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { parseScope } from '../../src/cli/pipeline/scope.js';
import { loadConnection } from '../../src/collectors/live/index.js';
import { ClusterError } from '../../src/errors/index.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { App } from '../../src/tui/App.js';
import { PushFeed, type FeedEvent } from '../../src/tui/index.js';
import { startFreezableProxy, type FreezableProxy } from '../live/freezable-proxy.js';
import { writeKubeconfig } from '../live/kubeconfig-files.js';
import { renderApp, type RenderedApp } from './render-app.js';
import { dataOf, diag } from './diagnoses.js';

// Ink decides once, when it is first imported, whether it runs in CI (is-in-ci reads CI and
// CONTINUOUS_INTEGRATION); in CI it draws only the last frame, on exit. The last test reads the
// frames drawn while the UI runs, so it must see a terminal outside CI wherever the suite runs.
vi.hoisted(() => {
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
});

let server: RunningApiServer | undefined;
let proxy: FreezableProxy | undefined;
let app: RenderedApp | undefined;
afterEach(async () => {
  app?.unmount();
  await proxy?.close();
  await server?.close();
  app = undefined;
  proxy = undefined;
  server = undefined;
});

async function serve(through: 'direct' | 'proxy'): Promise<string> {
  const sim = new Simulation(resolveScenario('crashloop-exit-1'));
  sim.run(1000);
  server = await startApiServer(sim, { port: 0, speed: 1, bookmarkIntervalMs: 200 });
  if (through === 'proxy') proxy = await startFreezableProxy(server.url);
  const url = through === 'proxy' && proxy !== undefined ? proxy.url : server.url;
  return writeKubeconfig([{ name: 'sim', server: url, token: ADMIN_TOKEN, namespace: 'shop' }]);
}

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the header and status line of a stale live feed', () => {
  it('"◌ stale since T" replaces "● live" and the status line says why, until the feed is back', async () => {
    const feed = new PushFeed();
    feed.push({ kind: 'data', data: dataOf([diag({ name: 'web-1' })]), live: true });
    app = await renderApp(<App feed={feed} colour={false} size={{ columns: 100, rows: 24 }} />);
    await app.waitFor((f) => f.includes('● live'), 'live');
    feed.push({
      kind: 'link',
      stale: { since: Date.parse('2030-01-01T00:00:05Z'), why: 'watch of pods: connect ECONNREFUSED' },
    });
    const stale = await app.waitFor((f) => f.includes('stale since 00:00:05'), 'stale');
    expect(stale.split('\n')[0]).toMatch(/^handoff ◌ stale since 00:00:05 · /);
    expect(stale).not.toContain('● live');
    expect(stale).toContain('stale since 00:00:05: watch of pods: connect ECONNREFUSED; reconnecting');
    feed.push({ kind: 'link', stale: undefined });
    const back = await app.waitFor((f) => f.includes('● live'), 'live again');
    expect(back).not.toContain('stale since');
  });
});

describe('the live feed (-w) when the API server freezes', () => {
  it('pushes one stale link event, then rejects with a ClusterError after --watch-timeout', async () => {
    const kubeconfig = await serve('proxy');
    const connection = loadConnection({ kubeconfig, env: {} });
    const feed = new PushFeed();
    const events: FeedEvent[] = [];
    feed.subscribe((e) => events.push(e));
    const io = { now: () => Date.parse('2030-01-01T00:00:00Z'), env: {} } as unknown as CliIO;
    const running = startFeed(
      {
        opts: { namespace: 'shop', watch: true, watchTimeout: '3s' },
        sel: { scope: parseScope([], { namespace: 'shop' }), nowFlag: undefined },
        speed: undefined,
        connection,
      },
      feed,
      io,
    );
    const outcome = running.done.then(
      () => 'ended',
      (err: unknown) => err,
    );
    await until('the first data', () => events.some((e) => e.kind === 'data'));
    proxy?.freeze();
    const result = await outcome;
    running.stop();
    expect(result).toBeInstanceOf(ClusterError);
    const links = events.filter((e) => e.kind === 'link');
    expect(links).toHaveLength(1);
    const first = links[0];
    expect(first?.kind === 'link' ? first.stale?.why : undefined).toMatch(/^watch of \S+: /);
  }, 30_000);
});

describe('handoff -w on a terminal when the API server goes away', () => {
  it('shows stale, then ends the UI with exit 3 and one error line', async () => {
    const kubeconfig = await serve('direct');
    let out = '';
    let errors = '';
    const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 100, rows: 24 });
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    const stderr = new PassThrough();
    stderr.on('data', (c: Buffer) => (errors += c.toString()));
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      setRawMode: () => stdin,
      ref: () => stdin,
      unref: () => stdin,
    });
    const io: CliIO = { stdout, stderr, stdin, env: {}, now: () => Date.parse('2030-01-01T00:00:00Z') };
    const done = main(['-w', '--kubeconfig', kubeconfig, '--watch-timeout', '3s'], io);
    await until('the live screen', () => out.includes('● live'));
    await server?.close();
    server = undefined;
    await until('the stale marker', () => out.includes('◌ stale since'), 10_000);
    expect(await done).toBe(3);
    expect(errors).toMatch(/^handoff: error: no answer from the API server .*; gave up after 3s\n/);
    expect(out).toContain('\u001b[?1049l');
  }, 30_000);
});
