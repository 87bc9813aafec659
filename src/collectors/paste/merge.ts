import { isRecord, str } from '../normalize/coerce.js';
import { UNNAMED_CONTAINER } from './common/types.js';

/** What several pasted blocks say about one object, merged into one raw object. */

function mergeByName(into: unknown[], from: unknown[]): unknown[] {
  const out = [...into];
  for (const item of from) {
    const name = isRecord(item) ? (str(item.name) ?? str(item.type)) : undefined;
    const at =
      name === undefined ? -1 : out.findIndex((x) => isRecord(x) && (str(x.name) ?? str(x.type)) === name);
    if (at === -1) out.push(item);
    else out[at] = deepMerge(out[at], item);
  }
  return foldUnnamed(out);
}

/**
 * A `get pods` row knows a container only as "unnamed"; once another block names the pod's
 * containers, the placeholder is folded into the sole named one (whose own fields win), or
 * dropped when there are several: it would otherwise stand for a container that does not exist.
 */
function foldUnnamed(list: unknown[]): unknown[] {
  const isUnnamed = (x: unknown): boolean => isRecord(x) && str(x.name) === UNNAMED_CONTAINER;
  const unnamed = list.filter(isUnnamed);
  const named = list.filter((x) => isRecord(x) && str(x.name) !== undefined && !isUnnamed(x));
  if (unnamed.length === 0 || named.length === 0) return list;
  if (named.length > 1) return list.filter((x) => !isUnnamed(x));
  const [only] = named;
  return list
    .filter((x) => !isUnnamed(x))
    .map((x) => (x === only ? unnamed.reduce<unknown>((acc, u) => deepMerge(u, acc), only) : x));
}

/** Later text adds to what earlier text said about the same object; lists of named things merge by name. */
export function deepMerge(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return mergeByName(a as unknown[], b as unknown[]);
  if (isRecord(a) && isRecord(b)) {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) {
      out[k] = !(k in out) || otherState(k, out[k], v) ? v : deepMerge(out[k], v);
    }
    return out;
  }
  return b === undefined ? a : b;
}

/**
 * A container's state (and last state) is one of waiting, running or terminated. Text pasted later
 * that shows another of them (the next row of `kubectl get pods -w`, a table run after a describe)
 * is the container's state since: it replaces the earlier one instead of joining it.
 */
function otherState(key: string, before: unknown, after: unknown): boolean {
  if ((key !== 'state' && key !== 'lastState') || !isRecord(before) || !isRecord(after)) return false;
  const kinds = Object.keys(after);
  const states = (keys: string[]) => keys.length > 0 && keys.every((k) => STATE_KINDS.has(k));
  return states(kinds) && states(Object.keys(before)) && kinds.some((k) => !(k in before));
}

const STATE_KINDS: ReadonlySet<string> = new Set(['waiting', 'running', 'terminated']);
