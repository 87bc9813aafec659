/** The pieces of `handoff check` that need no scenario: targets, states, SLO, annotations. */
import { describe, expect, it } from 'vitest';
import {
  escapeData,
  escapeProperty,
  githubAnnotations,
  offset,
  progressJson,
  progressLine,
} from '../../src/cli/check/output.js';
import { applySlo, isSloFailure } from '../../src/cli/check/slo.js';
import { CheckTracker } from '../../src/cli/check/state.js';
import { pollPause } from '../../src/cli/check/sources.js';
import { selectForCheck } from '../../src/cli/check/targets.js';
import { parseTarget } from '../../src/cli/pipeline/scope.js';
import type { Diagnosis } from '../../src/model/index.js';
import { diagnose } from '../../src/rules/engine/index.js';
import { RULES } from '../../src/rules/index.js';
import { ms, pod, runningPod, snapshot, workload } from '../builders.js';

const healthy = (name: string, sloMs?: number): Diagnosis => ({
  target: { kind: 'Pod', namespace: 'shop', name },
  verdict: 'healthy',
  stage: null,
  reason: null,
  ruleId: null,
  container: null,
  summary: 'Running and Ready.',
  confidence: 'high',
  evidence: [],
  nextSteps: [],
  chain: [
    { stage: 'scheduling', status: 'passed', durationMs: 1000 },
    { stage: 'volumes', status: 'passed', durationMs: 4000 },
    { stage: 'image-pull', status: 'passed', durationMs: 9000 },
    { stage: 'readiness', status: 'passed', durationMs: 20000 },
  ],
  notes: [],
  ...(sloMs === undefined
    ? {}
    : {
        startup: {
          createdAt: '2026-01-01T00:00:00Z',
          startedAt: '2026-01-01T00:00:15Z',
          totalMs: 15_000,
          imagePullMs: 9_000,
          initMs: 0,
          sloMs,
        },
      }),
});

describe('selectForCheck', () => {
  const deploy = workload({ kind: 'Deployment', name: 'web', namespace: 'shop' });

  it('waits on a workload that has no pods yet instead of passing an empty moment', () => {
    const snap = snapshot({ workloads: [deploy] });
    const all = selectForCheck([], snap, { targets: [], strict: true });
    expect(all.map((d) => [d.target.kind, d.target.name, d.verdict])).toEqual([
      ['Deployment', 'web', 'progressing'],
    ]);
    const named = selectForCheck([], snap, { targets: [parseTarget('deploy/web')], strict: true });
    expect(named[0]?.summary).toBe('Deployment web has no pods yet.');
  });

  it('does not wait on a workload scaled to zero or a Job that is complete', () => {
    const zero = { ...deploy, spec: { ...deploy.spec, replicas: 0 } };
    const job = workload({
      kind: 'Job',
      name: 'migrate',
      namespace: 'shop',
      conditions: [{ type: 'Complete', status: 'True' }],
    });
    expect(selectForCheck([], snapshot({ workloads: [zero, job] }), { targets: [], strict: true })).toEqual(
      [],
    );
  });

  it('a TARGET nowhere in the evidence is a usage error at the first look only', () => {
    const snap = snapshot({ pods: [runningPod({ namespace: 'shop' })] });
    expect(() => selectForCheck([], snap, { targets: [parseTarget('deploy/nope')], strict: true })).toThrow(
      /deploy\/nope: not found in the evidence/,
    );
    expect(selectForCheck([], snap, { targets: [parseTarget('deploy/nope')], strict: false })).toEqual([]);
  });
});

describe('applySlo', () => {
  it('leaves a pod within budget alone', () => {
    const d = healthy('a', 4000);
    expect(applySlo(d, 5000)).toBe(d);
    expect(applySlo(d, undefined)).toBe(d);
  });

  it('fails a pod over budget at the slowest startup stage (not image-pull, not readiness)', () => {
    const d = applySlo(healthy('a', 6000), 5000);
    expect(isSloFailure(d)).toBe(true);
    expect(d).toMatchObject({ verdict: 'failed', stage: 'volumes', reason: null, ruleId: null });
    expect(d.evidence.map((e) => e.text)).toContain(
      'startup 15.0s total − 9.0s image pulls − 0.0s init containers = 6.0s (budget 5.0s)',
    );
  });
});

