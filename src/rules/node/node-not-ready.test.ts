import { testRule } from '../../../test/rule-tester.js';
import { at, cond, event, node, runningPod, snapshot } from '../../../test/builders.js';
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
      expect: [{ messageId: 'nodeNotReadyEvent', basis: 'events', data: { node: 'its node' } }],
    },
  ],
});
