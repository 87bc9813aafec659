import { afterEach, describe, expect, it } from 'vitest';
import { collectLive, loadConnection, type Connection } from '../../src/collectors/live/index.js';
import { startFakeApi, type FakeApi, type Obj } from './fake-api.js';
import { writeKubeconfig } from './kubeconfig-files.js';
import { coreEvent, crashLooping, named, node, pods } from './objects.js';

const connect = (server: string): Connection =>
  loadConnection({ kubeconfig: writeKubeconfig([{ name: 'prod', server, namespace: 'shop' }]), env: {} });
const clock = () => new Date('2026-12-01T12:00:00Z');
const owner = (kind: string, name: string) => ({
  ownerReferences: [{ kind, name, controller: true, uid: `uid-${name}` }],
});

function target(): Obj {
  const p = crashLooping('shop', 'web-1-abc');
  return {
    ...p,
    metadata: { ...p.metadata, labels: { app: 'web' }, ...owner('ReplicaSet', 'web-1') },
    spec: {
      nodeName: 'n1',
      containers: [{ name: 'app', image: 'web:1' }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
    },
  };
}

const objects: Record<string, Obj[]> = {
  '/pods': [target(), ...pods('shop', 50)],
  '/events': [coreEvent('shop', 'e1', 'web-1-abc', 'BackOff'), coreEvent('shop', 'e2', 'p-3', 'Pulled')],
  '/nodes': [node('n1'), node('n2')],
  '/persistentvolumeclaims': [
    named('shop', 'data', { spec: { volumeName: 'pv-1', storageClassName: 'fast' } }),
  ],
  '/persistentvolumes': [named(undefined, 'pv-1')],
  'storage.k8s.io/storageclasses': [named(undefined, 'fast', { provisioner: 'csi.example' })],
  'apps/replicasets': [
    {
      ...named('shop', 'web-1'),
      metadata: { name: 'web-1', namespace: 'shop', ...owner('Deployment', 'web') },
    },
  ],
  'apps/deployments': [named('shop', 'web')],
  '/services': [
    named('shop', 'web', { spec: { selector: { app: 'web' } } }),
    named('shop', 'db', { spec: { selector: { app: 'db' } } }),
  ],
  'discovery.k8s.io/endpointslices': [
    {
      ...named('shop', 'web-x'),
      metadata: { name: 'web-x', namespace: 'shop', labels: { 'kubernetes.io/service-name': 'web' } },
    },
    {
      ...named('shop', 'db-x'),
      metadata: { name: 'db-x', namespace: 'shop', labels: { 'kubernetes.io/service-name': 'db' } },
    },
  ],
};

describe('collectLive: single pod', () => {
  let api: FakeApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('GETs the pod, then its related objects by name and selector — never a namespace-wide pod or event list', async () => {
    api = await startFakeApi({ objects, logs: { 'shop/web-1-abc/app/true': 'starting\nfatal: bad flag\n' } });
    const scope = { allNamespaces: false, targets: [{ kind: 'Pod', name: 'web-1-abc' }] };
    const snap = await collectLive(connect(api.url), scope, { now: clock });
    const seen = api.requests.map(
      (r) => `${r.path}${r.query.size > 0 ? `?${decodeURIComponent(r.query.toString())}` : ''}`,
    );
    expect(seen[0]).toBe('/api/v1/namespaces/shop/pods/web-1-abc');
    expect(seen.slice(1).sort()).toEqual(
      [
        '/api/v1/namespaces/shop/events?limit=500&fieldSelector=involvedObject.name=web-1-abc,involvedObject.namespace=shop,involvedObject.uid=uid-shop-web-1-abc',
        '/api/v1/nodes/n1',
        '/api/v1/namespaces/shop/persistentvolumeclaims/data',
        '/api/v1/persistentvolumes/pv-1',
        '/apis/storage.k8s.io/v1/storageclasses/fast',
        '/apis/apps/v1/namespaces/shop/replicasets/web-1',
        '/apis/apps/v1/namespaces/shop/deployments/web',
        '/api/v1/namespaces/shop/services?limit=500',
        '/apis/discovery.k8s.io/v1/namespaces/shop/endpointslices?limit=500&labelSelector=kubernetes.io/service-name=web',
        '/api/v1/namespaces/shop/pods/web-1-abc/log?container=app&previous=true&tailLines=50&limitBytes=16384',
      ].sort(),
    );
    expect(new Set(api.requests.map((r) => r.method))).toEqual(new Set(['GET']));
    expect(snap.pods.map((p) => p.metadata.name)).toEqual(['web-1-abc']);
    expect(snap.events.map((e) => e.reason)).toEqual(['BackOff']);
    expect(snap.nodes.map((n) => n.metadata.name)).toEqual(['n1']);
    expect(snap.services.map((s) => s.metadata.name)).toEqual(['web']);
    expect(snap.endpointSlices.map((s) => s.metadata.name)).toEqual(['web-x']);
    expect(snap.workloads.map((w) => w.kind).sort()).toEqual(['Deployment', 'ReplicaSet']);
    expect(snap.logs).toEqual([
      {
        namespace: 'shop',
        pod: 'web-1-abc',
        container: 'app',
        previous: true,
        lines: ['starting', 'fatal: bad flag'],
      },
    ]);
    expect(snap.missing).toEqual([]);
  });

  it('keeps going when the node cannot be read, and says which verb was forbidden', async () => {
    api = await startFakeApi({
      objects,
      intercept: (_r, p) =>
        p?.resource === 'nodes'
          ? {
              status: 403,
              body: {
                message:
                  'nodes "n1" is forbidden: User "dev" cannot get resource "nodes" in API group "" at the cluster scope',
              },
            }
          : undefined,
    });
    const snap = await collectLive(connect(api.url), {
      allNamespaces: false,
      targets: [{ kind: 'Pod', name: 'web-1-abc' }],
    });
    expect(snap.missing).toEqual([
      {
        kind: 'nodes',
        why: 'nodes "n1" is forbidden: User "dev" cannot get resource "nodes" in API group "" at the cluster scope',
      },
    ]);
    expect(snap.collected).not.toContain('nodes');
    expect(snap.pods).toHaveLength(1);
    expect(snap.services).toHaveLength(1);
  });

  it('a pod that does not exist: its events by name, and a note', async () => {
    api = await startFakeApi({ objects });
    const snap = await collectLive(connect(api.url), {
      allNamespaces: false,
      targets: [{ kind: 'Pod', name: 'gone' }],
    });
    expect(api.requests.map((r) => r.path)).toEqual([
      '/api/v1/namespaces/shop/pods/gone',
      '/api/v1/namespaces/shop/events',
    ]);
    expect(api.requests[1]?.query.get('fieldSelector')).toBe(
      'involvedObject.name=gone,involvedObject.namespace=shop',
    );
    expect(snap.pods).toEqual([]);
    expect(snap.notes).toContain('Pod shop/gone was not found');
  });

  it('a workload target is a namespace scan', async () => {
    api = await startFakeApi({ objects });
    await collectLive(connect(api.url), {
      allNamespaces: false,
      targets: [{ kind: 'Deployment', name: 'web' }],
    });
    expect(api.requests.map((r) => r.path)).toContain('/api/v1/namespaces/shop/pods');
    // Only the crash-looping pod's previous log is fetched per pod; the pod itself comes from the list.
    expect(
      api.requests.filter((r) => r.path.startsWith('/api/v1/namespaces/shop/pods/')).map((r) => r.path),
    ).toEqual(['/api/v1/namespaces/shop/pods/web-1-abc/log']);
  });
});
