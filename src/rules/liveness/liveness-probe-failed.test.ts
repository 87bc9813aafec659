import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './liveness-probe-failed.js';

const probed = container('app', {
  livenessProbe: {
    httpGet: { path: '/healthz', port: 8080 },
    initialDelaySeconds: 5,
    periodSeconds: 10,
    failureThreshold: 3,
  },
});
/** A liveness failure on container app; `bare` drops the fieldPath, as `kubectl describe` tables do. */
const unhealthy = (
  message: string,
  opts: { count?: number; firstS?: number; lastS: number; name?: string; bare?: boolean },
) =>
  event({
    reason: 'Unhealthy',
    message,
    ...(opts.bare === true ? {} : { fieldPath: 'spec.containers{app}' }),
    lastS: opts.lastS,
    ...(opts.firstS === undefined ? {} : { firstS: opts.firstS }),
    ...(opts.count === undefined ? {} : { count: opts.count }),
    ...(opts.name === undefined ? {} : { name: opts.name }),
  });
const killing = (
  lastS: number,
  message = 'Container app failed liveness probe, will be restarted',
  name?: string,
) =>
  event({
    reason: 'Killing',
    type: 'Normal',
    message,
    lastS,
    ...(name === undefined ? { fieldPath: 'spec.containers{app}' } : { name }),
  });
const RUNNING_AGAIN = cstatus('app', {
  state: state.running(101),
  ready: true,
  restartCount: 1,
  lastState: state.terminated(137, 'Error', { startedS: 3, finishedS: 100 }),
});

