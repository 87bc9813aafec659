/**
 * The grace boundary through the whole engine: a stage that has not passed for exactly its rule's
 * grace period is failed, 1 ms less is still progressing. Two comparisons decide it: the engine's
 * re-judging of the time (failure-timing.ts) where the stage began before the rule's own since, and
 * the rule's (graceStatus) where the engine dates a repeated check only from first to last failure.
 */
import { describe, expect, it } from 'vitest';
import { cond, cstatus, event, ms, pod, snapshot, state } from './builders.js';
import { RULES } from '../src/rules/index.js';
import { diagnose } from '../src/rules/engine/diagnose.js';

const GATED = 'Scheduling is blocked due to non-empty scheduling gates';
/** scheduling/gated's grace period. */
const GRACE_S = 120;

describe('a scheduling-gated pod at its grace boundary, judged by the whole engine', () => {
  // Created at 0; the scheduler wrote PodScheduled=False SchedulingGated 2 s later, so the rule
  // alone (dating the wait from the condition) would still call it young at 120 s.
  const gated = pod({
    createdS: 0,
    spec: { schedulingGates: [{ name: 'kueue.x-k8s.io/admission' }] },
    conditions: [cond('PodScheduled', 'False', 'SchedulingGated', GATED, 2)],
  });
  const late = 'scheduling has not passed for 2m, longer than its grace period of 2m.';
  it.each([
    ['1 ms before the grace', 'progressing', -1, []],
    ['exactly the grace', 'failed', 0, [late]],
    ['1 ms after the grace', 'failed', 1, [late]],
  ] as const)('%s: %s', (_, verdict, deltaMs, timingNotes) => {
    const { diagnoses } = diagnose(snapshot({ pods: [gated] }), {
      now: ms(GRACE_S) + deltaMs,
      rules: RULES,
    });
    expect(diagnoses).toHaveLength(1);
    const d = diagnoses[0];
    expect({ verdict: d?.verdict, stage: d?.stage, reason: d?.reason, ruleId: d?.ruleId }).toEqual({
      verdict,
      stage: 'scheduling',
      reason: 'SchedulingGated',
      ruleId: 'scheduling/gated',
    });
    expect(d?.chain.find((c) => c.stage === 'scheduling')?.status).toBe(verdict);
    expect(d?.notes.filter((n) => n.startsWith('scheduling has not passed'))).toEqual(timingNotes);
  });
});

describe('a container not ready for exactly its readiness grace, judged by the whole engine', () => {
  // Running since 0, not ready; the kubelet reported two failed readiness probes at 50 s and 55 s.
  // The engine dates a repeated check from its first to its last failure (5 s), so the rule's own
  // grace (60 s without a probe spec, counted from the container's start) decides.
  const unready = 'containers with unready status: [app]';
  const notReady = pod({
    phase: 'Running',
    nodeName: 'node-1',
    startS: 0,
    conditions: [
      cond('PodScheduled', 'True', undefined, undefined, 0),
      cond('Initialized', 'True', undefined, undefined, 0),
      cond('ContainersReady', 'False', 'ContainersNotReady', unready, 0),
      cond('Ready', 'False', 'ContainersNotReady', unready, 0),
    ],
    containerStatuses: [cstatus('app', { state: state.running(0), ready: false, started: true })],
  });
  const probeFailed = event({
    reason: 'Unhealthy',
    message: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
    firstS: 50,
    lastS: 55,
    count: 2,
    source: 'kubelet',
    fieldPath: 'spec.containers{app}',
  });
  it.each([
    ['1 ms before the grace', 'progressing', -1],
    ['exactly the grace', 'failed', 0],
    ['1 ms after the grace', 'failed', 1],
  ] as const)('%s: %s', (_, verdict, deltaMs) => {
    const { diagnoses } = diagnose(snapshot({ pods: [notReady], events: [probeFailed] }), {
      now: ms(60) + deltaMs,
      rules: RULES,
    });
    expect(diagnoses).toHaveLength(1);
    const d = diagnoses[0];
    expect({
      verdict: d?.verdict,
      stage: d?.stage,
      reason: d?.reason,
      ruleId: d?.ruleId,
      container: d?.container,
    }).toEqual({
      verdict,
      stage: 'readiness',
      reason: 'ReadinessProbeFailed',
      ruleId: 'readiness/readiness-probe-failed',
      container: { name: 'app', type: 'app' },
    });
    expect(d?.chain.find((c) => c.stage === 'readiness')?.status).toBe(verdict);
  });
});
