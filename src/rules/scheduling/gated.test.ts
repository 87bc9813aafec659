import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
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

describe('scheduling/gated: evidence and next steps', () => {
  const gated = (gates: string[] | undefined, withCondition: boolean) =>
    pod({
      containers: [],
      ...(gates === undefined ? {} : { spec: { schedulingGates: gates.map((name) => ({ name })) } }),
      ...(withCondition ? { conditions: [cond('PodScheduled', 'False', 'SchedulingGated', GATED, 0)] } : {}),
    });
  const CONDITION = `PodScheduled=False SchedulingGated: ${GATED}`;

  it.each<[string, string[] | undefined, boolean, string, [string, string][]]>([
    [
      'spec gates and the condition; a gate without a name is not listed',
      ['example.com/quota', '', 'example.com/capacity'],
      true,
      'example.com/quota, example.com/capacity',
      [
        ['spec', 'spec.schedulingGates: example.com/quota, example.com/capacity'],
        ['condition', CONDITION],
      ],
    ],
    ['the condition only', undefined, true, '(not listed in the evidence)', [['condition', CONDITION]]],
    [
      'only a gate without a name: the status line stands in',
      [''],
      false,
      '(not listed in the evidence)',
      [['status', 'kubectl STATUS: SchedulingGated']],
    ],
  ])('%s', (_name, gates, withCondition, listed, evidence) => {
    const [f, ...rest] = runRule(rule, snapshot({ pods: [gated(gates, withCondition)] }), ms(30));
    expect(rest).toEqual([]);
    expect(f?.data).toEqual({ gates: listed });
    expect(f?.evidence.map((e) => [e.source, e.text])).toEqual(evidence);
  });

  it('next steps: the gates, the pod, and who owns the gate', () => {
    const [f] = runRule(rule, snapshot({ pods: [gated(['kueue.x-k8s.io/admission'], true)] }), ms(30));
    expect(f?.nextSteps).toEqual([
      'kubectl get pod web-1 -n default -o jsonpath={.spec.schedulingGates}',
      'kubectl describe pod web-1 -n default',
      'Find the controller that owns the gate (its name usually says, e.g. kueue.x-k8s.io/admission) and why it has not admitted the pod; remove a gate by hand only if that controller is gone.',
    ]);
  });
});
