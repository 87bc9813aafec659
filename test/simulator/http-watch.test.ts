/** Watch streams over HTTP: live changes, resume, 410 when too old, bookmarks, timeouts, Table events. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  WatchReader,
  serveTestCluster,
  testPod,
  type Served,
} from '../../src/simulator/http/http-test-helpers.js';
import type { PodObj } from '../../src/simulator/world/types.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.server.close();
  served = undefined;
});

describe('watch', () => {
  it('streams the current state as ADDED, then live changes, filtered by selector', async () => {
    const s = (served = await serveTestCluster());
    s.sim.store.create(testPod('web', { labels: { app: 'web' } }));
    s.sim.store.create(testPod('db', { labels: { app: 'db' } }));
    const res = await s.req('/api/v1/namespaces/default/pods?watch=true&labelSelector=app%3Dweb');
    expect(res.headers.get('content-type')).toBe('application/json');
    const reader = new WatchReader(res);
    const [added] = await reader.next();
    expect(added).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'web' } } });
    const pod = s.sim.store.get<PodObj>('pods', 'default', 'web');
    if (pod === undefined) throw new Error('no pod');
    pod.status.phase = 'Running';
    s.sim.store.update(pod);
    s.sim.store.update(s.sim.store.get('pods', 'default', 'db') ?? pod); // filtered out
    s.sim.store.remove('pods', 'default', 'web');
    const events = await reader.next(2);
    expect(events.map((e) => e.type)).toEqual(['MODIFIED', 'DELETED']);
    expect(events[0]?.object).toMatchObject({ status: { phase: 'Running' } });
    await reader.cancel();
  });

  it('resumes after a resourceVersion from the change log', async () => {
    const s = (served = await serveTestCluster());
    const rv = s.sim.store.resourceVersion;
    s.sim.store.create(testPod('a'));
    s.sim.store.create(testPod('b'));
    const reader = new WatchReader(await s.req(`/api/v1/pods?watch=1&resourceVersion=${rv}`));
    const events = await reader.next(2);
    expect(events.map((e) => `${e.type} ${(e.object.metadata as { name: string }).name}`)).toEqual([
      'ADDED a',
      'ADDED b',
    ]);
    await reader.cancel();
  });

  it('answers a too old resourceVersion with an ERROR event carrying 410 Expired', async () => {
    const s = (served = await serveTestCluster({}, undefined, 3));
    for (let i = 0; i < 6; i++) s.sim.store.create(testPod(`p${i}`));
    const reader = new WatchReader(await s.req('/api/v1/pods?watch=true&resourceVersion=2'));
    const [event] = await reader.next();
    expect(event).toEqual({
      type: 'ERROR',
      object: expect.objectContaining({
        kind: 'Status',
        code: 410,
        reason: 'Expired',
        message: `too old resource version: 2 (${s.sim.store.oldestResumable})`,
      }) as unknown,
    });
    expect(await reader.ended()).toBe(true);
  });

  it('sends BOOKMARK events when allowed and ends at timeoutSeconds', async () => {
    const s = (served = await serveTestCluster({ bookmarkIntervalMs: 50 }));
    const started = Date.now();
    const reader = new WatchReader(
      await s.req(
        `/api/v1/pods?watch=true&allowWatchBookmarks=true&timeoutSeconds=1&resourceVersion=${s.sim.store.resourceVersion}`,
      ),
    );
    const [bookmark] = await reader.next();
    expect(bookmark).toEqual({
      type: 'BOOKMARK',
      object: {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { resourceVersion: String(s.sim.store.resourceVersion) },
      },
    });
    while (!(await reader.ended())) {
      // drain bookmarks until the server closes the stream
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('streams Table rows (column definitions first only) for kubectl get -w', async () => {
    const s = (served = await serveTestCluster());
    s.sim.store.create(testPod('web'));
    const reader = new WatchReader(
      await s.req('/api/v1/namespaces/default/pods?watch=true', {
        headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' },
      }),
    );
    const [first] = await reader.next();
    expect(first?.object.kind).toBe('Table');
    expect((first?.object.columnDefinitions as { name: string }[]).map((c) => c.name)).toEqual([
      'Name',
      'Ready',
      'Status',
      'Restarts',
      'Age',
      'IP',
      'Node',
      'Nominated Node',
      'Readiness Gates',
    ]);
    const pod = s.sim.store.get<PodObj>('pods', 'default', 'web');
    if (pod === undefined) throw new Error('no pod');
    pod.spec.nodeName = 'worker-1';
    pod.status.containerStatuses = [
      {
        name: 'app',
        ready: false,
        restartCount: 0,
        image: 'nginx:1.27',
        state: { waiting: { reason: 'ContainerCreating' } },
      },
    ] as NonNullable<PodObj['status']['containerStatuses']>;
    s.sim.store.update(pod);
    const [second] = await reader.next();
    expect(second?.object.columnDefinitions).toBeNull();
    expect((second?.object.rows as { cells: unknown[] }[])[0]?.cells.slice(0, 3)).toEqual([
      'web',
      '0/1',
      'ContainerCreating',
    ]);
    await reader.cancel();
  });
});
