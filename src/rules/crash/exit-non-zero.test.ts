import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { cstatus, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { afterFixStep, rule } from './exit-non-zero.js';

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

describe('the step after the fix names who runs the pod again', () => {
  const jobOwned = pod({ spec: never, owner: { kind: 'Job', name: 'migrate' } });
  it.each([
    [
      'a Job pod: the Job and its backoffLimit',
      jobOwned,
      /Job migrate retries with new pods only up to its backoffLimit/,
    ],
    [
      'a bare pod with restartPolicy Never: nothing restarts it',
      pod({ spec: never }),
      /with restartPolicy Never nothing restarts it/,
    ],
    [
      'a pod with restartPolicy OnFailure: the kubelet',
      pod({ spec: { restartPolicy: 'OnFailure' } }),
      /kubelet restarts the container \(restartPolicy OnFailure\)/,
    ],
    [
      'a ReplicaSet pod (Always by default): the kubelet, no Job',
      pod({ owner: { kind: 'ReplicaSet', name: 'web-1a' } }),
      /kubelet restarts the container \(restartPolicy Always\)/,
    ],
  ])('%s', (_name, p, want) => {
    const step = afterFixStep(p);
    expect(step).toMatch(want);
    if (p !== jobOwned) expect(step).not.toMatch(/Job|backoffLimit/);
  });

  it('reaches the finding: a failed Job pod is told about its Job', () => {
    const failedJobPod = pod({
      phase: 'Failed',
      spec: never,
      owner: { kind: 'Job', name: 'migrate' },
      containerStatuses: [cstatus('app', { state: state.terminated(2, 'Error') })],
    });
    const [f] = runRule(rule, snapshot({ pods: [failedJobPod] }));
    expect(f?.nextSteps.at(-1)).toMatch(/^Fix the error the log shows; Job migrate retries/);
  });
});
