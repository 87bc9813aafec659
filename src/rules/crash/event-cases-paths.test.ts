/**
 * The paths of event-cases.ts one by one: which back-off and `Started` events count for which
 * container, when the liveness stage claims the restarts (probeDriven), and the exact crash
 * cases (basis, confidence, evidence, order) built from events alone.
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
import type { Container, EventRecord } from '../../model/index.js';
import type { PodContext } from '../types.js';
import { crashCases, type CrashCase } from './analyse.js';
import { probeDriven, restartBackOffs } from './event-cases.js';

const MIN = 60;
const HOUR = 3600;
/** The reference time, two hours after T0 (seconds). */
const NOW = 2 * HOUR;
const path = (name: string) => `spec.containers{${name}}`;

function ev(
  reason: string,
  message: string,
  count: number,
  firstS: number,
  lastS: number,
  fieldPath?: string,
): EventRecord {
  return event({
    reason,
    message,
    count,
    firstS,
    lastS,
    type: ['BackOff', 'Unhealthy', 'Failed'].includes(reason) ? 'Warning' : 'Normal',
    ...(fieldPath === undefined ? {} : { fieldPath }),
  });
}

/** `Back-off restarting failed container app in pod web-1_default(uid-web-1)` (kubelet 1.22+). */
const backOffMsg = (name: string) =>
  `Back-off restarting failed container ${name} in pod web-1_default(uid-web-1)`;
/** Older kubelets name no container. */
const BACK_OFF_OLD = 'Back-off restarting failed container';
const REFUSED = 'Liveness probe failed: dial tcp 10.36.5.120:9000: getsockopt: connection refused';

/** Restart back-offs, `count` of them, the last `agoS` seconds before NOW. */
const backOffs = (count: number, agoS: number, message = BACK_OFF_OLD, fieldPath?: string) =>
  ev('BackOff', message, count, NOW - HOUR, NOW - agoS, fieldPath);
const started = (count: number, agoS: number, message = 'Started container', fieldPath?: string) =>
  ev('Started', message, count, NOW - HOUR, NOW - agoS, fieldPath);

function ctxOf(parts: SnapshotParts, nowS = NOW): PodContext {
  const ctxs = podContextsOf(snapshot(parts), ms(nowS));
  expect(ctxs).toHaveLength(1);
  return ctxs[0] as PodContext;
}
function casesOf(parts: SnapshotParts, nowS = NOW): readonly CrashCase[] {
  return crashCases(ctxOf(parts, nowS));
}
/** The container each crash case is about ('(unnamed)' when the events name none), in order. */
function containersOf(parts: SnapshotParts, nowS = NOW): string[] {
  return casesOf(parts, nowS).map((c) => c.container?.name ?? '(unnamed)');
}
/** A pod whose spec is in the evidence but whose containers have no status (a pasted manifest). */
const specOnly = (names: string[], extra: Parameters<typeof pod>[0] = {}) =>
  pod({ containers: names.map((n) => container(n)), ...extra });

describe('restartBackOffs: which events are restart back-offs of app containers', () => {
  it.each<[string, EventRecord, string[]]>([
    ['a back-off about spec.containers{app}', backOffs(3, 60, backOffMsg('app'), path('app')), ['app']],
    ['a back-off that names the container in its message only', backOffs(3, 60, backOffMsg('app')), ['app']],
    ['an old back-off naming no container', backOffs(3, 60), ['']],
    [
      'an image pull back-off (same reason BackOff)',
      backOffs(3, 60, 'Back-off pulling image "registry.example/app:1.0"', path('app')),
      [],
    ],
    [
      'a restart back-off of an init container',
      backOffs(3, 60, backOffMsg('migrate'), 'spec.initContainers{migrate}'),
      [],
    ],
    [
      // Synthetic: the kubelet writes this text only under reason BackOff; the reason decides.
      'the restart back-off text under another reason',
      ev('Failed', backOffMsg('app'), 3, NOW - 600, NOW - 60, path('app')),
      [],
    ],
  ])('%s', (_label, e, names) => {
    expect(restartBackOffs(ctxOf({ events: [e] })).map((b) => b.name)).toEqual(names);
  });

  it('an image pull back-off or an init container back-off alone makes no crash case', () => {
    expect(
      containersOf({
        events: [
          backOffs(6, 60, 'Back-off pulling image "registry.example/app:1.0"', path('app')),
          backOffs(6, 60, backOffMsg('migrate'), 'spec.initContainers{migrate}'),
        ],
      }),
    ).toEqual([]);
  });
});

