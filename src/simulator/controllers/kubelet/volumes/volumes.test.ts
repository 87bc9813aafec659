import { describe, expect, it } from 'vitest';
import { TestWorld } from '../images/hosts-test-helpers.js';
import { createVolumeHost } from './index.js';

const cmVolumePod = {
  volumes: [
    { name: 'config', configMap: { name: 'app-config' } },
    { name: 'kube-api-access-x2k9p', projected: { sources: [{ configMap: { name: 'kube-root-ca.crt' } }] } },
  ],
};

describe('volume host: configMap and secret volumes', () => {
  it('retries a missing configmap with back-off and, on a kubelet before 1.28, adds the aggregate timeout after 2m3s', () => {
    const w = new TestWorld('cluster:\n  version: v1.27.9\n');
    const host = createVolumeHost(w, 'node-1');
    const pod = w.pod('web', cmVolumePod);
    let mounted = false;
    host.mount(pod, () => (mounted = true));
    w.runFor(130_000);
    expect(mounted).toBe(false);
    // 0, 0.5, 1.5, 3.5, 7.5, 15.5, 31.5, 63.5, 127.5 s: nine attempts inside 130 s.
    expect(w.eventsFor('web')).toEqual([
      'FailedMount: MountVolume.SetUp failed for volume "config" : configmap "app-config" not found (x9)',
      'FailedMount: Unable to attach or mount volumes: unmounted volumes=[config], unattached volumes=[config kube-api-access-x2k9p]: timed out waiting for the condition',
    ]);
  });

  it('leaves the aggregate timeout out on kubelets from 1.28, which no longer report a timed-out wait', () => {
    const w = new TestWorld('cluster:\n  version: v1.31.4\n');
    const host = createVolumeHost(w, 'node-1');
    const pod = w.pod('web', cmVolumePod);
    host.mount(pod, () => undefined);
    w.runFor(130_000);
    expect(w.eventsFor('web')).toEqual([
      'FailedMount: MountVolume.SetUp failed for volume "config" : configmap "app-config" not found (x9)',
    ]);
  });

  it('mounts on the next retry once the configmap exists', () => {
    const w = new TestWorld('');
    const host = createVolumeHost(w, 'node-1');
    const pod = w.pod('web', cmVolumePod);
    let mountedAt = -1;
    host.mount(pod, () => (mountedAt = w.seconds));
    w.runFor(10_000);
    w.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config', namespace: 'default' } });
    w.runFor(60_000);
    // Attempts at 7.5 s then 15.5 s: the one after the configmap appears mounts it.
    expect(mountedAt).toBe(15.5);
  });

  it('names a missing secret, and optional sources do not block', () => {
    const w = new TestWorld('');
    const host = createVolumeHost(w, 'node-1');
    const pod = w.pod('db', {
      volumes: [
        { name: 'tls', secret: { secretName: 'db-tls' } },
        { name: 'extra', configMap: { name: 'nope', optional: true } },
        { name: 'scratch', emptyDir: {} },
      ],
    });
    host.mount(pod, () => undefined);
    w.runFor(1000);
    expect(w.eventsFor('db')).toEqual([
      'FailedMount: MountVolume.SetUp failed for volume "tls" : secret "db-tls" not found (x2)',
    ]);
  });

  it('mounts plain volumes at once and unmount stops the retries', () => {
    const w = new TestWorld('');
    const host = createVolumeHost(w, 'node-1');
    const ok = w.pod('ok', {
      volumes: [
        { name: 'scratch', emptyDir: {} },
        { name: 'logs', hostPath: { path: '/var/log' } },
      ],
    });
    let done = false;
    host.mount(ok, () => (done = true));
    w.runFor(0);
    expect(done).toBe(true);
    const bad = w.pod('bad', cmVolumePod);
    host.mount(bad, () => undefined);
    w.runFor(2000);
    let unmounted = false;
    host.unmount(bad, () => (unmounted = true));
    w.runFor(300_000);
    expect(unmounted).toBe(true);
    expect(w.eventsFor('bad')).toEqual([
      'FailedMount: MountVolume.SetUp failed for volume "config" : configmap "app-config" not found (x3)',
    ]);
  });
});
