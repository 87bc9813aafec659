/**
 * The liveness stage's shared analyser (livenessCases), read directly: which containers get a case,
 * with what probe, status, basis, restarts, failures, time and confidence. The rule tests only see
 * the findings of one probe kind; these pin the cases themselves and the boundaries they turn on.
 */
import { describe, expect, it } from 'vitest';
import { podContextsOf } from '../../../test/rule-tester.js';
import {
  container,
  cstatus,
  event,
  ms,
  pod,
  probeResult,
  snapshot,
  state,
  type SnapshotParts,
} from '../../../test/builders.js';
import type {
  Container,
  ContainerStatus,
  EventRecord,
  LogTail,
  Pod,
  ProbeResult,
} from '../../model/index.js';
import { livenessCases, type LivenessCase } from './analyse.js';

const LIVE_500 = 'Liveness probe failed: HTTP probe failed with statuscode: 500';
const LIVE_REFUSED =
  'Liveness probe failed: Get "http://10.0.0.5:8080/healthz": dial tcp 10.0.0.5:8080: connect: connection refused';
const START_503 = 'Startup probe failed: HTTP probe failed with statuscode: 503';
const READY_503 = 'Readiness probe failed: HTTP probe failed with statuscode: 503';
/** kubelet 1.9-1.15: the runtime's container ID, not a name, so the kill names no container. */
const KILL_BY_ID =
  'Killing container with id docker://4c9f0e3b6a2d:Container failed liveness probe.. Container will be killed and recreated.';
const BACK_OFF_OLD = 'Back-off restarting failed container';

interface EvOpts {
  /** App container named by fieldPath; omitted: no fieldPath, as pasted describe tables give it. */
  c?: string;
  /** Init container named by fieldPath. */
  init?: string;
  count?: number;
  firstS?: number;
  lastS: number;
}

function ev(reason: string, message: string, o: EvOpts): EventRecord {
  const fieldPath =
    o.c !== undefined
      ? `spec.containers{${o.c}}`
      : o.init !== undefined
        ? `spec.initContainers{${o.init}}`
        : undefined;
  return event({
    reason,
    message,
    type: reason === 'Killing' || reason === 'Started' || reason === 'Pulled' ? 'Normal' : 'Warning',
    lastS: o.lastS,
    ...(fieldPath === undefined ? {} : { fieldPath }),
    ...(o.firstS === undefined ? {} : { firstS: o.firstS }),
    ...(o.count === undefined ? {} : { count: o.count }),
  });
}
const unhealthy = (message: string, o: EvOpts) => ev('Unhealthy', message, o);
const killing = (name: string, o: EvOpts, probe: 'liveness' | 'startup' = 'liveness') =>
  ev('Killing', `Container ${name} failed ${probe} probe, will be restarted`, o);

function casesOf(parts: SnapshotParts, now: number): readonly LivenessCase[] {
  const [ctx, ...rest] = podContextsOf(snapshot(parts), now);
  expect(rest).toEqual([]);
  if (ctx === undefined) throw new Error('no pod context');
  return livenessCases(ctx);
}

/** The one case there is. */
function only(cases: readonly LivenessCase[]): LivenessCase {
  expect(cases.length).toBe(1);
  const [c] = cases;
  if (c === undefined) throw new Error('no case');
  return c;
}

/** The fields a case turns on, in a form a table can state. */
function brief(c: LivenessCase) {
  return {
    container: c.container?.name,
    probe: c.probe,
    status: c.status,
    basis: c.basis,
    restarts: c.restarts,
    failures: c.failures.map((f) => f.event.message),
  };
}

const runningPod = (
  containers: Container[],
  statuses: ContainerStatus[],
  extra: { deletionS?: number } = {},
): Pod => pod({ phase: 'Running', containers, containerStatuses: statuses, ...extra });

