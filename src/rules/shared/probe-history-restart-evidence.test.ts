import { describe, expect, it } from 'vitest';
import type { ContainerStatus, EventRecord } from '../../model/index.js';
import { container, cstatus, probeEvent, state } from '../../../test/builders.js';
import { recurringProbeFailures, type ProbeHistoryInput } from './probe-history.js';

const APP = { name: 'app', type: 'app' } as const;
const UNNAMED = { name: '', type: 'app' } as const;
const APP_PATH = 'spec.containers{app}';
const LIVENESS_REFUSED =
  'Liveness probe failed: Get "http://10.0.0.5:8080/": dial tcp 10.0.0.5:8080: connect: connection refused';
const STARTUP_503 = 'Startup probe failed: HTTP probe failed with statuscode: 503';
const BACK_OFF = 'Back-off restarting failed container app in pod web-1_default(0f1e2d3c)';

const ev = probeEvent;

/** An event as an aggregated paste gives it, with neither time. */
function undated(e: EventRecord): EventRecord {
  return Object.fromEntries(
    Object.entries(e).filter(([k]) => k !== 'first' && k !== 'last'),
  ) as unknown as EventRecord;
}

function input(events: EventRecord[], over: Partial<ProbeHistoryInput> = {}): ProbeHistoryInput {
  return { events, ref: UNNAMED, sole: true, status: undefined, spec: undefined, deleting: false, ...over };
}

function restartsOf(i: ProbeHistoryInput): number | undefined {
  return recurringProbeFailures(i)?.restarts;
}

describe('Killing events count for the container they name (several containers, no fieldPath)', () => {
  const failing = ev('Unhealthy', LIVENESS_REFUSED, 3, 0, 50, APP_PATH);
  it.each([
    ['Stopping container app', 2],
    ['  Stopping container app', 2],
    ['Container app failed liveness probe, will be restarted', 2],
    ['Stopping container sidecar', undefined],
    ['Container sidecar failed liveness probe, will be restarted', undefined],
  ])('%j', (message, restarts) => {
    expect(restartsOf(input([failing, ev('Killing', message, 2, 30, 60)], { ref: APP, sole: false }))).toBe(
      restarts,
    );
  });

  it('a deleted pod: its kills are the deletion, the restartCount still counts', () => {
    const r = recurringProbeFailures(
      input([failing, ev('Killing', 'Stopping container app', 2, 30, 60)], {
        ref: APP,
        sole: false,
        deleting: true,
        status: cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 2 }),
      }),
    );
    expect(r?.failures.map((f) => f.event)).toEqual([failing]);
    expect(r?.restarts).toBe(2);
    expect(r?.restartEvents).toEqual([]);
    expect(r?.inferred).toBe(false);
  });
});

describe('start events by fieldPath: only the same container of the same kind', () => {
  const failing = ev('Unhealthy', LIVENESS_REFUSED, 3, 0, 50);
  it.each([
    ['spec.containers{app}', APP, 2],
    ['spec.containers{sidecar}', APP, undefined],
    ['spec.initContainers{app}', APP, undefined],
    ['spec.containers{app}', UNNAMED, 2],
  ])('Started x3 at %s', (fieldPath, ref, restarts) => {
    expect(
      restartsOf(
        input([failing, ev('Started', 'Started container app', 3, 0, 40, fieldPath)], { ref, sole: true }),
      ),
    ).toBe(restarts);
  });
});

describe('a single start counts as a restart only when it came more than a minute after the first failure', () => {
  it.each([
    ['at the first failure', 100, 100, undefined],
    ['60 s after', 160, 160, undefined],
    ['61 s after', 161, 161, 1],
    ['first seen before, last seen 61 s after', 0, 161, 1],
  ])('%s', (_name, firstS, lastS, restarts) => {
    const events = [
      ev('Unhealthy', LIVENESS_REFUSED, 2, 100, 110),
      ev('Started', 'Started container app', 1, firstS, lastS),
    ];
    expect(restartsOf(input(events))).toBe(restarts);
  });

  it('restartEvents: the back-off and the kills oldest first (by last time), not the single early start', () => {
    const backOff = ev('BackOff', BACK_OFF, 5, 0, 300);
    const kill = ev('Killing', 'Container app failed liveness probe, will be restarted', 2, 100, 200);
    const started = ev('Started', 'Started container app', 1, 0, 0);
    const r = recurringProbeFailures(
      input([ev('Unhealthy', LIVENESS_REFUSED, 2, 0, 10), backOff, started, kill], { ref: APP }),
    );
    expect(r?.restarts).toBe(5);
    expect(r?.restartEvents).toEqual([kill, backOff]);
  });

  it('restartEvents: back-off, kills and starts, sorted by time whatever their kind', () => {
    const backOff = ev('BackOff', BACK_OFF, 5, 0, 100);
    const kill = ev('Killing', 'Container app failed liveness probe, will be restarted', 2, 150, 300);
    const started = ev('Started', 'Started container app', 3, 0, 200);
    const r = recurringProbeFailures(
      input([ev('Unhealthy', LIVENESS_REFUSED, 2, 0, 10), backOff, kill, started], { ref: APP }),
    );
    expect(r?.restartEvents).toEqual([backOff, started, kill]);
  });

  it('restartEvents: repeated starts are shown beside the back-off, oldest first', () => {
    const backOff = ev('BackOff', BACK_OFF, 5, 100, 300);
    const started = ev('Started', 'Started container app', 3, 0, 250);
    const r = recurringProbeFailures(
      input([ev('Unhealthy', LIVENESS_REFUSED, 2, 0, 10), backOff, started], { ref: APP }),
    );
    expect(r?.restartEvents).toEqual([started, backOff]);
  });
});

