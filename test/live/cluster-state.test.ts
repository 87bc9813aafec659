/**
 * collectClusterState against a served simulator (RBAC with the apiserver's own denial texts,
 * field selectors, limit/continue) and the fake API (paging as offsets, chosen failures).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  collectClusterState,
  STATE_RESOURCES,
  type StateObjects,
} from '../../src/collectors/live/cluster-state.js';
import { STATE_OBJECT_KINDS } from '../../src/collectors/state-objects.js';
import { loadConnection, type Connection } from '../../src/collectors/live/index.js';
import { ClusterError } from '../../src/errors/index.js';
import { STATE_KINDS } from '../../src/preflight/types.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { parseScenario } from '../../src/simulator/scenario/load.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { startFakeApi, type FakeApi, type Obj } from './fake-api.js';
import { writeKubeconfig } from './kubeconfig-files.js';

const SECRET_VALUE = 'planted-s3cr3t-value';
const SECRET_B64 = Buffer.from(SECRET_VALUE).toString('base64');
const CONFIG_VALUE = 'postgres://planted-config-value';

const READ = ['get', 'list', 'watch'];
const ALL_BUT_SECRETS = [
  'namespaces',
  'nodes',
  'pods',
  'resourcequotas',
  'limitranges',
  'serviceaccounts',
  'configmaps',
  'persistentvolumeclaims',
  'persistentvolumes',
  'storageclasses',
  'csidrivers',
  'services',
  'mutatingwebhookconfigurations',
  'validatingwebhookconfigurations',
];

const SCENARIO = `
name: preflight-state
description: two namespaces, a Secret and a ConfigMap with planted values, a finished pod
duration: 1m
expect: { target: pod/done, stage: crash, reason: CrashLoopBackOff }
cluster:
  nodes:
    - { name: worker, count: 2, cpu: '4', memory: 16Gi }
  namespaces:
    - { name: shop, quota: { requests.cpu: '2' } }
    - name: billing
  csiDrivers:
    - { name: ebs.csi.aws.com }
  webhooks:
    - { name: policy.example.com, deny: 'images must come from registry.example.com', denyImages: 'docker.io/*' }
  registry:
    images:
      - { name: registry.example.com/web:1, run: { ports: [8080] } }
      - { name: registry.example.com/once:1, run: { exitAfter: 1s, exitCode: 0 } }
  users:
    - name: dev
      rules: [{ verbs: [${READ.join(', ')}], apiGroups: ['*'], resources: ['*'], namespaces: [shop] }]
    - name: nosecrets
      rules: [{ verbs: [${READ.join(', ')}], apiGroups: ['*'], resources: [${ALL_BUT_SECRETS.join(', ')}] }]
objects:
  - apiVersion: v1
    kind: Secret
    metadata: { name: db, namespace: shop }
    type: Opaque
    data: { password: ${SECRET_B64} }
  - apiVersion: v1
    kind: Secret
    metadata: { name: billing-db, namespace: billing }
    data: { password: ${SECRET_B64} }
  - apiVersion: v1
    kind: ConfigMap
    metadata: { name: settings, namespace: shop }
    data: { DB_URL: '${CONFIG_VALUE}', MODE: production }
  - apiVersion: v1
    kind: Pod
    metadata: { name: web, namespace: shop }
    spec: { containers: [{ name: web, image: registry.example.com/web:1, resources: { requests: { cpu: 100m } } }] }
  - apiVersion: v1
    kind: Pod
    metadata: { name: ledger, namespace: billing }
    spec: { containers: [{ name: ledger, image: registry.example.com/web:1, resources: { requests: { cpu: 100m } } }] }
  - apiVersion: v1
    kind: Pod
    metadata: { name: done, namespace: billing }
    spec: { restartPolicy: Never, containers: [{ name: once, image: registry.example.com/once:1 }] }
`;

let server: RunningApiServer | undefined;
let url = '';
const home = mkdtempSync(path.join(os.tmpdir(), 'h-'));
const connect = (server: string, token: string): Connection =>
  loadConnection({
    kubeconfig: writeKubeconfig([{ name: 'sim', server, token, namespace: 'shop' }]),
    env: { HOME: home },
  });

beforeAll(async () => {
  const sim = new Simulation(parseScenario(SCENARIO, 'preflight-state.yaml')).run();
  server = await startApiServer(sim, { port: 0, speed: 0 });
  url = server.url;
});
afterAll(async () => {
  await server?.close();
});

const names = (s: StateObjects, kind: string): string[] =>
  s.objects
    .filter((o) => o.kind === kind)
    .map((o) => {
      const m = o.metadata as { name: string; namespace?: string };
      return m.namespace === undefined ? m.name : `${m.namespace}/${m.name}`;
    })
    .sort();
const find = (s: StateObjects, kind: string, ns: string, name: string): Record<string, unknown> | undefined =>
  s.objects.find((o) => {
    const m = o.metadata as { name: string; namespace?: string };
    return o.kind === kind && m.namespace === ns && m.name === name;
  });

describe('the state kinds of the collectors', () => {
  it("are preflight's STATE_KINDS, in their order", () => {
    expect(STATE_OBJECT_KINDS).toEqual(STATE_KINDS);
    expect(STATE_RESOURCES.map((r) => r.kind)).toEqual(STATE_KINDS);
  });
});

describe('collectClusterState against the served simulator', () => {
  it('an admin reading "shop": every state kind is known, nothing is missing', async () => {
    const state = await collectClusterState(connect(url, ADMIN_TOKEN), ['shop']);
    expect(state.known).toEqual([...STATE_KINDS]);
    expect(state.missing).toEqual([]);
    expect(names(state, 'Namespace')).toEqual(expect.arrayContaining(['billing', 'shop']));
    expect(names(state, 'Node')).toHaveLength(2);
    expect(names(state, 'CSIDriver')).toEqual(['ebs.csi.aws.com']);
    expect(names(state, 'ValidatingWebhookConfiguration')).toEqual(['policy.example.com']);
    expect(names(state, 'ResourceQuota').every((n) => n.startsWith('shop/'))).toBe(true);
    expect(names(state, 'ResourceQuota')).not.toEqual([]);
    expect(names(state, 'ServiceAccount')).toContain('shop/default');
    // Namespaced kinds come from the namespace read only.
    expect(names(state, 'Secret')).toEqual(['shop/db']);
    expect(names(state, 'ConfigMap')).toContain('shop/settings');
    expect(names(state, 'ServiceAccount').every((n) => n.startsWith('shop/'))).toBe(true);
    for (const o of state.objects) {
      expect(typeof o.apiVersion).toBe('string');
      expect(STATE_KINDS).toContain(o.kind);
      expect(typeof (o.metadata as { name?: unknown }).name).toBe('string');
    }
  });

  it("pods: all of the namespace's, and of other namespaces only those still holding node resources", async () => {
    const state = await collectClusterState(connect(url, ADMIN_TOKEN), ['shop']);
    const pods = names(state, 'Pod');
    expect(pods).toContain('shop/web');
    expect(pods).toContain('billing/ledger');
    expect(pods).not.toContain('billing/done');
    // web is in both lists (its namespace's and the running pods of the cluster) but kept once.
    expect(pods.filter((p) => p === 'shop/web')).toHaveLength(1);
  });

  it('"all": every namespace, finished pods included', async () => {
    const state = await collectClusterState(connect(url, ADMIN_TOKEN), 'all');
    expect(state.known).toEqual([...STATE_KINDS]);
    expect(names(state, 'Secret')).toEqual(expect.arrayContaining(['billing/billing-db', 'shop/db']));
    expect(names(state, 'Pod')).toEqual(
      expect.arrayContaining(['billing/done', 'billing/ledger', 'shop/web']),
    );
  });

  it('Secret and ConfigMap values are never kept: their keys are, with empty values', async () => {
    const state = await collectClusterState(connect(url, ADMIN_TOKEN), 'all');
    const text = JSON.stringify(state);
    expect(text).not.toContain(SECRET_VALUE);
    expect(text).not.toContain(SECRET_B64);
    expect(text).not.toContain(CONFIG_VALUE);
    expect(find(state, 'Secret', 'shop', 'db')).toMatchObject({
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'Opaque',
      data: { password: '' },
    });
    expect(find(state, 'ConfigMap', 'shop', 'settings')?.data).toEqual({ DB_URL: '', MODE: '' });
  });

  it('a user who may read only "shop": cluster-scoped kinds and other namespaces\' pods are missing, with the apiserver\'s words', async () => {
    const state = await collectClusterState(connect(url, 'dev-token'), ['shop']);
    const denied = (resource: string, group = '') =>
      `${resource}${group === '' ? '' : `.${group}`} is forbidden: User "dev" cannot list resource "${resource}" in API group "${group}" at the cluster scope`;
    expect(state.missing).toEqual([
      { kind: 'Namespace', why: denied('namespaces') },
      { kind: 'Node', why: denied('nodes') },
      { kind: 'PersistentVolume', why: denied('persistentvolumes') },
      { kind: 'StorageClass', why: denied('storageclasses', 'storage.k8s.io') },
      { kind: 'CSIDriver', why: denied('csidrivers', 'storage.k8s.io') },
      {
        kind: 'MutatingWebhookConfiguration',
        why: denied('mutatingwebhookconfigurations', 'admissionregistration.k8s.io'),
      },
      {
        kind: 'ValidatingWebhookConfiguration',
        why: denied('validatingwebhookconfigurations', 'admissionregistration.k8s.io'),
      },
      {
        kind: 'Pod',
        why: `${denied('pods')}; only the pods of the namespace "shop" were read, so what the pods of other namespaces request of the nodes is unknown`,
      },
    ]);
    expect(state.known).toEqual([
      'ResourceQuota',
      'LimitRange',
      'ServiceAccount',
      'ConfigMap',
      'Secret',
      'PersistentVolumeClaim',
      'Service',
    ]);
    // What could be read is kept: the namespace's own pods and objects.
    expect(names(state, 'Pod')).toEqual(['shop/web']);
    expect(names(state, 'Secret')).toEqual(['shop/db']);
    expect(names(state, 'Node')).toEqual([]);
  });

  it("a user without secrets: Secret is missing once per namespace, in the namespace's words, and not known", async () => {
    const state = await collectClusterState(connect(url, 'nosecrets-token'), ['shop', 'billing']);
    const denied = (ns: string) =>
      `secrets is forbidden: User "nosecrets" cannot list resource "secrets" in API group "" in the namespace "${ns}"`;
    expect(state.missing).toEqual([
      { kind: 'Secret', why: denied('shop') },
      { kind: 'Secret', why: denied('billing') },
    ]);
    expect(state.known).toEqual(STATE_KINDS.filter((k) => k !== 'Secret'));
    expect(names(state, 'Secret')).toEqual([]);
    expect(names(state, 'ConfigMap')).toContain('shop/settings');
  });

  it('pages through every list with the given limit and sends only lists', async () => {
    const log = server?.requestLog;
    const before = log?.records.length ?? 0;
    const state = await collectClusterState(connect(url, ADMIN_TOKEN), ['shop'], { limit: 1 });
    const records = log?.records.slice(before) ?? [];
    expect(records.every((r) => r.verb === 'list' && r.code === 200)).toBe(true);
    const nodeLists = records.filter((r) => r.resource === 'nodes');
    // Two nodes, one per page: the second page holds the last one and no continue token.
    expect(nodeLists).toHaveLength(2);
    expect(names(state, 'Node')).toHaveLength(2);
    expect(state.known).toEqual([...STATE_KINDS]);
  });
});

describe('collectClusterState against the fake API', () => {
  let api: FakeApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  const secret = (i: number): Obj => ({
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'kubernetes.io/dockerconfigjson',
    metadata: {
      name: `pull-${i}`,
      namespace: 'shop',
      uid: `uid-secret-${i}`,
      managedFields: [{ manager: 'kubectl', fieldsV1: { 'f:data': {} } }],
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration': `{"data":{".dockerconfigjson":"${SECRET_B64}"}}`,
        team: 'payments',
      },
    } as Obj['metadata'],
    data: { '.dockerconfigjson': SECRET_B64 },
  });

  it('follows continue tokens with limit and keeps every object once, without managedFields or last-applied', async () => {
    api = await startFakeApi({ objects: { '/secrets': [1, 2, 3, 4, 5].map(secret) } });
    const state = await collectClusterState(connect(api.url, 't'), 'all', { limit: 2 });
    expect(
      api.requests
        .filter((r) => r.path === '/api/v1/secrets')
        .map((r) => [r.query.get('limit'), r.query.get('continue')]),
    ).toEqual([
      ['2', null],
      ['2', '2'],
      ['2', '4'],
    ]);
    expect(names(state, 'Secret')).toEqual([
      'shop/pull-1',
      'shop/pull-2',
      'shop/pull-3',
      'shop/pull-4',
      'shop/pull-5',
    ]);
    expect(find(state, 'Secret', 'shop', 'pull-3')).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'kubernetes.io/dockerconfigjson',
      metadata: { name: 'pull-3', namespace: 'shop', uid: 'uid-secret-3', annotations: { team: 'payments' } },
      data: { '.dockerconfigjson': '' },
    });
    expect(JSON.stringify(state)).not.toContain(SECRET_B64);
  });

  it('a namespace named twice is listed once per kind; namespaced kinds are listed in it, cluster-scoped ones at the cluster scope', async () => {
    api = await startFakeApi();
    await collectClusterState(connect(api.url, 't'), ['shop', 'shop']);
    const paths = api.requests
      .map((r) => `${r.path}${r.query.has('fieldSelector') ? '?running' : ''}`)
      .sort();
    expect(paths).toEqual(
      [
        '/api/v1/namespaces',
        '/api/v1/nodes',
        '/api/v1/namespaces/shop/pods',
        '/api/v1/pods?running',
        '/api/v1/namespaces/shop/resourcequotas',
        '/api/v1/namespaces/shop/limitranges',
        '/api/v1/namespaces/shop/serviceaccounts',
        '/api/v1/namespaces/shop/configmaps',
        '/api/v1/namespaces/shop/secrets',
        '/api/v1/namespaces/shop/persistentvolumeclaims',
        '/api/v1/persistentvolumes',
        '/apis/storage.k8s.io/v1/storageclasses',
        '/apis/storage.k8s.io/v1/csidrivers',
        '/api/v1/namespaces/shop/services',
        '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
        '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations',
      ].sort(),
    );
    expect(api.requests.find((r) => r.query.has('fieldSelector'))?.query.get('fieldSelector')).toBe(
      'status.phase!=Succeeded,status.phase!=Failed',
    );
  });

  it('a continue token that expired (410) restarts the list; what was read twice is kept once', async () => {
    let expired = false;
    api = await startFakeApi({
      objects: { '/secrets': [1, 2, 3, 4, 5].map(secret) },
      intercept: (r) => {
        if (r.path !== '/api/v1/secrets' || r.query.get('continue') !== '4' || expired) return undefined;
        expired = true;
        return { status: 410, body: { kind: 'Status', reason: 'Expired', message: 'too old', code: 410 } };
      },
    });
    const state = await collectClusterState(connect(api.url, 't'), 'all', { limit: 2 });
    expect(
      api.requests.filter((r) => r.path === '/api/v1/secrets').map((r) => r.query.get('continue')),
    ).toEqual([null, '2', '4', null, '2', '4']);
    expect(names(state, 'Secret')).toHaveLength(5);
    expect(state.known).toContain('Secret');
  });

  it("a list the server does not serve (404) is missing with the live collector's words", async () => {
    api = await startFakeApi({
      intercept: (r) =>
        r.path === '/apis/storage.k8s.io/v1/csidrivers'
          ? {
              status: 404,
              body: {
                kind: 'Status',
                message: 'the server could not find the requested resource',
                code: 404,
              },
            }
          : undefined,
    });
    const state = await collectClusterState(connect(api.url, 't'), 'all');
    expect(state.missing).toEqual([
      {
        kind: 'CSIDriver',
        why: 'cannot list resource "csidrivers" in API group "storage.k8s.io" at the cluster scope: the server could not find the requested resource',
      },
    ]);
    expect(state.known).toEqual(STATE_KINDS.filter((k) => k !== 'CSIDriver'));
  });

  it('a bare 403 is worded like kubectl, with the namespace', async () => {
    api = await startFakeApi({
      intercept: (r) =>
        r.path === '/api/v1/namespaces/shop/configmaps' ? { status: 403, body: '' } : undefined,
    });
    const state = await collectClusterState(connect(api.url, 't'), ['shop']);
    expect(state.missing).toEqual([
      {
        kind: 'ConfigMap',
        why: 'forbidden: cannot list resource "configmaps" in API group "" in the namespace "shop" (forbidden: GET /api/v1/namespaces/shop/configmaps)',
      },
    ]);
    expect(state.known).not.toContain('ConfigMap');
  });

  it('rejected credentials (401) throw the ClusterError of exit 3', async () => {
    api = await startFakeApi({
      intercept: () => ({ status: 401, body: { kind: 'Status', message: 'Unauthorized', code: 401 } }),
    });
    const err = await collectClusterState(connect(api.url, 't'), ['shop']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClusterError);
    expect((err as ClusterError).exitCode).toBe(3);
    expect((err as ClusterError).message).toBe(
      `the cluster "sim" at ${api.url} rejected the credentials (401 Unauthorized): Unauthorized`,
    );
  });
});

describe('collectClusterState without a cluster', () => {
  it('an unreachable server throws the ClusterError of exit 3, naming context and server', async () => {
    const closed = await startFakeApi();
    const where = closed.url;
    await closed.close();
    let requests = -1;
    const err = await collectClusterState(connect(where, 't'), ['shop'], {
      transport: { sleep: () => Promise.resolve() },
      onRequests: (n) => (requests = n),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClusterError);
    expect((err as ClusterError).exitCode).toBe(3);
    expect((err as ClusterError).message).toMatch(
      new RegExp(`^cannot reach the cluster "sim" at ${where.replace(/\./g, '\\.')}: .*ECONNREFUSED`),
    );
    expect(requests).toBeGreaterThan(0);
  });

  it('refuses an empty namespace list (a caller bug, not "nothing to read")', async () => {
    await expect(collectClusterState(connect('http://127.0.0.1:1', 't'), [])).rejects.toThrow(
      'collectClusterState: no namespace to read',
    );
  });
});