describe('livenessCases: a failure is current while within (failureThreshold + 1) periods of its own probe', () => {
  // liveness: (3 + 1) × 60 s = 240 s; startup: (2 + 1) × 5 s = 15 s; the defaults would give 40 s.
  const both = container('app', {
    livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 60, failureThreshold: 3 },
    startupProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 5, failureThreshold: 2 },
  });
  const firstRun = cstatus('app', { state: state.running(0), restartCount: 0 });
  const rows: [string, string, number, 'liveness' | 'startup' | undefined][] = [
    ['startup failure 10 s ago: inside its 15 s', START_503, 10, 'startup'],
    ['startup failure 15 s ago: at the edge of its 15 s', START_503, 15, 'startup'],
    [
      'startup failure 30 s ago: past its 15 s (the liveness or default window would still hold it)',
      START_503,
      30,
      undefined,
    ],
    [
      'liveness failure 100 s ago: inside its 240 s (past the startup and default windows)',
      LIVE_500,
      100,
      'liveness',
    ],
    ['liveness failure 240 s ago: at the edge of its 240 s', LIVE_500, 240, 'liveness'],
    ['liveness failure 241 s ago: past its 240 s', LIVE_500, 241, undefined],
  ];
  it.each(rows)('%s', (_name, message, ago, probe) => {
    const cases = casesOf(
      { pods: [runningPod([both], [firstRun])], events: [unhealthy(message, { c: 'app', lastS: 100 })] },
      ms(100 + ago),
    );
    if (probe === undefined) {
      expect(cases).toEqual([]);
      return;
    }
    expect(cases.map(brief)).toEqual([
      { container: 'app', probe, status: 'progressing', basis: 'state', restarts: 0, failures: [message] },
    ]);
    const c = only(cases);
    expect(c.at).toBe(ms(100));
    expect(c.inferred).toBe(false);
    expect(c).not.toHaveProperty('confidence');
    expect(c).not.toHaveProperty('probed');
    expect(c).not.toHaveProperty('fromProbe');
  });

  it('without a probe spec the defaults apply: 40 s inside, 41 s past', () => {
    const app = cstatus('app', { state: state.running(0), restartCount: 0 });
    const at = (ago: number) =>
      casesOf(
        {
          pods: [runningPod([container('app')], [app])],
          events: [unhealthy(LIVE_500, { c: 'app', lastS: 100 })],
        },
        ms(100 + ago),
      ).map((c) => c.status);
    expect(at(40)).toEqual(['progressing']);
    expect(at(41)).toEqual([]);
  });

  it('an unattributed failure no container can take gives no case (its container is unknown)', () => {
    // Two containers in the spec, one bare failure: the unnamed container has no failure of its own.
    const cases = casesOf(
      {
        pods: [pod({ phase: 'Running', containers: [container('a'), container('b')] })],
        events: [unhealthy(LIVE_500, { lastS: 100 }), unhealthy(LIVE_REFUSED, { c: 'a', lastS: 100 })],
      },
      ms(110),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: 'a',
        probe: 'liveness',
        status: 'progressing',
        basis: 'events',
        restarts: 0,
        failures: [LIVE_REFUSED],
      },
    ]);
  });
});

describe('livenessCases: probe kills from events are an ongoing loop from 3 kills, the newest under 10 minutes old', () => {
  const rows: [string, number, number, 'state' | 'events'][] = [
    ['3 kills, the newest 599 s ago: ongoing', 3, 599, 'state'],
    ['3 kills, the newest 600 s ago: history', 3, 600, 'events'],
    ['2 kills, the newest 10 s ago: not a loop yet', 2, 10, 'events'],
  ];
  it.each(rows)('%s', (_name, count, ago, basis) => {
    const cases = casesOf(
      { events: [killing('app', { c: 'app', count, firstS: 0, lastS: 100 })] },
      ms(100 + ago),
    );
    expect(cases.map(brief)).toEqual([
      { container: 'app', probe: 'liveness', status: 'failed', basis, restarts: count, failures: [] },
    ]);
    if (basis === 'state') expect(only(cases).confidence).toBe('medium');
    else expect(only(cases)).not.toHaveProperty('confidence');
    expect(only(cases).at).toBe(ms(100));
  });
});

