import { testRule } from '../../../test/rule-tester.js';
import { cstatus, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './exit-non-zero.js';

const never = { restartPolicy: 'Never' };

testRule(rule, {
  valid: [
    { name: 'healthy running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'a restart loop is crash/crash-loop-back-off',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containerStatuses: [
              cstatus('app', {
                state: state.waiting('CrashLoopBackOff'),
                restartCount: 3,
                lastState: state.terminated(1, 'Error'),
              }),
            ],
          }),
        ],
      }),
    },
    {
      name: 'evicted pod belongs to the node stage',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            reason: 'Evicted',
            message: 'The node was low on resource: memory.',
            containerStatuses: [cstatus('app', { state: state.terminated(1, 'Error') })],
          }),
        ],
      }),
    },
    {
      name: 'StartError belongs to container-start',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            spec: never,
            containerStatuses: [
              cstatus('app', {
                state: state.terminated(128, 'StartError', {
                  message: 'exec: "app": executable file not found in $PATH',
                }),
              }),
            ],
          }),
        ],
      }),
    },
    {
      name: 'succeeded Job pod',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Succeeded',
            spec: never,
            containerStatuses: [cstatus('app', { state: state.terminated(0, 'Completed') })],
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'Job pod with restartPolicy Never failed with exit 2',
      snapshot: snapshot({
        pods: [
          pod({
            name: 'migrate-abcde',
            phase: 'Failed',
            spec: never,
            containerStatuses: [
              cstatus('app', {
                state: state.terminated(2, 'Error', {
                  startedS: 5,
                  finishedS: 9,
                  message: 'relation "users" does not exist',
                }),
              }),
            ],
          }),
        ],
        logs: [
          {
            namespace: 'default',
            pod: 'migrate-abcde',
            container: 'app',
            previous: false,
            lines: ['migrating', 'ERROR: relation "users" does not exist'],
          },
        ],
      }),
      expect: [
        {
          messageId: 'exitNonZeroPodFailed',
          reason: 'ExitNonZero',
          data: { exitCode: 2, restartPolicy: 'Never', exitReason: 'Error' },
          evidenceIncludes: [
            'state.terminated: Error, exit code 2',
            'message: relation "users" does not exist',
            'logs[app] (current): ERROR',
          ],
        },
      ],
    },
    {
      name: 'first crash of a Deployment container',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containerStatuses: [cstatus('app', { state: state.terminated(1, 'Error', { finishedS: 20 }) })],
          }),
        ],
      }),
      expect: [{ messageId: 'exitNonZero', data: { exitCode: 1 } }],
    },
    {
      name: 'terminated without a reason',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            spec: never,
            containerStatuses: [cstatus('app', { state: state.terminated(3) })],
          }),
        ],
      }),
      expect: [{ messageId: 'exitNonZeroPodFailed', data: { exitCode: 3, exitReason: 'no reason given' } }],
    },
  ],
});
