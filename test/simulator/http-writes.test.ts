/** Writes over HTTP: create (dryRun, fieldValidation), update, the three patch types, delete. */
import { afterEach, describe, expect, it } from 'vitest';
import { serveTestCluster, type Served } from '../../src/simulator/http/http-test-helpers.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.server.close();
  served = undefined;
});

const cm = (name: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: '1' }, ...extra });

const post = (s: Served, path: string, body: string) =>
  s.req(path, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

describe('writes', () => {
  it('creates through the API server (201), defaulting the namespace from the URL', async () => {
    const s = (served = await serveTestCluster());
    const res = await post(s, '/api/v1/namespaces/default/configmaps', cm('settings'));
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      metadata: { namespace: string; uid: string; resourceVersion: string };
    };
    expect(body.metadata.namespace).toBe('default');
    expect(body.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.sim.store.get('configmaps', 'default', 'settings')).toBeDefined();
    const again = await post(s, '/api/v1/namespaces/default/configmaps', cm('settings'));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      reason: 'AlreadyExists',
      message: 'configmaps "settings" already exists',
    });
  });

  it('honours dryRun=All and fieldValidation, and rejects bad bodies with 400', async () => {
    const s = (served = await serveTestCluster());
    const dry = await post(s, '/api/v1/namespaces/default/configmaps?dryRun=All', cm('dry'));
    expect(dry.status).toBe(201);
    expect(s.sim.store.get('configmaps', 'default', 'dry')).toBeUndefined();
    const strict = await post(
      s,
      '/api/v1/namespaces/default/configmaps?fieldValidation=Strict',
      cm('x', { foo: 1 }),
    );
    expect(strict.status).toBe(400);
    expect(((await strict.json()) as { message: string }).message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "foo"',
    );
    const warn = await post(
      s,
      '/api/v1/namespaces/default/configmaps?fieldValidation=Warn',
      cm('w', { foo: 1 }),
    );
    expect(warn.status).toBe(201);
    expect(warn.headers.get('warning')).toBe('299 - "unknown field \\"foo\\""');
    const broken = await post(s, '/api/v1/namespaces/default/configmaps', '{not json');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toMatch(
      /^couldn't get version\/kind; json parse error/,
    );
    const otherNs = await post(
      s,
      '/api/v1/namespaces/default/configmaps',
      cm('n', { metadata: { name: 'n', namespace: 'kube-system' } }),
    );
    expect(otherNs.status).toBe(400);
  });

  it('updates with optimistic concurrency (409 on a stale resourceVersion)', async () => {
    const s = (served = await serveTestCluster());
    const created = (await (await post(s, '/api/v1/namespaces/default/configmaps', cm('c'))).json()) as {
      metadata: { resourceVersion: string };
    };
    const put = (rv: string, value: string) =>
      s.req('/api/v1/namespaces/default/configmaps/c', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'c', resourceVersion: rv },
          data: { a: value },
        }),
      });
    const ok = await put(created.metadata.resourceVersion, '2');
    expect(ok.status).toBe(200);
    expect(s.sim.store.get('configmaps', 'default', 'c')?.data).toEqual({ a: '2' });
    const stale = await put(created.metadata.resourceVersion, '3');
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(
      'Operation cannot be fulfilled on configmaps "c": the object has been modified; please apply your changes to the latest version and try again',
    );
  });

  it('patches with merge, strategic merge (lists by name) and JSON patch', async () => {
    const s = (served = await serveTestCluster());
    await post(s, '/api/v1/namespaces/default/configmaps', cm('p'));
    const patch = (type: string, body: unknown) =>
      s.req('/api/v1/namespaces/default/configmaps/p', {
        method: 'PATCH',
        headers: { 'Content-Type': type },
        body: JSON.stringify(body),
      });
    expect(
      (
        await patch('application/merge-patch+json', {
          metadata: { labels: { tier: 'front' } },
          data: { b: '2' },
        })
      ).status,
    ).toBe(200);
    expect((await patch('application/json-patch+json', [{ op: 'remove', path: '/data/a' }])).status).toBe(
      200,
    );
    const obj = s.sim.store.get('configmaps', 'default', 'p');
    expect(obj?.metadata.labels).toEqual({ tier: 'front' });
    expect(obj?.data).toEqual({ b: '2' });
    const unsupported = await patch('application/apply-patch+yaml', {});
    expect(unsupported.status).toBe(415);
    // Strategic merge on a Deployment: containers merge by name, $setElementOrder keeps order.
    await post(
      s,
      '/apis/apps/v1/namespaces/default/deployments',
      JSON.stringify({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web' },
        spec: {
          selector: { matchLabels: { app: 'web' } },
          template: {
            metadata: { labels: { app: 'web' } },
            spec: {
              containers: [
                { name: 'app', image: 'nginx:1.27' },
                { name: 'sidecar', image: 'envoy:1.30' },
              ],
            },
          },
        },
      }),
    );
    const smp = await s.req('/apis/apps/v1/namespaces/default/deployments/web', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
      body: JSON.stringify({
        spec: {
          template: {
            spec: {
              '$setElementOrder/containers': [{ name: 'app' }, { name: 'sidecar' }],
              containers: [{ name: 'app', image: 'nginx:1.28' }],
            },
          },
        },
      }),
    });
    expect(smp.status).toBe(200);
    const deploy = (await smp.json()) as {
      metadata: { generation: number };
      spec: { template: { spec: { containers: { name: string; image: string }[] } } };
    };
    expect(deploy.spec.template.spec.containers.map((c) => ({ name: c.name, image: c.image }))).toEqual([
      { name: 'app', image: 'nginx:1.28' },
      { name: 'sidecar', image: 'envoy:1.30' },
    ]);
    expect(deploy.metadata.generation).toBe(2);
    expect((await patch('application/merge-patch+json', { metadata: { labels: null } })).status).toBe(200);
    const missing = await s.req('/api/v1/namespaces/default/configmaps/none', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: '{}',
    });
    expect(missing.status).toBe(404);
  });

  it('deletes, taking gracePeriodSeconds from DeleteOptions or the query', async () => {
    const s = (served = await serveTestCluster());
    await post(s, '/api/v1/namespaces/default/configmaps', cm('gone'));
    const res = await s.req('/api/v1/namespaces/default/configmaps/gone', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0 }),
    });
    expect(res.status).toBe(200);
    expect(s.sim.store.get('configmaps', 'default', 'gone')).toBeUndefined();
    const again = await s.req('/api/v1/namespaces/default/configmaps/gone?gracePeriodSeconds=0', {
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
  });
});
