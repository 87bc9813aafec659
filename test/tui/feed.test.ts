import { afterEach, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { loadConnection } from '../../src/collectors/live/index.js';
import { startFakeApi, type FakeApi } from '../live/fake-api.js';
import { writeKubeconfig } from '../live/kubeconfig-files.js';
import { pods } from '../live/objects.js';
import { startFeed } from '../../src/cli/commands/tui.js';
import { parseScope } from '../../src/cli/pipeline/scope.js';
import { PushFeed, type FeedEvent, type TuiData } from '../../src/tui/index.js';

const io = { now: () => Date.parse('2030-01-01T00:00:00Z'), env: {} } as unknown as CliIO;
const sel = { scope: parseScope([], {}), nowFlag: undefined };
const shop = { scope: parseScope([], { namespace: 'shop' }), nowFlag: undefined };

function record(feed: PushFeed): FeedEvent[] {
  const events: FeedEvent[] = [];
  feed.subscribe((e) => events.push(e));
  return events;
}

const dataEvents = (events: readonly FeedEvent[]): { data: TuiData; live: boolean }[] =>
  events.flatMap((e) => (e.kind === 'data' ? [{ data: e.data, live: e.live }] : []));

describe('the TUI feed', () => {
  it('--sim NAME: a spinner status, then one report with its snapshot', async () => {
    const feed = new PushFeed();
    const events = record(feed);
    const running = startFeed(
      { opts: { sim: 'default' }, sel, speed: undefined, connection: undefined },
      feed,
      io,
    );
    await running.done;
    running.stop();
    expect(events[0]).toEqual({ kind: 'loading', status: { what: 'running scenario default' } });
    const data = dataEvents(events);
    expect(data).toHaveLength(1);
    expect(data[0]?.live).toBe(false);
    expect(data[0]?.data.report.diagnoses.filter((d) => d.verdict === 'failed')).toHaveLength(11);
    expect(data[0]?.data.snapshot?.pods.length).toBeGreaterThan(0);
  });

  it('--sim NAME --speed X: the scenario runs in real time and each step is pushed', async () => {
    const feed = new PushFeed();
    const events = record(feed);
    const running = startFeed(
      { opts: { sim: 'default', at: '0s' }, sel, speed: 1000, connection: undefined, intervalMs: 40 },
      feed,
      io,
    );
    const deadline = Date.now() + 15_000;
    while (dataEvents(events).length < 4 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    running.stop();
    const data = dataEvents(events);
    expect(data.length).toBeGreaterThanOrEqual(4);
    expect(data.every((d) => d.live)).toBe(true);
    const times = data.map((d) => String(d.data.report.source.referenceTime));
    expect(times[0]).toBe('2026-01-01T00:00:00.000Z');
    expect(times.at(-1)?.localeCompare(times[0] ?? '')).toBe(1);
    // Time passing changes verdicts: nothing has failed yet at 0 s, something has later.
    const failed = (d: TuiData): number => d.report.diagnoses.filter((x) => x.verdict === 'failed').length;
    const first = data[0];
    const latest = data.at(-1);
    if (first === undefined || latest === undefined) throw new Error('no data was pushed');
    expect(failed(first.data)).toBeLessThan(failed(latest.data));
    const count = data.length;
    await new Promise((r) => setTimeout(r, 120));
    expect(dataEvents(events)).toHaveLength(count);
  }, 20_000);

  let api: FakeApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('a live cluster: the spinner says what is read and counts objects on big namespaces', async () => {
    api = await startFakeApi({ objects: { '/pods': pods('shop', 1200) } });
    const connection = loadConnection({
      kubeconfig: writeKubeconfig([{ name: 'prod', server: api.url }]),
      env: {},
    });
    const feed = new PushFeed();
    const events = record(feed);
    const running = startFeed(
      { opts: { namespace: 'shop' }, sel: shop, speed: undefined, connection },
      feed,
      io,
    );
    await running.done;
    running.stop();
    const what = 'reading pods, events, nodes and their related objects in namespace shop on context prod';
    expect(events[0]).toEqual({ kind: 'loading', status: { what } });
    expect(events).toContainEqual({ kind: 'loading', status: { what, count: 1000 } });
    const data = dataEvents(events);
    expect(data).toHaveLength(1);
    expect(data[0]?.live).toBe(false);
    expect(data[0]?.data.report.diagnoses).toHaveLength(1200);
  });

  it('--watch on a live cluster: every snapshot is pushed as live data until stopped', async () => {
    api = await startFakeApi({ objects: { '/pods': pods('shop', 3) } });
    const connection = loadConnection({
      kubeconfig: writeKubeconfig([{ name: 'prod', server: api.url }]),
      env: {},
    });
    const feed = new PushFeed();
    const events = record(feed);
    const running = startFeed(
      { opts: { namespace: 'shop', watch: true }, sel: shop, speed: undefined, connection },
      feed,
      io,
    );
    const deadline = Date.now() + 10_000;
    while (dataEvents(events).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    running.stop();
    await running.done;
    const data = dataEvents(events);
    expect(data[0]?.live).toBe(true);
    expect(data[0]?.data.report.diagnoses).toHaveLength(3);
  });
});