testRule(rule, {
  valid: [
    { name: 'healthy running pod', snapshot: snapshot({ pods: [runningPod({ containers: [probed] })] }) },
    {
      name: 'killed by the probe once, two hours ago, healthy since (history)',
      snapshot: snapshot({
        pods: [runningPod({ containers: [probed], containerStatuses: [RUNNING_AGAIN] })],
        events: [
          unhealthy('Liveness probe failed: HTTP probe failed with statuscode: 500', {
            count: 3,
            firstS: 70,
            lastS: 90,
          }),
          killing(90),
        ],
      }),
      now: Date.parse('2026-01-01T02:00:00Z'),
    },
    {
      name: 'one liveness failure long ago, no restart',
      snapshot: snapshot({
        pods: [runningPod({ containers: [probed] })],
        events: [unhealthy('Liveness probe failed: HTTP probe failed with statuscode: 500', { lastS: 30 })],
      }),
      now: Date.parse('2026-01-01T01:00:00Z'),
    },
    {
      name: 'readiness failures are not liveness',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [unhealthy('Readiness probe failed: HTTP probe failed with statuscode: 503', { lastS: 30 })],
      }),
    },
    {
      name: 'the app crashed by itself (exit 1): a crash, not liveness',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [probed],
            containerStatuses: [
              cstatus('app', {
                state: state.waiting('CrashLoopBackOff'),
                restartCount: 3,
                lastState: state.terminated(1, 'Error', { finishedS: 100 }),
              }),
            ],
          }),
        ],
        events: [
          unhealthy(
            'Liveness probe failed: Get "http://10.0.0.5:8080/healthz": dial tcp 10.0.0.5:8080: connect: connection refused',
            { lastS: 95 },
          ),
        ],
      }),
    },
    {
      name: 'startup probe kills belong to liveness/startup-probe-failed',
      snapshot: snapshot({ events: [killing(50, 'Container app failed startup probe, will be restarted')] }),
    },
  ],
  invalid: [
    {
      name: 'a Ready get-pods row and five probe kills, the last a minute ago: an ongoing loop, not history',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [],
            conditions: [{ type: 'Ready', status: 'True' }],
          }),
        ],
        events: [
          unhealthy('Liveness probe failed: HTTP probe failed with statuscode: 500', {
            count: 16,
            firstS: 60,
            lastS: 598,
            bare: true,
          }),
          {
            ...killing(600, 'Container gateway failed liveness probe, will be restarted', 'web-1'),
            count: 5,
          },
          event({ reason: 'Started', type: 'Normal', message: 'Started container gateway', lastS: 610 }),
        ],
      }),
      now: ms(660),
      expect: [
        {
          messageId: 'livenessRestarted',
          basis: 'state',
          container: { name: 'gateway', type: 'app' },
          data: { restarts: 5, failure: 'HTTP status 500' },
        },
      ],
    },
    {
      name: 'the same kills twenty minutes ago: events, left for the engine to call history',
      snapshot: snapshot({
        pods: [pod({ phase: 'Running', containers: [], conditions: [{ type: 'Ready', status: 'True' }] })],
        events: [
          {
            ...killing(600, 'Container gateway failed liveness probe, will be restarted', 'web-1'),
            count: 5,
          },
        ],
      }),
      now: ms(1800),
      expect: [{ messageId: 'livenessRestarted', basis: 'events', data: { restarts: 5 } }],
    },
    {
      name: 'events only: wrong path, connection refused, then Killing (real case 037)',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Started',
            type: 'Normal',
            message: 'Started container trivy-dojo-report-operator',
            lastS: 0,
            name: 'op-57c9f5c84-qzjh7',
          }),
          unhealthy(
            'Liveness probe failed: Get "http://10.244.0.36:8080/healthzzzzz": dial tcp 10.244.0.36:8080: connect: connection refused',
            {
              count: 3,
              firstS: 10,
              lastS: 30,
              name: 'op-57c9f5c84-qzjh7',
              bare: true,
            },
          ),
          killing(
            30,
            'Container trivy-dojo-report-operator failed liveness probe, will be restarted',
            'op-57c9f5c84-qzjh7',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'livenessRestarted',
          reason: 'LivenessProbeFailed',
          basis: 'events',
          container: { name: 'trivy-dojo-report-operator', type: 'app' },
          data: {
            failure: 'connection refused (GET http://10.244.0.36:8080/healthzzzzz)',
            restarts: 1,
            probe: 'spec not in the evidence',
          },
          evidenceIncludes: ['Unhealthy (x3 over 20s)', 'failed liveness probe, will be restarted'],
        },
      ],
    },
    {
      name: 'CrashLoopBackOff after probe kills, 404 on the probe path, spec quoted',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [probed],
            containerStatuses: [
              cstatus('app', {
                state: state.waiting('CrashLoopBackOff'),
                restartCount: 5,
                lastState: state.terminated(137, 'Error', { startedS: 60, finishedS: 100 }),
              }),
            ],
          }),
        ],
        events: [
          unhealthy('Liveness probe failed: HTTP probe failed with statuscode: 404', {
            count: 15,
            firstS: 5,
            lastS: 95,
          }),
          killing(95),
        ],
      }),
      expect: [
        {
          messageId: 'livenessRestarted',
          basis: 'state',
          data: {
            failure: 'HTTP status 404',
            restarts: 5,
            probe:
              'httpGet http://:8080/healthz, initialDelaySeconds=5, periodSeconds=10, failureThreshold=3',
          },
          evidenceIncludes: [
            'lastState.terminated: Error, exit code 137',
            'livenessProbe: httpGet http://:8080/healthz',
          ],
        },
      ],
    },
    {
      name: 'restarted by the probe and failing again on the new instance',
      snapshot: snapshot({
        pods: [runningPod({ containers: [probed], containerStatuses: [RUNNING_AGAIN] })],
        events: [
          unhealthy(
            'Liveness probe errored and resulted in unknown state: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
            { count: 5, firstS: 70, lastS: 125 },
          ),
          killing(99),
        ],
      }),
      expect: [{ messageId: 'livenessRestarted', data: { failure: 'timed out', restarts: 1 } }],
    },
    {
      name: 'failing on the first instance, no restart yet: progressing',
      snapshot: snapshot({
        pods: [runningPod({ containers: [probed] })],
        events: [
          unhealthy(
            'Liveness probe failed: Get "http://10.0.0.5:8080/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
            { lastS: 20 },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'livenessFailing',
          status: 'progressing',
          data: { failure: 'timed out (GET http://10.0.0.5:8080/healthz)', restarts: 0 },
        },
      ],
    },
    {
      name: 'SIGKILL right after liveness failures, Killing event not kept',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [probed],
            containerStatuses: [
              cstatus('app', {
                state: state.waiting('CrashLoopBackOff'),
                restartCount: 2,
                lastState: state.terminated(137, 'Error', { startedS: 40, finishedS: 100 }),
              }),
            ],
          }),
        ],
        events: [
          unhealthy('Liveness probe failed: HTTP probe failed with statuscode: 503', {
            count: 3,
            firstS: 70,
            lastS: 90,
          }),
        ],
      }),
      expect: [{ messageId: 'livenessRestarted', data: { failure: 'HTTP status 503' } }],
    },
  ],
});
