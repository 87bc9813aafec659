/**
 * Crash loops known from events only, and the restarts the crash stage leaves to liveness
 * because probe failures recur over them (docs/architecture.md §1).
 */
import { testRule } from '../../../test/rule-tester.js';
import { cstatus, ms, pod, probeEvent, snapshot, state } from '../../../test/builders.js';
import type { EventRecord } from '../../model/index.js';
import { rule as crashLoop } from './crash-loop-back-off.js';
import { rule as exitZero } from './exit-zero-loop.js';

const MIN = 60;
const HOUR = 3600;
const APP = 'spec.containers{app}';

const ev = probeEvent;
const REFUSED = 'Liveness probe failed: dial tcp 10.36.5.120:9000: getsockopt: connection refused';
const starts = (count: number, lastS: number): EventRecord[] => [
  ev('Created', 'Created container', count, 0, lastS, APP),
  ev('Started', 'Started container', count, 0, lastS, APP),
];

testRule(crashLoop, {
  valid: [
    {
      name: 'events only: back-offs while liveness failures recur (liveness claims them)',
      snapshot: snapshot({
        events: [
          ev('Unhealthy', REFUSED, 100, 0, 48 * MIN),
          ev('BackOff', 'Back-off restarting failed container', 373, 0, 58 * MIN),
        ],
      }),
      now: ms(HOUR),
    },
    {
      name: 'CrashLoopBackOff after a SIGKILL exit while liveness failures recur',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Running',
            containerStatuses: [
              cstatus('app', {
                state: state.waiting('CrashLoopBackOff'),
                restartCount: 7,
                lastState: state.terminated(137, 'Error'),
              }),
            ],
          }),
        ],
        events: [ev('Unhealthy', REFUSED, 21, 0, 10 * MIN, APP)],
      }),
    },
    {
      name: 'repeated starts that stopped two hours ago: no back-off, not ongoing',
      snapshot: snapshot({ events: starts(8, 2 * HOUR) }),
      now: ms(4 * HOUR),
    },
    {
      name: 'three starts are two restarts: below the loop threshold',
      snapshot: snapshot({ events: starts(3, 10 * MIN) }),
      now: ms(11 * MIN),
    },
    {
      name: 'events only: one back-off, then the kubelet started the container again (x3 over 16m) and nothing newer',
      snapshot: snapshot({
        events: [
          ev('BackOff', 'Back-off restarting failed container', 1, 16 * MIN - 49, 16 * MIN - 49, APP),
          ...starts(3, 16 * MIN - 36),
        ],
      }),
      now: ms(16 * MIN),
    },
    {
      name: 'events only: two back-offs an hour ago, the container started after them',
      snapshot: snapshot({
        events: [
          ev('BackOff', 'Back-off restarting failed container', 2, 10 * MIN, 11 * MIN, APP),
          ...starts(3, 12 * MIN),
        ],
      }),
      now: ms(HOUR + 12 * MIN),
    },
  ],
  invalid: [
    ...[
      ['the newest back-off is after the newest start', 1, 16 * MIN - 20, 16 * MIN - 40],
      ['back-off and start in the same second', 1, 16 * MIN - 30, 16 * MIN - 30],
      [
        'a newer start, but back-offs still recurring (x5, the last 2 min ago)',
        5,
        16 * MIN - 120,
        16 * MIN - 60,
      ],
    ].map(([label, count, backOffAtS, startAtS]) => ({
      name: `events only: ${label as string}`,
      snapshot: snapshot({
        events: [
          ev(
            'BackOff',
            'Back-off restarting failed container',
            count as number,
            MIN,
            backOffAtS as number,
            APP,
          ),
          ...starts((count as number) + 1, startAtS as number),
        ],
      }),
      now: ms(16 * MIN),
      expect: [
        {
          messageId: 'crashLoopEvents',
          container: { name: 'app', type: 'app' as const },
          data: { restarts: count as number },
        },
      ],
    })),
    {
      name: 'events only: Started x72 over 6 h, the last 3 minutes ago, the back-off line cut from the paste',
      snapshot: snapshot({ events: starts(72, 6 * HOUR) }),
      now: ms(6 * HOUR + 3 * MIN),
      expect: [
        {
          messageId: 'crashLoopStarts',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: { restarts: 71 },
          evidenceIncludes: ['Started (x72 over 6h)'],
        },
      ],
    },
    {
      name: 'back-offs with a single liveness failure: the probe did not drive them',
      snapshot: snapshot({
        events: [
          ev('Unhealthy', REFUSED, 1, 50, 50),
          ev('BackOff', 'Back-off restarting failed container', 6, 0, 100),
        ],
      }),
      expect: [{ messageId: 'crashLoopEventsUnnamed', data: { restarts: 6 } }],
    },
  ],
});

testRule(exitZero, {
  valid: [
    {
      name: 'a Job pod that succeeded',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Succeeded',
            spec: { restartPolicy: 'Never' },
            containerStatuses: [cstatus('app', { state: state.terminated(0, 'Completed') })],
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'watch rows merged into phase Succeeded, but the container waits in CrashLoopBackOff after Completed',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Succeeded',
            containerStatuses: [
              cstatus('app', {
                state: {
                  waiting: { reason: 'CrashLoopBackOff' },
                  terminated: { exitCode: 0, reason: 'Completed' },
                },
                restartCount: 13,
              }),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'exitZeroLoop', data: { restarts: 13, exitReason: 'Completed' } }],
    },
  ],
});
