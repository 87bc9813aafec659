import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { at, cond, ms, node, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './node-lost.js';

testRule(rule, {
  valid: [
    { name: 'running pod on a Ready node', snapshot: snapshot({ pods: [runningPod()], nodes: [node()] }) },
    {
      name: 'nodes not collected: a missing node proves nothing',
      snapshot: snapshot({ pods: [runningPod()] }),
    },
    {
      name: 'a Failed pod whose node was scaled away',
      snapshot: snapshot({ pods: [runningPod({ phase: 'Failed' })], nodes: [node({ name: 'node-2' })] }),
    },
    {
      name: 'pending pod without a node',
      snapshot: snapshot({ pods: [pod()], nodes: [node({ name: 'other' })] }),
    },
    {
      name: 'NodeLost on a pod being deleted is the termination stage',
      snapshot: snapshot({ pods: [runningPod({ reason: 'NodeLost', deletionS: 30 })] }),
    },
  ],
  invalid: [
    {
      name: 'status reason NodeLost with the controller message',
      snapshot: snapshot({
        pods: [
          runningPod({
            reason: 'NodeLost',
            message: 'Node node-1 which was running pod web-1 is unresponsive',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'nodeLost',
          reason: 'NodeLost',
          basis: 'state',
          data: { node: 'node-1', detail: 'Node node-1 which was running pod web-1 is unresponsive' },
        },
      ],
    },
    {
      name: 'phase Unknown after the node was shut down (real case 094)',
      snapshot: snapshot({ pods: [runningPod({ name: 'mypod-0', phase: 'Unknown', nodeName: 'node1' })] }),
      expect: [
        {
          messageId: 'nodeLost',
          data: { node: 'node1', detail: 'the pod status is Unknown' },
          evidenceIncludes: ['status.phase: Unknown'],
        },
      ],
    },
    {
      name: 'node object deleted',
      snapshot: snapshot({ pods: [runningPod()], nodes: [node({ name: 'node-2' })] }),
      expect: [{ messageId: 'nodeGone', data: { node: 'node-1' } }],
    },
    {
      name: 'PodGC marked it before deleting',
      snapshot: snapshot({
        pods: [
          runningPod({
            phase: 'Failed',
            conditions: [cond('DisruptionTarget', 'True', 'DeletionByPodGC', 'PodGC: node no longer exists')],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'nodeLost',
          data: { detail: 'PodGC: node no longer exists' },
          evidenceIncludes: ['DeletionByPodGC'],
        },
      ],
    },
  ],
});

const steps = (node: string) => [
  `kubectl get node ${node} -o wide`,
  'kubectl describe pod web-1 -n default',
  'If the node is gone for good, delete the pod so its controller replaces it (a StatefulSet waits for this): kubectl delete pod web-1 -n default --grace-period=0 --force',
];

describe('node-lost: the finding in full', () => {
  it.each([
    {
      name: 'node object deleted: nodeGone, medium confidence',
      snap: snapshot({ pods: [runningPod()], nodes: [node({ name: 'node-2' })] }),
      messageId: 'nodeGone',
      confidence: 'medium',
      evidence: ['node node-1 (spec.nodeName) is not in the node list'],
    },
    {
      name: 'phase Unknown and the node deleted: nodeLost, high confidence',
      snap: snapshot({ pods: [runningPod({ phase: 'Unknown' })], nodes: [node({ name: 'node-2' })] }),
      messageId: 'nodeLost',
      confidence: 'high',
      evidence: ['status.phase: Unknown', 'node node-1 (spec.nodeName) is not in the node list'],
    },
  ])('$name', ({ snap, messageId, confidence, evidence }) => {
    const findings = runRule(rule, snap);
    expect(findings).toHaveLength(1);
    const [f] = findings;
    expect(f?.messageId).toBe(messageId);
    expect(f?.confidence).toBe(confidence);
    expect(f?.data).toEqual({ node: 'node-1', detail: 'the Node object no longer exists' });
    expect(f?.evidence.map((e) => e.text)).toEqual(evidence);
    expect(f?.nextSteps).toEqual(steps('node-1'));
  });

  it('a Succeeded pod whose node was scaled away is not lost', () => {
    expect(
      runRule(
        rule,
        snapshot({ pods: [runningPod({ phase: 'Succeeded' })], nodes: [node({ name: 'node-2' })] }),
      ),
    ).toEqual([]);
  });

  it('phase Unknown without a node name: the sentence says so, the command lists the nodes', () => {
    const [f] = runRule(rule, snapshot({ pods: [pod({ phase: 'Unknown' })] }));
    expect(f?.data).toEqual({ node: '(name not in the evidence)', detail: 'the pod status is Unknown' });
    expect(f?.nextSteps[0]).toBe('kubectl get nodes -o wide');
  });

  it('an unreachable node: the time it turned Unknown', () => {
    const n = node({
      conditions: [
        {
          type: 'Ready',
          status: 'Unknown',
          reason: 'NodeStatusUnknown',
          message: 'Kubelet stopped posting node status.',
          lastTransitionTime: at(50),
        },
      ],
    });
    const [f] = runRule(rule, snapshot({ pods: [runningPod({ phase: 'Unknown' })], nodes: [n] }));
    expect(f?.at).toBe(ms(50));
    expect(f?.data).toEqual({ node: 'node-1', detail: 'Kubelet stopped posting node status.' });
  });

  it('PodGC after a graceful shutdown: the PodGC message, not the kubelet one, and the condition time', () => {
    const p = pod({
      phase: 'Failed',
      reason: 'Terminated',
      message: 'Pod was terminated in response to imminent node shutdown.',
      nodeName: 'node-1',
      conditions: [cond('DisruptionTarget', 'True', 'DeletionByPodGC', 'PodGC: node no longer exists', 70)],
    });
    const [f] = runRule(rule, snapshot({ pods: [p] }));
    expect(f?.data).toEqual({ node: 'node-1', detail: 'PodGC: node no longer exists' });
    expect(f?.at).toBe(ms(70));
  });
});
