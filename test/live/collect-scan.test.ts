import { afterEach, describe, expect, it } from 'vitest';
import { collectLive, loadConnection, type Connection } from '../../src/collectors/live/index.js';
import { ClusterError } from '../../src/errors/index.js';
import { startFakeApi, type FakeApi, type FakeApiOptions, type Obj } from './fake-api.js';
import { writeKubeconfig } from './kubeconfig-files.js';
import { coreEvent, crashLooping, named, node, pods } from './objects.js';

const connect = (server: string): Connection =>
  loadConnection({ kubeconfig: writeKubeconfig([{ name: 'prod', server }]), env: {} });
const clock = () => new Date('2026-12-01T12:00:00Z');
const nsScope = { namespace: 'shop', allNamespaces: false, targets: [] };

function cluster(podList: Obj[]): Record<string, Obj[]> {
  return {
    '/pods': podList,
    '/events': [coreEvent('shop', 'e1', 'p-0', 'BackOff')],
    '/nodes': [node('n1')],
    '/persistentvolumeclaims': [named('shop', 'data')],
    '/services': [named('shop', 'web', { spec: { selector: { app: 'web' } } })],
    'apps/replicasets': [named('shop', 'web-1')],
    'apps/deployments': [named('shop', 'web')],
  };
}

describe('collectLive: namespace scan', () => {
  let api: FakeApi | undefined;
  const start = async (options: FakeApiOptions): Promise<FakeApi> => {
    await api?.close();
    api = await startFakeApi(options);
    return api;
  };
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('sends the same list requests for 10 and for 2,000 pods: only extra pages grow, never per-pod calls', async () => {
    const run = async (n: number) => {
      const fake = await start({ objects: cluster(pods('shop', n)), eventsV1: true });
      const snap = await collectLive(connect(fake.url), nsScope, { now: clock });
      return { snap, requests: [...fake.requests] };
    };
    const small = await run(10);
    const large = await run(2000);
    const firstPages = (rs: typeof small.requests) =>
      rs
        .filter((r) => !r.query.has('continue'))
        .map((r) => `${r.method} ${r.path}?${r.query.toString()}`)
        .sort();
    expect(firstPages(large.requests)).toEqual(firstPages(small.requests));
    // 16 evidence lists, events once (core/v1; events.k8s.io/v1 is the same events).
    expect(small.requests).toHaveLength(16);
    // 2,000 pods at limit=500 are 4 pages of one list.
    expect(large.requests).toHaveLength(16 + 3);
    expect(
      large.requests
        .filter((r) => r.query.has('continue'))
        .every((r) => r.path === '/api/v1/namespaces/shop/pods'),
    ).toBe(true);
    expect(large.snap.pods).toHaveLength(2000);
    for (const { requests } of [small, large]) {
      expect(new Set(requests.map((r) => r.method))).toEqual(new Set(['GET']));
      expect(requests.every((r) => r.query.get('limit') === '500')).toBe(true);
      expect(requests.some((r) => /\/pods\/[^/]+$/.test(r.path))).toBe(false);
    }
  });

  it('lists each evidence kind once, cluster-scoped kinds without a namespace, and stamps source and capturedAt', async () => {
    const fake = await start({ objects: cluster(pods('shop', 2)) });
    const snap = await collectLive(connect(fake.url), nsScope, { now: clock });
    expect(fake.requests.map((r) => r.path).sort()).toEqual([
      '/api/v1/namespaces/shop/events',
      '/api/v1/namespaces/shop/limitranges',
      '/api/v1/namespaces/shop/persistentvolumeclaims',
      '/api/v1/namespaces/shop/pods',
      '/api/v1/namespaces/shop/resourcequotas',
      '/api/v1/namespaces/shop/services',
      '/api/v1/nodes',
      '/api/v1/persistentvolumes',
      '/apis/apps/v1/namespaces/shop/daemonsets',
      '/apis/apps/v1/namespaces/shop/deployments',
      '/apis/apps/v1/namespaces/shop/replicasets',
      '/apis/apps/v1/namespaces/shop/statefulsets',
      '/apis/batch/v1/namespaces/shop/cronjobs',
      '/apis/batch/v1/namespaces/shop/jobs',
      '/apis/discovery.k8s.io/v1/namespaces/shop/endpointslices',
      '/apis/storage.k8s.io/v1/storageclasses',
    ]);
    expect(snap.source).toEqual({ type: 'live', context: 'prod', server: fake.url });
    expect(snap.capturedAt).toBe('2026-12-01T12:00:00.000Z');
    expect(snap.missing).toEqual([]);
    expect(snap.collected).toEqual(
      expect.arrayContaining([
        'pods',
        'events',
        'nodes',
        'pvcs',
        'pvs',
        'storageclasses',
        'services',
        'endpointslices',
        'workloads',
      ]),
    );
    expect(snap.events.map((e) => e.reason)).toEqual(['BackOff']);
    expect(snap.workloads.map((w) => `${w.kind}/${w.metadata.name}`).sort()).toEqual([
      'Deployment/web',
      'ReplicaSet/web-1',
    ]);
  });

  it('keeps at most 6 lists in flight (or the configured bound)', async () => {
    const fake = await start({ objects: cluster(pods('shop', 5)), delayMs: 30 });
    await collectLive(connect(fake.url), nsScope, { now: clock });
    expect(fake.maxInFlight()).toBe(6);
    const bounded = await start({ objects: cluster(pods('shop', 5)), delayMs: 30 });
    await collectLive(connect(bounded.url), nsScope, { now: clock, concurrency: 2 });
    expect(bounded.maxInFlight()).toBe(2);
    expect(bounded.requests).toHaveLength(16);
  });

  it('with -A lists across all namespaces', async () => {
    const fake = await start({ objects: { '/pods': [...pods('a', 2), ...pods('b', 3)] } });
    const snap = await collectLive(connect(fake.url), { allNamespaces: true, targets: [] }, { now: clock });
    expect(fake.requests.some((r) => r.path.includes('/namespaces/'))).toBe(false);
    expect(snap.pods).toHaveLength(5);
  });

  describe('events: read once, through core/v1, and through events.k8s.io/v1 only when core/v1 cannot be read', () => {
    const v1 = {
      metadata: { name: 'e1', namespace: 'shop', uid: 'ev-e1' },
      regarding: { kind: 'Pod', namespace: 'shop', name: 'p-0', uid: 'uid-shop-p-0' },
      reason: 'BackOff',
      note: 'Back-off restarting failed container app in pod p-0_shop(uid-shop-p-0)',
      type: 'Warning',
      eventTime: '2026-12-01T10:00:00.000000Z',
    };
    const coreForbidden = (r: { path: string }) =>
      r.path === '/api/v1/namespaces/shop/events'
        ? {
            status: 403,
            body: {
              kind: 'Status',
              message:
                'events is forbidden: User "dev" cannot list resource "events" in API group "" in the namespace "shop"',
            },
          }
        : undefined;

    it('core/v1 readable: events.k8s.io/v1 is neither discovered nor listed', async () => {
      const fake = await start({
        objects: { ...cluster(pods('shop', 1)), 'events.k8s.io/events': [v1] },
        eventsV1: true,
      });
      const snap = await collectLive(connect(fake.url), nsScope, { now: clock });
      expect(fake.requests.filter((r) => r.path.startsWith('/apis/events.k8s.io'))).toEqual([]);
      expect(fake.requests.filter((r) => r.path === '/api/v1/namespaces/shop/events')).toHaveLength(1);
      expect(snap.collected).toContain('events');
    });

    it('core/v1 forbidden: the events come from events.k8s.io/v1, with a note saying so', async () => {
      const fake = await start({
        objects: { ...cluster(pods('shop', 1)), 'events.k8s.io/events': [v1] },
        eventsV1: true,
        intercept: coreForbidden,
      });
      const snap = await collectLive(connect(fake.url), nsScope, { now: clock });
      expect(fake.requests.map((r) => r.path)).toContain('/apis/events.k8s.io/v1/namespaces/shop/events');
      expect(snap.events.map((e) => e.reason)).toEqual(['BackOff']);
      expect(snap.collected).toContain('events');
      expect(snap.missing).toEqual([]);
      expect(snap.notes.join('\n')).toMatch(
        /events were read through events\.k8s\.io\/v1: .*cannot list resource "events" in API group ""/,
      );
    });

    it('core/v1 forbidden and events.k8s.io/v1 not served: events are missing, with the permission named', async () => {
      const fake = await start({ objects: cluster(pods('shop', 1)), intercept: coreForbidden });
      const snap = await collectLive(connect(fake.url), nsScope, { now: clock });
      expect(snap.collected).not.toContain('events');
      expect(snap.missing.map((m) => [m.kind, m.namespace])).toEqual([['events', 'shop']]);
      expect(snap.missing[0]?.why).toMatch(
        /cannot list resource "events" in API group "" in the namespace "shop"/,
      );
    });
  });

  it('goes on with namespace-only view: forbidden cluster-scoped lists become missing evidence named as kubectl does', async () => {
    const fake = await start({
      objects: cluster(pods('shop', 3)),
      intercept: (r, p) =>
        p !== undefined && p.namespace === undefined
          ? {
              status: 403,
              body: {
                kind: 'Status',
                message: `${p.resource} is forbidden: User "dev" cannot list resource "${p.resource}" in API group "${p.group}" at the cluster scope`,
              },
            }
          : undefined,
    });
    const snap = await collectLive(connect(fake.url), nsScope, { now: clock });
    expect(snap.missing.map((m) => m.kind).sort()).toEqual(['nodes', 'pvs', 'storageclasses']);
    expect(snap.missing.find((m) => m.kind === 'nodes')?.why).toBe(
      'nodes is forbidden: User "dev" cannot list resource "nodes" in API group "" at the cluster scope',
    );
    expect(snap.collected).not.toContain('nodes');
    expect(snap.collected).toEqual(expect.arrayContaining(['pods', 'events', 'pvcs', 'services']));
    expect(snap.pods).toHaveLength(3);
  });

  it('words a bare 403 with the verb, resource and namespace', async () => {
    const fake = await start({
      objects: cluster(pods('shop', 1)),
      intercept: (_r, p) =>
        p?.resource === 'endpointslices' ? { status: 403, body: 'Forbidden' } : undefined,
    });
    const snap = await collectLive(connect(fake.url), nsScope, { now: clock });
    expect(snap.missing).toEqual([
      {
        kind: 'endpointslices',
        namespace: 'shop',
        why: 'forbidden: cannot list resource "endpointslices" in API group "discovery.k8s.io" in the namespace "shop" (Forbidden)',
      },
    ]);
  });

  it('fetches previous logs only for crashing containers, at most 10 per run', async () => {
    const crashing = Array.from({ length: 15 }, (_, i) => crashLooping('shop', `crash-${i}`));
    const logs = Object.fromEntries(
      crashing.map((p) => [`shop/${p.metadata.name}/app/true`, 'boot\npanic: no config\n']),
    );
    const fake = await start({ objects: { '/pods': [...pods('shop', 20), ...crashing] }, logs });
    const snap = await collectLive(connect(fake.url), nsScope, { now: clock });
    const logRequests = fake.requests.filter((r) => r.path.endsWith('/log'));
    expect(logRequests).toHaveLength(10);
    for (const r of logRequests) {
      expect(r.path).toMatch(/^\/api\/v1\/namespaces\/shop\/pods\/crash-\d+\/log$/);
      expect(Object.fromEntries(r.query)).toEqual({
        container: 'app',
        previous: 'true',
        tailLines: '50',
        limitBytes: '16384',
      });
    }
    expect(snap.logs).toHaveLength(10);
    expect(snap.logs[0]).toMatchObject({
      namespace: 'shop',
      container: 'app',
      previous: true,
      lines: ['boot', 'panic: no config'],
    });
  });

  it('stops with exit 3 when the credentials are rejected', async () => {
    const fake = await start({ intercept: () => ({ status: 401, body: { message: 'Unauthorized' } }) });
    await expect(collectLive(connect(fake.url), nsScope, { now: clock })).rejects.toThrow(ClusterError);
    await expect(collectLive(connect(fake.url), nsScope, { now: clock })).rejects.toThrow(
      `the cluster "prod" at ${fake.url} rejected the credentials (401 Unauthorized)`,
    );
  });
});
