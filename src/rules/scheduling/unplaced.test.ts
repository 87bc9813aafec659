import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import { rule } from './unplaced.js';

/** A pod as a pasted `kubectl get pods` row shows it: Pending, created at 0, nothing else. */
const bare = pod();
const TEN_MIN = ms(600);

testRule(rule, {
  valid: [
    {
      name: 'Pending for four minutes: within the grace',
      snapshot: snapshot({ pods: [bare] }),
      now: ms(240),
    },
    {
      name: 'a node took it (spec.nodeName)',
      snapshot: snapshot({ pods: [pod({ nodeName: 'node-1' })] }),
      now: TEN_MIN,
    },
    {
      name: 'a PodScheduled condition says why: scheduling/unschedulable',
      snapshot: snapshot({
        pods: [
          pod({
            conditions: [cond('PodScheduled', 'False', 'Unschedulable', '0/3 nodes are available.', 0)],
          }),
        ],
      }),
      now: TEN_MIN,
    },
    {
      name: 'PodScheduled=True: bound, though its node is not in the evidence',
      snapshot: snapshot({ pods: [pod({ conditions: [cond('PodScheduled', 'True', '', '', 0)] })] }),
      now: TEN_MIN,
    },
    {
      name: 'an event about the pod is in the evidence',
      snapshot: snapshot({
        pods: [bare],
        events: [
          event({
            reason: 'FailedScheduling',
            message: '0/3 nodes are available: 3 Insufficient cpu.',
            lastS: 500,
          }),
        ],
      }),
      now: TEN_MIN,
    },
    {
      name: 'container statuses: the kubelet has it',
      snapshot: snapshot({
        pods: [pod({ containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })] })],
      }),
      now: TEN_MIN,
    },
    {
      name: 'scheduling gates: scheduling/gated',
      snapshot: snapshot({ pods: [pod({ spec: { schedulingGates: [{ name: 'kueue' }] } })] }),
      now: TEN_MIN,
    },
    {
      name: 'another scheduler: scheduling/scheduler-error',
      snapshot: snapshot({ pods: [pod({ spec: { schedulerName: 'my-scheduler' } })] }),
      now: TEN_MIN,
    },
    { name: 'being deleted', snapshot: snapshot({ pods: [pod({ deletionS: 300 })] }), now: TEN_MIN },
    { name: 'phase Running', snapshot: snapshot({ pods: [pod({ phase: 'Running' })] }), now: TEN_MIN },
    {
      name: 'no creation time: its age is unknown',
      snapshot: snapshot({
        pods: [{ ...bare, metadata: { name: 'web-1', namespace: 'default' } }],
      }),
      now: TEN_MIN,
    },
  ],
  invalid: [
    {
      name: 'a Pending row ten minutes old',
      snapshot: snapshot({ pods: [bare] }),
      now: TEN_MIN,
      expect: [
        {
          messageId: 'unplaced',
          reason: 'Unschedulable',
          data: { age: '10m' },
          confidence: 'low',
          basis: 'state',
          evidenceIncludes: ['phase: Pending for 10m, no node assigned'],
          evidenceSources: ['status'],
        },
      ],
    },
    {
      name: 'no phase at all (a row whose STATUS said nothing more): Pending by default',
      snapshot: snapshot({ pods: [{ ...bare, status: {} }] }),
      now: TEN_MIN,
      expect: [{ messageId: 'unplaced' }],
    },
    {
      name: 'exactly five minutes: the grace is over',
      snapshot: snapshot({ pods: [pod({ spec: { schedulerName: 'default-scheduler' } })] }),
      now: ms(300),
      expect: [{ messageId: 'unplaced', data: { age: '5m' } }],
    },
  ],
});

describe('the next steps fetch the scheduling message', () => {
  it("describe, the pod's events, and what to fix", () => {
    const [f] = runRule(rule, snapshot({ pods: [pod({ name: 'api-1', namespace: 'shop' })] }), TEN_MIN);
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod api-1 -n shop',
      'kubectl get events -n shop --field-selector involvedObject.kind=Pod,involvedObject.name=api-1',
      'The FailedScheduling message names what rules out each node (resources, taints, affinity, claims); fix that.',
    ]);
  });
});
