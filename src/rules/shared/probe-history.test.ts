import { describe, expect, it } from 'vitest';
import type { ContainerStatus, EventRecord } from '../../model/index.js';
import { container, cstatus, probeEvent, state } from '../../../test/builders.js';
import { recurringProbeFailures, type ProbeHistoryInput } from './probe-history.js';

const MIN = 60;
const HOUR = 3600;
const APP = { name: 'app', type: 'app' } as const;
const UNNAMED = { name: '', type: 'app' } as const;

const ev = probeEvent;

function input(events: EventRecord[], over: Partial<ProbeHistoryInput> = {}): ProbeHistoryInput {
  return { events, ref: UNNAMED, sole: true, status: undefined, spec: undefined, deleting: false, ...over };
}

const LIVENESS_REFUSED =
  'Liveness probe failed: Get "http://10.0.0.5:8080/": dial tcp 10.0.0.5:8080: connect: connection refused';

describe('recurringProbeFailures: restarts in the evidence', () => {
  const cases: { name: string; input: ProbeHistoryInput; probe: 'liveness' | 'startup'; restarts: number }[] =
    [
      {
        name: 'events only: liveness x100 and a restart back-off cut short by the paste',
        input: input([
          ev('Unhealthy', LIVENESS_REFUSED, 100, 0, HOUR - 12 * MIN),
          ev('BackOff', 'Back-off restarting failed contai', 373, 0, HOUR - 2 * MIN),
        ]),
        probe: 'liveness',
        restarts: 373,
      },
      {
        name: 'events only: startup failures and Created x30 over 12 h (fieldPath-less)',
        input: input([
          ev('Created', 'Created container prometheus', 30, 0, 12 * HOUR),
          ev('Unhealthy', 'Startup probe failed: HTTP probe failed with statuscode: 503', 1741, 0, 12 * HOUR),
        ]),
        probe: 'startup',
        restarts: 29,
      },
      {
        name: 'events only: liveness failures, kills whose message was cut off',
        input: input([
          ev('Unhealthy', LIVENESS_REFUSED, 3, 60, 6 * MIN),
          ev(
            'Unhealthy',
            'Liveness probe failed: Get http://10.0.0.5:8082/ready: getsockopt: connection refused',
            2,
            60,
            6 * MIN,
          ),
          ev('Killing', '', 6, 2 * MIN, 6 * MIN),
        ]),
        probe: 'liveness',
        restarts: 6,
      },
      {
        name: 'events only, by fieldPath: the container started again after the failures began',
        input: input(
          [
            ev(
              'Unhealthy',
              'Liveness probe failed: curl: (7) Failed to connect',
              11,
              0,
              16 * MIN,
              'spec.containers{app}',
            ),
            ev(
              'Started',
              'Started container with docker id 2a158eecfcfd',
              1,
              15 * MIN,
              15 * MIN,
              'spec.containers{app}',
            ),
          ],
          { ref: APP, sole: false },
        ),
        probe: 'liveness',
        restarts: 1,
      },
      {
        name: 'state: CrashLoopBackOff after a SIGTERM exit, kill events aged out',
        input: input([ev('Unhealthy', LIVENESS_REFUSED, 8, 0, 5 * MIN)], {
          ref: APP,
          status: cstatus('app', {
            state: state.waiting('CrashLoopBackOff'),
            restartCount: 4,
            lastState: state.terminated(143, 'Error'),
          }),
        }),
        probe: 'liveness',
        restarts: 4,
      },
      {
        name: 'state: a clean exit on SIGTERM (exit 0) is compatible with a probe kill',
        input: input([ev('Unhealthy', LIVENESS_REFUSED, 6, 0, 5 * MIN)], {
          ref: APP,
          status: cstatus('app', {
            state: state.waiting('CrashLoopBackOff'),
            restartCount: 2,
            lastState: state.terminated(0, 'Completed'),
          }),
        }),
        probe: 'liveness',
        restarts: 2,
      },
      {
        name: 'state: running again, the failures began before the current start',
        input: input([ev('Unhealthy', LIVENESS_REFUSED, 9, 0, 10 * MIN)], {
          ref: APP,
          status: cstatus('app', { state: state.running(8 * MIN), restartCount: 3 }),
        }),
        probe: 'liveness',
        restarts: 3,
      },
    ];
  for (const c of cases) {
    it(c.name, () => {
      const r = recurringProbeFailures(c.input);
      expect(r?.probe).toBe(c.probe);
      expect(r?.restarts).toBe(c.restarts);
      expect(r?.inferred).toBe(false);
    });
  }
});

