import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json.js';

const byText = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** JSON-like values, with undefined members and non-finite numbers as status objects could hold. */
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, 1, -1, Number.NaN, Number.POSITIVE_INFINITY, 'a', ''),
    fc.string({ maxLength: 3 }),
    fc.integer(),
    fc.array(fc.oneof(tie('value'), fc.constant(undefined)), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'phase'), fc.oneof(tie('value'), fc.constant(undefined)), {
      maxKeys: 3,
    }),
  ),
}));

describe('sameJson', () => {
  it('agrees with comparing JSON texts on random pairs', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameJson(a, b)).toBe(byText(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with comparing JSON texts on a value and its copy', () => {
    fc.assert(
      fc.property(value, (a) => {
        const copy: unknown = a === undefined ? undefined : JSON.parse(JSON.stringify(a));
        expect(sameJson(a, copy)).toBe(byText(a, copy));
      }),
      { numRuns: 1000 },
    );
  });

  it('tells key order, skipped undefined keys and array holes apart as JSON does', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1, x: undefined, b: 2 }, { a: 1, b: 2 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson([undefined, 1], [null, 1])).toBe(true);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson(Number.NaN, null)).toBe(true);
    expect(sameJson({ a: Number.POSITIVE_INFINITY }, { a: 0 })).toBe(false);
    expect(
      sameJson(
        { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
        { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] },
      ),
    ).toBe(false);
  });
});
