import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { at, cond, event, ms, node, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './disruption-target.js';

const taintCond = cond(
  'DisruptionTarget',
  'True',
  'DeletionByTaintManager',
  'Taint manager: deleting due to NoExecute taint',
);

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'preemption is node/preempted',
      snapshot: snapshot({
        pods: [runningPod({ conditions: [cond('DisruptionTarget', 'True', 'PreemptionByScheduler')] })],
      }),
    },
    {
      name: 'PodGC is node/node-lost',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [cond('DisruptionTarget', 'True', 'DeletionByPodGC', 'PodGC: node no longer exists')],
          }),
        ],
      }),
    },
    {
      name: 'kubelet eviction is node/evicted',
      snapshot: snapshot({
        pods: [
          runningPod({
            phase: 'Failed',
            reason: 'Evicted',
            conditions: [
              cond(
                'DisruptionTarget',
                'True',
                'TerminationByKubelet',
                'The node was low on resource: memory.',
              ),
            ],
          }),
        ],
      }),
    },
    {
      name: 'taint manager cancelled the deletion',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [
          event({
            reason: 'TaintManagerEviction',
            type: 'Normal',
            message: 'Marking for deletion Pod default/web-1',
            lastS: 10,
          }),
          event({
            reason: 'TaintManagerEviction',
            type: 'Normal',
            message: 'Cancelling deletion of Pod default/web-1',
            lastS: 20,
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'taint manager on an unreachable node',
      snapshot: snapshot({
        pods: [runningPod({ deletionS: 400, conditions: [taintCond] })],
        nodes: [
          node({
            ready: 'Unknown',
            taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'taintUnhealthy',
          reason: 'NodeNotReady',
          data: { taint: 'node.kubernetes.io/unreachable:NoExecute' },
        },
      ],
    },
    {
      name: 'taint manager on a custom NoExecute taint',
      snapshot: snapshot({
        pods: [runningPod({ conditions: [taintCond] })],
        nodes: [node({ taints: [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }] })],
      }),
      expect: [
        { messageId: 'taintEviction', reason: 'Evicted', data: { taint: 'maintenance=true:NoExecute' } },
      ],
    },
    {
      name: 'eviction API (drain)',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [cond('DisruptionTarget', 'True', 'EvictionByEvictionAPI', 'Eviction API: evicting')],
          }),
        ],
      }),
      expect: [{ messageId: 'apiEviction', reason: 'Evicted', basis: 'state' }],
    },
    {
      name: 'older cluster: TaintManagerEviction event only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'TaintManagerEviction',
            type: 'Normal',
            message: 'Marking for deletion Pod default/web-1',
          }),
        ],
      }),
      expect: [{ messageId: 'taintEviction', basis: 'events', data: { taint: 'a NoExecute taint' } }],
    },
    {
      name: 'unknown disruption reason',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [
              cond(
                'DisruptionTarget',
                'True',
                'DeletionByDeviceTaintManager',
                'Device Taint manager: deleting due to NoExecute taint',
              ),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'disrupted', data: { disruption: 'DeletionByDeviceTaintManager' } }],
    },
  ],
});

const marking = (lastS = 0) =>
  event({
    reason: 'TaintManagerEviction',
    type: 'Normal',
    message: 'Marking for deletion Pod default/web-1',
    lastS,
  });
const DESCRIBE = 'kubectl describe node node-1';
const EVENTS =
  'kubectl get events -n default --field-selector involvedObject.kind=Pod,involvedObject.name=web-1';
const BRING_BACK =
  'Bring the node back or replace it; the controller recreates the pod elsewhere. Tune tolerationSeconds for node.kubernetes.io/unreachable to change how long pods wait.';
const PDB =
  'Expected during drains and scale-down; use a PodDisruptionBudget to limit how many replicas go at once.';
const TOLERATE =
  'Tolerate the taint if the pod may run there, or let the controller recreate the pod on another node.';