describe('livenessCases: a probe-killed container running again is unproven until it ran as long as the killed one plus a period', () => {
  interface Row {
    name: string;
    /** The killed instance ran from..to (seconds after T0). */
    from: number;
    to: number;
    startedS: number;
    nowS: number;
    spec?: Container;
    failed: boolean;
  }
  const slow = container('app', {
    livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 30, failureThreshold: 3 },
  });
  const rows: Row[] = [
    {
      name: 'ran 10 s, default period 10 s: 15 s after the restart is unproven',
      from: 90,
      to: 100,
      startedS: 101,
      nowS: 116,
      failed: true,
    },
    {
      name: 'ran 10 s, default period 10 s: 19 s after the restart is unproven',
      from: 90,
      to: 100,
      startedS: 101,
      nowS: 120,
      failed: true,
    },
    {
      name: 'ran 10 s, default period 10 s: 20 s after the restart it had its chance',
      from: 90,
      to: 100,
      startedS: 101,
      nowS: 121,
      failed: false,
    },
    {
      name: 'ran 10 s, default period 10 s: a minute after the restart it had its chance',
      from: 90,
      to: 100,
      startedS: 101,
      nowS: 161,
      failed: false,
    },
    {
      name: 'ran 10 s, its period 30 s: 35 s after the restart is unproven',
      from: 90,
      to: 100,
      startedS: 101,
      nowS: 136,
      spec: slow,
      failed: true,
    },
    {
      name: 'ran 10 s, its period 30 s: 40 s after the restart it had its chance',
      from: 90,
      to: 100,
      startedS: 101,
      nowS: 141,
      spec: slow,
      failed: false,
    },
    {
      name: 'ran an hour: unproven for 10 minutes at most',
      from: 0,
      to: 3600,
      startedS: 3601,
      nowS: 3601 + 599,
      failed: true,
    },
    {
      name: 'ran an hour: 10 minutes after the restart it had its chance',
      from: 0,
      to: 3600,
      startedS: 3601,
      nowS: 3601 + 600,
      failed: false,
    },
    {
      name: 'killed the moment it started: unproven for one period',
      from: 100,
      to: 100,
      startedS: 100,
      nowS: 105,
      failed: true,
    },
    {
      name: 'finished before it started (clock skew): nothing to measure',
      from: 100,
      to: 95,
      startedS: 96,
      nowS: 99,
      failed: false,
    },
  ];
  it.each(rows)('$name', (r) => {
    const st = cstatus('app', {
      state: state.running(r.startedS),
      ready: true,
      restartCount: 1,
      lastState: state.terminated(137, 'Error', { startedS: r.from, finishedS: r.to }),
    });
    const cases = casesOf(
      {
        pods: [runningPod([r.spec ?? container('app')], [st])],
        events: [killing('app', { c: 'app', lastS: r.to })],
      },
      ms(r.nowS),
    );
    expect(cases.map(brief)).toEqual(
      r.failed
        ? [
            {
              container: 'app',
              probe: 'liveness',
              status: 'failed',
              basis: 'state',
              restarts: 1,
              failures: [],
            },
          ]
        : [],
    );
  });

  it('with no previous instance in the status there is nothing to measure: no case', () => {
    const st = cstatus('app', { state: state.running(60), ready: true, restartCount: 1 });
    const cases = casesOf(
      { pods: [runningPod([container('app')], [st])], events: [killing('app', { c: 'app', lastS: 50 })] },
      ms(65),
    );
    expect(cases).toEqual([]);
  });
});

