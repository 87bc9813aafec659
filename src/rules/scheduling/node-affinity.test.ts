import { describe, expect, it } from 'vitest';
import { formatNodeSelector, pvNodeAffinity, requiredPodNodeAffinity } from './node-affinity.js';

const zoneIn = (...zones: unknown[]) => ({
  key: 'topology.kubernetes.io/zone',
  operator: 'In',
  values: zones,
});

describe('formatNodeSelector', () => {
  it.each<[string, unknown, string | undefined]>([
    ['not an object', 'x', undefined],
    ['null', null, undefined],
    ['no terms', {}, undefined],
    ['terms not a list', { nodeSelectorTerms: { matchExpressions: [] } }, undefined],
    ['an empty list of terms', { nodeSelectorTerms: [] }, undefined],
    [
      'only empty or malformed terms',
      { nodeSelectorTerms: [{}, null, 'x', { matchExpressions: [] }] },
      undefined,
    ],
    [
      'one expression with values',
      { nodeSelectorTerms: [{ matchExpressions: [zoneIn('us-east-1a', 'us-east-1b')] }] },
      'topology.kubernetes.io/zone In [us-east-1a, us-east-1b]',
    ],
    [
      'an operator without values',
      { nodeSelectorTerms: [{ matchExpressions: [{ key: 'gpu', operator: 'Exists' }] }] },
      'gpu Exists',
    ],
    [
      'an empty values list is left out',
      { nodeSelectorTerms: [{ matchExpressions: [{ key: 'gpu', operator: 'DoesNotExist', values: [] }] }] },
      'gpu DoesNotExist',
    ],
    [
      'values that are not strings are dropped',
      { nodeSelectorTerms: [{ matchExpressions: [zoneIn('us-east-1a', 7, null)] }] },
      'topology.kubernetes.io/zone In [us-east-1a]',
    ],
    [
      'values that are all not strings: as without values',
      { nodeSelectorTerms: [{ matchExpressions: [zoneIn(7)] }] },
      'topology.kubernetes.io/zone In',
    ],
    [
      'values that are not a list are ignored',
      { nodeSelectorTerms: [{ matchExpressions: [{ key: 'gpu', operator: 'In', values: 'a100' }] }] },
      'gpu In',
    ],
    [
      'a missing operator shows as ?',
      { nodeSelectorTerms: [{ matchExpressions: [{ key: 'gpu', values: ['a100'] }] }] },
      'gpu ? [a100]',
    ],
    [
      'requirements without a string key, or not objects, are skipped',
      {
        nodeSelectorTerms: [
          {
            matchExpressions: [
              { operator: 'Exists' },
              { key: 3, operator: 'Exists' },
              null,
              ['gpu'],
              zoneIn('a'),
            ],
          },
        ],
      },
      'topology.kubernetes.io/zone In [a]',
    ],
    [
      'expressions and fields of one term are ANDed, fields marked',
      {
        nodeSelectorTerms: [
          {
            matchExpressions: [zoneIn('a'), { key: 'gpu', operator: 'Exists' }],
            matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }],
          },
        ],
      },
      'topology.kubernetes.io/zone In [a] AND gpu Exists AND field metadata.name In [node-1]',
    ],
    [
      'terms are ORed, empty ones skipped',
      {
        nodeSelectorTerms: [
          { matchExpressions: [zoneIn('a')] },
          {},
          { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] },
        ],
      },
      'topology.kubernetes.io/zone In [a] OR field metadata.name In [node-2]',
    ],
    [
      'a term whose lists are not lists',
      {
        nodeSelectorTerms: [
          { matchExpressions: zoneIn('a'), matchFields: 'x' },
          { matchExpressions: [zoneIn('b')] },
        ],
      },
      'topology.kubernetes.io/zone In [b]',
    ],
  ])('%s', (_name, selector, expected) => {
    expect(formatNodeSelector(selector)).toBe(expected);
  });
});

describe('requiredPodNodeAffinity and pvNodeAffinity', () => {
  const selector = { nodeSelectorTerms: [{ matchExpressions: [zoneIn('eu-west-1c')] }] };
  it.each<[string, () => string | undefined, string | undefined]>([
    [
      'pod: required affinity',
      () =>
        requiredPodNodeAffinity({
          nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: selector },
        }),
      'topology.kubernetes.io/zone In [eu-west-1c]',
    ],
    [
      'pod: only preferred affinity',
      () =>
        requiredPodNodeAffinity({ nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [] } }),
      undefined,
    ],
    ['pod: no affinity', () => requiredPodNodeAffinity(undefined), undefined],
    [
      'pv: required',
      () => pvNodeAffinity({ required: selector }),
      'topology.kubernetes.io/zone In [eu-west-1c]',
    ],
    ['pv: nothing', () => pvNodeAffinity({}), undefined],
  ])('%s', (_name, run, expected) => {
    expect(run()).toBe(expected);
  });
});
