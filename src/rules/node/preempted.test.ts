import { testRule } from '../../../test/rule-tester.js';
import { cond, event, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './preempted.js';

const preemptedEvent = event({
  reason: 'Preempted',
  type: 'Normal',
  message: 'Preempted by pod d9d25b95-4a7d-4214-8a30-8ce1fd616f67 on node worker-0',
  source: 'default-scheduler',
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'old preemption of an earlier pod with the same name',
      snapshot: snapshot({ pods: [runningPod()], events: [preemptedEvent] }),
    },
    {
      name: 'other disruption reasons are not preemption',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [cond('DisruptionTarget', 'True', 'EvictionByEvictionAPI', 'Eviction API: evicting')],
          }),
        ],
      }),
    },
    {
      name: 'DisruptionTarget False',
      snapshot: snapshot({
        pods: [runningPod({ conditions: [cond('DisruptionTarget', 'False', 'PreemptionByScheduler')] })],
      }),
    },
  ],
  invalid: [
    {
      name: 'scheduler event names the preemptor by uid, resolved to its name',
      snapshot: snapshot({
        pods: [
          pod({ nodeName: 'worker-0', phase: 'Running' }),
          pod({ name: 'urgent', uid: 'd9d25b95-4a7d-4214-8a30-8ce1fd616f67' }),
        ],
        events: [preemptedEvent],
      }),
      expect: [
        {
          messageId: 'preemptedBy',
          reason: 'Preempted',
          basis: 'events',
          data: { node: 'worker-0', preemptor: 'urgent' },
        },
      ],
    },
    {
      name: 'condition and event merge into one finding',
      snapshot: snapshot({
        pods: [
          runningPod({
            deletionS: 40,
            conditions: [
              cond(
                'DisruptionTarget',
                'True',
                'PreemptionByScheduler',
                'default-scheduler: preempting to accommodate a higher priority pod',
              ),
            ],
          }),
        ],
        events: [
          event({
            reason: 'Preempted',
            type: 'Normal',
            message: 'Preempted by default/urgent on node node-1',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'preemptedBy',
          basis: 'state',
          data: { preemptor: 'default/urgent', node: 'node-1' },
          evidenceIncludes: ['PreemptionByScheduler', 'Preempted by default/urgent'],
        },
      ],
    },
    {
      name: 'condition only',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [
              cond(
                'DisruptionTarget',
                'True',
                'PreemptionByScheduler',
                'default-scheduler: preempting to accommodate a higher priority pod',
              ),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'preempted', data: { node: 'node-1' } }],
    },
    {
      name: 'kubelet critical pod preemption',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            reason: 'Preempting',
            message: 'Preempted in order to admit critical pod',
            nodeName: 'node-1',
          }),
        ],
      }),
      expect: [
        { messageId: 'kubeletPreempted', basis: 'state', evidenceIncludes: ['status.reason: Preempting'] },
      ],
    },
    {
      name: 'events only',
      snapshot: snapshot({ events: [preemptedEvent] }),
      expect: [
        {
          messageId: 'preemptedBy',
          basis: 'events',
          data: { preemptor: 'd9d25b95-4a7d-4214-8a30-8ce1fd616f67', node: 'worker-0' },
        },
      ],
    },
  ],
});
