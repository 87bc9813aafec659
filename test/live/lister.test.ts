import { afterEach, describe, expect, it } from 'vitest';
import { loadConnection } from '../../src/collectors/live/index.js';
import { Collection } from '../../src/collectors/live/collection.js';
import { listInto } from '../../src/collectors/live/lister.js';
import { PODS } from '../../src/collectors/live/resources.js';
import { Transport } from '../../src/collectors/live/transport.js';
import { SnapshotBuilder } from '../../src/collectors/snapshot-builder.js';
import { startFakeApi, type FakeApi, type Recorded } from './fake-api.js';
import { writeKubeconfig } from './kubeconfig-files.js';
import { pods } from './objects.js';

const transport = (server: string): Transport =>
  new Transport(loadConnection({ kubeconfig: writeKubeconfig([{ name: 'prod', server }]), env: {} }), {
    sleep: () => Promise.resolve(),
  });

const gone = {
  status: 410,
  body: { kind: 'Status', reason: 'Expired', message: 'The provided continue parameter is too old' },
};

describe('listInto', () => {
  let api: FakeApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('follows continue tokens page by page with limit=500, feeding every page to the builder', async () => {
    api = await startFakeApi({ objects: { '/pods': pods('shop', 1234) } });
    const builder = new SnapshotBuilder();
    const outcome = await listInto(transport(api.url), builder, { type: PODS, namespace: 'shop' });
    expect(outcome).toEqual({ status: 'complete', items: 1234, pages: 3, restarts: 0 });
    expect(api.requests.map((r) => [r.path, r.query.get('limit'), r.query.get('continue')])).toEqual([
      ['/api/v1/namespaces/shop/pods', '500', null],
      ['/api/v1/namespaces/shop/pods', '500', '500'],
      ['/api/v1/namespaces/shop/pods', '500', '1000'],
    ]);
    const snap = builder.build({ type: 'live' });
    expect(snap.pods).toHaveLength(1234);
    expect(new Set(snap.pods.map((p) => p.metadata.name)).size).toBe(1234);
    expect(snap.collected).toContain('pods');
  });

  it('restarts the list from the start when a continue token expired (410 Gone)', async () => {
    let expired = false;
    api = await startFakeApi({
      objects: { '/pods': pods('shop', 1200) },
      intercept: (r: Recorded) => {
        if (r.query.get('continue') === '1000' && !expired) {
          expired = true;
          return gone;
        }
        return undefined;
      },
    });
    const builder = new SnapshotBuilder();
    const outcome = await listInto(transport(api.url), builder, { type: PODS, namespace: 'shop' });
    expect(outcome).toEqual({ status: 'complete', items: 2200, pages: 5, restarts: 1 });
    expect(api.requests.map((r) => r.query.get('continue'))).toEqual([
      null,
      '500',
      '1000',
      null,
      '500',
      '1000',
    ]);
    // Objects read twice are kept once.
    expect(builder.build({ type: 'live' }).pods).toHaveLength(1200);
  });

  it('gives up after two restarts and never shows the partial list as complete', async () => {
    api = await startFakeApi({
      objects: { '/pods': pods('shop', 1200) },
      intercept: (r: Recorded) => (r.query.get('continue') === '500' ? gone : undefined),
    });
    const c = new Collection(transport(api.url));
    const outcome = await c.list({ type: PODS, namespace: 'shop' });
    expect(outcome).toMatchObject({ status: 'failed', restarts: 2, pages: 3 });
    expect(api.requests).toHaveLength(6);
    const snap = c.build({ type: 'live' }, '2026-12-01T00:00:00Z');
    expect(snap.pods).toHaveLength(500);
    expect(snap.collected).not.toContain('pods');
    expect(snap.missing).toEqual([
      {
        kind: 'pods',
        namespace: 'shop',
        why: 'cannot list resource "pods" in API group "" in the namespace "shop": The provided continue parameter is too old',
      },
    ]);
  });

  it('passes label and field selectors on every page', async () => {
    const labelled = pods('shop', 3).map((p, i) => ({
      ...p,
      metadata: { ...p.metadata, labels: { app: i < 2 ? 'web' : 'db' } },
    }));
    api = await startFakeApi({ objects: { '/pods': labelled } });
    const builder = new SnapshotBuilder();
    const outcome = await listInto(transport(api.url), builder, {
      type: PODS,
      namespace: 'shop',
      labelSelector: 'app=web',
      fieldSelector: 'metadata.namespace=shop',
      limit: 1,
    });
    expect(outcome).toMatchObject({ status: 'complete', items: 2, pages: 2 });
    for (const r of api.requests) {
      expect(r.query.get('labelSelector')).toBe('app=web');
      expect(r.query.get('fieldSelector')).toBe('metadata.namespace=shop');
    }
  });
});