describe('events only, no restart shown: the failures span implies the kills', () => {
  const startupSpec = container('app', {
    startupProbe: {
      httpGet: { path: '/health', port: 8080 },
      initialDelaySeconds: 60,
      periodSeconds: 10,
      failureThreshold: 5,
    },
  });
  it.each([
    // startup, defaults: budget 3 x 10 s + 60 s slack
    ['startup x2 over 90 s', STARTUP_503, 2, 90, undefined, undefined],
    ['startup x2 over 91 s', STARTUP_503, 2, 91, undefined, true],
    // startup with a spec: budget 60 + 5 x 10 = 110 s + 60 s slack
    ['startup x2 over 170 s, spec budget 110 s', STARTUP_503, 2, 170, startupSpec, undefined],
    ['startup x2 over 171 s, spec budget 110 s', STARTUP_503, 2, 171, startupSpec, true],
    // liveness: at least failureThreshold (3) failures over more than 2 x 3 x 10 s
    ['liveness x3 over 60 s', LIVENESS_REFUSED, 3, 60, undefined, undefined],
    ['liveness x3 over 61 s', LIVENESS_REFUSED, 3, 61, undefined, true],
    ['liveness x2 over 300 s', LIVENESS_REFUSED, 2, 300, undefined, undefined],
  ])('%s', (_name, message, count, spanS, spec, inferred) => {
    const events = [ev('Unhealthy', message, count - 1, 0, 0), ev('Unhealthy', message, 1, spanS, spanS)];
    const r = recurringProbeFailures(input(events, { spec }));
    expect(r?.inferred).toBe(inferred);
    if (r !== undefined) expect(r.restarts).toBe(0);
  });

  it('an undated failure beside dated ones leaves the span to the dated ones', () => {
    const events = [
      ev('Unhealthy', LIVENESS_REFUSED, 2, 0, 0),
      undated(ev('Unhealthy', LIVENESS_REFUSED, 1, 0, 0)),
      ev('Unhealthy', LIVENESS_REFUSED, 1, 61, 61),
    ];
    expect(recurringProbeFailures(input(events))?.inferred).toBe(true);
  });

  it('failures with no time at all imply nothing', () => {
    const events = [
      undated(ev('Unhealthy', LIVENESS_REFUSED, 5, 0, 0)),
      undated(ev('Unhealthy', LIVENESS_REFUSED, 5, 0, 0)),
    ];
    expect(recurringProbeFailures(input(events))).toBeUndefined();
  });
});

describe('the container status: restartCount, CrashLoopBackOff, the current start, the last termination', () => {
  const run = (startedS: number, restartCount: number): ContainerStatus =>
    cstatus('app', { state: state.running(startedS), restartCount });
  const crashLoop = (restartCount: number, lastState?: ContainerStatus['lastState']): ContainerStatus =>
    cstatus('app', {
      state: state.waiting('CrashLoopBackOff'),
      restartCount,
      ...(lastState === undefined ? {} : { lastState }),
    });
  const failures = [ev('Unhealthy', LIVENESS_REFUSED, 2, 100, 200)];
  const kills = [ev('Killing', 'Container app failed liveness probe, will be restarted', 2, 130, 200)];

  it.each([
    [
      'running since the failures began, never restarted, though kills are shown',
      [...failures, ...kills],
      run(100, 0),
      undefined,
    ],
    ['the same with restartCount 1', [...failures, ...kills], run(100, 1), 2],
    ['CrashLoopBackOff with restartCount 0 (status cut short)', failures, crashLoop(0), 1],
    ['CrashLoopBackOff, restartCount 3', failures, crashLoop(3), 3],
    ['running since 0 s, failures from 100 s: a later instance', failures, run(0, 3), undefined],
    ['running since 40 s, failures from 100 s (within the slack)', failures, run(40, 3), 3],
    ['running since 39 s, failures from 100 s', failures, run(39, 3), undefined],
    ['running since 100 s, failures from 100 s', failures, run(100, 3), 3],
    [
      'running since 150 s, failures at 100 s and 300 s: the first one counts',
      [ev('Unhealthy', LIVENESS_REFUSED, 1, 100, 100), ev('Unhealthy', LIVENESS_REFUSED, 1, 300, 300)],
      run(150, 3),
      3,
    ],
    [
      'running since 0 s, failures dated from 200 s and one undated',
      [ev('Unhealthy', LIVENESS_REFUSED, 1, 200, 200), undated(ev('Unhealthy', LIVENESS_REFUSED, 1, 0, 0))],
      run(0, 3),
      undefined,
    ],
    [
      'running, failures with no time: the start cannot rule them out',
      [undated(ev('Unhealthy', LIVENESS_REFUSED, 2, 0, 0))],
      run(0, 3),
      3,
    ],
    [
      'last termination Error without an exit code (a pasted STATUS column) does not rule the probe out',
      failures,
      crashLoop(3, { terminated: { reason: 'Error' } }),
      3,
    ],
    [
      'last termination exit 1 rules the probe out',
      failures,
      crashLoop(3, state.terminated(1, 'Error')),
      undefined,
    ],
  ])('%s', (_name, events, status, restarts) => {
    expect(restartsOf(input(events, { status, ref: APP }))).toBe(restarts);
  });
});