describe('livenessCases: failures, time and evidence of a case', () => {
  const loop = cstatus('app', {
    state: state.waiting('CrashLoopBackOff'),
    restartCount: 2,
    lastState: state.terminated(137, 'Error', { startedS: 50, finishedS: 100 }),
  });

  it('a liveness case shows only the liveness failures, and its time is the newest of failure and kill', () => {
    const cases = casesOf(
      {
        pods: [runningPod([container('app')], [loop])],
        events: [
          unhealthy(START_503, { c: 'app', lastS: 10 }),
          unhealthy(LIVE_500, { c: 'app', count: 3, firstS: 70, lastS: 90 }),
          killing('app', { c: 'app', lastS: 100 }),
        ],
      },
      ms(110),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: 'app',
        probe: 'liveness',
        status: 'failed',
        basis: 'state',
        restarts: 2,
        failures: [LIVE_500],
      },
    ]);
    expect(only(cases).at).toBe(ms(100));
  });

  it('a startup kill with only liveness failures shows those rather than none', () => {
    const cases = casesOf(
      {
        pods: [runningPod([container('app')], [loop])],
        events: [
          unhealthy(LIVE_500, { c: 'app', count: 3, firstS: 70, lastS: 90 }),
          killing('app', { c: 'app', lastS: 95 }, 'startup'),
        ],
      },
      ms(110),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: 'app',
        probe: 'startup',
        status: 'failed',
        basis: 'state',
        restarts: 2,
        failures: [LIVE_500],
      },
    ]);
    expect(only(cases).at).toBe(ms(95));
  });

  const appLog: LogTail = {
    namespace: 'default',
    pod: 'web-1',
    container: 'app',
    previous: true,
    lines: ['panic: database unreachable'],
  };
  const logs: LogTail[] = [
    appLog,
    {
      namespace: 'default',
      pod: 'web-1',
      container: 'sidecar',
      previous: true,
      lines: ['sidecar shutting down'],
    },
  ];
  const logLines = (c: LivenessCase) => c.evidence.filter((e) => e.source === 'log').map((e) => e.text);

  it('a failed case quotes its own container’s previous log, not another’s', () => {
    const cases = casesOf(
      {
        pods: [runningPod([container('app'), container('sidecar')], [loop])],
        events: [unhealthy(LIVE_500, { c: 'app', lastS: 90 }), killing('app', { c: 'app', lastS: 100 })],
        logs,
      },
      ms(110),
    );
    expect(cases.map((c) => [c.status, logLines(c)])).toEqual([
      ['failed', ['logs[app] (previous): panic: database unreachable']],
    ]);
  });

  it('a progressing case quotes no log (nothing was restarted)', () => {
    const cases = casesOf(
      {
        pods: [
          runningPod([container('app'), container('sidecar')], [cstatus('app', { state: state.running(0) })]),
        ],
        events: [unhealthy(LIVE_500, { c: 'app', lastS: 90 })],
        logs,
      },
      ms(100),
    );
    expect(cases.map((c) => [c.status, logLines(c)])).toEqual([['progressing', []]]);
  });

  it('an unnamed failed case quotes the only log there is', () => {
    const cases = casesOf({ events: [ev('Killing', KILL_BY_ID, { lastS: 100 })], logs: [appLog] }, ms(110));
    expect(cases.map((c) => [c.container, c.status, logLines(c)])).toEqual([
      [undefined, 'failed', ['logs[app] (previous): panic: database unreachable']],
    ]);
  });

  const probedSpec = container('app', {
    livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 },
  });
  const live = (answer: number, atS?: number) => {
    const r = probeResult(answer, { probe: 'liveness', path: '/healthz', atS: atS ?? 0 });
    if (atS !== undefined) return r;
    return Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'at')) as unknown as ProbeResult;
  };

  it('a failing probe result of the running instance dates the case', () => {
    const st = cstatus('app', {
      state: state.running(100),
      restartCount: 2,
      lastState: state.terminated(137, 'Error', { startedS: 40, finishedS: 99 }),
    });
    const cases = casesOf({ pods: [runningPod([probedSpec], [st])], probes: [live(500, 130)] }, ms(130));
    expect(cases.map((c) => [c.status, c.fromProbe, c.confidence, c.at])).toEqual([
      ['failed', true, 'medium', ms(130)],
    ]);
  });

  it('an undated failing probe result with no event leaves the case undated', () => {
    const st = cstatus('app', { state: state.running(100), restartCount: 0 });
    const cases = casesOf({ pods: [runningPod([probedSpec], [st])], probes: [live(500)] }, ms(130));
    expect(cases.map((c) => [c.status, c.fromProbe, c.at, c.probed?.statusCode])).toEqual([
      ['progressing', true, undefined, 500],
    ]);
    expect(only(cases)).toHaveProperty('at', undefined);
  });

  it('a failing probe with a failure of this instance but no restart by the probe is progressing, not probe-restarted', () => {
    // Restarted before, how is unknown; one liveness failure since the start; the endpoint fails now.
    const st = cstatus('app', { state: state.running(100), restartCount: 2 });
    const cases = casesOf(
      {
        pods: [runningPod([probedSpec], [st])],
        events: [unhealthy(LIVE_500, { c: 'app', lastS: 120 })],
        probes: [live(500, 130)],
      },
      ms(130),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: 'app',
        probe: 'liveness',
        status: 'progressing',
        basis: 'state',
        restarts: 2,
        failures: [LIVE_500],
      },
    ]);
    expect(only(cases)).not.toHaveProperty('fromProbe');
    expect(only(cases).probed?.statusCode).toBe(500);
    expect(only(cases).at).toBe(ms(130));
  });
});

