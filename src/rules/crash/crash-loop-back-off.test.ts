import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { ContainerStatus, LogTail } from '../../model/index.js';
import { rule } from './crash-loop-back-off.js';

const loopWaiting = state.waiting(
  'CrashLoopBackOff',
  'back-off 40s restarting failed container=app pod=web-1_default(uid-web-1)',
);
const crashing = (
  lastState = state.terminated(1, 'Error', { startedS: 100, finishedS: 110 }),
  restartCount = 4,
): ContainerStatus => cstatus('app', { state: loopWaiting, lastState, restartCount });
const crashPod = (statuses: ContainerStatus[], opts: Parameters<typeof pod>[0] = {}) =>
  pod({ phase: 'Running', nodeName: 'node-1', containerStatuses: statuses, ...opts });
const backOff = (
  opts: { message?: string; fieldPath?: string; count?: number; lastS?: number; name?: string } = {},
) =>
  event({
    reason: 'BackOff',
    message: opts.message ?? 'Back-off restarting failed container app in pod web-1_default(uid-web-1)',
    count: opts.count ?? 5,
    firstS: 20,
    lastS: opts.lastS ?? 115,
    ...(opts.fieldPath === undefined ? {} : { fieldPath: opts.fieldPath }),
    ...(opts.name === undefined ? {} : { name: opts.name }),
  });
const previousLog: LogTail = {
  namespace: 'default',
  pod: 'web-1',
  container: 'app',
  previous: true,
  lines: ['starting web', 'Error: DATABASE_URL is not set', ''],
};

