import { testRule } from '../../../test/rule-tester.js';
import { cond, event, node, runningPod, snapshot } from '../../../test/builders.js';
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
