/**
 * `JSON.stringify(a) === JSON.stringify(b)` for plain data, without building either string:
 * the kubelet compares every pod status it builds with the stored one before writing, and most
 * comparisons find no change. Key order matters (as it does to the serialised text); keys whose
 * value is undefined are skipped, and undefined in an array and
 * non-finite numbers count as null, as JSON has them.
 */
export function sameJson(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  // NaN and the infinities serialise as null.
  const a = typeof x === 'number' && !Number.isFinite(x) ? null : x;
  const b = typeof y === 'number' && !Number.isFinite(y) ? null : y;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && sameArray(a, b);
  return sameRecord(a as Record<string, unknown>, b as Record<string, unknown>);
}

function sameArray(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, b[i] ?? null)) return false;
  return true;
}

function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  let j = 0;
  for (const k of ka) {
    const v = a[k];
    if (v === undefined) continue;
    while (j < kb.length && b[kb[j] ?? ''] === undefined) j++;
    if (kb[j] !== k || !sameJson(v, b[k])) return false;
    j++;
  }
  while (j < kb.length && b[kb[j] ?? ''] === undefined) j++;
  return j === kb.length;
}
