import { testRule } from '../../../test/rule-tester.js';
import { cond, ms, pod, runningPod, snapshot, unschedulable } from '../../../test/builders.js';
import { rule } from './gated.js';

const GATED = 'Scheduling is blocked due to non-empty scheduling gates';

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'unschedulable pod without gates',
      snapshot: snapshot({
        pods: [pod({ conditions: [unschedulable('0/3 nodes are available: 3 Insufficient cpu.')] })],
      }),
    },
    {
      name: 'gates removed, condition not yet updated',
      snapshot: snapshot({
        pods: [
          pod({
            spec: { schedulingGates: [] },
            conditions: [cond('PodScheduled', 'False', 'SchedulingGated', GATED, 0)],
          }),
        ],
      }),
      now: ms(600),
    },
    {
      name: 'gates removed and pod scheduled',
      snapshot: snapshot({ pods: [runningPod({ spec: { schedulingGates: [] } })] }),
    },
  ],
  invalid: [
    {
      name: 'gated for ten minutes',
      snapshot: snapshot({
        pods: [
          pod({
            spec: { schedulingGates: [{ name: 'kueue.x-k8s.io/admission' }] },
            conditions: [cond('PodScheduled', 'False', 'SchedulingGated', GATED, 0)],
          }),
        ],
      }),
      now: ms(600),
      expect: [
        {
          messageId: 'gated',
          reason: 'SchedulingGated',
          basis: 'state',
          data: { gates: 'kueue.x-k8s.io/admission' },
          evidenceIncludes: ['spec.schedulingGates: kueue.x-k8s.io/admission', 'SchedulingGated'],
        },
      ],
    },
    {
      name: 'just gated: progressing',
      snapshot: snapshot({
        pods: [
          pod({
            createdS: 0,
            spec: { schedulingGates: [{ name: 'example.com/quota' }, { name: 'example.com/capacity' }] },
          }),
        ],
      }),
      now: ms(30),
      expect: [
        {
          messageId: 'gated',
          status: 'progressing',
          data: { gates: 'example.com/quota, example.com/capacity' },
        },
      ],
    },
    {
      name: 'describe output: condition only, no spec gates',
      snapshot: snapshot({
        pods: [
          pod({
            containers: [],
            conditions: [cond('PodScheduled', 'False', 'SchedulingGated', undefined, 0)],
          }),
        ],
      }),
      now: ms(3600),
      expect: [{ messageId: 'gated', data: { gates: '(not listed in the evidence)' } }],
    },
  ],
});
