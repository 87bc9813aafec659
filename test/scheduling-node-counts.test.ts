/**
 * Scheduler messages with node counts of two and three digits through the whole diagnosis: the
 * total (`0/12`) and each reason's count (`12 MatchNodeSelector`) decide which filter the fix must
 * address, so a count read short changes the reason. Reasons are in the scheduler's own order
 * (sorted as strings).
 */
import { describe, expect, it } from 'vitest';
import { ms, pod, snapshot, unschedulable } from './builders.js';
import { RULES } from '../src/rules/index.js';
import { diagnose } from '../src/rules/engine/diagnose.js';

describe('an unschedulable pod whose scheduler message counts nodes in two and three digits', () => {
  it.each([
    [
      // 1.8-1.9 listed every failed predicate of a node: the selector alone rules out all 12 nodes.
      '1.8-1.9 predicates, the selector accounts for all 12 nodes',
      'NodeAffinityMismatch',
      '0/12 nodes are available: 1 Insufficient memory, 12 MatchNodeSelector.',
      "No node matches the pod's node selector or required node affinity (1 Insufficient memory, 12 MatchNodeSelector).",
    ],
    [
      '1.8-1.9 predicates, the selector accounts for all 150 nodes',
      'NodeAffinityMismatch',
      '0/150 nodes are available: 1 Insufficient cpu, 150 MatchNodeSelector.',
      "No node matches the pod's node selector or required node affinity (1 Insufficient cpu, 150 MatchNodeSelector).",
    ],
    [
      'FitError, host ports fail 12 of 13 nodes',
      'HostPortConflict',
      "0/13 nodes are available: 1 Insufficient cpu, 12 node(s) didn't have free ports for the requested pod ports.",
      "No node has the pod's host port (see the pod spec) free (1 Insufficient cpu, 12 node(s) didn't have free ports for the requested pod ports).",
    ],
  ] as const)('%s: %s', (_, reason, message, summary) => {
    const { diagnoses } = diagnose(snapshot({ pods: [pod({ conditions: [unschedulable(message, 0)] })] }), {
      now: ms(600),
      rules: RULES,
    });
    expect(diagnoses).toHaveLength(1);
    const d = diagnoses[0];
    expect({ verdict: d?.verdict, stage: d?.stage, reason: d?.reason, ruleId: d?.ruleId }).toEqual({
      verdict: 'failed',
      stage: 'scheduling',
      reason,
      ruleId: 'scheduling/unschedulable',
    });
    expect(d?.summary).toBe(summary);
  });
});