describe('CheckTracker', () => {
  const snap = snapshot({ pods: [runningPod({ name: 'a', namespace: 'shop' })] });

  it('counts a Ready pod as ready only after it stayed Ready for the settle window', () => {
    const tracker = new CheckTracker({ sloMs: undefined, settleMs: 10_000 });
    const first = tracker.evaluate([healthy('a')], snap, ms(0), 0);
    expect(first.statuses[0]?.state).toBe('waiting');
    expect(tracker.evaluate([healthy('a')], snap, ms(9), 9_000).changes).toEqual([]);
    const settled = tracker.evaluate([healthy('a')], snap, ms(10), 10_000);
    expect(settled.statuses[0]).toMatchObject({ state: 'ready', since: 10_000 });
    expect(settled.changes).toHaveLength(1);
  });

  it('reports a target that disappeared as gone', () => {
    const tracker = new CheckTracker({ sloMs: undefined, settleMs: 0 });
    tracker.evaluate([healthy('a'), healthy('b')], snap, ms(0), 0);
    const next = tracker.evaluate([healthy('a')], snap, ms(1), 1_000);
    expect(next.gone.map((d) => d.target.name)).toEqual(['b']);
  });

  it('judges a real diagnosis: a missing ConfigMap becomes definite only after persisting', () => {
    const tracker = new CheckTracker({ sloMs: undefined, settleMs: 0 });
    const d: Diagnosis = {
      ...healthy('a'),
      verdict: 'failed',
      stage: 'container-config',
      reason: 'ConfigMapMissing',
      ruleId: 'container-config/missing-env-source',
    };
    expect(tracker.evaluate([d], snap, ms(0), 0).statuses[0]?.state).toBe('failed');
    expect(tracker.evaluate([d], snap, ms(60), 60_000).statuses[0]?.state).toBe('failed');
    expect(tracker.evaluate([d], snap, ms(90), 90_000).statuses[0]).toMatchObject({
      state: 'definite',
      since: 90_000,
    });
  });

  // The evidence's first-seen time (the failed chain entry's `at`), not the check's start, starts the clock.
  it.each([
    ['20 minutes before the check', -20 * 60, 'definite', 'failing for 20m'],
    ['90 s before the check', -90, 'definite', 'failing for 90s'],
    ['10 s before the check', -10, 'failed', 'failing for 10s; definite after 90s'],
    ['not dated by the evidence', undefined, 'failed', 'failing for 0s; definite after 90s'],
  ] as const)('a missing ConfigMap first seen %s is judged from then', (_, firstSeenS, state, why) => {
    const tracker = new CheckTracker({ sloMs: undefined, settleMs: 0 });
    const d: Diagnosis = {
      ...healthy('a'),
      verdict: 'failed',
      stage: 'container-config',
      reason: 'ConfigMapMissing',
      ruleId: 'container-config/missing-env-source',
      chain: [
        {
          stage: 'container-config',
          status: 'failed',
          ...(firstSeenS === undefined
            ? {}
            : { at: new Date(ms(20 * 60) + firstSeenS * 1000).toISOString() }),
        },
      ],
    };
    expect(tracker.evaluate([d], snap, ms(20 * 60), 0).statuses[0]).toMatchObject({ state, why });
  });

  it('a failed attempt of a Job that then completed counts as ready; while the Job runs it does not', () => {
    const attempt = pod({
      name: 'a',
      namespace: 'shop',
      phase: 'Failed',
      owner: { kind: 'Job', name: 'migrate' },
    });
    const d: Diagnosis = {
      ...healthy('a'),
      verdict: 'failed',
      stage: 'crash',
      reason: 'ExitNonZero',
      ruleId: 'crash/exit-non-zero',
    };
    const job = (conditions: { type: string; status: string }[]) =>
      workload({ kind: 'Job', name: 'migrate', namespace: 'shop', conditions });
    const running = new CheckTracker({ sloMs: undefined, settleMs: 0 });
    const snapRunning = snapshot({ pods: [attempt], workloads: [job([])] });
    expect(running.evaluate([d], snapRunning, ms(60), 60_000).statuses[0]).toMatchObject({
      state: 'failed',
      why: 'the pod failed; Job migrate may still retry',
    });
    const done = snapshot({ pods: [attempt], workloads: [job([{ type: 'Complete', status: 'True' }])] });
    expect(running.evaluate([d], done, ms(61), 61_000).statuses[0]).toMatchObject({
      state: 'ready',
      why: 'an earlier attempt of Job migrate, which completed',
    });
  });

  it('gets startup from the engine for pods (Diagnosis.startup)', () => {
    const d = diagnose(snap, { now: ms(10), rules: RULES }).diagnoses[0];
    expect(d?.startup).toEqual({
      createdAt: '2026-01-01T00:00:00Z',
      startedAt: '2026-01-01T00:00:03Z',
      totalMs: 3_000,
      imagePullMs: 0,
      initMs: 0,
      sloMs: 3_000,
    });
  });
});

