import { describe, expect, it } from 'vitest';
import { at, cond, ms, node, pod, snapshot } from '../../../test/builders.js';
import { podContextsOf } from '../../../test/rule-tester.js';
import type { Node, NodeCondition, Taint } from '../../model/index.js';
import { nodeFromLostMessage, nodeLostSignals, nodeProblem, nodeReadyCondition } from './node-health.js';

const UNREACHABLE: Taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: at(30) };
const NOT_READY: Taint = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule', timeAdded: at(40) };

function ready(status: 'True' | 'False' | 'Unknown', extra: Partial<NodeCondition> = {}): NodeCondition {
  return { type: 'Ready', status, ...extra };
}

function problemOf(n: Node | undefined, nodeName = 'node-1', collectNodes = true) {
  const snap = snapshot({
    pods: [pod({ nodeName, phase: 'Running' })],
    ...(collectNodes ? { nodes: n === undefined ? [] : [n] } : {}),
  });
  const [ctx] = podContextsOf(snap);
  if (ctx === undefined) throw new Error('no pod context');
  return nodeProblem(ctx);
}

describe('nodeProblem: the Ready condition and the lifecycle taints', () => {
  it('quotes a Ready=False condition with its reason, message, heartbeat and transition time', () => {
    const msg =
      'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';
    const p = problemOf(
      node({
        conditions: [
          ready('False', {
            reason: 'KubeletNotReady',
            message: msg,
            lastHeartbeatTime: at(5),
            lastTransitionTime: at(10),
          }),
        ],
      }),
    );
    expect(p).toEqual({
      node: 'node-1',
      state: 'NotReady',
      detail: msg,
      evidence: [
        {
          source: 'node',
          text: `node node-1 condition Ready=False (KubeletNotReady: ${msg}), last heartbeat ${at(5)}`,
          at: at(10),
        },
      ],
      since: ms(10),
    });
  });

  it.each([
    {
      name: 'reason and empty message: the reason alone',
      c: ready('Unknown', { reason: 'NodeStatusUnknown', message: '' }),
      text: 'node node-1 condition Ready=Unknown (NodeStatusUnknown)',
      detail: 'the kubelet stopped posting node status',
      state: 'Unknown',
    },
    {
      name: 'message without a reason: the message alone',
      c: ready('Unknown', { message: 'Kubelet stopped posting node status.' }),
      text: 'node node-1 condition Ready=Unknown (Kubelet stopped posting node status.)',
      detail: 'Kubelet stopped posting node status.',
      state: 'Unknown',
    },
    {
      name: 'empty reason and no message: no parentheses',
      c: ready('False', { reason: '' }),
      text: 'node node-1 condition Ready=False',
      detail: 'the kubelet reports the node not ready',
      state: 'NotReady',
    },
  ])('condition text: $name', ({ c, text, detail, state }) => {
    const p = problemOf(node({ conditions: [c] }));
    expect(p?.evidence).toEqual([{ source: 'node', text }]);
    expect(p?.detail).toBe(detail);
    expect(p?.state).toBe(state);
    expect(p?.since).toBeUndefined();
  });

  it.each([
    {
      name: 'Ready=True with not-ready taint only: NotReady, taint evidence only',
      n: node({ ready: 'True', taints: [NOT_READY] }),
      state: 'NotReady',
      detail: 'the kubelet reports the node not ready',
      texts: ['node node-1 taint node.kubernetes.io/not-ready:NoSchedule'],
      since: ms(40),
    },
    {
      name: 'Ready=True with both taints: Unknown (unreachable)',
      n: node({ ready: 'True', taints: [NOT_READY, UNREACHABLE] }),
      state: 'Unknown',
      detail: 'the kubelet stopped posting node status',
      texts: [
        'node node-1 taint node.kubernetes.io/not-ready:NoSchedule',
        'node node-1 taint node.kubernetes.io/unreachable:NoExecute',
      ],
      since: ms(40),
    },
    {
      name: 'Ready=False with the unreachable taint: still NotReady',
      n: node({ conditions: [ready('False')], taints: [UNREACHABLE] }),
      state: 'NotReady',
      detail: 'the kubelet reports the node not ready',
      texts: [
        'node node-1 condition Ready=False',
        'node node-1 taint node.kubernetes.io/unreachable:NoExecute',
      ],
      since: ms(30),
    },
    {
      name: 'no Ready condition, unreachable taint: Unknown',
      n: node({ conditions: [], taints: [UNREACHABLE] }),
      state: 'Unknown',
      detail: 'the kubelet stopped posting node status',
      texts: ['node node-1 taint node.kubernetes.io/unreachable:NoExecute'],
      since: ms(30),
    },
    {
      name: 'no conditions at all, not-ready taint: NotReady',
      n: { ...node({ taints: [NOT_READY] }), status: { allocatable: {} } },
      state: 'NotReady',
      detail: 'the kubelet reports the node not ready',
      texts: ['node node-1 taint node.kubernetes.io/not-ready:NoSchedule'],
      since: ms(40),
    },
  ])('$name', ({ n, state, detail, texts, since }) => {
    const p = problemOf(n);
    expect(p?.state).toBe(state);
    expect(p?.detail).toBe(detail);
    expect(p?.evidence.map((e) => e.text)).toEqual(texts);
    expect(p?.since).toBe(since);
  });

  it('dates taint evidence by timeAdded and leaves an undated taint undated', () => {
    const p = problemOf(
      node({
        ready: 'True',
        taints: [UNREACHABLE, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }],
      }),
    );
    expect(p?.evidence).toEqual([
      { source: 'node', text: 'node node-1 taint node.kubernetes.io/unreachable:NoExecute', at: at(30) },
      { source: 'node', text: 'node node-1 taint node.kubernetes.io/not-ready:NoExecute' },
    ]);
  });

  it('ignores a healthy node and taints the lifecycle controller does not set', () => {
    expect(
      problemOf(
        node({ ready: 'True', taints: [{ key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' }] }),
      ),
    ).toBeUndefined();
  });

  it('reports a node missing from a collected node list, and nothing when nodes were not collected', () => {
    expect(problemOf(undefined, 'worker-3')).toEqual({
      node: 'worker-3',
      state: 'Missing',
      detail: 'the Node object no longer exists',
      evidence: [{ source: 'node', text: 'node worker-3 (spec.nodeName) is not in the node list' }],
      since: undefined,
    });
    expect(problemOf(undefined, 'worker-3', false)).toBeUndefined();
  });

  it('has no problem for a pod with an empty spec.nodeName', () => {
    expect(problemOf(undefined, '')).toBeUndefined();
  });

  it('nodeReadyCondition reads none from a node without conditions', () => {
    expect(nodeReadyCondition({ ...node(), status: { allocatable: {} } })).toBeUndefined();
  });
});

describe('nodeLostSignals', () => {
  it.each([
    {
      name: 'status.reason NodeLost with its message',
      p: pod({
        reason: 'NodeLost',
        message: 'Node worker-3 which was running pod web-1 is unresponsive',
        phase: 'Running',
      }),
      want: [
        {
          source: 'status',
          text: 'status.reason: NodeLost; status.message: Node worker-3 which was running pod web-1 is unresponsive',
        },
      ],
    },
    {
      name: 'status.reason Unknown, phase Unknown',
      p: pod({ reason: 'Unknown', phase: 'Unknown' }),
      want: [
        { source: 'status', text: 'status.reason: Unknown' },
        { source: 'status', text: 'status.phase: Unknown' },
      ],
    },
    {
      name: 'PodGC DisruptionTarget with a message',
      p: pod({
        phase: 'Running',
        conditions: [cond('DisruptionTarget', 'True', 'DeletionByPodGC', 'PodGC: node no longer exists')],
      }),
      want: [
        { source: 'condition', text: 'DisruptionTarget=True DeletionByPodGC: PodGC: node no longer exists' },
      ],
    },
    {
      name: 'PodGC DisruptionTarget without a message',
      p: pod({ phase: 'Running', conditions: [cond('DisruptionTarget', 'True', 'DeletionByPodGC')] }),
      want: [{ source: 'condition', text: 'DisruptionTarget=True DeletionByPodGC:' }],
    },
    {
      name: 'other reasons and a taint-manager disruption',
      p: pod({
        reason: 'Evicted',
        phase: 'Failed',
        conditions: [cond('DisruptionTarget', 'True', 'DeletionByTaintManager')],
      }),
      want: [],
    },
  ])('$name', ({ p, want }) => {
    expect(nodeLostSignals(p)).toEqual(want);
  });
});

describe('nodeFromLostMessage', () => {
  it.each([
    ['Node worker-3 which was running pod web-1 is unresponsive', 'worker-3'],
    [
      'Node ip-10-0-1-23.ec2.internal which was running pod api-0 is unresponsive',
      'ip-10-0-1-23.ec2.internal',
    ],
    ['the node was lost', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s -> %s', (message, want) => {
    expect(nodeFromLostMessage(message)).toBe(want);
  });
});
