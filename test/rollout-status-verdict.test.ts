/**
 * A CI job's log of a rollout that did not finish, as `handoff -f` judges it: a pod of the workload,
 * its state unknown (the log holds none of it), whose first next step is the workload's describe; a
 * rollout that finished leaves nothing to report.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');

describe('kubectl rollout status output judged', () => {
  it.each([
    [
      'a deployment past its progress deadline',
      [
        '$ kubectl rollout status deployment/api -n prod',
        'Waiting for deployment "api" rollout to finish: 0 of 3 updated replicas are available...',
        'error: deployment "api" exceeded its progress deadline',
      ],
      'kubectl describe deployment api -n prod',
    ],
    [
      'a StatefulSet whose --timeout ran out',
      [
        '+ kubectl rollout status sts/db -n data --timeout=60s',
        'Waiting for 1 pods to be ready...',
        'error: timed out waiting for the condition',
      ],
      'kubectl describe statefulset db -n data',
    ],
  ])('%s: an unknown pod of the workload, the workload described first', (_, lines, step) => {
    const { diagnoses } = diagnosePaste(lines.join('\n'), CLOCK);
    expect(diagnoses.map((d) => [d.target.kind, d.verdict, d.stage])).toEqual([['Pod', 'unknown', null]]);
    // After the sentence that says what POD stands for.
    expect(diagnoses[0]?.nextSteps.slice(1, 2)).toEqual([step]);
  });

  it('two unfinished rollouts: a pod of each, told apart by its workload', () => {
    const text = [
      'Waiting for deployment "a" rollout to finish: 0 of 1 updated replicas are available...',
      'Waiting for deployment "b" rollout to finish: 0 of 1 updated replicas are available...',
    ].join('\n');
    const { diagnoses } = diagnosePaste(text, CLOCK);
    expect(diagnoses.map((d) => [d.target.name, d.nextSteps[1]])).toEqual([
      ['unnamed-pod-of-a', 'kubectl describe deployment a -n default'],
      ['unnamed-pod-of-b', 'kubectl describe deployment b -n default'],
    ]);
    // The made-up names stay words in capitals in a command.
    expect(diagnoses[0]?.nextSteps[2]).toBe('kubectl describe pod POD -n default');
  });

  it('a rollout that finished: no target', () => {
    const text = [
      'Waiting for daemon set "agent" rollout to finish: 2 of 3 updated pods are available...',
      'daemon set "agent" successfully rolled out',
    ].join('\n');
    expect(diagnosePaste(text, CLOCK).diagnoses).toEqual([]);
  });

  it('a pod of no workload whose status the evidence lacks gets no describe of an owner', () => {
    const { diagnoses } = diagnosePaste('error: timed out waiting for the condition on pods/web-0', CLOCK);
    expect(diagnoses[0]?.nextSteps[0]).toBe('kubectl describe pod web-0 -n default');
  });
});
