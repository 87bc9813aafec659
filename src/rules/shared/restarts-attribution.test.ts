import { describe, expect, it } from 'vitest';
import { at, container, cstatus, event, state } from '../../../test/builders.js';
import type { ContainerStateTerminated, EventRecord } from '../../model/index.js';
import {
  effectiveExitCode,
  logEvidence,
  parseRestartBackOff,
  probeDrivenRestart,
  restartingFrequently,
  restartsShown,
  restartsShownByBackOff,
  terminationEvidence,
} from './restarts.js';

const ref = { name: 'app', type: 'app' as const };
const KILL_MSG = 'Container app failed liveness probe, will be restarted';
const kill = (firstS: number, lastS = firstS): EventRecord =>
  event({ reason: 'Killing', type: 'Normal', message: KILL_MSG, firstS, lastS });
const unhealthy = (probe: 'Liveness' | 'Startup', s: number): EventRecord =>
  event({
    reason: 'Unhealthy',
    message: `${probe} probe failed: HTTP probe failed with statuscode: 503`,
    lastS: s,
  });

describe('effectiveExitCode', () => {
  it.each<[string, ContainerStateTerminated, number | undefined]>([
    ['signal only, no code', { signal: 9 }, 137],
    ['signal 15 with code 0', { exitCode: 0, signal: 15 }, 143],
    ['own non-zero code wins over a signal', { exitCode: 1, signal: 9 }, 1],
    ['signal 0 is no signal', { exitCode: 0, signal: 0 }, 0],
    ['no code, Completed', { reason: 'Completed' }, 0],
    ['no code, Error', { reason: 'Error' }, undefined],
    ['nothing at all', {}, undefined],
    ['plain code', { exitCode: 2, reason: 'Error' }, 2],
  ])('%s', (_, term, code) => {
    expect(effectiveExitCode(term)).toBe(code);
  });
});

describe('restartingFrequently edge cases', () => {
  it('is false without a status', () => {
    expect(restartingFrequently(undefined, 0)).toBe(false);
  });
  it('is false when a waiting container has no finish time and no running start', () => {
    const s = cstatus('app', {
      state: state.waiting('CrashLoopBackOff'),
      restartCount: 5,
      lastState: state.terminated(1, 'Error'),
    });
    expect(restartingFrequently(s, Date.parse(at(10)))).toBe(false);
  });
});

describe('probeDrivenRestart: which Killing events belong to the terminated instance', () => {
  // The instance ran from 100 s to 200 s and exited on its own (code 1): only a kill event
  // overlapping it (60 s slack after, 1 s before) makes the restart probe-driven.
  const term: ContainerStateTerminated = {
    exitCode: 1,
    reason: 'Error',
    startedAt: at(100),
    finishedAt: at(200),
  };
  it.each<[string, EventRecord, boolean]>([
    ['inside the instance', kill(150), true],
    ['exactly 60 s after the finish', kill(260), true],
    ['61 s after the finish', kill(261), false],
    ['last seen 1 s before the start', kill(50, 99), true],
    ['last seen 2 s before the start', kill(50, 98), false],
    ['first seen inside, last seen long after', kill(150, 900), true],
    ['first seen long before, last seen inside', kill(10, 150), true],
  ])('%s', (_, e, probeDriven) => {
    const got = probeDrivenRestart([e], ref, true, term, undefined);
    if (probeDriven) expect(got).toEqual({ probe: 'liveness', events: [e] });
    else expect(got).toBeUndefined();
  });
  it('counts a Killing event with no time at all', () => {
    const e: EventRecord = { ...kill(150) };
    delete (e as { first?: number }).first;
    delete (e as { last?: number }).last;
    expect(probeDrivenRestart([e], ref, true, term, undefined)).toEqual({ probe: 'liveness', events: [e] });
  });
  it('keeps only the overlapping kills when the instance ended by itself', () => {
    const inside = kill(150);
    expect(probeDrivenRestart([kill(10, 20), inside], ref, true, term, undefined)).toEqual({
      probe: 'liveness',
      events: [inside],
    });
  });
  it('reports every earlier kill when the last instance ended as a kill ends', () => {
    const k1 = kill(10, 20);
    const k2 = kill(30, 40);
    expect(probeDrivenRestart([k1, k2], ref, true, { ...term, exitCode: 137 }, undefined)).toEqual({
      probe: 'liveness',
      events: [k1, k2],
    });
  });
  it.each<[string, ContainerStateTerminated]>([
    [
      'StartError with code 0',
      { exitCode: 0, reason: 'StartError', startedAt: at(1000), finishedAt: at(1000) },
    ],
    [
      'ContainerCannotRun with code 137',
      { exitCode: 137, reason: 'ContainerCannotRun', startedAt: at(1000), finishedAt: at(1000) },
    ],
  ])('never blames an earlier kill for a container that never ran (%s)', (_, t) => {
    expect(probeDrivenRestart([kill(10)], ref, true, t, undefined)).toBeUndefined();
  });
});

