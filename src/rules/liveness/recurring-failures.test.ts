/**
 * Probe-driven restarts whose kill events are gone or unreadable (docs/architecture.md §1): liveness or
 * startup failures that recur over the restart history, and kill messages of older kubelets.
 */
import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord } from '../../model/index.js';
import { rule as liveness } from './liveness-probe-failed.js';
import { rule as startup } from './startup-probe-failed.js';

const MIN = 60;
const HOUR = 3600;

/** An event as a pasted `kubectl describe` table gives it: no fieldPath. */
function ev(reason: string, message: string, count: number, firstS: number, lastS: number): EventRecord {
  return event({ reason, message, count, firstS, lastS, type: reason === 'Killing' ? 'Normal' : 'Warning' });
}

const REFUSED =
  'Liveness probe failed: Get "https://192.168.3.82:8443/": dial tcp 192.168.3.82:8443: connect: connection refused';

testRule(liveness, {
  valid: [
    {
      name: 'liveness failures of the current run only, restartCount 0: not restarted yet (no failed finding)',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [container('app')],
            containerStatuses: [cstatus('app', { state: state.running(0), restartCount: 0 })],
          }),
        ],
        events: [ev('Unhealthy', REFUSED, 2, 10, 20)],
      }),
      now: ms(HOUR),
    },
    {
      name: 'the app exits 1 while its liveness probe also fails: a crash',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [container('app')],
            containerStatuses: [
              cstatus('app', {
                state: state.waiting('CrashLoopBackOff'),
                restartCount: 6,
                lastState: state.terminated(1, 'Error'),
              }),
            ],
          }),
        ],
        events: [ev('Unhealthy', REFUSED, 12, 0, 10 * MIN)],
      }),
    },
  ],
  invalid: [
    {
      name: 'events only: liveness failures x100 and a truncated restart back-off x373',
      snapshot: snapshot({
        events: [
          ev('Unhealthy', REFUSED, 100, 0, HOUR - 12 * MIN),
          ev('BackOff', 'Back-off restarting failed contai', 373, 0, HOUR - 2 * MIN),
        ],
      }),
      now: ms(HOUR),
      expect: [
        {
          messageId: 'livenessRestartedUnnamed',
          basis: 'state',
          data: { restarts: 373, failure: 'connection refused (GET https://192.168.3.82:8443/)' },
          evidenceIncludes: ['Unhealthy (x100', 'Back-off restarting'],
        },
      ],
    },
    {
      name: 'kubelet 1.3-1.8 kill message, by container name',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Killing',
            type: 'Normal',
            fieldPath: 'spec.containers{nginx-ingress-lb}',
            message:
              'Killing container with docker id e1d3670bad8c: pod "nginx-ingress-controller-du1gp_default(ac3b025c)" container "nginx-ingress-lb" is unhealthy, it will be killed and re-created.',
            lastS: 60,
          }),
        ],
      }),
      now: ms(7 * MIN),
      expect: [
        {
          messageId: 'livenessRestarted',
          basis: 'events',
          container: { name: 'nginx-ingress-lb', type: 'app' },
        },
      ],
    },
    {
      name: 'kubelet 1.9-1.15 kill message, no fieldPath',
      snapshot: snapshot({
        events: [
          ev('Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 500', 5, 0, 100),
          ev(
            'Killing',
            'Killing container with id docker://nginx:Container failed liveness probe.. Container will be killed and recreated.',
            2,
            40,
            100,
          ),
        ],
      }),
      expect: [
        {
          messageId: 'livenessRestarted',
          container: { name: 'nginx', type: 'app' },
          data: { failure: 'HTTP status 500', restarts: 2 },
        },
      ],
    },
    {
      name: 'CrashLoopBackOff after a SIGTERM exit, the kill events aged out',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containers: [container('app')],
            containerStatuses: [
              cstatus('app', {
                state: state.waiting('CrashLoopBackOff'),
                restartCount: 4,
                lastState: state.terminated(143, 'Error'),
              }),
            ],
          }),
        ],
        events: [ev('Unhealthy', REFUSED, 9, 0, 8 * MIN)],
      }),
      expect: [{ messageId: 'livenessRestarted', basis: 'state', data: { restarts: 4 } }],
    },
    {
      name: 'events only, no restart shown: liveness failures by the thousand over days (low confidence)',
      snapshot: snapshot({ events: [ev('Unhealthy', 'Liveness probe failed:', 1671, 0, 135 * HOUR)] }),
      expect: [
        { messageId: 'livenessRecurring', basis: 'events', data: { failures: 1671, span: ' over 5d15h' } },
      ],
    },
  ],
});

testRule(startup, {
  valid: [
    {
      name: 'startup failures within one start budget, no restart: not failed yet',
      snapshot: snapshot({
        events: [ev('Unhealthy', 'Startup probe failed: HTTP probe failed with statuscode: 503', 3, 0, 20)],
      }),
      now: ms(HOUR),
    },
  ],
  invalid: [
    {
      name: 'startup failures over 12 h while the container was created 30 times',
      snapshot: snapshot({
        events: [
          ev('Created', 'Created container prometheus', 30, 0, 12 * HOUR - 4 * MIN),
          ev(
            'Unhealthy',
            'Startup probe failed: HTTP probe failed with statuscode: 503',
            1741,
            0,
            12 * HOUR - 3 * MIN,
          ),
        ],
      }),
      expect: [{ messageId: 'startupRestarted', data: { failure: 'HTTP status 503', restarts: 29 } }],
    },
    {
      name: 'startup failures over 27 h, far past the startup budget, nothing else in the evidence',
      snapshot: snapshot({
        pods: [
          pod({
            containers: [
              container('node', {
                startupProbe: {
                  httpGet: { path: '/health', port: 9933 },
                  periodSeconds: 10,
                  failureThreshold: 30,
                },
              }),
            ],
          }),
        ],
        events: [
          ev(
            'Unhealthy',
            'Startup probe failed: Get "http://10.20.142.31:9933/health": dial tcp 10.20.142.31:9933: connect: connection refused',
            123,
            0,
            27 * HOUR,
          ),
        ],
      }),
      expect: [
        { messageId: 'startupRecurring', container: { name: 'node', type: 'app' }, data: { failures: 123 } },
      ],
    },
  ],
});
