/**
 * The scheduler's per-node reasons quoted in a sentence beside a `get pods` table ("stuck in
 * Pending because of `3 node(s) didn't match Pod's node affinity/selector`"): the detail of the
 * FailedScheduling message the scheduler records on the pod, tied to the one Pending pod. Never at
 * the start of a line, where the same words continue a wrapped message.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste, firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');
const TABLE = [
  'NAMESPACE       NAME                                        READY   STATUS      RESTARTS   AGE',
  'ingress-nginx   ingress-nginx-admission-create-5qv4d        0/1     Completed   0          21m',
  'ingress-nginx   ingress-nginx-controller-6bdf7bdbdd-qggpt   0/1     Pending     0          21m',
].join('\n');

describe('per-node scheduling reasons quoted in a sentence', () => {
  it.each([
    ["`3 node(s) didn't match Pod's node affinity/selector`", 'scheduling NodeAffinityMismatch'],
    ['"1 Insufficient memory"', 'scheduling InsufficientResources'],
    [
      '`2 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }`',
      'scheduling UntoleratedTaint',
    ],
    ["`3 node(s) didn't have free ports for the requested pod ports`", 'scheduling HostPortConflict'],
  ])('%s', (quoted, expected) => {
    expect(firstFailure(`The pod is stuck in Pending because of ${quoted}.`, CLOCK)).toBe(expected);
  });

  it('are the one Pending pod of the table beside them', () => {
    const text = `${TABLE}\n\nThe last line is stuck in "Pending" state because of \`3 node(s) didn't match Pod's node affinity/selector\`.`;
    const failed = diagnosePaste(text, CLOCK).diagnoses.filter((d) => d.verdict === 'failed');
    expect(failed.map((d) => `${d.target.name} ${d.stage} ${d.reason}`)).toEqual([
      'ingress-nginx-controller-6bdf7bdbdd-qggpt scheduling NodeAffinityMismatch',
    ]);
  });

  it.each([
    ["  3 node(s) didn't match Pod's node affinity/selector."],
    ["it says '3 node(s) had taints' somewhere"],
  ])('are not read unquoted or in single quotes: %s', (line) => {
    expect(() => diagnosePaste(line, CLOCK)).toThrow(/holds no Kubernetes objects/);
  });
});