describe('probeDrivenRestart: Unhealthy failures right before a kill exit', () => {
  const term = (exitCode: number): ContainerStateTerminated => ({
    exitCode,
    reason: 'Error',
    startedAt: at(0),
    finishedAt: at(1000),
  });
  it.each<[string, 'Liveness' | 'Startup', number, 'liveness' | 'startup']>([
    ['liveness, exit 137', 'Liveness', 137, 'liveness'],
    ['liveness, exit 143', 'Liveness', 143, 'liveness'],
    ['startup, exit 137', 'Startup', 137, 'startup'],
  ])('%s', (_, probe, code, want) => {
    const f = unhealthy(probe, 900);
    expect(probeDrivenRestart([f], ref, true, term(code), undefined)).toEqual({ probe: want, events: [f] });
  });
  it('needs a kill exit code', () => {
    expect(probeDrivenRestart([unhealthy('Liveness', 900)], ref, true, term(1), undefined)).toBeUndefined();
    expect(probeDrivenRestart([unhealthy('Liveness', 900)], ref, true, term(0), undefined)).toBeUndefined();
  });
  it('needs a failure event', () => {
    expect(probeDrivenRestart([], ref, true, term(137), undefined)).toBeUndefined();
  });
  it('takes the newest failure for the probe and lists them all', () => {
    const evs = [unhealthy('Liveness', 900), unhealthy('Liveness', 950), unhealthy('Startup', 990)];
    expect(probeDrivenRestart(evs, ref, true, term(137), undefined)).toEqual({
      probe: 'startup',
      events: evs,
    });
  });
  it('looks back 120 s without a probe spec', () => {
    const near = unhealthy('Liveness', 1000 - 100);
    expect(probeDrivenRestart([near], ref, true, term(137), undefined)?.events).toEqual([near]);
    expect(
      probeDrivenRestart([unhealthy('Liveness', 1000 - 125)], ref, true, term(137), undefined),
    ).toBeUndefined();
    expect(
      probeDrivenRestart([unhealthy('Liveness', 1500)], ref, true, term(137), undefined),
    ).toBeUndefined();
  });
  it('looks back the whole failure budget of a longer liveness or startup probe (3 x 60 s = 180 s)', () => {
    const slow = { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 60, failureThreshold: 3 };
    const f = unhealthy('Liveness', 1000 - 170);
    expect(
      probeDrivenRestart([f], ref, true, term(137), container('app', { livenessProbe: slow }))?.events,
    ).toEqual([f]);
    expect(
      probeDrivenRestart([f], ref, true, term(137), container('app', { startupProbe: slow }))?.events,
    ).toEqual([f]);
    expect(
      probeDrivenRestart(
        [unhealthy('Liveness', 1000 - 185)],
        ref,
        true,
        term(137),
        container('app', { livenessProbe: slow }),
      ),
    ).toBeUndefined();
  });
});

