import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './oom-killed.js';

const limited = container('app', {
  resources: { limits: { memory: '256Mi', cpu: '500m' }, requests: { memory: '128Mi' } },
});
const loop = state.waiting(
  'CrashLoopBackOff',
  'back-off 1m20s restarting failed container=app pod=web-1_default(uid-web-1)',
);

testRule(rule, {
  valid: [
    { name: 'healthy running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'memory raised, running with no restarts (real case 033)',
      snapshot: snapshot({
        pods: [
          runningPod({
            containers: [
              container('app', { resources: { limits: { memory: '500Mi' }, requests: { memory: '500Mi' } } }),
            ],
          }),
        ],
      }),
    },
    {
      name: 'OOMKilled once, two hours ago, running since',
      snapshot: snapshot({
        pods: [
          runningPod({
            containerStatuses: [
              cstatus('app', {
                state: state.running(61),
                ready: true,
                restartCount: 1,
                lastState: state.terminated(137, 'OOMKilled', { finishedS: 60 }),
              }),
            ],
          }),
        ],
      }),
      now: Date.parse('2026-01-01T02:00:00Z'),
    },
    {
      name: 'exit 137 without OOMKilled is not an OOM kill',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containerStatuses: [
              cstatus('app', { state: loop, restartCount: 3, lastState: state.terminated(137, 'Error') }),
            ],
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'describe fragment: only Last State OOMKilled, exit 137 (real case 034)',
      snapshot: snapshot({
        pods: [
          pod({
            containers: [],
            phase: 'Running',
            containerStatuses: [cstatus('manager', { lastState: state.terminated(137, 'OOMKilled') })],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'oomKilled',
          basis: 'state',
          container: { name: 'manager', type: 'app' },
          data: { exitCode: 137 },
        },
      ],
    },
    {
      name: 'crash loop of OOM kills states limit and request',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [limited],
            containerStatuses: [
              cstatus('app', {
                state: loop,
                restartCount: 4,
                lastState: state.terminated(137, 'OOMKilled', { startedS: 30, finishedS: 90 }),
              }),
            ],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'oomKilledResources',
          reason: 'OOMKilled',
          data: { memory: 'limit 256Mi, request 128Mi', restarts: 4 },
          evidenceIncludes: [
            'lastState.terminated: OOMKilled, exit code 137',
            'resources memory: limit 256Mi, request 128Mi',
          ],
        },
      ],
    },
    {
      name: 'pod failed with restartPolicy Never and no memory limit',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            spec: { restartPolicy: 'Never' },
            containerStatuses: [
              cstatus('app', { state: state.terminated(137, 'OOMKilled', { finishedS: 40 }) }),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'oomKilledNoLimit', data: { restarts: 0 } }],
    },
    {
      name: 'OOMKilled is not probe-driven even with a liveness kill nearby',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [limited],
            containerStatuses: [
              cstatus('app', {
                state: loop,
                restartCount: 2,
                lastState: state.terminated(137, 'OOMKilled', { finishedS: 90 }),
              }),
            ],
          }),
        ],
        events: [
          event({
            reason: 'Killing',
            type: 'Normal',
            message: 'Container app failed liveness probe, will be restarted',
            lastS: 89,
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
      expect: [{ messageId: 'oomKilledResources' }],
    },
  ],
});
