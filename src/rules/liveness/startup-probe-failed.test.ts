import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './startup-probe-failed.js';

const slow = container('app', {
  startupProbe: { tcpSocket: { port: 5432 }, periodSeconds: 5, failureThreshold: 6 },
});
const startupFailed = (
  lastS: number,
  count = 1,
  message = 'Startup probe failed: dial tcp 10.0.0.7:5432: connect: connection refused',
) =>
  event({
    reason: 'Unhealthy',
    message,
    fieldPath: 'spec.containers{app}',
    count,
    firstS: lastS - (count - 1) * 5,
    lastS,
  });
const killing = (lastS: number, message = 'Container app failed startup probe, will be restarted') =>
  event({ reason: 'Killing', type: 'Normal', message, fieldPath: 'spec.containers{app}', lastS });

testRule(rule, {
  valid: [
    { name: 'healthy running pod', snapshot: snapshot({ pods: [runningPod({ containers: [slow] })] }) },
    {
      name: 'liveness kills belong to liveness/liveness-probe-failed',
      snapshot: snapshot({ events: [killing(50, 'Container app failed liveness probe, will be restarted')] }),
    },
    {
      name: 'startup probe failed a few times and then succeeded long ago',
      snapshot: snapshot({ pods: [runningPod({ containers: [slow] })], events: [startupFailed(20, 3)] }),
      now: Date.parse('2026-01-01T01:00:00Z'),
    },
    {
      name: 'succeeded pod',
      snapshot: snapshot({ pods: [pod({ phase: 'Succeeded' })], events: [killing(10)] }),
    },
  ],
  invalid: [
    {
      name: 'events only: startup probe timed out, container restarted',
      snapshot: snapshot({
        events: [
          startupFailed(
            60,
            6,
            'Startup probe failed: Get "http://10.0.0.7:8080/ready": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
          ),
          killing(60),
        ],
      }),
      expect: [
        {
          messageId: 'startupRestarted',
          reason: 'StartupProbeFailed',
          basis: 'events',
          container: { name: 'app', type: 'app' },
          data: { failure: 'timed out (GET http://10.0.0.7:8080/ready)', restarts: 1 },
        },
      ],
    },
    {
      name: 'still starting, probe failing within its budget: progressing',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [slow],
            containerStatuses: [cstatus('app', { state: state.running(0), started: false })],
          }),
        ],
        events: [startupFailed(12, 2)],
      }),
      expect: [
        {
          messageId: 'startupFailing',
          status: 'progressing',
          data: {
            failure: 'connection refused',
            probe: 'tcpSocket :5432, periodSeconds=5, failureThreshold=6',
          },
        },
      ],
    },
    {
      name: 'restartPolicy Never: killed without restart (no ", will be restarted")',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            spec: { restartPolicy: 'Never' },
            containers: [slow],
            containerStatuses: [
              cstatus('app', { state: state.terminated(137, 'Error', { startedS: 0, finishedS: 31 }) }),
            ],
          }),
        ],
        events: [startupFailed(30, 6), killing(30, 'Container app failed startup probe')],
      }),
      expect: [
        {
          messageId: 'startupRestarted',
          data: { restarts: 0 },
          evidenceIncludes: ['state.terminated: Error, exit code 137'],
        },
      ],
    },
  ],
});