describe('terminationEvidence', () => {
  it('names the init field, the state, the signal and both times', () => {
    const t: ContainerStateTerminated = {
      exitCode: 0,
      reason: 'Completed',
      signal: 15,
      startedAt: at(1),
      finishedAt: at(2),
    };
    const s = cstatus('setup', { state: { terminated: t }, restartCount: 2 });
    expect(terminationEvidence({ name: 'setup', type: 'init' }, s, t)).toEqual({
      source: 'status',
      text: `initContainerStatuses[setup].state.terminated: Completed, exit code 0, signal 15, started ${at(1)}, finished ${at(2)}; restartCount 2`,
      at: at(2),
    });
  });
  it('says what is missing and leaves out a zero signal and absent times', () => {
    const t: ContainerStateTerminated = { signal: 0 };
    const s = cstatus('app', { lastState: { terminated: t } });
    expect(terminationEvidence(ref, s, t)).toEqual({
      source: 'status',
      text: 'containerStatuses[app].lastState.terminated: (no reason), exit code unknown; restartCount 0',
    });
  });
});

describe('logEvidence: which log is the container', () => {
  const log = (c: string, lines: string[]) => ({
    namespace: 'default',
    pod: 'web-1',
    container: c,
    previous: true,
    lines,
  });
  it('takes the only log for an unnamed container, and nothing for a different name', () => {
    expect(logEvidence([log('app', ['boom'])], '').map((e) => e.text)).toEqual([
      'logs[app] (previous): boom',
    ]);
    expect(logEvidence([log('app', ['boom'])], 'other')).toEqual([]);
    expect(logEvidence([log('app', ['boom']), log('side', ['x'])], '')).toEqual([]);
  });
  it('drops whitespace-only lines', () => {
    expect(logEvidence([log('app', ['boom', '   ', '\t'])], 'app').map((e) => e.text)).toEqual([
      'logs[app] (previous): boom',
    ]);
  });
});

describe('parseRestartBackOff with surrounding whitespace', () => {
  it('trims the message first', () => {
    expect(
      parseRestartBackOff('  Back-off restarting failed container app in pod web-1_default(uid)\n'),
    ).toBe('app');
  });
});

describe("the restarts the kubelet's back-off delay shows (a describe cut before its Restart Count)", () => {
  const T0 = Date.parse('2024-09-28T00:00:00Z');
  const iso = (s: number): string => new Date(T0 + s * 1000).toISOString();
  /** Ran `ran` seconds, exited, and was started again `gap` seconds later; restartCount as pasted (0 when cut). */
  const status = (ran: number, gap: number, restartCount = 0) => ({
    name: 'app',
    ready: false,
    restartCount,
    state: { running: { startedAt: iso(ran + gap) } },
    lastState: {
      terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: iso(0), finishedAt: iso(ran) },
    },
  });
  it.each([
    ['restarted at once', 60, 1, 0],
    ['after the first delay (10 s + a sync)', 60, 18, 0],
    ['after 20 s', 60, 31, 2],
    ['after 40 s', 60, 52, 3],
    ['after 80 s', 60, 92, 4],
    ['after 160 s', 60, 172, 5],
    ['at the 300 s cap', 60, 303, 5],
    ['a last run past the 10-minute reset', 700, 303, 0],
  ])('%s: %i s run, %i s gap, %i restarts in a row at least', (_name, ran, gap, restarts) => {
    expect(restartsShownByBackOff(status(ran, gap))).toBe(restarts);
  });

  it('a count the status gives wins when it is higher', () => {
    expect(restartsShown(status(60, 303, 9))).toBe(9);
    expect(restartsShown(status(60, 303, 0))).toBe(5);
  });

  it('times it lacks show nothing', () => {
    const s = status(60, 303);
    expect(
      restartsShownByBackOff({ ...s, lastState: { terminated: { exitCode: 137, finishedAt: iso(60) } } }),
    ).toBe(0);
    expect(restartsShownByBackOff({ ...s, state: { running: {} } })).toBe(0);
    expect(restartsShownByBackOff(undefined)).toBe(0);
  });

  it('a container back at work after a capped back-off, its last exit minutes ago, is still restarting', () => {
    expect(restartingFrequently(status(60, 303), T0 + 400_000)).toBe(true);
    expect(restartingFrequently(status(60, 1), T0 + 400_000)).toBe(false);
  });
});
