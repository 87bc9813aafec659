import { describe, expect, it } from 'vitest';
import { TestWorld } from './kubelet-test-helpers.js';

const world = (run: string): TestWorld =>
  new TestWorld(`
name: t
description: t
expect: {verdict: healthy}
cluster:
  registry:
    images:
      - name: shop/web:1
        run: ${run}
`);

const web = (probes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  metadata: { name: 'web', namespace: 'shop', uid: 'u1' },
  spec: {
    ...extra,
    containers: [
      { name: 'web', image: 'shop/web:1', ports: [{ name: 'http', containerPort: 8080 }], ...probes },
    ],
  },
});

describe('probes', () => {
  it('readiness 503 keeps the pod Running but not Ready, with Unhealthy events', () => {
    const w = world('{http: [{path: /ready, status: 503}]}');
    w.addPod(web({ readinessProbe: { httpGet: { path: '/ready', port: 'http' }, periodSeconds: 5 } }));
    w.runFor(60_000);
    const p = w.pod('web', 'shop');
    expect(p.status.phase).toBe('Running');
    expect(p.status.containerStatuses?.[0]?.ready).toBe(false);
    expect(p.status.conditions?.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unready status: [web]',
    });
    const unhealthy = w.eventsFor('web').find((e) => e.reason === 'Unhealthy');
    expect(unhealthy?.message).toBe('Readiness probe failed: HTTP probe failed with statuscode: 503');
    expect(unhealthy?.count).toBeGreaterThan(10);
    expect(w.podHttp(p, 8080, '/ready', 1000)).toMatchObject({ kind: 'response', status: 503 });
  });

  it('liveness failures kill and restart the container with exit 137', () => {
    const w = world('{ports: [9090]}');
    w.addPod(
      web(
        { livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10 } },
        { terminationGracePeriodSeconds: 5 },
      ),
    );
    w.runFor(40_000);
    const lines = w.eventLines('web');
    expect(lines).toContain(
      'Unhealthy: Liveness probe failed: Get "http://10.244.1.7:8080/healthz": dial tcp 10.244.1.7:8080: connect: connection refused',
    );
    expect(lines).toContain('Killing: Container web failed liveness probe, will be restarted');
    const s = w.pod('web', 'shop').status.containerStatuses?.[0];
    expect(s?.restartCount).toBe(1);
    expect(s?.lastState?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });

  it('a slow endpoint times out as the Go client says', () => {
    const w = world('{http: [{path: /healthz, latency: 3s}]}');
    w.addPod(web({ livenessProbe: { httpGet: { path: '/healthz', port: 8080 } } }));
    w.runFor(5000);
    expect(w.eventLines('web')).toContain(
      'Unhealthy: Liveness probe failed: Get "http://10.244.1.7:8080/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
    );
  });

  it('a startup probe that never passes kills the container; started stays false', () => {
    const w = world('{listenAfter: 10m}');
    w.addPod(web({ startupProbe: { tcpSocket: { port: 8080 }, periodSeconds: 5, failureThreshold: 4 } }));
    w.runFor(19_000);
    expect(w.pod('web', 'shop').status.containerStatuses?.[0]?.started).toBe(false);
    w.runFor(5_000);
    expect(w.eventLines('web')).toContain('Killing: Container web failed startup probe, will be restarted');
    expect(w.eventLines('web')).toContain(
      'Unhealthy: Startup probe failed: dial tcp 10.244.1.7:8080: connect: connection refused',
    );
  });

  it('readiness gates keep Ready False until the gate condition is True', () => {
    const w = world('{}');
    w.addPod(web({}, { readinessGates: [{ conditionType: 'example.com/lb-ready' }] }));
    w.runFor(5000);
    const ready = w.pod('web', 'shop').status.conditions?.find((c) => c.type === 'Ready');
    expect(ready).toMatchObject({
      status: 'False',
      reason: 'ReadinessGatesNotReady',
      message: 'corresponding condition of pod readiness gate "example.com/lb-ready" does not exist.',
    });
    expect(w.pod('web', 'shop').status.conditions?.find((c) => c.type === 'ContainersReady')?.status).toBe(
      'True',
    );
  });
});
