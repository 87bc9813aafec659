/**
 * Readable one-line forms of node selector terms, for evidence lines. Pod `spec.affinity` and
 * PV `spec.nodeAffinity` are kept opaque in the model, so every field is checked before use.
 */
type Json = Readonly<Record<string, unknown>>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function field(v: unknown, ...path: readonly string[]): unknown {
  let cur: unknown = v;
  for (const key of path) {
    if (!isObject(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

function requirement(v: unknown): string | undefined {
  if (!isObject(v) || typeof v.key !== 'string') return undefined;
  const op = typeof v.operator === 'string' ? v.operator : '?';
  const values = Array.isArray(v.values) ? v.values.filter((x): x is string => typeof x === 'string') : [];
  return values.length === 0 ? `${v.key} ${op}` : `${v.key} ${op} [${values.join(', ')}]`;
}

function term(v: unknown): string | undefined {
  const parts: string[] = [];
  for (const name of ['matchExpressions', 'matchFields'] as const) {
    const list = field(v, name);
    if (!Array.isArray(list)) continue;
    for (const r of list) {
      const s = requirement(r);
      if (s !== undefined) parts.push(name === 'matchFields' ? `field ${s}` : s);
    }
  }
  return parts.length === 0 ? undefined : parts.join(' AND ');
}

/** `{ nodeSelectorTerms: [...] }` -> "a In [x] AND b Exists OR c In [y]"; undefined when empty or malformed. */
export function formatNodeSelector(selector: unknown): string | undefined {
  const terms = field(selector, 'nodeSelectorTerms');
  if (!Array.isArray(terms)) return undefined;
  const out = terms.map(term).filter((t): t is string => t !== undefined);
  return out.length === 0 ? undefined : out.join(' OR ');
}

/** The pod's required node affinity (spec.affinity.nodeAffinity.requiredDuringScheduling...). */
export function requiredPodNodeAffinity(affinity: unknown): string | undefined {
  return formatNodeSelector(
    field(affinity, 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution'),
  );
}

/** A PersistentVolume's spec.nodeAffinity.required. */
export function pvNodeAffinity(nodeAffinity: unknown): string | undefined {
  return formatNodeSelector(field(nodeAffinity, 'required'));
}
