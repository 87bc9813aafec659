import { testRule } from '../../../test/rule-tester.js';
import { cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './exit-zero-loop.js';

const completed = (finishedS: number) =>
  state.terminated(0, 'Completed', { startedS: finishedS - 1, finishedS });

testRule(rule, {
  valid: [
    { name: 'healthy running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'Job pod that completed',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Succeeded',
            spec: { restartPolicy: 'Never' },
            containerStatuses: [cstatus('app', { state: completed(20) })],
          }),
        ],
      }),
    },
    {
      name: 'OnFailure container that completed while another one runs',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            spec: { restartPolicy: 'OnFailure' },
            containerStatuses: [cstatus('app', { state: completed(20) })],
          }),
        ],
      }),
    },
    {
      name: 'first exit, not restarted yet',
      snapshot: snapshot({
        pods: [pod({ phase: 'Running', containerStatuses: [cstatus('app', { state: completed(20) })] })],
      }),
    },
  ],
  invalid: [
    {
      name: 'CrashLoopBackOff after exits with code 0 (real case 035 with status)',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containerStatuses: [
              cstatus('app', {
                state: state.waiting(
                  'CrashLoopBackOff',
                  'back-off 1m20s restarting failed container=app pod=web-1_default(uid-web-1)',
                ),
                lastState: completed(60),
                restartCount: 4,
              }),
            ],
          }),
        ],
        events: [
          event({ reason: 'BackOff', message: 'Back-off restarting failed container', count: 7, lastS: 70 }),
        ],
        logs: [
          { namespace: 'default', pod: 'web-1', container: 'app', previous: true, lines: ['Hello World'] },
        ],
      }),
      expect: [
        {
          messageId: 'exitZeroLoop',
          reason: 'ExitZeroLoop',
          data: { restarts: 4, restartPolicy: 'Always', exitReason: 'Completed' },
          evidenceIncludes: ['logs[app] (previous): Hello World', 'Back-off restarting failed container'],
        },
      ],
    },
    {
      name: 'terminated with 0 between restarts',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containerStatuses: [cstatus('app', { state: completed(30), restartCount: 2 })],
          }),
        ],
      }),
      expect: [{ messageId: 'exitZeroLoop', data: { restarts: 2 } }],
    },
    {
      name: 'running again but restarted 5 times in the last minutes',
      snapshot: snapshot({
        pods: [
          runningPod({
            containerStatuses: [
              cstatus('app', {
                state: state.running(100),
                ready: true,
                restartCount: 5,
                lastState: completed(99),
              }),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'exitZeroLoop', data: { restarts: 5 } }],
    },
  ],
});
