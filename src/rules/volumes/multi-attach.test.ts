import { testRule } from '../../../test/rule-tester.js';
import { cstatus, event, ms, pod, pvc, runningPod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord } from '../../model/index.js';
import { rule } from './multi-attach.js';

const claimVolume = [{ name: 'data', persistentVolumeClaim: { claimName: 'grafana' } }];
const newPod = pod({
  name: 'grafana-new',
  nodeName: 'node-2',
  volumes: claimVolume,
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const oldPod = runningPod({ name: 'grafana-old', nodeName: 'node-1', volumes: claimVolume });
const exclusive = event({
  reason: 'FailedAttachVolume',
  name: 'grafana-new',
  message:
    'Multi-Attach error for volume "pvc-dcf3b382-1b66-11ea-8736-005056be54a4" Volume is already exclusively attached to one node and can\'t be attached to another',
  source: 'attachdetach-controller',
  firstS: 0,
  lastS: 300,
});

/** A pasted message line carries no time at all. */
const untimed: EventRecord = {
  regarding: exclusive.regarding,
  reason: exclusive.reason,
  message: exclusive.message,
  type: 'Warning',
  count: 1,
};

testRule(rule, {
  valid: [
    {
      name: 'running pod',
      snapshot: snapshot({ pods: [runningPod({ name: 'grafana-new' })], events: [exclusive] }),
    },
    {
      name: 'other attach error',
      snapshot: snapshot({
        pods: [newPod],
        events: [{ ...exclusive, message: 'AttachVolume.Attach failed for volume "pvc-1" : boom' }],
      }),
    },
    { name: 'healthy old pod alone', snapshot: snapshot({ pods: [oldPod] }) },
  ],
  invalid: [
    {
      name: 'events only (real case 022)',
      snapshot: snapshot({ events: [untimed] }),
      expect: [
        {
          messageId: 'multiAttach',
          reason: 'MultiAttach',
          basis: 'events',
          data: { volume: 'pvc-dcf3b382-1b66-11ea-8736-005056be54a4' },
        },
      ],
    },
    {
      name: 'bare pasted message without a reason',
      snapshot: snapshot({ events: [{ ...untimed, reason: '' }] }),
      expect: [{ messageId: 'multiAttach', data: { node: 'its node' } }],
    },
    {
      name: 'the other pod and its node found through the claim',
      snapshot: snapshot({
        pods: [newPod, oldPod],
        pvcs: [pvc({ name: 'grafana', volumeName: 'pvc-dcf3b382-1b66-11ea-8736-005056be54a4' })],
        events: [exclusive],
      }),
      expect: [
        {
          messageId: 'multiAttachPods',
          data: { node: 'node-2', claim: 'grafana', pods: 'grafana-old (on node-1)' },
          evidenceIncludes: ['pod grafana-old on node-1'],
        },
      ],
    },
    {
      name: 'newer message names the pods',
      snapshot: snapshot({
        pods: [newPod],
        events: [
          {
            ...exclusive,
            message:
              'Multi-Attach error for volume "pvc-ec14" Volume is already used by pod(s) webapp-7f94d9db-2bs4j',
          },
        ],
      }),
      expect: [{ messageId: 'multiAttachPods', data: { pods: 'webapp-7f94d9db-2bs4j', volume: 'pvc-ec14' } }],
    },
    {
      name: 'just started, exclusively attached (the old pod is gone, its detach under way): progressing',
      snapshot: snapshot({ pods: [newPod], events: [{ ...exclusive, first: ms(290), last: ms(300) }] }),
      expect: [{ messageId: 'multiAttach', status: 'progressing' }],
    },
    {
      name: 'just started, but the message names the pods that use the volume: failed at once',
      snapshot: snapshot({
        pods: [newPod],
        events: [
          {
            ...exclusive,
            message:
              'Multi-Attach error for volume "pvc-ec14" Volume is already used by pod(s) webapp-7f94d9db-2bs4j',
            first: ms(290),
            last: ms(300),
          },
        ],
      }),
      expect: [{ messageId: 'multiAttachPods', status: 'failed' }],
    },
  ],
});