describe('a crash case built from events alone', () => {
  it('carries the loop, the default restart policy, medium confidence and the newest back-off as evidence', () => {
    const bo = backOffs(3, 60, backOffMsg('app'), path('app'));
    expect(casesOf({ events: [bo] })).toEqual([
      {
        reason: 'CrashLoopBackOff',
        container: { name: 'app', type: 'app' },
        basis: 'state',
        spec: undefined,
        status: undefined,
        termination: undefined,
        exitCode: undefined,
        restarts: 3,
        looping: true,
        restartPolicy: 'Always',
        evidence: [
          {
            source: 'event',
            text: `Warning BackOff (x3 over 59m) 60s ago: ${backOffMsg('app')}`,
            at: '2026-01-01T01:59:00Z',
          },
        ],
        at: ms(NOW - 60),
        confidence: 'medium',
      },
    ]);
  });

  it.each([
    ['OnFailure', 'OnFailure'],
    ['Never', 'Never'],
    [undefined, 'Always'],
  ])('restart policy %s is kept as %s', (policy, expected) => {
    const p = specOnly(['app'], policy === undefined ? {} : { spec: { restartPolicy: policy } });
    const cases = casesOf({ pods: [p], events: [backOffs(5, 60, backOffMsg('app'), path('app'))] });
    expect(cases.map((c) => [c.restartPolicy, c.looping])).toEqual([[expected, true]]);
  });

  it.each<[string, number, number, 'state' | 'events', 'medium' | undefined]>([
    ['three back-offs, the last a minute ago: an ongoing loop', 3, 60, 'state', 'medium'],
    ['two back-offs, the last a minute ago: too few for an ongoing loop', 2, 60, 'events', undefined],
    ['five back-offs, the last 9m59s ago: still within the window', 5, 10 * MIN - 1, 'state', 'medium'],
    ['five back-offs, the last exactly 10 minutes ago: history', 5, 10 * MIN, 'events', undefined],
  ])('%s', (_label, count, agoS, basis, confidence) => {
    const cases = casesOf({ events: [backOffs(count, agoS, backOffMsg('app'), path('app'))] });
    expect(cases.map((c) => ({ basis: c.basis, confidence: c.confidence, restarts: c.restarts }))).toEqual([
      { basis, confidence, restarts: count },
    ]);
  });

  it('starts alone quote the newest Started event once', () => {
    const cases = casesOf({ events: [started(72, 3 * MIN, 'Started container', path('app'))] });
    expect(cases.map((c) => [c.fromStarts, c.restarts, c.evidence.map((e) => e.text)])).toEqual([
      [true, 71, ['Normal Started (x72 over 57m) 3m ago: Started container']],
    ]);
  });

  it.each<[string, number, string[]]>([
    [
      'a single start after the back-offs is not quoted',
      1,
      [`Warning BackOff (x5 over 58m) 2m ago: ${backOffMsg('app')}`],
    ],
    [
      'repeated starts are quoted after the back-off',
      6,
      [
        `Warning BackOff (x5 over 58m) 2m ago: ${backOffMsg('app')}`,
        'Normal Started (x6 over 59m) 60s ago: Started container app',
      ],
    ],
  ])('%s', (_label, startCount, texts) => {
    const cases = casesOf({
      events: [
        backOffs(5, 2 * MIN, backOffMsg('app'), path('app')),
        started(startCount, 60, 'Started container app', path('app')),
      ],
    });
    expect(cases.map((c) => c.evidence.map((e) => e.text))).toEqual([texts]);
  });

  it("another container's newer start does not end this container's back-offs", () => {
    const cases = casesOf({
      pods: [specOnly(['app', 'sidecar'])],
      events: [
        ev('BackOff', backOffMsg('app'), 2, NOW - 30 * MIN, NOW - 20 * MIN, path('app')),
        ev('Started', 'Started container sidecar', 3, NOW - 30 * MIN, NOW - 5 * MIN, path('sidecar')),
      ],
    });
    expect(cases.map((c) => [c.container?.name, c.basis, c.restarts])).toEqual([['app', 'events', 2]]);
  });

  it('carries the spec of the container it is about, not the first one', () => {
    const cases = casesOf({
      pods: [specOnly(['sidecar', 'app'])],
      events: [backOffs(5, 60, backOffMsg('app'), path('app'))],
    });
    expect(cases.map((c) => [c.container?.name, c.spec])).toEqual([['app', container('app')]]);
  });

  it('lists the containers in name order, whatever the order of their events', () => {
    expect(
      containersOf({
        events: [
          backOffs(5, 60, backOffMsg('zeta'), path('zeta')),
          backOffs(5, 60, backOffMsg('alpha'), path('alpha')),
        ],
      }),
    ).toEqual(['alpha', 'zeta']);
  });
});