describe('recurringProbeFailures: restarts implied by the failures alone (events only)', () => {
  it('startup failures spread over far more than the startup budget', () => {
    const spec = container('app', {
      startupProbe: { httpGet: { path: '/health', port: 9933 }, periodSeconds: 10, failureThreshold: 30 },
    });
    const r = recurringProbeFailures(
      input(
        [
          ev(
            'Unhealthy',
            'Startup probe failed: dial tcp 10.20.142.31:9933: connect: connection refused',
            123,
            0,
            27 * HOUR,
          ),
        ],
        {
          spec,
        },
      ),
    );
    expect(r).toMatchObject({ probe: 'startup', restarts: 0, inferred: true });
  });
  it('liveness failures by the thousand over days', () => {
    const r = recurringProbeFailures(input([ev('Unhealthy', 'Liveness probe failed:', 1671, 0, 135 * HOUR)]));
    expect(r).toMatchObject({ probe: 'liveness', inferred: true });
  });
});

describe('recurringProbeFailures: not probe-driven', () => {
  const crashLoop = (exit: number, reason: string): ContainerStatus =>
    cstatus('app', {
      state: state.waiting('CrashLoopBackOff'),
      restartCount: 5,
      lastState: state.terminated(exit, reason),
    });
  const failing = [ev('Unhealthy', LIVENESS_REFUSED, 10, 0, 5 * MIN)];
  const cases: { name: string; input: ProbeHistoryInput }[] = [
    {
      name: 'a single failure does not recur',
      input: input([
        ev('Unhealthy', LIVENESS_REFUSED, 1, 0, 0),
        ev('BackOff', 'Back-off restarting failed container', 5, 0, 60),
      ]),
    },
    {
      name: 'the app exited 1 by itself',
      input: input(failing, { ref: APP, status: crashLoop(1, 'Error') }),
    },
    { name: 'OOMKilled', input: input(failing, { ref: APP, status: crashLoop(137, 'OOMKilled') }) },
    {
      name: 'the runtime could not start it',
      input: input(failing, { ref: APP, status: crashLoop(128, 'StartError') }),
    },
    {
      name: 'running, never restarted (restartCount 0)',
      input: input(failing, {
        ref: APP,
        status: cstatus('app', { state: state.running(0), restartCount: 0 }),
      }),
    },
    {
      name: 'running after an old restart; the failures are all on the current instance',
      input: input([ev('Unhealthy', LIVENESS_REFUSED, 4, 20 * MIN, 21 * MIN)], {
        ref: APP,
        status: cstatus('app', { state: state.running(5 * MIN), restartCount: 1 }),
      }),
    },
    {
      name: 'events only: a short streak, no restart',
      input: input([ev('Unhealthy', LIVENESS_REFUSED, 4, 0, 30)]),
    },
    {
      name: 'readiness failures are not liveness',
      input: input([
        ev('Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503', 50, 0, HOUR),
        ev('BackOff', 'Back-off restarting failed container', 5, 0, HOUR),
      ]),
    },
    {
      name: 'a pod being deleted: its kill is the deletion',
      input: input(
        [ev('Unhealthy', LIVENESS_REFUSED, 3, 0, 20), ev('Killing', 'Stopping container app', 1, 25, 25)],
        {
          deleting: true,
        },
      ),
    },
    {
      name: 'image pull back-off is not a restart',
      input: input([
        ev('Unhealthy', LIVENESS_REFUSED, 3, 0, 20),
        ev('BackOff', 'Back-off pulling image "nginx:1.27"', 5, 0, 60),
      ]),
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(recurringProbeFailures(c.input)).toBeUndefined();
    });
  }
});
