/** Server-side Tables, pods/log, pods/proxy, the request log and the real-time driver. */
import { afterEach, describe, expect, it } from 'vitest';
import { serveTestCluster, testPod, type Served } from '../../src/simulator/http/http-test-helpers.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.server.close();
  served = undefined;
});

const TABLE = {
  Accept:
    'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json',
};
type Table = {
  kind: string;
  columnDefinitions: { name: string; priority: number }[];
  rows: { cells: unknown[]; object?: { kind: string } }[];
};

describe('Table printing', () => {
  it('prints pods as the apiserver does: Ready, Status, Restarts with the last restart age, wide columns', async () => {
    const s = (served = await serveTestCluster());
    const now = s.sim.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    s.sim.store.create({
      ...testPod('web', { nodeName: 'worker-1', containers: ['app', 'sidecar'] }),
      metadata: { name: 'web', namespace: 'default', creationTimestamp: iso(now - 302_000) },
      status: {
        phase: 'Running',
        podIPs: [{ ip: '10.244.0.7' }],
        containerStatuses: [
          {
            name: 'app',
            ready: false,
            restartCount: 3,
            state: { waiting: { reason: 'CrashLoopBackOff' } },
            lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: iso(now - 120_000) } },
          },
          {
            name: 'sidecar',
            ready: true,
            restartCount: 0,
            state: { running: { startedAt: iso(now - 300_000) } },
          },
        ],
      },
    });
    const table = (await s.json('/api/v1/namespaces/default/pods', { headers: TABLE })) as unknown as Table;
    expect(table.kind).toBe('Table');
    expect(table.columnDefinitions.filter((c) => c.priority === 0).map((c) => c.name)).toEqual([
      'Name',
      'Ready',
      'Status',
      'Restarts',
      'Age',
    ]);
    expect(table.rows[0]?.cells).toEqual([
      'web',
      '1/2',
      'CrashLoopBackOff',
      '3 (2m ago)',
      '5m2s',
      '10.244.0.7',
      'worker-1',
      '<none>',
      '<none>',
    ]);
    expect(table.rows[0]?.object?.kind).toBe('PartialObjectMetadata');
    const withObject = (await s.json('/api/v1/namespaces/default/pods?includeObject=Object', {
      headers: TABLE,
    })) as unknown as Table;
    expect(withObject.rows[0]?.object?.kind).toBe('Pod');
  });

  it('prints events, nodes and namespaces with their columns', async () => {
    const s = (served = await serveTestCluster());
    const pod = s.sim.store.create(testPod('web'));
    s.sim.events.record({
      object: pod,
      fieldPath: 'spec.containers{app}',
      type: 'Normal',
      reason: 'Pulled',
      message: 'Container image "nginx:1.27" already present on machine',
      component: 'kubelet',
      host: 'worker-1',
    });
    const events = (await s.json('/api/v1/namespaces/default/events', {
      headers: TABLE,
    })) as unknown as Table;
    expect(events.columnDefinitions.map((c) => c.name)).toEqual([
      'Last Seen',
      'Type',
      'Reason',
      'Object',
      'Subobject',
      'Source',
      'Message',
      'First Seen',
      'Count',
      'Name',
    ]);
    expect(events.rows[0]?.cells.slice(0, 9)).toEqual([
      '0s',
      'Normal',
      'Pulled',
      'pod/web',
      'spec.containers{app}',
      'kubelet, worker-1',
      'Container image "nginx:1.27" already present on machine',
      '0s',
      1,
    ]);
    const nodes = (await s.json('/api/v1/nodes', { headers: TABLE })) as unknown as Table;
    expect(nodes.rows.map((r) => r.cells.slice(0, 5))).toEqual([
      ['worker-1', 'Ready', '<none>', '0s', 'v1.31.4'],
      ['worker-2', 'Ready', '<none>', '0s', 'v1.31.4'],
    ]);
    const one = (await s.json('/api/v1/namespaces/default', { headers: TABLE })) as unknown as Table;
    expect(one.rows[0]?.cells).toEqual(['default', 'Active', '0s']);
  });
});