describe('which container back-offs and starts are about', () => {
  const twoContainers = (opts: Parameters<typeof pod>[0] = {}) =>
    pod({ containers: [container('app'), container('sidecar')], ...opts });
  const appRunning = twoContainers({
    phase: 'Running',
    containerStatuses: [cstatus('app', { state: state.running(NOW - HOUR), ready: true })],
  });
  it.each<[string, SnapshotParts, string[]]>([
    [
      'one container, an old back-off naming none: that container',
      { pods: [specOnly(['app'])], events: [backOffs(5, 60)] },
      ['app'],
    ],
    [
      'two containers, an old back-off naming none: unnamed',
      { pods: [twoContainers()], events: [backOffs(5, 60)] },
      ['(unnamed)'],
    ],
    [
      'one container whose spec lost its name (a truncated manifest), an old back-off naming none: unnamed',
      {
        pods: [pod({ containers: [{ image: 'registry.example/app:1.0' } as Container] })],
        events: [backOffs(5, 60)],
      },
      ['(unnamed)'],
    ],
    [
      'one container in the spec, a back-off naming another (an earlier pod of that name): the named one',
      { pods: [specOnly(['app'])], events: [backOffs(5, 60, backOffMsg('worker'))] },
      ['worker'],
    ],
    [
      'one container, `Started container` naming none, six times: that container',
      { pods: [specOnly(['app'])], events: [started(6, 60)] },
      ['app'],
    ],
    [
      'two containers, `Started container` naming none, six times: unnamed',
      { pods: [twoContainers()], events: [started(6, 60)] },
      ['(unnamed)'],
    ],
    [
      'no spec, `Started container` naming none, six times: unnamed',
      { events: [started(6, 60)] },
      ['(unnamed)'],
    ],
    [
      'starts of an init container (fieldPath) are not an app crash',
      { events: [started(6, 60, 'Started container migrate', 'spec.initContainers{migrate}')] },
      [],
    ],
    [
      'back-offs and starts naming an init container of the spec (describe, no fieldPath) are not an app crash',
      {
        pods: [pod({ initContainers: [container('migrate')], containers: [container('app')] })],
        events: [backOffs(5, 60, backOffMsg('migrate')), started(6, 60, 'Started container migrate')],
      },
      [],
    ],
    [
      'an unnamed back-off when a container has a status: left to that container',
      { pods: [appRunning], events: [backOffs(5, 60)] },
      [],
    ],
    [
      'a named back-off of a container without a status, beside one with a status',
      { pods: [appRunning], events: [backOffs(5, 60, backOffMsg('sidecar'))] },
      ['sidecar'],
    ],
    [
      'unnamed starts beside a container with back-offs: only the back-offs',
      { events: [backOffs(5, 60, backOffMsg('app'), path('app')), started(6, 60)] },
      ['app'],
    ],
    [
      'starts of another container beside back-offs: both',
      {
        events: [
          backOffs(5, 60, backOffMsg('app'), path('app')),
          started(6, 60, 'Started container sidecar', path('sidecar')),
        ],
      },
      ['app', 'sidecar'],
    ],
    [
      'four starts are three restarts: an ongoing loop',
      { events: [started(4, 60, 'Started container', path('app'))] },
      ['app'],
    ],
    [
      "a container's starts below the threshold do not hide unnamed starts",
      { events: [started(3, 60, 'Started container app', path('app')), started(6, 30)] },
      ['(unnamed)'],
    ],
  ])('%s', (_label, parts, names) => {
    expect(containersOf(parts)).toEqual(names);
  });
});