describe('livenessCases: recurring failures over restarts (events only)', () => {
  const MIN = 60;
  const HOUR = 3600;
  const recurring = (nowS: number) =>
    casesOf(
      {
        events: [
          unhealthy(LIVE_REFUSED, { count: 100, firstS: 0, lastS: HOUR - 12 * MIN }),
          ev('BackOff', BACK_OFF_OLD, { count: 373, firstS: 0, lastS: HOUR - 2 * MIN }),
        ],
      },
      ms(nowS),
    );

  it('restarts still going on: current state, medium confidence', () => {
    const cases = recurring(HOUR);
    expect(cases.map(brief)).toEqual([
      {
        container: undefined,
        probe: 'liveness',
        status: 'failed',
        basis: 'state',
        restarts: 373,
        failures: [LIVE_REFUSED],
      },
    ]);
    expect(only(cases).confidence).toBe('medium');
    expect(only(cases).inferred).toBe(false);
  });

  it('the last restart 12 minutes ago: events, no confidence of its own', () => {
    const cases = recurring(HOUR + 10 * MIN);
    expect(cases.map((c) => [c.basis, c.restarts, c.inferred])).toEqual([['events', 373, false]]);
    expect(only(cases)).not.toHaveProperty('confidence');
  });

  it('no restart in the evidence, only the failures’ span: inferred, low confidence', () => {
    const cases = casesOf(
      { events: [unhealthy('Liveness probe failed:', { count: 1671, firstS: 0, lastS: 135 * HOUR })] },
      ms(135 * HOUR),
    );
    expect(cases.map((c) => [c.basis, c.restarts, c.inferred, c.confidence])).toEqual([
      ['events', 0, true, 'low'],
    ]);
  });
});

