/**
 * The scheduler's per-node reasons quoted in a sentence beside a `get pods` table ("stuck in
 * Pending because of `3 node(s) didn't match Pod's node affinity/selector`"): the detail of the
 * FailedScheduling message the scheduler records on the pod, tied to the one Pending pod. On a line
 * of their own they are read too (the histogram cut from its "0/N nodes are available:"), but never
 * as a new message where a wrapped one goes on.
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

  it("are read on a line of their own, unquoted (the histogram without its '0/N nodes are available:')", () => {
    expect(firstFailure("  3 node(s) didn't match Pod's node affinity/selector.", CLOCK)).toBe(
      'scheduling NodeAffinityMismatch',
    );
  });

  it('never split a wrapped message whose next line starts with them', () => {
    const text = [
      'Events:',
      '  Type     Reason            Age   From               Message',
      '  ----     ------            ----  ----               -------',
      '  Warning  FailedScheduling  3m    default-scheduler  0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: },',
      "3 node(s) didn't match Pod's node affinity/selector, 1 Insufficient cpu.",
    ].join('\n');
    expect(diagnosePaste(text, CLOCK).snapshot.events.map((e) => e.message)).toEqual([
      "0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: },3 node(s) didn't match Pod's node affinity/selector, 1 Insufficient cpu.",
    ]);
  });

  it.each([["it says '3 nodes had problems' somewhere"], ['3 node(s) are fine']])(
    'are not read from words the scheduler does not print: %s',
    (line) => {
      expect(() => diagnosePaste(line, CLOCK)).toThrow(/holds no Kubernetes objects/);
    },
  );
});
