/**
 * cluster-autoscaler's NotTriggerScaleUp on a pending pod: the autoscaler looks only at pods the
 * scheduler marked unschedulable, so with no scheduler event of its own in the evidence, the pod
 * stopped at scheduling, for the reasons the autoscaler quotes. The scheduler's own words win when
 * pasted; a pod placed since is past it.
 */
import { testRule } from '../../../test/rule-tester.js';
import { event, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './unschedulable.js';

const notTriggered = (message: string, lastS = 540) =>
  event({
    reason: 'NotTriggerScaleUp',
    type: 'Normal',
    source: 'cluster-autoscaler',
    message,
    count: 26,
    firstS: 0,
    lastS,
  });

testRule(rule, {
  valid: [
    {
      name: 'the pod runs on a node now: the old event is history',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [notTriggered("pod didn't trigger scale-up: 1 Insufficient memory")],
      }),
    },
    {
      name: 'scheduled after the event',
      snapshot: snapshot({
        events: [
          notTriggered("pod didn't trigger scale-up: 1 Insufficient memory", 100),
          event({
            reason: 'Scheduled',
            type: 'Normal',
            source: 'default-scheduler',
            lastS: 200,
            message: 'Successfully assigned default/web-1 to n1',
          }),
        ],
      }),
      now: ms(600),
    },
    {
      name: 'a scale-up it did trigger is no failure',
      snapshot: snapshot({
        events: [
          event({
            reason: 'TriggeredScaleUp',
            type: 'Normal',
            source: 'cluster-autoscaler',
            message: 'pod triggered scale-up: [{eks-ng-1 1->2 (max: 5)}]',
            lastS: 540,
          }),
        ],
      }),
      now: ms(600),
    },
  ],
  invalid: [
    {
      name: 'events only: the quoted reasons name the filter (Insufficient memory)',
      snapshot: snapshot({
        events: [
          notTriggered(
            "pod didn't trigger scale-up: 1 Insufficient memory, 2 node(s) didn't match Pod's node affinity/selector",
          ),
        ],
      }),
      now: ms(600),
      expect: [
        {
          messageId: 'insufficientResources',
          reason: 'InsufficientResources',
          status: 'failed',
          basis: 'events',
        },
      ],
    },
    {
      name: 'the node groups are at their maximum: unschedulable, the autoscaler cannot help',
      snapshot: snapshot({
        pods: [pod()],
        events: [notTriggered("pod didn't trigger scale-up: 3 max node group size reached")],
      }),
      now: ms(600),
      expect: [
        {
          messageId: 'unschedulable',
          reason: 'Unschedulable',
          status: 'failed',
          evidenceIncludes: ['max node group size reached'],
        },
      ],
    },
    {
      name: "the scheduler's own event wins over the autoscaler's",
      snapshot: snapshot({
        events: [
          notTriggered("pod didn't trigger scale-up: 1 Insufficient memory"),
          event({
            reason: 'FailedScheduling',
            source: 'default-scheduler',
            message:
              '0/3 nodes are available: 3 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
            firstS: 0,
            lastS: 560,
          }),
        ],
      }),
      now: ms(600),
      expect: [{ messageId: 'untoleratedTaint', reason: 'UntoleratedTaint' }],
    },
  ],
});