describe('livenessCases: containers known only from events', () => {
  it('a native sidecar (init container) named by a kill message is not an app container', () => {
    const cases = casesOf(
      {
        pods: [
          pod({
            phase: 'Running',
            containers: [container('app')],
            initContainers: [container('istio-proxy')],
          }),
        ],
        events: [
          ev('Killing', 'Container istio-proxy failed liveness probe, will be restarted', { lastS: 100 }),
        ],
      },
      ms(110),
    );
    expect(cases).toEqual([]);
  });

  // Container a fails (named by fieldPath) and a bare back-off shows restarts; another event is about
  // something else and must not make a second candidate (which would stop the bare back-off counting for a).
  const others: [string, EventRecord][] = [
    ['a readiness failure of container b', unhealthy(READY_503, { c: 'b', lastS: 80 })],
    [
      'a liveness failure of init container istio-proxy',
      unhealthy(LIVE_500, { init: 'istio-proxy', lastS: 80 }),
    ],
  ];
  it.each(others)('%s does not take the bare back-off from container a', (_name, other) => {
    const cases = casesOf(
      {
        events: [
          unhealthy(LIVE_REFUSED, { c: 'a', count: 4, firstS: 60, lastS: 90 }),
          ev('BackOff', BACK_OFF_OLD, { count: 2, firstS: 91, lastS: 95 }),
          other,
        ],
      },
      ms(100),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: 'a',
        probe: 'liveness',
        status: 'failed',
        basis: 'events',
        restarts: 2,
        failures: [LIVE_REFUSED],
      },
    ]);
  });

  // A bare failure belongs to the one container the other events name by fieldPath.
  const namers: [string, EventRecord[]][] = [
    [
      'a Pulled event of app container b',
      [
        ev('Pulled', 'Container image "registry.example/b:1.0" already present on machine', {
          c: 'b',
          lastS: 5,
        }),
      ],
    ],
    [
      'Started events of init container init-db and app container b',
      [
        ev('Started', 'Started container init-db', { init: 'init-db', lastS: 3 }),
        ev('Started', 'Started container b', { c: 'b', lastS: 5 }),
      ],
    ],
  ];
  it.each(namers)('a bare failure is attributed through %s', (_name, named) => {
    const cases = casesOf({ events: [...named, unhealthy(LIVE_500, { lastS: 90 })] }, ms(100));
    expect(cases.map(brief)).toEqual([
      {
        container: 'b',
        probe: 'liveness',
        status: 'progressing',
        basis: 'events',
        restarts: 0,
        failures: [LIVE_500],
      },
    ]);
  });

  it('a bare failure with two candidate containers stays unnamed', () => {
    const cases = casesOf(
      {
        pods: [pod({ phase: 'Running', containers: [container('a'), container('b')] })],
        events: [unhealthy(LIVE_500, { lastS: 90 })],
      },
      ms(100),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: undefined,
        probe: 'liveness',
        status: 'progressing',
        basis: 'events',
        restarts: 0,
        failures: [LIVE_500],
      },
    ]);
  });

  it('a container named "" (a hand-written manifest the normaliser keeps) is quoted, not a crash', () => {
    const cases = casesOf(
      {
        pods: [
          pod({
            phase: 'Running',
            containers: [container('', { livenessProbe: { tcpSocket: { port: 9000 } } })],
          }),
        ],
        events: [unhealthy(LIVE_500, { lastS: 90 })],
      },
      ms(100),
    );
    expect(cases.map((c) => [c.container, c.status, c.spec?.name])).toEqual([[undefined, 'progressing', '']]);
    expect(
      only(cases)
        .evidence.filter((e) => e.source === 'spec')
        .map((e) => e.text),
    ).toEqual(['spec.containers[].livenessProbe: tcpSocket :9000']);
  });

  it('cases come sorted by container name', () => {
    const cases = casesOf(
      { events: [killing('web', { c: 'web', lastS: 100 }), killing('api', { c: 'api', lastS: 100 })] },
      ms(110),
    );
    expect(cases.map((c) => c.container?.name)).toEqual(['api', 'web']);
  });

  const twoApps = [container('a'), container('b')];
  const aRunning = [cstatus('a', { state: state.running(0), ready: true })];

  it('an unnamed kill is dropped when a container is known from its status (it may be that one)', () => {
    const cases = casesOf(
      { pods: [runningPod(twoApps, aRunning)], events: [ev('Killing', KILL_BY_ID, { lastS: 100 })] },
      ms(110),
    );
    expect(cases).toEqual([]);
  });

  it('beside a container known from its status, a named kill of another gets a case, without the bare failures', () => {
    const cases = casesOf(
      {
        pods: [runningPod(twoApps, aRunning)],
        events: [unhealthy(LIVE_500, { lastS: 98 }), killing('b', { c: 'b', lastS: 100 })],
      },
      ms(110),
    );
    expect(cases.map(brief)).toEqual([
      { container: 'b', probe: 'liveness', status: 'failed', basis: 'events', restarts: 1, failures: [] },
    ]);
  });

  it('with several containers in the events, bare failures are nobody’s and a bare kill is the unnamed one’s', () => {
    const cases = casesOf(
      {
        events: [
          unhealthy(LIVE_500, { c: 'a', lastS: 95 }),
          killing('b', { c: 'b', lastS: 100 }),
          unhealthy(LIVE_REFUSED, { lastS: 98 }),
        ],
      },
      ms(100),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: 'a',
        probe: 'liveness',
        status: 'progressing',
        basis: 'events',
        restarts: 0,
        failures: [LIVE_500],
      },
      { container: 'b', probe: 'liveness', status: 'failed', basis: 'events', restarts: 1, failures: [] },
    ]);
  });

  it('an unattributable kill by container ID is the unnamed case’s, not a named container’s', () => {
    const cases = casesOf(
      {
        events: [
          unhealthy(LIVE_500, { c: 'a', lastS: 100 }),
          unhealthy(LIVE_500, { c: 'b', lastS: 100 }),
          ev('Killing', KILL_BY_ID, { lastS: 90 }),
        ],
      },
      ms(100),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: undefined,
        probe: 'liveness',
        status: 'failed',
        basis: 'events',
        restarts: 1,
        failures: [],
      },
      {
        container: 'a',
        probe: 'liveness',
        status: 'progressing',
        basis: 'events',
        restarts: 0,
        failures: [LIVE_500],
      },
      {
        container: 'b',
        probe: 'liveness',
        status: 'progressing',
        basis: 'events',
        restarts: 0,
        failures: [LIVE_500],
      },
    ]);
  });

  it('unnamed recurring failures take the restarts of the app containers’ back-offs; named ones do not take the bare failures', () => {
    const HOUR = 3600;
    const cases = casesOf(
      {
        events: [
          unhealthy(LIVE_500, { c: 'a', lastS: HOUR - 10 }),
          unhealthy(LIVE_500, { c: 'b', lastS: HOUR - 10 }),
          unhealthy(LIVE_REFUSED, { count: 100, firstS: 0, lastS: HOUR - 12 * 60 }),
          ev('BackOff', 'Back-off restarting failed container a in pod web-1_default(uid-web-1)', {
            c: 'a',
            count: 373,
            firstS: 0,
            lastS: HOUR - 120,
          }),
        ],
      },
      ms(HOUR),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: undefined,
        probe: 'liveness',
        status: 'failed',
        basis: 'state',
        restarts: 373,
        failures: [LIVE_REFUSED],
      },
      {
        container: 'a',
        probe: 'liveness',
        status: 'progressing',
        basis: 'events',
        restarts: 0,
        failures: [LIVE_500],
      },
      {
        container: 'b',
        probe: 'liveness',
        status: 'progressing',
        basis: 'events',
        restarts: 0,
        failures: [LIVE_500],
      },
    ]);
  });

  it('a container’s own spec is quoted, not another’s', () => {
    const cases = casesOf(
      {
        pods: [
          pod({
            phase: 'Running',
            containers: [
              container('a', {
                livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 15 },
              }),
              container('b', { livenessProbe: { tcpSocket: { port: 9000 }, periodSeconds: 20 } }),
            ],
          }),
        ],
        events: [killing('b', { c: 'b', lastS: 100 })],
      },
      ms(110),
    );
    expect(cases.map((c) => [c.container?.name, c.spec?.name])).toEqual([['b', 'b']]);
    expect(
      only(cases)
        .evidence.filter((e) => e.source === 'spec')
        .map((e) => e.text),
    ).toEqual(['spec.containers[b].livenessProbe: tcpSocket :9000, periodSeconds=20']);
  });

  it.each([
    ['not being deleted: the Stopping kill is a restart', undefined, 'failed', 1],
    ['being deleted: the Stopping kill is the deletion', 100, 'progressing', 0],
  ] as const)('a container with no status, %s', (_name, deletionS, status, restarts) => {
    const cases = casesOf(
      {
        pods: [
          pod({
            phase: 'Running',
            containers: [container('app')],
            ...(deletionS === undefined ? {} : { deletionS }),
          }),
        ],
        events: [
          unhealthy(LIVE_500, { c: 'app', count: 2, firstS: 90, lastS: 95 }),
          ev('Killing', 'Stopping container app', { c: 'app', lastS: 100 }),
        ],
      },
      ms(100),
    );
    expect(cases.map(brief)).toEqual([
      { container: 'app', probe: 'liveness', status, basis: 'events', restarts, failures: [LIVE_500] },
    ]);
  });
});

