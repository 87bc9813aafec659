/** The simulator's Kubernetes API over HTTP: auth, discovery, reads, selectors, pagination, writes. */
import { afterEach, describe, expect, it } from 'vitest';
import { serveTestCluster, testPod, type Served } from '../../src/simulator/http/http-test-helpers.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.server.close();
  served = undefined;
});

const start = async (...args: Parameters<typeof serveTestCluster>): Promise<Served> => {
  served = await serveTestCluster(...args);
  return served;
};

describe('authentication', () => {
  it('serves a request without credentials as the admin by default (kubectl sends none over http)', async () => {
    const s = await start();
    const res = await fetch(`${s.url}/api/v1/namespaces`);
    expect(res.status).toBe(200);
  });

  it('answers 401 Unauthorized for a missing token when anonymous access is off, and for an unknown token', async () => {
    const s = await start({ anonymous: null });
    const none = await fetch(`${s.url}/api/v1/pods`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
    const bad = await fetch(`${s.url}/api/v1/pods`, { headers: { Authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    const ok = await s.req('/api/v1/pods');
    expect(ok.status).toBe(200);
  });
});

describe('discovery', () => {
  it('serves /version from the scenario and the legacy discovery documents', async () => {
    const s = await start();
    expect(await s.json('/version')).toMatchObject({
      gitVersion: 'v1.31.4',
      major: '1',
      minor: '31',
      platform: 'linux/amd64',
    });
    expect(await s.json('/api')).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const groups = (await s.json('/apis')).groups as { name: string }[];
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining([
        'apps',
        'batch',
        'discovery.k8s.io',
        'events.k8s.io',
        'storage.k8s.io',
        'admissionregistration.k8s.io',
      ]),
    );
    const core = (await s.json('/api/v1')).resources as {
      name: string;
      shortNames?: string[];
      categories?: string[];
      verbs: string[];
    }[];
    const pods = core.find((r) => r.name === 'pods');
    expect(pods).toMatchObject({ shortNames: ['po'], categories: ['all'], namespaced: true, kind: 'Pod' });
    expect(pods?.verbs).toContain('watch');
    expect(core.some((r) => r.name === 'pods/log')).toBe(true);
    const apps = (await s.json('/apis/apps/v1')).resources as { name: string; shortNames?: string[] }[];
    expect(apps.find((r) => r.name === 'deployments')?.shortNames).toEqual(['deploy']);
    expect((await s.req('/apis/nope/v1')).status).toBe(404);
  });

  it('serves OpenAPI v3 and v2 with PATCH operations that take fieldValidation', async () => {
    const s = await start();
    const root = (await s.json('/openapi/v3')).paths as Record<string, { serverRelativeURL: string }>;
    expect(root['api/v1']?.serverRelativeURL).toMatch(/^\/openapi\/v3\/api\/v1\?hash=/);
    const doc = (await s.json(root['api/v1']?.serverRelativeURL ?? '')).paths as Record<
      string,
      { patch: { parameters: { name: string }[] } }
    >;
    expect(doc['/api/v1/namespaces/{namespace}/pods/{name}']?.patch.parameters.map((p) => p.name)).toContain(
      'fieldValidation',
    );
    const pb = await s.req('/openapi/v2', {
      headers: { Accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf' },
    });
    expect(pb.headers.get('content-type')).toBe('application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    expect(Buffer.from(await pb.arrayBuffer()).toString('latin1')).toContain(
      'x-kubernetes-group-version-kind',
    );
  });
});

describe('reads', () => {
  it('gets, lists across and within namespaces, and 404s with the apiserver message', async () => {
    const s = await start();
    s.sim.store.create(testPod('web', { namespace: 'default', nodeName: 'worker-1' }));
    s.sim.store.create(testPod('db', { namespace: 'kube-system', nodeName: 'worker-2' }));
    expect(await s.json('/api/v1/namespaces/default/pods/web')).toMatchObject({
      kind: 'Pod',
      metadata: { name: 'web' },
    });
    const all = await s.json('/api/v1/pods');
    expect(all.kind).toBe('PodList');
    expect((all.items as { metadata: { name: string } }[]).map((p) => p.metadata.name)).toEqual([
      'web',
      'db',
    ]);
    expect((all.metadata as { resourceVersion: string }).resourceVersion).toBe(
      String(s.sim.store.resourceVersion),
    );
    const ns = await s.json('/api/v1/namespaces/kube-system/pods');
    expect((ns.items as unknown[]).length).toBe(1);
    const missing = await s.req('/api/v1/namespaces/default/pods/nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ reason: 'NotFound', message: 'pods "nope" not found' });
    const deploy = await s.req('/apis/apps/v1/namespaces/default/deployments/nope');
    expect(((await deploy.json()) as { message: string }).message).toBe('deployments.apps "nope" not found');
  });

  it('filters by label and field selectors and rejects unknown fields with 400', async () => {
    const s = await start();
    s.sim.store.create(
      testPod('a', {
        labels: { app: 'web', tier: 'front' },
        nodeName: 'worker-1',
        status: { phase: 'Running' },
      }),
    );
    s.sim.store.create(testPod('b', { labels: { app: 'web' }, nodeName: 'worker-2' }));
    s.sim.store.create(testPod('c', { labels: { app: 'db' }, nodeName: 'worker-1' }));
    const names = async (q: string): Promise<string[]> =>
      ((await s.json(`/api/v1/pods?${q}`)).items as { metadata: { name: string } }[]).map(
        (p) => p.metadata.name,
      );
    expect(await names('labelSelector=app%3Dweb')).toEqual(['a', 'b']);
    expect(await names('labelSelector=app%20in%20(web,db),tier')).toEqual(['a']);
    expect(await names('fieldSelector=spec.nodeName%3Dworker-1')).toEqual(['a', 'c']);
    expect(await names('fieldSelector=status.phase!%3DRunning,metadata.name%3Db')).toEqual(['b']);
    const bad = await s.req('/api/v1/pods?fieldSelector=spec.foo%3Dx');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      reason: 'BadRequest',
      message: 'field label not supported: spec.foo',
    });
  });

  it('pages with limit and an opaque continue token, counting what remains', async () => {
    const s = await start();
    for (let i = 0; i < 5; i++)
      s.sim.store.create({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `cm-${i}`, namespace: 'default' },
        data: {},
      });
    const first = await s.json('/api/v1/namespaces/default/configmaps?limit=2');
    const meta = first.metadata as { continue: string; remainingItemCount: number; resourceVersion: string };
    expect((first.items as { metadata: { name: string } }[]).map((c) => c.metadata.name)).toEqual([
      'cm-0',
      'cm-1',
    ]);
    expect(meta.remainingItemCount).toBe(3);
    const second = await s.json(
      `/api/v1/namespaces/default/configmaps?limit=2&continue=${encodeURIComponent(meta.continue)}`,
    );
    expect((second.items as { metadata: { name: string } }[]).map((c) => c.metadata.name)).toEqual([
      'cm-2',
      'cm-3',
    ]);
    expect((second.metadata as { resourceVersion: string }).resourceVersion).toBe(meta.resourceVersion);
    const third = await s.json(
      `/api/v1/namespaces/default/configmaps?limit=2&continue=${encodeURIComponent((second.metadata as { continue: string }).continue)}`,
    );
    expect((third.items as unknown[]).length).toBe(1);
    expect((third.metadata as { continue?: string }).continue).toBeUndefined();
  });

  it('answers 410 Expired for a continue token older than the kept history', async () => {
    const s = await start({}, undefined, 3);
    for (let i = 0; i < 3; i++)
      s.sim.store.create({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `cm-${i}`, namespace: 'default' },
        data: {},
      });
    const first = await s.json('/api/v1/namespaces/default/configmaps?limit=1');
    for (let i = 3; i < 10; i++)
      s.sim.store.create({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `cm-${i}`, namespace: 'default' },
        data: {},
      });
    const res = await s.req(
      `/api/v1/namespaces/default/configmaps?limit=1&continue=${encodeURIComponent((first.metadata as { continue: string }).continue)}`,
    );
    expect(res.status).toBe(410);
    const body = (await res.json()) as { reason: string; message: string; metadata: { continue?: string } };
    expect(body.reason).toBe('Expired');
    expect(body.message).toMatch(
      /^The provided continue parameter is too old to display a consistent list result\./,
    );
    expect(body.metadata.continue).toBeDefined();
  });

  it('serves core events as events.k8s.io/v1 with regarding and note', async () => {
    const s = await start();
    const pod = s.sim.store.create(testPod('web'));
    s.sim.events.record({
      object: pod,
      type: 'Warning',
      reason: 'BackOff',
      message: 'Back-off restarting failed container app in pod web_default(1)',
      component: 'kubelet',
      host: 'worker-1',
      fieldPath: 'spec.containers{app}',
    });
    const list = await s.json(
      '/apis/events.k8s.io/v1/namespaces/default/events?fieldSelector=regarding.name%3Dweb',
    );
    expect(list.kind).toBe('EventList');
    expect(list.apiVersion).toBe('events.k8s.io/v1');
    // As kube-apiserver writes a built-in kind's list: the items carry no kind or apiVersion.
    expect((list.items as Record<string, unknown>[]).map((i) => [i.kind, i.apiVersion])).toEqual([
      [undefined, undefined],
    ]);
    expect(list.items).toEqual([
      expect.objectContaining({
        reason: 'BackOff',
        note: 'Back-off restarting failed container app in pod web_default(1)',
        regarding: expect.objectContaining({
          kind: 'Pod',
          name: 'web',
          fieldPath: 'spec.containers{app}',
        }) as unknown,
        deprecatedSource: { component: 'kubelet', host: 'worker-1' },
        deprecatedCount: 1,
        reportingController: 'kubelet',
      }),
    ]);
    const core = await s.json(
      '/api/v1/events?fieldSelector=involvedObject.name%3Dweb,reason%3DBackOff,source%3Dkubelet',
    );
    expect((core.items as unknown[]).length).toBe(1);
  });

  it('never crashes on bad requests: unknown paths and resources are 404 Status', async () => {
    const s = await start();
    for (const path of [
      '/nope',
      '/api/v1/widgets',
      '/apis/apps/v1/namespaces/default/widgets/x',
      '/api/v1/namespaces/default/pods/x/exec',
    ]) {
      const res = await s.req(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ kind: 'Status', code: 404 });
    }
    expect((await s.req('/api/v1/pods?limit=abc')).status).toBe(400);
    expect((await s.req('/api/v1/pods?labelSelector=%3D%3D%3D')).status).toBe(400);
  });
});