describe('restarts the liveness stage claims (probeDriven)', () => {
  const killOf = (name: string) =>
    ev(
      'Killing',
      `Container ${name} failed liveness probe, will be restarted`,
      1,
      NOW - 90,
      NOW - 90,
      path(name),
    );
  it.each<[string, SnapshotParts, string[]]>([
    [
      'two containers, liveness failures naming none (describe): not attributable, the crash stays',
      {
        pods: [specOnly(['app', 'sidecar'])],
        events: [backOffs(5, 60, backOffMsg('app')), ev('Unhealthy', REFUSED, 10, NOW - 50 * MIN, NOW - 70)],
      },
      ['app'],
    ],
    [
      'one container in the spec, liveness failures naming none: they are its, liveness claims the back-offs',
      {
        pods: [specOnly(['app'])],
        events: [
          backOffs(5, 60, backOffMsg('app'), path('app')),
          ev('Unhealthy', REFUSED, 10, NOW - 50 * MIN, NOW - 70),
        ],
      },
      [],
    ],
    [
      'two containers, unnamed back-offs and liveness failures naming none: liveness claims them',
      {
        pods: [specOnly(['app', 'sidecar'])],
        events: [backOffs(5, 60), ev('Unhealthy', REFUSED, 10, NOW - 50 * MIN, NOW - 70)],
      },
      [],
    ],
    [
      "a probe kill of the sidecar does not claim the app's named back-offs",
      {
        pods: [specOnly(['app', 'sidecar'])],
        events: [backOffs(5, 60, backOffMsg('app'), path('app')), killOf('sidecar')],
      },
      ['app'],
    ],
    [
      'a probe kill of any container claims back-offs that name none',
      { pods: [specOnly(['app', 'sidecar'])], events: [backOffs(5, 60), killOf('sidecar')] },
      [],
    ],
    [
      'a Killing that is no probe kill (Stopping container) does not claim back-offs that name none',
      {
        pods: [specOnly(['app', 'sidecar'])],
        events: [
          backOffs(5, 60),
          ev('Killing', 'Stopping container app', 1, NOW - 90, NOW - 90, path('app')),
        ],
      },
      ['(unnamed)'],
    ],
    [
      // Synthetic: the kubelet writes this text only under reason Killing; the reason decides.
      'the probe kill text under another reason does not claim back-offs that name none',
      {
        pods: [specOnly(['app', 'sidecar'])],
        events: [
          backOffs(5, 60),
          ev(
            'Failed',
            'Container sidecar failed liveness probe, will be restarted',
            1,
            NOW - 90,
            NOW - 90,
            path('sidecar'),
          ),
        ],
      },
      ['(unnamed)'],
    ],
  ])('%s', (_label, parts, names) => {
    expect(containersOf(parts)).toEqual(names);
  });

  // Two containers, so Started events without a fieldPath (describe) are not counted for app;
  // only the Killing events then show restarts under the liveness failures.
  const stopsAndFailures = (deletionS?: number): SnapshotParts => ({
    pods: [specOnly(['app', 'sidecar'], deletionS === undefined ? {} : { deletionS })],
    events: [
      started(5, 60, 'Started container app'),
      ev('Unhealthy', REFUSED, 2, NOW - 3 * MIN, NOW - 90, path('app')),
      ev('Killing', 'Stopping container app', 2, NOW - 3 * MIN, NOW - 80, path('app')),
    ],
  });
  it.each<[string, number | undefined, string[]]>([
    ['kills under liveness failures show probe-driven restarts', undefined, []],
    ['a pod being deleted: its kills are the deletion, not restarts', NOW - 30, ['app']],
  ])('%s', (_label, deletionS, names) => {
    expect(containersOf(stopsAndFailures(deletionS))).toEqual(names);
  });

  const running = (lastState: ReturnType<typeof state.terminated>) =>
    pod({
      phase: 'Running',
      containerStatuses: [cstatus('app', { state: state.running(NOW - 60), restartCount: 5, lastState })],
    });
  const failingNow = probeResult(503, { probe: 'liveness', path: '/healthz', atS: NOW - 10 });
  it.each<[string, ReturnType<typeof state.terminated>, string[]]>([
    [
      'killed (137) while the liveness endpoint fails now: liveness',
      state.terminated(137, 'Error', { finishedS: NOW - 61 }),
      [],
    ],
    [
      'exit 1 while the liveness endpoint fails now: the app crashed',
      state.terminated(1, 'Error', { finishedS: NOW - 61 }),
      ['CrashLoopBackOff'],
    ],
    [
      'OOMKilled (137) while the liveness endpoint fails now: OOM',
      state.terminated(137, 'OOMKilled', { finishedS: NOW - 61 }),
      ['OOMKilled'],
    ],
  ])('--probe: %s', (_label, lastState, reasons) => {
    const cases = casesOf({ pods: [running(lastState)], probes: [failingNow] });
    expect(cases.map((c) => c.reason)).toEqual(reasons);
  });

  it.each<[string, boolean, boolean]>([
    ['no status: a probe kill of the container, even before the last run, claims it', false, true],
    ['with a status: a probe kill before the last run (exit 1) does not', true, false],
  ])('%s', (_label, withStatus, expected) => {
    const lastState = state.terminated(1, 'Error', { startedS: NOW - 120, finishedS: NOW - 60 });
    const term = lastState.terminated;
    const ctx = ctxOf({
      pods: [specOnly(['app'])],
      events: [
        ev(
          'Killing',
          'Container app failed liveness probe, will be restarted',
          1,
          NOW - 30 * MIN,
          NOW - 30 * MIN,
          path('app'),
        ),
      ],
    });
    const status = withStatus
      ? cstatus('app', { state: state.running(NOW - 50), restartCount: 1, lastState })
      : undefined;
    expect(probeDriven(ctx, { name: 'app', type: 'app' }, true, status, container('app'), term)).toBe(
      expected,
    );
  });
});
