import { testRule } from '../../../test/rule-tester.js';
import { cond, node, pod, runningPod, snapshot } from '../../../test/builders.js';
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
