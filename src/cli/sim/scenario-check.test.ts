import { describe, expect, it } from 'vitest';
import type { Diagnosis, ReasonCode, StageId, Verdict } from '../../model/index.js';
import type { Expectation } from '../../simulator/scenario/types.js';
import { checkExpectation, formatExpectation } from './scenario-check.js';

function diagnosis(
  name: string,
  verdict: Verdict,
  stage: StageId | null = null,
  reason: ReasonCode | null = null,
): Diagnosis {
  return {
    target: { kind: 'Pod', namespace: 'shop', name },
    verdict,
    stage,
    reason,
    ruleId: null,
    container: null,
    summary: '',
    confidence: 'high',
    evidence: [],
    nextSteps: [],
    chain: [],
    notes: [],
  };
}

const pullFailed = diagnosis('web', 'failed', 'image-pull', 'ImageNotFound');
const healthyDb = diagnosis('db', 'healthy');
const all = [pullFailed, healthyDb];

describe('checkExpectation', () => {
  // [case, diagnoses, expectation, ok, words the detail must name]
  const table: [string, Diagnosis[], Expectation, boolean, string[]][] = [
    ['the right stage and reason', all, { stage: 'image-pull', reason: 'ImageNotFound' }, true, []],
    [
      'the right stage and reason of a named target',
      all,
      { target: 'pod/web', stage: 'image-pull', reason: 'ImageNotFound' },
      true,
      [],
    ],
    ['the right verdict', [healthyDb], { verdict: 'healthy' }, true, []],
    [
      'the right progressing verdict',
      [diagnosis('web', 'progressing', 'image-pull', 'PullBackOff'), healthyDb],
      { verdict: 'progressing' },
      true,
      [],
    ],
    [
      'a wrong stage',
      all,
      { stage: 'scheduling', reason: 'InsufficientResources' },
      false,
      ['stage differs', 'image-pull', 'not scheduling'],
    ],
    [
      'a wrong reason of the right stage',
      all,
      { stage: 'image-pull', reason: 'RegistryUnauthorized' },
      false,
      ['reason differs', 'ImageNotFound', 'not RegistryUnauthorized'],
    ],
    [
      'a failure expected where everything is healthy',
      [healthyDb],
      { stage: 'image-pull', reason: 'ImageNotFound' },
      false,
      ['verdict differs', 'nothing failed', 'pod/db: healthy'],
    ],
    [
      'healthy expected where a pod failed',
      all,
      { verdict: 'healthy' },
      false,
      ['verdict differs from healthy', 'pod/web: failed image-pull/ImageNotFound'],
    ],
    [
      'progressing expected where a pod failed',
      all,
      { verdict: 'progressing' },
      false,
      ['verdict differs from progressing'],
    ],
    [
      'progressing expected where all are healthy',
      [healthyDb],
      { verdict: 'progressing' },
      false,
      ['verdict differs from progressing'],
    ],
    [
      'the failure expected of the wrong target',
      all,
      { target: 'pod/db', stage: 'image-pull', reason: 'ImageNotFound' },
      false,
      ['verdict differs', 'pod/db: healthy'],
    ],
    [
      'a missing target',
      all,
      { target: 'pod/cache', stage: 'image-pull', reason: 'ImageNotFound' },
      false,
      ['target pod/cache is not among the diagnoses'],
    ],
    [
      'a missing target of a verdict',
      all,
      { target: 'deploy/cache', verdict: 'healthy' },
      false,
      ['target deploy/cache is not among the diagnoses'],
    ],
    [
      'a second failure for another reason',
      [pullFailed, diagnosis('api', 'failed', 'scheduling', 'InsufficientResources')],
      { stage: 'image-pull', reason: 'ImageNotFound' },
      false,
      ['stage differs: scheduling, not image-pull'],
    ],
    ['no diagnoses at all', [], { verdict: 'healthy' }, false, ['no targets']],
  ];

  it.each(table)('%s', (_, diagnoses, expectation, ok, words) => {
    const r = checkExpectation(diagnoses, expectation);
    expect(r.ok, `${formatExpectation(expectation)}: ${r.detail}`).toBe(ok);
    expect(r.expectation).toBe(expectation);
    if (ok) expect(r.detail).toBe('');
    else expect(r.detail).not.toBe('');
    for (const w of words) expect(r.detail).toContain(w);
  });
});
