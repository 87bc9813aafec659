/**
 * Type-checked reads of untrusted JSON. Every normaliser goes through these, so a pasted
 * object with a wrong-typed field loses that field instead of crashing a rule later.
 */
export type Raw = Readonly<Record<string, unknown>>;

export function isRecord(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function rec(v: unknown): Raw {
  return isRecord(v) ? v : {};
}

export function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

export function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

export function arr<T>(v: unknown, f: (item: unknown) => T | undefined): T[] {
  if (!Array.isArray(v)) return [];
  const out: T[] = [];
  for (const item of v) {
    const x = f(item);
    if (x !== undefined) out.push(x);
  }
  return out;
}

export function strings(v: unknown): string[] {
  return arr(v, str);
}

/** A string map such as labels; non-string values are dropped. */
export function strMap(v: unknown): Record<string, string> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string> = {};
  let any = false;
  for (const [k, val] of Object.entries(v)) {
    const s = str(val);
    if (s !== undefined) {
      out[k] = s;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** Copies only the defined entries, so optional properties stay absent rather than undefined. */
export function defined<T extends object>(o: { [K in keyof T]: T[K] | undefined }): T {
  // for-in instead of Object.entries: this runs for every object read, and the entry arrays
  // were a tenth of a 150,000-pod collection. A fresh object (not deletes) keeps fast properties.
  const src = o as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in src) {
    const v = src[k];
    if (v !== undefined) out[k] = v;
  }
  return out as T;
}

/** Time fields arrive as RFC 3339 strings, or as Date-like values from some YAML loaders. */
export function time(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString();
  return undefined;
}

/** Appends without spreading: `push(...list)` overflows the call stack past ~100,000 items. */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** The list, or undefined when it is empty (an empty list and no list read the same). */
export function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}
