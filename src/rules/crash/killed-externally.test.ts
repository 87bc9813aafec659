import { testRule } from '../../../test/rule-tester.js';
import { cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { ContainerState } from '../../model/index.js';
import { rule } from './killed-externally.js';

const loop = state.waiting(
  'CrashLoopBackOff',
  'back-off 20s restarting failed container=app pod=web-1_default(uid-web-1)',
);
const looping = (lastState: ContainerState, extra: Parameters<typeof pod>[0] = {}) =>
  pod({
    phase: 'Running',
    nodeName: 'node-1',
    containerStatuses: [cstatus('app', { state: loop, restartCount: 3, lastState })],
    ...extra,
  });

testRule(rule, {
  valid: [
    { name: 'healthy running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'liveness kill (Killing event) is the liveness stage',
      snapshot: snapshot({
        pods: [looping(state.terminated(137, 'Error', { startedS: 10, finishedS: 100 }))],
        events: [
          event({
            reason: 'Killing',
            type: 'Normal',
            message: 'Container app failed liveness probe, will be restarted',
            lastS: 70,
          }),
        ],
      }),
    },
    {
      name: 'startup probe failures right before the SIGKILL, no Killing event kept',
      snapshot: snapshot({
        pods: [looping(state.terminated(137, 'Error', { startedS: 10, finishedS: 100 }))],
        events: [
          event({
            reason: 'Unhealthy',
            message: 'Startup probe failed: HTTP probe failed with statuscode: 503',
            count: 30,
            firstS: 12,
            lastS: 95,
          }),
        ],
      }),
    },
    {
      name: 'SIGTERM while the pod is being deleted is termination',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            deletionS: 50,
            containerStatuses: [cstatus('app', { state: state.terminated(143, 'Error', { finishedS: 55 }) })],
          }),
        ],
      }),
    },
    {
      name: 'OOMKilled is its own rule',
      snapshot: snapshot({ pods: [looping(state.terminated(137, 'OOMKilled'))] }),
    },
  ],
  invalid: [
    {
      name: 'exit 137 in a crash loop, no probe and no OOM',
      snapshot: snapshot({
        pods: [looping(state.terminated(137, 'Error', { startedS: 10, finishedS: 100 }))],
      }),
      expect: [
        {
          messageId: 'killedSigkill',
          reason: 'KilledExternally',
          data: { exitCode: 137, exitReason: 'Error' },
        },
      ],
    },
    {
      name: 'exit 143 on a container running again but restarting often',
      snapshot: snapshot({
        pods: [
          runningPod({
            containerStatuses: [
              cstatus('app', {
                state: state.running(120),
                ready: true,
                restartCount: 4,
                lastState: state.terminated(143, 'Error', { finishedS: 119 }),
              }),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'killedSigterm', data: { exitCode: 143, restarts: 4 } }],
    },
    {
      name: 'stale liveness failures long before the kill do not explain it',
      snapshot: snapshot({
        pods: [looping(state.terminated(137, 'Error', { startedS: 900, finishedS: 1000 }))],
        events: [
          event({
            reason: 'Unhealthy',
            message: 'Liveness probe failed: HTTP probe failed with statuscode: 500',
            lastS: 10,
          }),
        ],
      }),
      expect: [{ messageId: 'killedSigkill' }],
    },
    {
      name: 'signal 9 reported without an exit code',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            spec: { restartPolicy: 'Never' },
            containerStatuses: [
              cstatus('app', { state: state.terminated(0, '', { signal: 9, finishedS: 30 }) }),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'killedSigkill', data: { exitCode: 137 } }],
    },
  ],
});
