import { describe, expect, it } from 'vitest';
import { perContext } from './memo.js';

interface Ctx {
  readonly memo: Map<object, { readonly value: unknown }>;
  readonly n: number;
}

describe('perContext computes a fact once per context', () => {
  it('calls compute once per context and returns the kept value', () => {
    let calls = 0;
    const double = perContext((ctx: Ctx) => {
      calls += 1;
      return { value: ctx.n * 2 };
    });
    const a: Ctx = { memo: new Map(), n: 2 };
    const b: Ctx = { memo: new Map(), n: 5 };
    const first = double(a);
    expect(first).toEqual({ value: 4 });
    expect(double(a)).toBe(first);
    expect(calls).toBe(1);
    expect(double(b)).toEqual({ value: 10 });
    expect(calls).toBe(2);
  });

  it('keeps an undefined result too', () => {
    let calls = 0;
    const positive = perContext((ctx: Ctx): number | undefined => {
      calls += 1;
      return ctx.n > 0 ? ctx.n : undefined;
    });
    const a: Ctx = { memo: new Map(), n: 0 };
    expect(positive(a)).toBeUndefined();
    expect(positive(a)).toBeUndefined();
    expect(calls).toBe(1);
  });
});
