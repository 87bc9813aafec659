import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { cstatus, event, ms, pod, pvc, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './attach-failed.js';

const creating = pod({
  nodeName: 'node-1',
  volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const attachError = event({
  reason: 'FailedAttachVolume',
  message:
    'AttachVolume.Attach failed for volume "pvc-77" : rpc error: code = Internal desc = Could not attach volume "vol-0abc" to node "i-0123": could not attach volume "vol-0abc" to node "i-0123": UnauthorizedOperation',
  source: 'attachdetach-controller',
  count: 5,
  firstS: 0,
  lastS: 400,
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [attachError] }) },
    {
      name: 'Multi-Attach is volumes/multi-attach',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedAttachVolume',
            message: 'Multi-Attach error for volume "pvc-77" Volume is already used by pod(s) web-0',
          }),
        ],
      }),
    },
    { name: 'no events', snapshot: snapshot({ pods: [creating], events: [] }) },
  ],
  invalid: [
    {
      name: 'attach failed with the claim named',
      snapshot: snapshot({
        pods: [creating],
        events: [attachError],
        pvcs: [pvc({ name: 'data', volumeName: 'pvc-77' })],
      }),
      expect: [
        {
          messageId: 'attachFailed',
          reason: 'AttachFailed',
          basis: 'events',
          data: { volume: 'pvc-77', node: 'node-1', claim: 'data' },
        },
      ],
    },
    {
      name: 'older clusters: FailedMount from the attachdetach-controller',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedMount',
            message:
              'AttachVolume.Attach failed for volume "pvc-77" : timed out waiting for external-attacher of ebs.csi.aws.com CSI driver to attach volume vol-0abc',
            source: 'attachdetach-controller',
            firstS: 0,
            lastS: 300,
          }),
        ],
      }),
      expect: [{ messageId: 'attachFailed', data: { volume: 'pvc-77' } }],
    },
    {
      name: 'recent attach error from the backend is a reported failure, failed at once',
      snapshot: snapshot({
        pods: [creating],
        events: [{ ...attachError, first: ms(350), last: ms(400), count: 2 }],
      }),
      expect: [{ messageId: 'attachFailed', status: 'failed' }],
    },
    {
      name: 'recent timeout waiting for the external-attacher is a wait: progressing',
      snapshot: snapshot({
        pods: [creating],
        events: [
          {
            ...attachError,
            message:
              'AttachVolume.Attach failed for volume "pvc-77" : timed out waiting for external-attacher of ebs.csi.aws.com CSI driver to attach volume vol-0abc',
            first: ms(350),
            last: ms(400),
            count: 2,
          },
        ],
      }),
      expect: [{ messageId: 'attachFailed', status: 'progressing' }],
    },
    {
      name: 'events only, unrecognised message',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedAttachVolume',
            message: 'volume attachment is being deleted',
            firstS: 0,
            lastS: 300,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'attachFailed',
          data: { volume: 'unknown', detail: 'volume attachment is being deleted' },
        },
      ],
    },
  ],
});

describe('volumes/attach-failed: next steps', () => {
  const tail = [
    'kubectl get volumeattachments',
    'Fix what the storage backend reports (volume in another zone, attach limit of the instance, missing cloud permissions for the CSI controller); the controller retries the attach.',
  ];
  it.each([
    [
      'the claim behind the PV',
      [pvc({ name: 'data', volumeName: 'pvc-77' })],
      'kubectl describe pvc data -n default',
    ],
    ['no claim known: the pod', [], 'kubectl describe pod web-1 -n default'],
  ])('%s', (_name, pvcs, first) => {
    const [f, ...rest] = runRule(rule, snapshot({ pods: [creating], events: [attachError], pvcs }), ms(500));
    expect(rest).toEqual([]);
    expect(f?.nextSteps).toEqual([first, ...tail]);
  });

  it('a pasted message cut after the volume: no detail', () => {
    const cut = { ...attachError, message: 'AttachVolume.Attach failed for volume "pvc-77" : ' };
    const [f] = runRule(rule, snapshot({ pods: [creating], events: [cut] }), ms(500));
    expect(f?.data).toEqual({ node: 'node-1', volume: 'pvc-77', detail: 'no detail' });
  });
});