describe('pods/log', () => {
  it('gives the apiserver and kubelet errors verbatim', async () => {
    const s = (served = await serveTestCluster());
    s.sim.store.create(testPod('web', { containers: ['app', 'sidecar'] }));
    s.sim.store.create(
      testPod('one', {
        status: {
          phase: 'Pending',
          containerStatuses: [
            {
              name: 'app',
              ready: false,
              restartCount: 0,
              state: { waiting: { reason: 'ContainerCreating' } },
            },
          ],
        },
      }),
    );
    const msg = async (path: string) => {
      const res = await s.req(path);
      expect(res.status, path).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await msg('/api/v1/namespaces/default/pods/web/log')).toBe(
      'a container name must be specified for pod web, choose one of: [app sidecar]',
    );
    expect(await msg('/api/v1/namespaces/default/pods/one/log')).toBe(
      'container "app" in pod "one" is waiting to start: ContainerCreating',
    );
    expect(await msg('/api/v1/namespaces/default/pods/one/log?previous=true')).toBe(
      'previous terminated container "app" in pod "one" not found',
    );
    expect(await msg('/api/v1/namespaces/default/pods/web/log?container=nope')).toBe(
      'container nope is not valid for pod web',
    );
    expect((await s.req('/api/v1/namespaces/default/pods/ghost/log')).status).toBe(404);
  });

  it('serves current and previous logs with tailLines and timestamps', async () => {
    const s = (served = await serveTestCluster());
    const t = s.sim.clock.now();
    s.sim.store.create(
      testPod('web', {
        status: {
          phase: 'Running',
          containerStatuses: [
            {
              name: 'app',
              ready: true,
              restartCount: 1,
              state: { running: {} },
              lastState: { terminated: { exitCode: 1, containerID: 'containerd://x' } },
            },
          ],
        },
      }),
    );
    s.sim.logs.append('default', 'web', 'app', { at: t, text: 'old 1' });
    s.sim.logs.rotate('default', 'web', 'app');
    for (let i = 1; i <= 3; i++)
      s.sim.logs.append('default', 'web', 'app', { at: t + i * 1500, text: `line ${i}` });
    expect(await (await s.req('/api/v1/namespaces/default/pods/web/log')).text()).toBe(
      'line 1\nline 2\nline 3\n',
    );
    expect(
      await (await s.req('/api/v1/namespaces/default/pods/web/log?tailLines=1&timestamps=true')).text(),
    ).toBe(`${new Date(t + 4500).toISOString().replace('.500Z', '.5Z')} line 3\n`);
    expect(await (await s.req('/api/v1/namespaces/default/pods/web/log?previous=true')).text()).toBe(
      'old 1\n',
    );
  });
});

describe('pods/proxy and the request log', () => {
  it('relays what the pod answers and counts requests per verb and resource', async () => {
    const s = (served = await serveTestCluster());
    s.sim.store.create(testPod('web', { status: { phase: 'Running', podIP: '10.244.0.9' } }));
    s.sim.podHttp = (_pod, port, path) =>
      port === 8080 && path === '/healthz'
        ? { kind: 'response', status: 200, body: 'ok', latencyMs: 1 }
        : { kind: 'error', message: 'connect: connection refused' };
    const ok = await s.req('/api/v1/namespaces/default/pods/web:8080/proxy/healthz');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('ok');
    const named = await s.req('/api/v1/namespaces/default/pods/web:http/proxy/healthz');
    expect(await named.text()).toBe('ok');
    const refused = await s.req('/api/v1/namespaces/default/pods/web:9090/proxy/');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'error trying to reach service: dial tcp 10.244.0.9:9090: connect: connection refused',
    );
    await s.req('/api/v1/pods');
    await s.req('/api/v1/namespaces/default/pods/web');
    expect(s.server.requestLog.count('proxy', 'pods/proxy')).toBe(3);
    expect(s.server.requestLog.count('list', 'pods')).toBe(1);
    const summary = await s.json('/handoff/requests');
    expect(summary.counts).toEqual({ 'proxy pods/proxy': 3, 'list pods': 1, 'get pods': 1 });
    expect((await s.req('/handoff/requests', { method: 'DELETE' })).status).toBe(200);
    expect((await s.json('/handoff/requests')).total).toBe(0);
  });
});

describe('real-time driver', () => {
  it('advances simulated time by wall time × speed, and not at all at speed 0', async () => {
    const frozen = await serveTestCluster({ speed: 0 });
    const before = frozen.sim.clock.now();
    await new Promise((r) => setTimeout(r, 200));
    expect(frozen.sim.clock.now()).toBe(before);
    await frozen.server.close();
    const s = (served = await serveTestCluster({ speed: 100 }));
    const t0 = s.sim.clock.now();
    await new Promise((r) => setTimeout(r, 300));
    const advanced = s.sim.clock.now() - t0;
    expect(advanced).toBeGreaterThan(15_000);
    expect(advanced).toBeLessThan(60_000);
  });
});
