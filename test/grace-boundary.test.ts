/**
 * The grace boundary through the whole engine: a stage that has not passed for exactly its rule's
 * grace period is failed, 1 ms less is still progressing. The rule's own reading (its since) is
 * later than the stage began, so the engine's re-judging of the time (failure-timing.ts) decides.
 */
import { describe, expect, it } from 'vitest';
import { cond, ms, pod, snapshot } from './builders.js';
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
