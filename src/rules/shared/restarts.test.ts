import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cstatus, event, ms, state } from '../../../test/builders.js';
import {
  effectiveExitCode,
  lastTermination,
  logEvidence,
  parseRestartBackOff,
  probeDrivenRestart,
  restartingFrequently,
} from './restarts.js';

describe('parseRestartBackOff', () => {
  it('reads the current, old and waiting-message forms', () => {
    expect(parseRestartBackOff('Back-off restarting failed container app in pod web-7d4_default(uid)')).toBe(
      'app',
    );
    expect(parseRestartBackOff('Back-off restarting failed container')).toBe('');
    expect(
      parseRestartBackOff('back-off 5m0s restarting failed container=app pod=web-7d4_default(uid)'),
    ).toBe('app');
    expect(parseRestartBackOff('Back-off pulling image "nginx:latest"')).toBeUndefined();
  });
  it('reads messages a pasted table cut short', () => {
    expect(parseRestartBackOff('Back-off restarting failed contai')).toBe('');
    expect(parseRestartBackOff('Back-off restarting failed')).toBe('');
    expect(parseRestartBackOff('Back-off restarting')).toBe('');
    expect(parseRestartBackOff('Back-off restartin')).toBeUndefined();
    expect(parseRestartBackOff('Back-off pulling im')).toBeUndefined();
  });
  it('round-trips container names and never throws (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,30}[a-z0-9])?$/), fc.string(), (name, rest) => {
        expect(parseRestartBackOff(`Back-off restarting failed container ${name} in pod ${rest}`)).toBe(name);
        parseRestartBackOff(rest);
      }),
    );
  });
});

describe('terminations', () => {
  it('prefers the current termination and folds signals into exit codes', () => {
    const s = cstatus('app', {
      state: state.terminated(2, 'Error'),
      lastState: state.terminated(1, 'Error'),
    });
    expect(lastTermination(s)?.exitCode).toBe(2);
    expect(effectiveExitCode({ exitCode: 0, signal: 9 })).toBe(137);
    expect(effectiveExitCode({ exitCode: 143, signal: 15 })).toBe(143);
  });
  it('counts a running container as looping only with 3+ restarts in the last 10 minutes', () => {
    const recent = cstatus('app', {
      state: state.running(100),
      restartCount: 3,
      lastState: state.terminated(1, 'Error', { finishedS: 99 }),
    });
    expect(restartingFrequently(recent, ms(200))).toBe(true);
    expect(restartingFrequently(recent, ms(99 + 600))).toBe(false);
    expect(restartingFrequently({ ...recent, restartCount: 2 }, ms(200))).toBe(false);
    expect(restartingFrequently(cstatus('app', { restartCount: 9 }), ms(200))).toBe(false);
  });
});

describe('probeDrivenRestart', () => {
  const ref = { name: 'app', type: 'app' as const };
  const kill = event({
    reason: 'Killing',
    type: 'Normal',
    message: 'Container app failed liveness probe, will be restarted',
    lastS: 95,
  });
  it('takes a Killing event during the terminated instance', () => {
    expect(
      probeDrivenRestart(
        [kill],
        ref,
        true,
        { exitCode: 137, startedAt: '2026-01-01T00:00:10Z', finishedAt: '2026-01-01T00:01:40Z' },
        undefined,
      )?.probe,
    ).toBe('liveness');
    expect(probeDrivenRestart([kill], ref, true, undefined, undefined)?.probe).toBe('liveness');
  });
  it('ignores kills of other instances when the last one ended by itself, and OOM kills', () => {
    const later = { startedAt: '2026-01-01T01:00:00Z', finishedAt: '2026-01-01T01:01:00Z' };
    for (const term of [
      { exitCode: 1, reason: 'Error', ...later },
      { exitCode: 2, reason: 'Error', ...later },
      { exitCode: 128, reason: 'StartError', ...later },
      { exitCode: 137, reason: 'OOMKilled', ...later },
      { exitCode: 137, reason: 'OOMKilled' },
    ])
      expect(probeDrivenRestart([kill], ref, true, term, undefined), JSON.stringify(term)).toBeUndefined();
  });
  it('takes a kill of an earlier instance when the last one ended as a kill ends (its event not updated since)', () => {
    const later = { startedAt: '2026-01-01T01:00:00Z', finishedAt: '2026-01-01T01:01:00Z' };
    for (const term of [
      { exitCode: 137, reason: 'Error', ...later },
      { exitCode: 143, reason: 'Error', ...later },
      { exitCode: 0, reason: 'Completed', ...later },
      { exitCode: 0, signal: 9, ...later },
    ])
      expect(probeDrivenRestart([kill], ref, true, term, undefined)?.probe, JSON.stringify(term)).toBe(
        'liveness',
      );
  });
});

describe('logEvidence', () => {
  it('quotes the last non-empty lines of the previous log first', () => {
    const lines = ['1', '2', '3', '4', '5', '6', ''];
    const logs = [
      { namespace: 'default', pod: 'web-1', container: 'app', previous: false, lines: ['current'] },
      { namespace: 'default', pod: 'web-1', container: 'app', previous: true, lines },
    ];
    expect(logEvidence(logs, 'app').map((e) => e.text)).toEqual(
      ['2', '3', '4', '5', '6'].map((l) => `logs[app] (previous): ${l}`),
    );
    expect(logEvidence(logs, 'other')).toEqual([]);
  });
});
