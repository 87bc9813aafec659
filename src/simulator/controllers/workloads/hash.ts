/**
 * The pod-template-hash: upstream hashes the template with FNV-1a (32 bit) and renders the
 * decimal value through rand.SafeEncodeString, which maps each digit to a consonant-or-digit
 * alphabet so the result never spells words. Upstream feeds the hasher a spew dump of the Go
 * struct; we feed canonical JSON, so values differ from a real cluster but have the same shape
 * and stay stable for the same template.
 */
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

export function fnv32a(text: string): number {
  let hash = 0x811c9dc5;
  const bytes = new TextEncoder().encode(text);
  for (const b of bytes) {
    hash ^= b;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** rand.SafeEncodeString. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const ch of s) out += ALPHANUMS[(ch.codePointAt(0) ?? 0) % ALPHANUMS.length] ?? '';
  return out;
}

/** JSON with object keys sorted, so equal templates hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The last hash of each template object, with its plain JSON text: syncs hash the same template
 * on every pod change, and native JSON.stringify tells an unchanged one apart far cheaper than
 * re-building the canonical text (equal text means equal structure, hence equal canonical text).
 */
const memo = new WeakMap<
  object,
  { readonly json: string; readonly collisionCount: number; readonly hash: string }
>();

/** controller.ComputeHash(template, collisionCount). */
export function computeHash(template: unknown, collisionCount = 0): string {
  const key = template !== null && typeof template === 'object' ? template : undefined;
  const json = key === undefined ? undefined : JSON.stringify(template);
  const known = key === undefined ? undefined : memo.get(key);
  if (known !== undefined && known.json === json && known.collisionCount === collisionCount)
    return known.hash;
  const text = canonicalJson(template) + (collisionCount > 0 ? String(collisionCount) : '');
  const hash = safeEncodeString(String(fnv32a(text)));
  if (key !== undefined && json !== undefined) memo.set(key, { json, collisionCount, hash });
  return hash;
}
