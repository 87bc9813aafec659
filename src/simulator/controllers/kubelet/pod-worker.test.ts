import { describe, expect, it } from 'vitest';
import { TestWorld } from './kubelet-test-helpers.js';

const cluster = (images = ''): string => `
name: t
description: t
expect: {verdict: healthy}
cluster:
  nodes:
    - name: node-1
      cpu: "4"
      memory: 8Gi
  registry:
    images:
${images}
`;

const pod = (name: string, spec: Record<string, unknown>) => ({
  metadata: { name, namespace: 'shop', uid: `uid-${name}` },
  spec,
});

describe('pod worker', () => {
  it('starts a healthy pod: Pending ContainerCreating, then Running and Ready with conditions', () => {
    const w = new TestWorld(cluster('      - name: nginx:1.27\n        run: {ports: [80]}'));
    w.addPod(pod('web', { containers: [{ name: 'web', image: 'nginx:1.27' }] }));
    w.runFor(100);
    let p = w.pod('web', 'shop');
    expect(p.status.phase).toBe('Pending');
    expect(p.status.containerStatuses?.[0]?.state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    expect(p.status.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual([
      'PodReadyToStartContainers=False',
      'Initialized=True',
      'Ready=False',
      'ContainersReady=False',
      'PodScheduled=True',
    ]);
    expect(p.status.conditions?.[2]?.message).toBe('containers with unready status: [web]');
    w.runFor(2000);
    p = w.pod('web', 'shop');
    expect(p.status.phase).toBe('Running');
    expect(p.status.podIP).toBe('10.244.1.7');
    expect(p.status.hostIP).toBe('10.0.0.2');
    expect(p.status.containerStatuses?.[0]?.ready).toBe(true);
    expect(p.status.containerStatuses?.[0]?.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(p.status.conditions?.every((c) => c.status === 'True')).toBe(true);
    expect(w.eventLines('web')).toEqual([
      'Pulled: Container image "nginx:1.27" already present on machine',
      'Created: Created container web',
      'Started: Started container web',
    ]);
  });

  it('crash loops with the kubelet back-off: 10 s, 20 s, 40 s', () => {
    const w = new TestWorld(
      cluster(
        '      - name: shop/api:2\n        run: {exitAfter: 3s, exitCode: 1, logs: ["starting", "panic: db"]}',
      ),
    );
    w.addPod(pod('api', { containers: [{ name: 'api', image: 'shop/api:2' }] }));
    w.runFor(60_000);
    const p = w.pod('api', 'shop');
    const s = p.status.containerStatuses?.[0];
    expect(p.status.phase).toBe('Running');
    expect(s?.state?.waiting?.reason).toBe('CrashLoopBackOff');
    expect(s?.state?.waiting?.message).toBe(
      'back-off 40s restarting failed container=api pod=api_shop(uid-api)',
    );
    expect(s?.lastState?.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(s?.restartCount).toBe(3);
    const backOff = w.eventsFor('api').find((e) => e.reason === 'BackOff');
    expect(backOff?.message).toBe('Back-off restarting failed container api in pod api_shop(uid-api)');
    expect(backOff?.type).toBe('Warning');
    expect(w.logs.read('shop', 'api', 'api', true)?.map((l) => l.text)).toEqual(['starting', 'panic: db']);
  });

  it('reports CreateContainerConfigError for a missing ConfigMap and recovers once it exists', () => {
    const w = new TestWorld(cluster());
    w.addPod(
      pod('web', {
        containers: [
          {
            name: 'web',
            image: 'nginx:1.27',
            env: [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'web-config', key: 'mode' } } }],
          },
        ],
      }),
    );
    w.runFor(5000);
    expect(w.pod('web', 'shop').status.containerStatuses?.[0]?.state?.waiting).toEqual({
      reason: 'CreateContainerConfigError',
      message: 'configmap "web-config" not found',
    });
    expect(w.eventLines('web')).toContain('Failed: Error: configmap "web-config" not found');
    w.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'web-config', namespace: 'shop' },
      data: {},
    });
    w.runFor(10_000);
    expect(w.pod('web', 'shop').status.containerStatuses?.[0]?.state?.waiting?.message).toBe(
      "couldn't find key mode in ConfigMap shop/web-config",
    );
  });
});
