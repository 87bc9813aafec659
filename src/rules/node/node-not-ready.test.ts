import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { at, cond, event, ms, node, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './node-not-ready.js';

const unknownNode = node({
  conditions: [
    {
      type: 'Ready',
      status: 'Unknown',
      reason: 'NodeStatusUnknown',
      message: 'Kubelet stopped posting node status.',
      lastHeartbeatTime: at(10),
      lastTransitionTime: at(50),
    },
  ],
  taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: at(50) }],
});
const notReadyEvent = event({
  reason: 'NodeNotReady',
  message: 'Node is not ready',
  source: 'node-controller',
  lastS: 60,
});
const podNotReady = runningPod({
  conditions: [cond('PodScheduled', 'True'), cond('Ready', 'False', undefined, undefined, 60)],
});

testRule(rule, {
  valid: [
    { name: 'running pod on a Ready node', snapshot: snapshot({ pods: [runningPod()], nodes: [node()] }) },
    {
      name: 'pod being deleted is left to the termination stage',
      snapshot: snapshot({ pods: [runningPod({ deletionS: 100 })], nodes: [unknownNode] }),
    },
    {
      name: 'Succeeded pod on a NotReady node',
      snapshot: snapshot({ pods: [runningPod({ phase: 'Succeeded' })], nodes: [node({ ready: 'False' })] }),
    },
    {
      name: 'node recovered: old NodeNotReady event is history',
      snapshot: snapshot({ pods: [runningPod()], nodes: [node()], events: [notReadyEvent] }),
    },
    {
      name: 'pod Unknown is node/node-lost',
      snapshot: snapshot({ pods: [runningPod({ phase: 'Unknown' })], nodes: [unknownNode] }),
    },
    {
      name: 'NodeNotReady event but the pod is Ready again',
      snapshot: snapshot({ pods: [runningPod()], events: [notReadyEvent] }),
    },
  ],
  invalid: [
    {
      name: 'node unreachable while the pod still says Running',
      snapshot: snapshot({ pods: [runningPod()], nodes: [unknownNode] }),
      expect: [
        {
          messageId: 'nodeNotReady',
          reason: 'NodeNotReady',
          basis: 'state',
          data: {
            node: 'node-1',
            state: 'unreachable (Ready=Unknown)',
            podStatus: 'Running',
            detail: 'Kubelet stopped posting node status.',
          },
          evidenceIncludes: ['Ready=Unknown', 'node.kubernetes.io/unreachable:NoExecute'],
        },
      ],
    },
    {
      name: 'kubelet reports NotReady (runtime network)',
      snapshot: snapshot({
        pods: [podNotReady],
        nodes: [
          node({
            conditions: [
              {
                type: 'Ready',
                status: 'False',
                reason: 'KubeletNotReady',
                message:
                  'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
              },
            ],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'nodeNotReady',
          data: { state: 'NotReady' },
          evidenceIncludes: ['KubeletNotReady', 'Ready=False'],
        },
      ],
    },
    {
      name: 'only the not-ready taint is left on the node',
      snapshot: snapshot({
        pods: [runningPod()],
        nodes: [node({ taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] })],
      }),
      expect: [{ messageId: 'nodeNotReady', data: { state: 'NotReady' } }],
    },
    {
      name: 'node controller event, node not in the evidence',
      snapshot: snapshot({ pods: [podNotReady], events: [notReadyEvent] }),
      expect: [
        {
          messageId: 'nodeNotReadyEvent',
          basis: 'events',
          data: { node: 'node-1' },
          evidenceIncludes: ['Node is not ready', 'Ready=False'],
        },
      ],
    },
    {
      name: 'events only',
      snapshot: snapshot({ events: [notReadyEvent] }),
      expect: [
        { messageId: 'nodeNotReadyEvent', basis: 'events', data: { node: '(name not in the evidence)' } },
      ],
    },
  ],
});

const STEPS = [
  'kubectl describe node node-1',
  'kubectl get pods -n default -o wide --field-selector spec.nodeName=node-1',
  'Bring the node back (kubelet, container runtime, network or the machine itself); pods with a controller are recreated elsewhere once their not-ready/unreachable toleration (300 s by default) runs out.',
];
const UNKNOWN_NODE_LINES = [
  'node node-1 condition Ready=Unknown (NodeStatusUnknown: Kubelet stopped posting node status.), last heartbeat 2026-01-01T00:00:10Z',
  'node node-1 taint node.kubernetes.io/unreachable:NoExecute',
];

describe('node-not-ready: the finding in full', () => {
  it('a Ready pod on an unreachable node: only the node lines, the time the node turned Unknown', () => {
    const [f, ...rest] = runRule(rule, snapshot({ pods: [runningPod()], nodes: [unknownNode] }));
    expect(rest).toEqual([]);
    expect(f?.evidence.map((e) => e.text)).toEqual(UNKNOWN_NODE_LINES);
    expect(f?.at).toBe(ms(50));
    expect(f?.nextSteps).toEqual(STEPS);
  });

  it('a not-Ready pod and a later NodeNotReady event: its Ready line, the event, the event time', () => {
    const p = runningPod({
      conditions: [cond('Ready', 'False', 'ContainersNotReady', 'containers with unready status: [app]', 55)],
    });
    const [f] = runRule(rule, snapshot({ pods: [p], nodes: [unknownNode], events: [notReadyEvent] }), ms(90));
    expect(f?.evidence.map((e) => e.source)).toEqual(['node', 'node', 'condition', 'event']);
    expect(f?.evidence[2]?.text).toBe(
      'Ready=False ContainersNotReady: containers with unready status: [app]',
    );
    expect(f?.at).toBe(ms(60));
  });

  it('no time anywhere: no time; no pod status at all: unknown', () => {
    const p = { ...runningPod(), status: {} };
    const n = node({ conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady' }] });
    const [f] = runRule(rule, snapshot({ pods: [p], nodes: [n] }));
    expect(f?.at).toBeUndefined();
    expect(f?.data).toEqual({
      node: 'node-1',
      state: 'NotReady',
      detail: 'the kubelet reports the node not ready',
      podStatus: 'unknown',
    });
  });

  it('a pod whose node is missing from the node list is node/node-lost', () => {
    const p = runningPod({ nodeName: 'node-9' });
    expect(runRule(rule, snapshot({ pods: [p], nodes: [node()] }))).toEqual([]);
  });

  it('a NodeNotReady event while the Node is in the evidence and healthy is history', () => {
    expect(
      runRule(rule, snapshot({ pods: [podNotReady], nodes: [node()], events: [notReadyEvent] })),
    ).toEqual([]);
  });

  it('event only: the event time, not the Ready condition time', () => {
    const p = runningPod({ conditions: [cond('Ready', 'False', undefined, undefined, 30)] });
    const [f] = runRule(rule, snapshot({ pods: [p], events: [notReadyEvent] }));
    expect(f?.at).toBe(ms(60));
    expect(f?.nextSteps).toEqual(STEPS);
  });

  it('a pasted event without times and a pod without a Ready condition: no time', () => {
    const timeless = { ...notReadyEvent };
    delete (timeless as { first?: number }).first;
    delete (timeless as { last?: number }).last;
    const p = pod({ phase: 'Running', nodeName: 'node-1' });
    const [f] = runRule(rule, snapshot({ pods: [p], events: [timeless] }));
    expect(f?.messageId).toBe('nodeNotReadyEvent');
    expect(f?.at).toBeUndefined();
  });
});
