import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from './conditions.js';

const byText = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Small values, so that pairs are often equal or nearly so. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.constantFrom(null, undefined, true, false, 0, -0, 1, NaN, Infinity, '', 'a', 'b'),
    fc.integer({ min: -2, max: 2 }),
  ),
  node: fc.oneof({ maxDepth: 3 }, tie('leaf'), tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c', '1'), tie('node'), { maxKeys: 3 }),
})).node;

describe('sameJson', () => {
  it('agrees with comparing JSON.stringify output', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameJson(a, b)).toBe(byText(a, b));
        expect(sameJson(a, structuredClone(a))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('counts key order and drops undefined members, as the serialised text does', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([undefined], [null])).toBe(true);
    expect(sameJson(undefined, null)).toBe(false);
    expect(sameJson({ t: new Date(0) }, { t: '1970-01-01T00:00:00.000Z' })).toBe(true);
    expect(sameJson({ replicas: 3, conditions: [] }, { replicas: 3 })).toBe(false);
  });
});
