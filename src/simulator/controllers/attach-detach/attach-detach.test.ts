import { describe, expect, it } from 'vitest';
import { TestWorld } from '../kubelet/images/hosts-test-helpers.js';
import { createVolumeHost } from '../kubelet/volumes/index.js';
import { attachDetachController } from './controller.js';
import type { VolumeAttachmentObj } from './attachment.js';

const PV = 'pvc-3f1c2a9e-8b7d-4c1e-9a53-2d6f0b1e7c44';

function world(driver: string): TestWorld {
  const w = new TestWorld(`cluster:\n  nodes: [{name: node, count: 2}]\n  csiDrivers:\n    - ${driver}\n`, [
    attachDetachController,
  ]);
  w.create({
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: PV },
    spec: {
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: '10Gi' },
      csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'vol-0a1b2c3d4e5f67890' },
    },
    status: { phase: 'Bound' },
  });
  w.create({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'data', namespace: 'default' },
    spec: { accessModes: ['ReadWriteOnce'], volumeName: PV },
    status: { phase: 'Bound' },
  });
  return w;
}

const dataPod = { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] };

describe('attach/detach controller and CSI mounts', () => {
  it('attaches after attachDelay, then the kubelet mounts after mountDelay', () => {
    const w = world('{name: ebs.csi.aws.com, attachDelay: 3s, mountDelay: 2s}');
    const host = createVolumeHost(w, 'node-1');
    const pod = w.pod('db-0', dataPod);
    let mountedAt = -1;
    host.mount(pod, () => (mountedAt = w.seconds));
    w.runFor(20_000);
    expect(w.eventsFor('db-0')).toEqual([
      `SuccessfulAttachVolume: AttachVolume.Attach succeeded for volume "${PV}"`,
    ]);
    // Attached at 3 s, seen by the next poll (every second), mounted 2 s later.
    expect(mountedAt).toBe(5);
    const vas = w.store.list<VolumeAttachmentObj>('volumeattachments');
    expect(vas.map((v) => [v.spec.nodeName, v.spec.source.persistentVolumeName, v.status?.attached])).toEqual(
      [['node-1', PV, true]],
    );
    expect(vas[0]?.metadata.name).toMatch(/^csi-[0-9a-f]{64}$/);
    const node = w.store.get('nodes', undefined, 'node-1') as
      { status: { volumesAttached?: unknown } } | undefined;
    expect(node?.status.volumesAttached).toEqual([
      { name: 'kubernetes.io/csi/ebs.csi.aws.com^vol-0a1b2c3d4e5f67890', devicePath: '' },
    ]);
  });

  it('reports attach errors with back-off', () => {
    const w = world(
      '{name: ebs.csi.aws.com, attachDelay: 1s, attachError: "Could not attach volume \\"vol-0a1b2c3d4e5f67890\\" to node \\"i-0123456789abcdef0\\": timed out waiting for the volume to attach"}',
    );
    w.pod('db-0', dataPod);
    // Each try takes 1 s; failures at 1, 2.5, 4.5 and 7.5 s (back-off 0.5, 1, 2 s), the next at 12.5 s.
    w.runFor(10_000);
    expect(w.eventsFor('db-0')).toEqual([
      `FailedAttachVolume: AttachVolume.Attach failed for volume "${PV}" : rpc error: code = Internal desc = Could not attach volume "vol-0a1b2c3d4e5f67890" to node "i-0123456789abcdef0": timed out waiting for the volume to attach (x4)`,
    ]);
  });

  it('refuses a RWO volume attached to another node with Multi-Attach, until the first pod goes', () => {
    const w = world('{name: ebs.csi.aws.com, attachDelay: 1s}');
    const first = w.pod('web-a', dataPod, 'node-1');
    w.runFor(5_000);
    w.pod('web-b', dataPod, 'node-2');
    w.runFor(5_000);
    expect(w.eventsFor('web-b')).toEqual([
      `FailedAttachVolume: Multi-Attach error for volume "${PV}" Volume is already used by pod(s) web-a`,
    ]);
    w.store.remove('pods', 'default', first.metadata.name);
    w.runFor(10_000);
    expect(w.eventsFor('web-b')).toEqual([
      `FailedAttachVolume: Multi-Attach error for volume "${PV}" Volume is already used by pod(s) web-a`,
      `SuccessfulAttachVolume: AttachVolume.Attach succeeded for volume "${PV}"`,
    ]);
    expect(w.store.list<VolumeAttachmentObj>('volumeattachments').map((v) => v.spec.nodeName)).toEqual([
      'node-2',
    ]);
  });

  it('keeps the attachment while the node is not Ready, and detaches once it is', () => {
    const w = world('{name: ebs.csi.aws.com, attachDelay: 1s}');
    const pod = w.pod('web-a', dataPod, 'node-1');
    w.runFor(5_000);
    const node = w.store.get('nodes', undefined, 'node-1') as {
      status: { conditions: { type: string; status: string }[] };
    } & Parameters<typeof w.store.update>[0];
    node.status.conditions = [{ type: 'Ready', status: 'Unknown' }];
    w.store.update(node);
    w.store.remove('pods', 'default', pod.metadata.name);
    w.runFor(60_000);
    expect(w.store.count('volumeattachments')).toBe(1);
    node.status.conditions = [{ type: 'Ready', status: 'True' }];
    w.store.update(node);
    w.runFor(5_000);
    expect(w.store.count('volumeattachments')).toBe(0);
  });

  it('fails MountDevice when the driver is not registered on the node', () => {
    const w = world('{name: ebs.csi.aws.com, registered: false, attachDelay: 1s}');
    const host = createVolumeHost(w, 'node-1');
    host.mount(w.pod('db-0', dataPod), () => undefined);
    w.runFor(3_000);
    expect(w.eventsFor('db-0')).toEqual([
      `SuccessfulAttachVolume: AttachVolume.Attach succeeded for volume "${PV}"`,
      `FailedMount: MountVolume.MountDevice failed for volume "${PV}" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ebs.csi.aws.com not found in the list of registered CSI drivers (x2)`,
    ]);
  });

  it('fails SetUp with the driver mount error', () => {
    const w = world(
      '{name: ebs.csi.aws.com, attachRequired: false, mountError: "mount failed: exit status 32"}',
    );
    const host = createVolumeHost(w, 'node-1');
    host.mount(w.pod('db-0', dataPod), () => undefined);
    w.runFor(1_000);
    expect(w.eventsFor('db-0')).toEqual([
      `FailedMount: MountVolume.SetUp failed for volume "${PV}" : rpc error: code = Internal desc = mount failed: exit status 32 (x2)`,
    ]);
    expect(w.store.count('volumeattachments')).toBe(0);
  });
});