describe('livenessCases: containers known from their status', () => {
  it('a Succeeded pod has no case', () => {
    expect(
      casesOf(
        { pods: [pod({ phase: 'Succeeded' })], events: [killing('app', { c: 'app', lastS: 10 })] },
        ms(20),
      ),
    ).toEqual([]);
  });

  it('with two containers a bare failure is neither’s', () => {
    const st = (n: string) => cstatus(n, { state: state.running(0), ready: true });
    const cases = casesOf(
      {
        pods: [runningPod([container('a'), container('b')], [st('a'), st('b')])],
        events: [unhealthy(LIVE_500, { lastS: 90 })],
      },
      ms(100),
    );
    expect(cases).toEqual([]);
  });

  it.each([
    [
      'only a previous state (the kubelet’s own status): judged by its status',
      cstatus('app', {
        restartCount: 2,
        lastState: state.terminated(137, 'Error', { startedS: 50, finishedS: 100 }),
      }),
      'state',
      2,
    ],
    [
      'neither state nor previous state: judged by the events',
      cstatus('app', { restartCount: 0 }),
      'events',
      1,
    ],
  ] as const)('a status with %s', (_name, st, basis, restarts) => {
    const cases = casesOf(
      { pods: [runningPod([container('app')], [st])], events: [killing('app', { c: 'app', lastS: 100 })] },
      ms(110),
    );
    expect(cases.map(brief)).toEqual([
      { container: 'app', probe: 'liveness', status: 'failed', basis, restarts, failures: [] },
    ]);
    const terminated = only(cases)
      .evidence.filter((e) => e.source === 'status')
      .map((e) => e.text);
    expect(terminated).toEqual(
      basis === 'state'
        ? [
            'containerStatuses[app].lastState.terminated: Error, exit code 137, started 2026-01-01T00:00:50Z, finished 2026-01-01T00:01:40Z; restartCount 2',
          ]
        : [],
    );
  });

  it.each([
    ['not being deleted: the Stopping kill shows a restart', undefined, 1],
    ['being deleted: the Stopping kill is the deletion', 100, 0],
  ] as const)('only a clean previous exit, %s', (_name, deletionS, n) => {
    const st = cstatus('app', {
      restartCount: 0,
      lastState: state.terminated(0, 'Completed', { startedS: 50, finishedS: 99 }),
    });
    const cases = casesOf(
      {
        pods: [runningPod([container('app')], [st], deletionS === undefined ? {} : { deletionS })],
        events: [
          unhealthy(LIVE_500, { c: 'app', count: 2, firstS: 90, lastS: 95 }),
          ev('Killing', 'Stopping container app', { c: 'app', lastS: 100 }),
        ],
      },
      ms(100),
    );
    expect(cases.map(brief)).toEqual(
      n === 1
        ? [
            {
              container: 'app',
              probe: 'liveness',
              status: 'failed',
              basis: 'state',
              restarts: 0,
              failures: [LIVE_500],
            },
          ]
        : [],
    );
  });

  it('a running state without startedAt counts every failure as this instance’s', () => {
    const st: ContainerStatus = { name: 'app', ready: false, restartCount: 0, state: { running: {} } };
    const cases = casesOf(
      {
        pods: [runningPod([container('app')], [st])],
        events: [unhealthy(LIVE_500, { c: 'app', lastS: 95 })],
      },
      ms(100),
    );
    expect(cases.map((c) => [c.status, c.failures.length])).toEqual([['progressing', 1]]);
  });

  it('a failure at the very second the instance started is this instance’s', () => {
    const st = cstatus('app', { state: state.running(50), restartCount: 0 });
    const cases = casesOf(
      {
        pods: [runningPod([container('app')], [st])],
        events: [unhealthy(LIVE_500, { c: 'app', lastS: 50 })],
      },
      ms(60),
    );
    expect(cases.map((c) => [c.status, c.at])).toEqual([['progressing', ms(50)]]);
  });

  it('probe-killed before and failing again on a new instance that ran its chance: failed, not progressing', () => {
    const st = cstatus('app', {
      state: state.running(101),
      ready: true,
      restartCount: 1,
      lastState: state.terminated(137, 'Error', { startedS: 90, finishedS: 100 }),
    });
    const cases = casesOf(
      {
        pods: [runningPod([container('app')], [st])],
        events: [
          killing('app', { c: 'app', lastS: 100 }),
          unhealthy(LIVE_500, { c: 'app', count: 2, firstS: 130, lastS: 135 }),
        ],
      },
      ms(140),
    );
    expect(cases.map(brief)).toEqual([
      {
        container: 'app',
        probe: 'liveness',
        status: 'failed',
        basis: 'state',
        restarts: 1,
        failures: [LIVE_500],
      },
    ]);
  });

  it('probe-killed before, now waiting on a config error: not the probe’s case', () => {
    const st = cstatus('app', {
      state: state.waiting('CreateContainerConfigError', 'configmap "app-config" not found'),
      restartCount: 3,
      lastState: state.terminated(137, 'Error', { startedS: 50, finishedS: 100 }),
    });
    const cases = casesOf(
      { pods: [runningPod([container('app')], [st])], events: [killing('app', { c: 'app', lastS: 100 })] },
      ms(110),
    );
    expect(cases).toEqual([]);
  });
});
