import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { at, cond, event, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
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

const CRITICAL = 'Preempted in order to admit critical pod';
const KUBELET_DT = 'Pod was preempted by Kubelet to accommodate a critical pod.';
const SCHED_DT = 'default-scheduler: preempting to accommodate a higher priority pod';
const steps = (node: string) => [
  'kubectl get priorityclasses',
  "kubectl get pod web-1 -n default -o jsonpath='{.spec.priorityClassName} {.spec.priority}'",
  `kubectl describe node ${node}`,
  'Give the workload a higher priorityClassName or add capacity so higher-priority pods fit without preempting it; a PodDisruptionBudget is only respected on a best-effort basis.',
];
const kubeletEvent = (lastS = 0) =>
  event({ reason: 'Preempting', message: CRITICAL, source: 'kubelet', host: 'node-3', lastS });

describe('preempted: the finding in full', () => {
  it('kubelet status: the status line as evidence, no time, next steps', () => {
    const p = pod({
      phase: 'Failed',
      reason: 'Preempting',
      message: CRITICAL,
      nodeName: 'node-1',
      startS: 4,
    });
    const findings = runRule(rule, snapshot({ pods: [p] }));
    expect(findings).toHaveLength(1);
    const [f] = findings;
    expect(f?.messageId).toBe('kubeletPreempted');
    expect(f?.basis).toBe('state');
    expect(f?.data).toStrictEqual({ node: 'node-1' });
    expect(f?.evidence).toEqual([
      { source: 'status', text: `status.reason: Preempting; status.message: ${CRITICAL}` },
    ]);
    expect(f?.at).toBeUndefined();
    expect(f?.nextSteps).toEqual(steps('node-1'));
  });

  it('kubelet status without a message nor a node', () => {
    const [f] = runRule(rule, snapshot({ pods: [pod({ phase: 'Failed', reason: 'Preempting' })] }));
    expect(f?.data).toStrictEqual({ node: 'its node' });
    expect(f?.evidence).toEqual([{ source: 'status', text: 'status.reason: Preempting; status.message: ' }]);
  });

  it('kubelet DisruptionTarget condition alone: condition evidence with its time', () => {
    const p = pod({
      phase: 'Failed',
      nodeName: 'node-1',
      conditions: [cond('DisruptionTarget', 'True', 'TerminationByKubelet', KUBELET_DT, 12)],
    });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [p] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('kubeletPreempted');
    expect(f?.basis).toBe('state');
    expect(f?.at).toBe(ms(12));
    expect(f?.evidence).toEqual([
      { source: 'condition', text: `DisruptionTarget=True TerminationByKubelet: ${KUBELET_DT}`, at: at(12) },
    ]);
  });

  it('a TerminationByKubelet condition for another cause is not preemption', () => {
    const p = pod({
      phase: 'Failed',
      nodeName: 'node-1',
      conditions: [cond('DisruptionTarget', 'True', 'TerminationByKubelet')],
    });
    expect(runRule(rule, snapshot({ pods: [p] }))).toEqual([]);
  });

  it('scheduler condition without a message or time', () => {
    const p = runningPod({
      conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }],
    });
    const [f] = runRule(rule, snapshot({ pods: [p] }));
    expect(f?.messageId).toBe('preempted');
    expect(f?.data).toStrictEqual({ node: 'node-1' });
    expect(f?.at).toBeUndefined();
    expect(f?.evidence).toEqual([
      { source: 'condition', text: 'DisruptionTarget=True PreemptionByScheduler' },
    ]);
  });

  it('kubelet Preempting event only: the event host, the event time, the event as evidence', () => {
    const findings = runRule(rule, snapshot({ pods: [pod()], events: [kubeletEvent(25)] }), ms(60));
    expect(findings).toHaveLength(1);
    const [f] = findings;
    expect(f?.messageId).toBe('kubeletPreempted');
    expect(f?.basis).toBe('events');
    expect(f?.at).toBe(ms(25));
    expect(f?.data).toStrictEqual({ node: 'node-3' });
    expect(f?.evidence.map((e) => e.source)).toEqual(['event']);
    expect(f?.evidence[0]?.text).toMatch(
      /^Warning Preempting .*kubelet, node-3: Preempted in order to admit critical pod$/,
    );
    expect(f?.nextSteps).toEqual(steps('node-3'));
  });

  it('a Preempted event without a message (a pasted events table) still counts', () => {
    const e = event({ reason: 'Preempted', type: 'Normal', message: '', lastS: 9 });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [pod({ nodeName: 'node-1' })], events: [e] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('preempted');
    expect(f?.data).toStrictEqual({ node: 'node-1' });
    expect(f?.at).toBe(ms(9));
  });

  it('scheduler event and condition: the event time, both as evidence', () => {
    const p = runningPod({
      conditions: [cond('DisruptionTarget', 'True', 'PreemptionByScheduler', SCHED_DT, 10)],
    });
    const e = event({
      reason: 'Preempted',
      type: 'Normal',
      message: 'Preempted by default/urgent on node node-1',
      lastS: 11,
    });
    const [f] = runRule(rule, snapshot({ pods: [p], events: [e] }), ms(60));
    expect(f?.at).toBe(ms(11));
    expect(f?.evidence.map((x) => x.source)).toEqual(['condition', 'event']);
    expect(f?.data).toStrictEqual({ node: 'node-1', preemptor: 'default/urgent' });
  });

  it('another disruption condition beside an old Preempted event is not shown as preemption evidence', () => {
    const p = runningPod({
      deletionS: 50,
      conditions: [cond('DisruptionTarget', 'True', 'EvictionByEvictionAPI', 'Eviction API: evicting')],
    });
    const e = event({
      reason: 'Preempted',
      type: 'Normal',
      message: 'Preempted by default/urgent on node node-1',
    });
    const [f] = runRule(rule, snapshot({ pods: [p], events: [e] }));
    expect(f?.basis).toBe('events');
    expect(f?.evidence.map((x) => x.source)).toEqual(['event']);
  });

  it.each([
    {
      name: 'the kubelet condition',
      conditions: [cond('DisruptionTarget', 'True', 'TerminationByKubelet', KUBELET_DT)],
    },
    { name: 'the kubelet status', reason: 'Preempting', conditions: [] },
  ])(
    '$name beside an older scheduler Preempted event (a reused pod name): the kubelet preempted it',
    ({ reason, conditions }) => {
      const p = pod({
        phase: 'Failed',
        nodeName: 'node-1',
        ...(reason === undefined ? {} : { reason }),
        conditions,
      });
      const e = event({
        reason: 'Preempted',
        type: 'Normal',
        message: 'Preempted by default/urgent on node node-1',
      });
      const [f, ...rest] = runRule(rule, snapshot({ pods: [p], events: [e] }));
      expect(rest).toEqual([]);
      expect(f?.messageId).toBe('kubeletPreempted');
      expect(f?.basis).toBe('state');
    },
  );

  it('pods pasted without a namespace: the preemptor UID is still resolved among them', () => {
    const strip = (p: ReturnType<typeof pod>) => {
      const metadata = { ...p.metadata };
      delete (metadata as { namespace?: string }).namespace;
      return { ...p, metadata };
    };
    const victim = strip(pod({ nodeName: 'worker-0', phase: 'Running' }));
    const urgent = strip(pod({ name: 'urgent', uid: 'd9d25b95-4a7d-4214-8a30-8ce1fd616f67' }));
    const e = { ...preemptedEvent, regarding: { kind: 'Pod', name: 'web-1' } };
    const [f, ...rest] = runRule(rule, snapshot({ pods: [victim, urgent], events: [e] }));
    expect(rest).toEqual([]);
    expect(f?.data).toStrictEqual({ node: 'worker-0', preemptor: 'urgent' });
  });
});
