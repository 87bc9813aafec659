import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import type { EventRecord, Pod } from '../../model/index.js';
import { cond, cstatus, event, ms, pod, pvc, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './mount-failed.js';

const creating = pod({
  nodeName: 'node-1',
  volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }],
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const csiError = event({
  reason: 'FailedMount',
  message:
    'MountVolume.MountDevice failed for volume "pvc-0f3c" : rpc error: code = Internal desc = format of disk "/dev/nvme1n1" failed: exit status 1',
  source: 'kubelet',
  host: 'node-1',
  count: 4,
  firstS: 0,
  lastS: 300,
});
const notRegistered = event({
  reason: 'FailedMount',
  message:
    'MountVolume.MountDevice failed for volume "pvc-0f3c" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ebs.csi.aws.com not found in the list of registered CSI drivers',
  firstS: 0,
  lastS: 200,
});

testRule(rule, {
  valid: [
    {
      name: 'running pod with a later remount error',
      snapshot: snapshot({ pods: [runningPod()], events: [csiError] }),
    },
    {
      name: 'missing configmap is volumes/source-not-found',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedMount',
            message: 'MountVolume.SetUp failed for volume "cfg" : configmap "x" not found',
          }),
        ],
      }),
    },
    {
      name: 'aggregate timeout is volumes/mount-timeout',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedMount',
            message:
              'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data]: timed out waiting for the condition',
          }),
        ],
      }),
    },
    {
      name: 'sandbox ready',
      snapshot: snapshot({
        pods: [pod({ conditions: [cond('PodReadyToStartContainers', 'True')] })],
        events: [csiError],
      }),
    },
  ],
  invalid: [
    {
      name: 'CSI MountDevice error, claim found by PV name',
      snapshot: snapshot({
        pods: [creating],
        events: [csiError],
        pvcs: [pvc({ name: 'data-db-0', volumeName: 'pvc-0f3c' })],
      }),
      expect: [
        {
          messageId: 'mountFailed',
          reason: 'MountFailed',
          basis: 'events',
          data: {
            node: 'node-1',
            volume: 'pvc-0f3c',
            operation: 'MountVolume.MountDevice',
            detail: 'Internal: format of disk "/dev/nvme1n1" failed: exit status 1',
          },
        },
      ],
    },
    {
      name: 'a young mount error is a reported failure, failed at once',
      snapshot: snapshot({
        pods: [creating],
        events: [{ ...csiError, first: ms(290), last: ms(300), count: 2 }],
      }),
      expect: [{ messageId: 'mountFailed', status: 'failed' }],
    },
    {
      name: 'CSI driver not registered, events only',
      snapshot: snapshot({ events: [notRegistered] }),
      expect: [
        {
          messageId: 'csiDriverNotRegistered',
          reason: 'CSIDriverNotRegistered',
          data: { driver: 'ebs.csi.aws.com', volume: 'pvc-0f3c', node: 'its node' },
        },
      ],
    },
    {
      name: 'NFS mount failure in the older with: format',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedMount',
            message:
              'MountVolume.SetUp failed for volume "kubernetes.io/nfs/9f-share" (spec.Name: "share") pod "9f" (UID: "9f") with: mount failed: exit status 32 Mounting command: mount ... mount.nfs: Connection timed out',
            firstS: 0,
            lastS: 90,
          }),
        ],
      }),
      expect: [{ messageId: 'mountFailed', data: { volume: 'share', operation: 'MountVolume.SetUp' } }],
    },
    {
      name: 'unrecognised FailedMount message still counts',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedMapVolume',
            message:
              'MapVolume.SetUpDevice failed for volume "pvc-9" : blockMapper.stageVolumeForBlock failed',
            firstS: 0,
            lastS: 60,
          }),
        ],
      }),
      expect: [{ messageId: 'mountFailed', data: { volume: 'pvc-9', operation: 'MapVolume.SetUpDevice' } }],
    },
  ],
});

describe('volumes/mount-failed: next steps and data in full', () => {
  const run = (
    pods: Pod[],
    events: EventRecord[],
    pvcs = [pvc({ name: 'data-db-0', volumeName: 'pvc-0f3c' })],
  ) => runRule(rule, snapshot({ pods, events, pvcs }), ms(400));

  it('a driver error on a claim: describe the pod, the claim and the pods of the node', () => {
    const [f, ...rest] = run([creating], [csiError]);
    expect(rest).toEqual([]);
    expect(f?.basis).toBe('events');
    expect(f?.data).toEqual({
      node: 'node-1',
      volume: 'pvc-0f3c',
      operation: 'MountVolume.MountDevice',
      detail: 'Internal: format of disk "/dev/nvme1n1" failed: exit status 1',
    });
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      'kubectl describe pvc data-db-0 -n default',
      'kubectl get pods -A -o wide --field-selector spec.nodeName=node-1',
      'Fix what the storage driver reports (its node plugin logs on that node say more); the kubelet retries the mount on its own.',
    ]);
  });

  it('no claim behind the volume: no claim step', () => {
    const [f] = run([creating], [csiError], []);
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      'kubectl get pods -A -o wide --field-selector spec.nodeName=node-1',
      'Fix what the storage driver reports (its node plugin logs on that node say more); the kubelet retries the mount on its own.',
    ]);
  });

  it('an aggregate message without an operation: the operation is a mount', () => {
    const [f] = run(
      [creating],
      [
        event({
          reason: 'FailedMount',
          message:
            'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data], failed to process volumes=[data]: error processing PVC default/data-db-0: PVC is not bound',
          lastS: 300,
        }),
      ],
    );
    expect(f?.data).toEqual({
      node: 'node-1',
      volume: 'data',
      operation: 'mount',
      detail: 'error processing PVC default/data-db-0: PVC is not bound',
    });
  });

  it('CSI driver not registered: basis, data and next steps', () => {
    const [f] = run([creating], [notRegistered]);
    expect(f?.basis).toBe('events');
    expect(f?.data).toEqual({ node: 'node-1', volume: 'pvc-0f3c', driver: 'ebs.csi.aws.com' });
    expect(f?.nextSteps).toEqual([
      'kubectl get csinode node-1 -o yaml',
      'kubectl get pods -A -o wide --field-selector spec.nodeName=node-1',
      'Make the ebs.csi.aws.com node plugin (its DaemonSet pod) run on node-1; it registers the driver with the kubelet, which then retries the mount.',
    ]);
  });

  it('CSI driver not registered, a bare message naming no volume', () => {
    const [f] = run(
      [creating],
      [
        event({
          reason: 'FailedMount',
          message: 'driver name ebs.csi.aws.com not found in the list of registered CSI drivers',
          lastS: 300,
        }),
      ],
    );
    expect(f?.data).toEqual({ node: 'node-1', volume: 'unknown', driver: 'ebs.csi.aws.com' });
  });

  it('a pasted message cut after the volume: no detail', () => {
    const [f] = run(
      [creating],
      [
        event({
          reason: 'FailedMount',
          message: 'MountVolume.SetUp failed for volume "data" : ',
          lastS: 300,
        }),
      ],
    );
    expect(f?.data).toEqual({
      node: 'node-1',
      volume: 'data',
      operation: 'MountVolume.SetUp',
      detail: 'no detail',
    });
  });
});
