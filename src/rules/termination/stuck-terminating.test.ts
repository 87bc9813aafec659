import { testRule } from '../../../test/rule-tester.js';
import { cstatus, event, ms, node, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './stuck-terminating.js';

const deleted = runningPod({ deletionS: 100 });

testRule(rule, {
  valid: [
    { name: 'not being deleted', snapshot: snapshot({ pods: [runningPod()] }), now: ms(5000) },
    {
      name: 'finalizers are the blocker',
      snapshot: snapshot({ pods: [pod({ phase: 'Failed', deletionS: 100, finalizers: ['x/y'] })] }),
      now: ms(500),
    },
    {
      name: 'node unreachable is termination/node-gone',
      snapshot: snapshot({ pods: [deleted], nodes: [node({ ready: 'Unknown' })] }),
      now: ms(500),
    },
  ],
  invalid: [
    {
      name: 'containers still running within grace: progressing',
      snapshot: snapshot({ pods: [deleted], nodes: [node()] }),
      now: ms(110),
      expect: [{ messageId: 'terminating', status: 'progressing' }],
    },
    {
      name: 'containers still running long after the deadline, kill failures quoted',
      snapshot: snapshot({
        pods: [deleted],
        nodes: [node()],
        events: [
          event({ reason: 'Killing', type: 'Normal', message: 'Stopping container app', lastS: 70 }),
          event({
            reason: 'FailedKillPod',
            message:
              'error killing pod: failed to "KillContainer" for "app" with KillContainerError: "rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
            lastS: 200,
          }),
        ],
      }),
      now: ms(700),
      expect: [
        {
          messageId: 'stuckRunning',
          reason: 'StuckTerminating',
          data: { overdue: '10m', containers: 'app', node: 'node-1' },
          evidenceIncludes: ['KillContainerError', 'still running: app'],
        },
      ],
    },
    {
      name: 'nothing running, still not removed',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            nodeName: 'node-1',
            deletionS: 100,
            containerStatuses: [cstatus('app', { state: state.terminated(137, 'Error') })],
          }),
        ],
        nodes: [node()],
      }),
      now: ms(400),
      expect: [{ messageId: 'stuck', data: { overdue: '5m' } }],
    },
    {
      name: 'runtime exceeded the grace period',
      snapshot: snapshot({
        pods: [deleted],
        events: [
          event({
            reason: 'ExceededGracePeriod',
            message: 'Container runtime did not kill the pod within specified grace period.',
            lastS: 150,
          }),
        ],
      }),
      now: ms(300),
      expect: [{ messageId: 'stuckRunning', evidenceIncludes: ['ExceededGracePeriod'] }],
    },
  ],
});
