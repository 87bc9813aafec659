/**
 * Several rules of a stage read the same derived facts of a context (its pull failures, its
 * crash cases). Contexts are immutable, so each fact is computed once per context and kept on it.
 */
export function perContext<C extends { readonly memo: Map<object, { readonly value: unknown }> }, R>(
  compute: (ctx: C) => R,
): (ctx: C) => R {
  return (ctx: C): R => {
    const hit = ctx.memo.get(compute);
    if (hit !== undefined) return hit.value as R;
    const value = compute(ctx);
    ctx.memo.set(compute, { value });
    return value;
  };
}
