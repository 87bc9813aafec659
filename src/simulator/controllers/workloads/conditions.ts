/** Status conditions of workloads, set the way the upstream controllers set them. */
export interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastUpdateTime?: string;
  lastProbeTime?: string;
}

export const findCondition = (list: readonly Condition[] | undefined, type: string): Condition | undefined =>
  list?.find((c) => c.type === type);

export function removeCondition(list: Condition[], type: string): void {
  const i = list.findIndex((c) => c.type === type);
  if (i >= 0) list.splice(i, 1);
}

/**
 * deploymentutil.SetDeploymentCondition (and the ReplicaSet/Job equivalents): nothing changes
 * when status and reason are the same; the transition time survives a change of reason only;
 * the new condition goes to the end of the list.
 */
export function setCondition(
  list: Condition[],
  next: Condition,
  now: string,
  opts: { readonly updateTime?: boolean } = {},
): void {
  const current = findCondition(list, next.type);
  if (current !== undefined && current.status === next.status && current.reason === next.reason) return;
  const cond: Condition = {
    ...next,
    lastTransitionTime:
      current !== undefined && current.status === next.status ? (current.lastTransitionTime ?? now) : now,
  };
  if (opts.updateTime === true) cond.lastUpdateTime = now;
  removeCondition(list, next.type);
  list.push(orderKeys(cond));
}

/** Field order as the API server serialises conditions (alphabetical in YAML output anyway). */
function orderKeys(c: Condition): Condition {
  const out: Condition = { type: c.type, status: c.status };
  if (c.lastProbeTime !== undefined) out.lastProbeTime = c.lastProbeTime;
  if (c.lastTransitionTime !== undefined) out.lastTransitionTime = c.lastTransitionTime;
  if (c.lastUpdateTime !== undefined) out.lastUpdateTime = c.lastUpdateTime;
  if (c.reason !== undefined) out.reason = c.reason;
  if (c.message !== undefined) out.message = c.message;
  return out;
}

/**
 * Writes `status` only when it really changed (an update would wake every informer). Means
 * `JSON.stringify(a) === JSON.stringify(b)` (key order counts, undefined members are left out,
 * non-finite numbers are null), walked in place: syncs compare on every pod change, and
 * serialising both sides each time was a leading cost at scale.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (absent(a) || absent(b)) return absent(a) && absent(b);
  return jsonEqual(a, b);
}

const absent = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

const jsonNull = (v: unknown): boolean => v === null || (typeof v === 'number' && !Number.isFinite(v));

const plain = (o: object | null): boolean => {
  if (o === null) return true;
  const proto = Object.getPrototypeOf(o) as unknown;
  return (proto === Object.prototype || proto === Array.prototype || proto === null) && !('toJSON' in o);
};

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (jsonNull(a) || jsonNull(b)) return jsonNull(a) && jsonNull(b);
  if ((typeof a === 'object' && !plain(a)) || (typeof b === 'object' && !plain(b)))
    return JSON.stringify(a) === JSON.stringify(b);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      const x: unknown = a[i];
      const y: unknown = b[i];
      if (!jsonEqual(absent(x) ? null : x, absent(y) ? null : y)) return false;
    }
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  const kb = Object.keys(rb);
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < ka.length && absent(ra[ka[i] as string])) i++;
    while (j < kb.length && absent(rb[kb[j] as string])) j++;
    if (i >= ka.length || j >= kb.length) return i >= ka.length && j >= kb.length;
    const k = ka[i] as string;
    if (k !== kb[j] || !jsonEqual(ra[k], rb[k])) return false;
    i++;
    j++;
  }
}