describe('GitHub annotations', () => {
  it('escapes data (% CR LF) and properties (also : and ,) per the workflow-command rules', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeProperty('a: b, c%\n')).toBe('a%3A b%2C c%25%0A');
  });

  it('prints ::error for failures, ::warning for targets still waiting, nothing for ready ones', () => {
    const failed: Diagnosis = {
      ...healthy('bad'),
      verdict: 'failed',
      stage: 'crash',
      reason: 'OOMKilled',
      summary: 'Killed: 100% of\nmemory',
      nextSteps: ['kubectl describe pod bad -n shop'],
    };
    const lines = githubAnnotations([
      { key: 'a', diagnosis: failed, state: 'definite', why: '', since: 0 },
      {
        key: 'b',
        diagnosis: { ...healthy('slow'), verdict: 'progressing' },
        state: 'waiting',
        why: '',
        since: 0,
      },
      { key: 'c', diagnosis: healthy('ok'), state: 'ready', why: '', since: 0 },
    ]);
    expect(lines).toEqual([
      '::error title=handoff%3A crash/OOMKilled pod shop/bad::pod shop/bad: Killed: 100%25 of%0Amemory%0Anext: kubectl describe pod bad -n shop',
      '::warning title=handoff%3A pod shop/slow::pod shop/slow: Running and Ready.',
    ]);
  });

  it('formats offsets like a CI log', () => {
    expect([offset(0), offset(14_400), offset(119_000), offset(173_000), offset(300_000)]).toEqual([
      '+0s',
      '+14s',
      '+119s',
      '+2m53s',
      '+5m',
    ]);
  });
});

describe('progress output', () => {
  it('strips terminal escapes from cluster text in lines and JSON lines alike', () => {
    const d: Diagnosis = {
      ...healthy('a'),
      verdict: 'progressing',
      summary: 'pulling \u001b]0;pwned\u0007 image',
    };
    const change = {
      status: { key: 'k', diagnosis: d, state: 'waiting' as const, why: 'x\u001b[2J', since: 0 },
      from: undefined,
    };
    const json = progressJson(1000, change);
    expect(json).not.toContain('\\u001b');
    expect(JSON.parse(json)).toMatchObject({
      type: 'progress',
      offsetMs: 1000,
      summary: 'pulling  image',
      why: 'x',
    });
    expect(progressLine(1000, change)).toBe('[+1s] pod shop/a  waiting: progressing');
  });
});

describe('pollPause (live polling)', () => {
  it('waits out the interval from the start of the last collection', () => {
    expect(pollPause(2000, 100, 100)).toBe(1900);
    expect(pollPause(2000, 100, 2500)).toBe(0);
  });

  it('after a long collection, pauses at least as long as it took', () => {
    // A 30 s collection that just ended: wait 30 s more, not 0.
    expect(pollPause(2000, 30_000, 30_000)).toBe(30_000);
  });
});