describe('disruption-target: the finding in full', () => {
  it('taint manager on an unreachable node: condition, event and taints as evidence, condition time', () => {
    const p = runningPod({
      conditions: [
        cond(
          'DisruptionTarget',
          'True',
          'DeletionByTaintManager',
          'Taint manager: deleting due to NoExecute taint',
          40,
        ),
      ],
      spec: {
        tolerations: [
          {
            key: 'node.kubernetes.io/unreachable',
            operator: 'Exists',
            effect: 'NoExecute',
            tolerationSeconds: 300,
          },
        ],
      },
    });
    const n = node({
      ready: 'Unknown',
      taints: [
        { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
      ],
    });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [p], nodes: [n], events: [marking(30)] }), ms(60));
    expect(rest).toEqual([]);
    expect(f?.reason).toBe('NodeNotReady');
    expect(f?.messageId).toBe('taintUnhealthy');
    expect(f?.basis).toBe('state');
    expect(f?.at).toBe(ms(40));
    expect(f?.data).toEqual({ node: 'node-1', taint: 'node.kubernetes.io/unreachable:NoExecute' });
    expect(f?.evidence.map((e) => [e.source, e.text])).toEqual([
      [
        'condition',
        'DisruptionTarget=True DeletionByTaintManager: Taint manager: deleting due to NoExecute taint',
      ],
      [
        'event',
        expect.stringMatching(/^Normal TaintManagerEviction .*: Marking for deletion Pod default\/web-1$/),
      ],
      ['node', 'node node-1 taint node.kubernetes.io/unreachable:NoExecute'],
    ]);
    expect(f?.evidence[0]?.at).toBe(at(40));
    expect(f?.nextSteps).toEqual([DESCRIBE, EVENTS, BRING_BACK]);
  });

  it('custom NoExecute taints: only those the pod does not tolerate, not NoSchedule ones', () => {
    const p = runningPod({
      conditions: [
        cond(
          'DisruptionTarget',
          'True',
          'DeletionByTaintManager',
          'Taint manager: deleting due to NoExecute taint',
        ),
      ],
      spec: { tolerations: [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute' }] },
    });
    const n = node({
      taints: [
        { key: 'dedicated', value: 'db', effect: 'NoSchedule' },
        { key: 'maintenance', value: 'true', effect: 'NoExecute' },
        { key: 'decommission', effect: 'NoExecute' },
      ],
    });
    const [f] = runRule(rule, snapshot({ pods: [p], nodes: [n] }));
    expect(f?.reason).toBe('Evicted');
    expect(f?.data).toEqual({ node: 'node-1', taint: 'decommission:NoExecute' });
    expect(f?.evidence.filter((e) => e.source === 'node').map((e) => e.text)).toEqual([
      'node node-1 taint decommission:NoExecute',
    ]);
    expect(f?.nextSteps).toEqual([DESCRIBE, EVENTS, TOLERATE]);
  });

  it('events only (older cluster): the event time, no condition evidence', () => {
    const [f] = runRule(
      rule,
      snapshot({ pods: [pod({ nodeName: 'node-1' })], events: [marking(30)] }),
      ms(60),
    );
    expect(f?.basis).toBe('events');
    expect(f?.at).toBe(ms(30));
    expect(f?.evidence.map((e) => e.source)).toEqual(['event']);
    expect(f?.nextSteps).toEqual([DESCRIBE, EVENTS, TOLERATE]);
  });

  it('a condition without a reason beside the taint manager event: the condition first, its own time', () => {
    const p = pod({
      nodeName: 'node-1',
      conditions: [{ type: 'DisruptionTarget', status: 'True', lastTransitionTime: at(20) }],
    });
    const [f] = runRule(rule, snapshot({ pods: [p], events: [marking(30)] }), ms(60));
    expect(f?.messageId).toBe('taintEviction');
    expect(f?.at).toBe(ms(20));
    expect(f?.evidence[0]).toEqual({ source: 'condition', text: 'DisruptionTarget=True ', at: at(20) });
  });

  it('eviction API: no time without a condition time, no node name without a node', () => {
    const p = pod({
      conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI' }],
    });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [p] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('apiEviction');
    expect(f?.reason).toBe('Evicted');
    expect(f?.at).toBeUndefined();
    expect(f?.data).toEqual({ node: '(name not in the evidence)' });
    expect(f?.evidence).toEqual([
      { source: 'condition', text: 'DisruptionTarget=True EvictionByEvictionAPI' },
    ]);
    // No node name to put in a command: the node list finds it.
    expect(f?.nextSteps).toEqual(['kubectl get nodes -o wide', EVENTS, PDB]);
  });

  it('a DisruptionTarget condition that is not True is no disruption', () => {
    const p = runningPod({
      conditions: [cond('DisruptionTarget', 'False', 'EvictionByEvictionAPI', 'Eviction API: evicting')],
    });
    expect(runRule(rule, snapshot({ pods: [p] }))).toEqual([]);
  });

  it.each([
    { name: 'status.reason Evicted', reason: 'Evicted', events: [], count: 0 },
    {
      name: 'an Evicted event',
      reason: undefined,
      events: [
        event({ reason: 'Evicted', message: 'The node was low on resource: memory.', source: 'kubelet' }),
      ],
      count: 0,
    },
    { name: 'neither', reason: undefined, events: [], count: 1 },
  ])('TerminationByKubelet without a message, $name', ({ reason, events, count }) => {
    const p = pod({
      phase: 'Failed',
      nodeName: 'node-1',
      ...(reason === undefined ? {} : { reason }),
      conditions: [cond('DisruptionTarget', 'True', 'TerminationByKubelet')],
    });
    const findings = runRule(rule, snapshot({ pods: [p], events }));
    expect(findings).toHaveLength(count);
    if (count === 1) {
      expect(findings[0]?.messageId).toBe('disrupted');
      expect(findings[0]?.data).toEqual({
        node: 'node-1',
        disruption: 'TerminationByKubelet',
        detail: 'no message',
      });
      expect(findings[0]?.nextSteps).toEqual([DESCRIBE, EVENTS, TOLERATE]);
    }
  });

  it('an unknown disruption: its message as detail and in the evidence', () => {
    const message = 'Device Taint manager: deleting due to NoExecute taint';
    const p = runningPod({
      conditions: [cond('DisruptionTarget', 'True', 'DeletionByDeviceTaintManager', message, 15)],
    });
    const [f] = runRule(rule, snapshot({ pods: [p] }));
    expect(f?.data).toEqual({ node: 'node-1', disruption: 'DeletionByDeviceTaintManager', detail: message });
    expect(f?.evidence).toEqual([
      {
        source: 'condition',
        text: `DisruptionTarget=True DeletionByDeviceTaintManager: ${message}`,
        at: at(15),
      },
    ]);
    expect(f?.at).toBe(ms(15));
  });
});