testRule(rule, {
  valid: [
    { name: 'healthy running pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'restarted long ago and running since (history, real case 033 shape)',
      snapshot: snapshot({
        pods: [
          runningPod({
            containerStatuses: [
              cstatus('app', {
                state: state.running(200),
                ready: true,
                restartCount: 5,
                lastState: state.terminated(1, 'Error', { startedS: 150, finishedS: 199 }),
              }),
            ],
          }),
        ],
      }),
      now: Date.parse('2026-01-01T02:00:00Z'),
    },
    {
      name: 'two restarts a minute ago: below the loop threshold',
      snapshot: snapshot({
        pods: [
          runningPod({
            containerStatuses: [
              cstatus('app', {
                state: state.running(70),
                ready: true,
                restartCount: 2,
                lastState: state.terminated(1, 'Error', { finishedS: 69 }),
              }),
            ],
          }),
        ],
      }),
    },
    {
      name: 'liveness probe killed it: left to the liveness stage',
      snapshot: snapshot({
        pods: [crashPod([crashing(state.terminated(137, 'Error', { startedS: 60, finishedS: 110 }))])],
        events: [
          event({
            reason: 'Unhealthy',
            message: 'Liveness probe failed: HTTP probe failed with statuscode: 500',
            count: 3,
            firstS: 80,
            lastS: 100,
            fieldPath: 'spec.containers{app}',
          }),
          event({
            reason: 'Killing',
            type: 'Normal',
            message: 'Container app failed liveness probe, will be restarted',
            lastS: 100,
            fieldPath: 'spec.containers{app}',
          }),
          backOff(),
        ],
      }),
    },
    {
      name: 'events only, probe kill explains the back-off',
      snapshot: snapshot({
        events: [
          backOff({ message: 'Back-off restarting failed container' }),
          event({
            reason: 'Killing',
            type: 'Normal',
            message: 'Container app failed liveness probe, will be restarted',
            lastS: 100,
          }),
        ],
      }),
    },
    {
      name: 'exit 1 whose log is only the exec format error: the entrypoint never ran (container-start)',
      snapshot: snapshot({
        pods: [crashPod([crashing()])],
        events: [backOff()],
        logs: [{ ...previousLog, lines: ['exec /app/server: exec format error'] }],
      }),
    },
    {
      name: 'OOMKilled loop belongs to crash/oom-killed',
      snapshot: snapshot({
        pods: [crashPod([crashing(state.terminated(137, 'OOMKilled', { finishedS: 110 }))])],
      }),
    },
    {
      name: 'init container back-off belongs to init-containers',
      snapshot: snapshot({
        pods: [pod({ initContainers: [container('migrate')] })],
        events: [
          backOff({
            message: 'Back-off restarting failed container migrate in pod web-1_default(uid-web-1)',
            fieldPath: 'spec.initContainers{migrate}',
          }),
        ],
      }),
    },
    {
      name: 'Job pod that succeeded',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Succeeded',
            spec: { restartPolicy: 'OnFailure' },
            containerStatuses: [
              cstatus('app', { state: state.terminated(0, 'Completed', { finishedS: 50 }), restartCount: 2 }),
            ],
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'CrashLoopBackOff with the last exit code, event and previous log',
      snapshot: snapshot({ pods: [crashPod([crashing()])], events: [backOff()], logs: [previousLog] }),
      expect: [
        {
          messageId: 'crashLoop',
          reason: 'CrashLoopBackOff',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: { container: 'app', exitCode: 1, exitReason: 'Error', restarts: 4 },
          evidenceIncludes: [
            'state.waiting: CrashLoopBackOff: back-off 40s restarting failed container=app',
            'lastState.terminated: Error, exit code 1',
            'Back-off restarting failed container app in pod',
            'logs[app] (previous): Error: DATABASE_URL is not set',
          ],
        },
      ],
    },
    {
      name: 'events only, old message without names (real case 035)',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Started',
            type: 'Normal',
            message: 'Started container',
            count: 4,
            firstS: 0,
            lastS: 60,
            name: 'hello-v2-1-fjchl',
          }),
          backOff({ message: 'Back-off restarting failed container', count: 7, name: 'hello-v2-1-fjchl' }),
        ],
      }),
      expect: [
        {
          messageId: 'crashLoopEventsUnnamed',
          // Seven back-offs, the last one now: an ongoing loop, not history.
          basis: 'state',
          data: { restarts: 7 },
          evidenceIncludes: ['Started (x4'],
        },
      ],
    },
    {
      name: 'events only, new message with fieldPath, the last back-off 20 minutes ago',
      snapshot: snapshot({ events: [backOff({ fieldPath: 'spec.containers{app}' })] }),
      now: Date.parse('2026-01-01T00:21:55Z'),
      expect: [{ messageId: 'crashLoopEvents', basis: 'events', container: { name: 'app', type: 'app' } }],
    },
    {
      name: 'a Ready get-pods row (no container states) and back-offs a minute ago: still looping',
      snapshot: snapshot({
        pods: [pod({ phase: 'Running', containers: [], conditions: [{ type: 'Ready', status: 'True' }] })],
        events: [
          backOff({ message: 'Back-off restarting failed container api in pod web-1_default(uid-web-1)' }),
        ],
      }),
      now: Date.parse('2026-01-01T00:02:55Z'),
      expect: [
        {
          messageId: 'crashLoopEvents',
          basis: 'state',
          container: { name: 'api', type: 'app' },
          data: { restarts: 5 },
        },
      ],
    },
    {
      name: 'running now but restarting often (6 restarts, last one a minute ago)',
      snapshot: snapshot({
        pods: [
          runningPod({
            containerStatuses: [
              cstatus('app', {
                state: state.running(61),
                ready: true,
                restartCount: 6,
                lastState: state.terminated(2, 'Error', { finishedS: 60 }),
              }),
            ],
          }),
        ],
      }),
      now: Date.parse('2026-01-01T00:02:00Z'),
      expect: [
        {
          messageId: 'crashLoop',
          data: { exitCode: 2, restarts: 6 },
          evidenceIncludes: ['state.running: started'],
        },
      ],
    },
    {
      name: 'only the crashing one of two containers',
      snapshot: snapshot({
        pods: [
          crashPod(
            [cstatus('app', { state: state.running(5), ready: true }), { ...crashing(), name: 'sidecar' }],
            { containers: [container('app'), container('sidecar')] },
          ),
        ],
      }),
      expect: [{ messageId: 'crashLoop', container: { name: 'sidecar', type: 'app' } }],
    },
    {
      name: 'CrashLoopBackOff without a last state',
      snapshot: snapshot({ pods: [crashPod([cstatus('app', { state: loopWaiting, restartCount: 3 })])] }),
      expect: [{ messageId: 'crashLoopNoExit', data: { restarts: 3 } }],
    },
    {
      name: 'liveness failures but the app exited 1 by itself: still a crash',
      snapshot: snapshot({
        pods: [crashPod([crashing()])],
        events: [
          event({
            reason: 'Unhealthy',
            message:
              'Liveness probe failed: Get "http://10.0.0.5:8080/healthz": dial tcp 10.0.0.5:8080: connect: connection refused',
            lastS: 105,
          }),
        ],
      }),
      expect: [{ messageId: 'crashLoop', data: { exitCode: 1 } }],
    },
  ],
});
