/**
 * Several rules of a stage read the same derived facts of a context (its pull failures, its
 * crash cases). Contexts are immutable, so each fact is computed once per context and shared.
 */
export function perContext<C extends object, R>(compute: (ctx: C) => R): (ctx: C) => R {
  const cache = new WeakMap<C, R>();
  return (ctx: C): R => {
    if (cache.has(ctx)) return cache.get(ctx) as R;
    const value = compute(ctx);
    cache.set(ctx, value);
    return value;
  };
}
