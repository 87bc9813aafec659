import { testRule } from '../../../test/rule-tester.js';
import { cond, event, ms, pod, runningPod, snapshot, unschedulable } from '../../../test/builders.js';
import { rule } from './scheduler-error.js';

const custom = (createdS = 0) => pod({ createdS, spec: { schedulerName: 'my-scheduler' } });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'fit error is another rule',
      snapshot: snapshot({
        pods: [pod({ conditions: [unschedulable('0/3 nodes are available: 3 Insufficient cpu.')] })],
      }),
    },
    {
      name: 'custom scheduler, pod only 1 minute old',
      snapshot: snapshot({ pods: [custom()], events: [] }),
      now: ms(60),
    },
    {
      name: 'custom scheduler, events not collected',
      snapshot: snapshot({ pods: [custom()] }),
      now: ms(3600),
    },
    {
      name: 'default scheduler, no events, old pod: not this rule',
      snapshot: snapshot({ pods: [pod({ spec: { schedulerName: 'default-scheduler' } })], events: [] }),
      now: ms(3600),
    },
    {
      name: 'deleting pod skipped by the scheduler',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedScheduling',
            message: 'skip schedule deleting pod: default/web-1',
            lastS: 5,
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'SchedulerError condition',
      snapshot: snapshot({
        pods: [
          pod({
            conditions: [
              cond(
                'PodScheduled',
                'False',
                'SchedulerError',
                'running PreFilter plugin "NodeAffinity": invalid label value',
                0,
              ),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'schedulerError', reason: 'SchedulerError', basis: 'state' }],
    },
    {
      name: 'binding rejected, events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedScheduling',
            message:
              'binding rejected: running Bind plugin "DefaultBinder": Operation cannot be fulfilled on pods/binding "web-1": pod web-1 is already assigned to node "node-2"',
            lastS: 10,
          }),
        ],
      }),
      expect: [{ messageId: 'bindingFailed', basis: 'events' }],
    },
    {
      name: 'PreBind volume binding timeout',
      snapshot: snapshot({
        pods: [
          pod({
            conditions: [
              unschedulable(
                'running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for the condition',
              ),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'bindingFailed' }],
    },
    {
      name: 'custom scheduler that never acted',
      snapshot: snapshot({ pods: [custom(0)], events: [] }),
      now: ms(1800),
      expect: [
        {
          messageId: 'schedulerAbsent',
          data: { scheduler: 'my-scheduler', age: '30m' },
          evidenceIncludes: ['spec.schedulerName: my-scheduler'],
        },
      ],
    },
  ],
});
