/**
 * PATCH bodies: JSON merge patch (RFC 7386), JSON patch (RFC 6902), and strategic merge patch
 * for what `kubectl apply`, `label` and `annotate` send: maps merge, lists of named items
 * merge by name (with `$patch: delete` and `$setElementOrder`), other lists are replaced.
 */
import { badRequest } from './respond.js';

type J = unknown;
type Obj = Record<string, J>;

const isObj = (v: J): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function mergePatch(target: J, patch: J): J {
  if (!isObj(patch)) return structuredClone(patch);
  const out: Obj = isObj(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) Reflect.deleteProperty(out, k);
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** The merge key of a list in the built-in types' patchMergeKey tags. */
function mergeKeyOf(field: string, items: readonly J[]): string | undefined {
  if (field === 'ports' && items.some((i) => isObj(i) && 'containerPort' in i)) return 'containerPort';
  if (field === 'ports' && items.some((i) => isObj(i) && 'port' in i && !('name' in i))) return 'port';
  if (field === 'volumeMounts' || field === 'volumeDevices') return 'mountPath';
  if (field === 'tolerations' || field === 'finalizers') return undefined;
  if (field === 'conditions') return 'type';
  if (field === 'imagePullSecrets' || field === 'containers' || field === 'initContainers') return 'name';
  if (items.length > 0 && items.every((i) => isObj(i) && typeof i.name === 'string')) return 'name';
  return undefined;
}

function mergeList(field: string, target: J, patch: readonly J[], order: readonly J[] | undefined): J[] {
  const base = Array.isArray(target) ? (target as J[]) : [];
  const key = mergeKeyOf(field, [...patch, ...base]);
  if (key === undefined) return structuredClone([...patch]);
  const out = base.map((i) => structuredClone(i));
  for (const item of patch) {
    if (!isObj(item)) continue;
    const idx = out.findIndex((o) => isObj(o) && o[key] === item[key]);
    if (item.$patch === 'delete') {
      if (idx >= 0) out.splice(idx, 1);
      continue;
    }
    if (idx >= 0) out[idx] = strategicMerge(out[idx], item);
    else out.push(strategicMerge({}, item));
  }
  if (order === undefined) return out;
  const rank = (i: J): number => {
    const r = order.findIndex((o) => isObj(o) && isObj(i) && o[key] === i[key]);
    return r < 0 ? Number.MAX_SAFE_INTEGER : r;
  };
  return out.sort((a, b) => rank(a) - rank(b));
}

export function strategicMerge(target: J, patch: J): J {
  if (!isObj(patch)) return structuredClone(patch);
  if (patch.$patch === 'replace') {
    const rest = { ...patch };
    delete rest.$patch;
    return structuredClone(rest);
  }
  const out: Obj = isObj(target) ? { ...target } : {};
  const retain = Array.isArray(patch.$retainKeys) ? (patch.$retainKeys as J[]).map(String) : undefined;
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('$setElementOrder/') || k === '$retainKeys' || k === '$patch') continue;
    if (k.startsWith('$deleteFromPrimitiveList/')) {
      const field = k.slice('$deleteFromPrimitiveList/'.length);
      const drop = Array.isArray(v) ? (v as J[]) : [];
      const cur = out[field];
      if (Array.isArray(cur)) out[field] = (cur as J[]).filter((x) => !drop.includes(x));
      continue;
    }
    if (v === null) Reflect.deleteProperty(out, k);
    else if (Array.isArray(v)) {
      const order = patch[`$setElementOrder/${k}`];
      out[k] = mergeList(k, out[k], v as J[], Array.isArray(order) ? (order as J[]) : undefined);
    } else out[k] = strategicMerge(out[k], v);
  }
  for (const [k, v] of Object.entries(patch)) {
    if (!k.startsWith('$setElementOrder/')) continue;
    const field = k.slice('$setElementOrder/'.length);
    if (Array.isArray(patch[field])) continue;
    const cur = out[field];
    if (Array.isArray(cur) && Array.isArray(v)) out[field] = mergeList(field, cur, [], v as J[]);
  }
  if (retain !== undefined)
    for (const k of Object.keys(out)) if (!retain.includes(k)) Reflect.deleteProperty(out, k);
  return out;
}

/** RFC 6901 pointer segments. */
const segments = (path: string): string[] =>
  path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

function parentOf(doc: J, path: string): { parent: Obj | J[]; key: string } {
  const segs = segments(path);
  const key = segs.pop();
  if (key === undefined) throw badRequest(`the server rejected our request due to an error in our request`);
  let cur: J = doc;
  for (const s of segs) {
    if (Array.isArray(cur)) cur = cur[Number(s)];
    else if (isObj(cur)) cur = cur[s];
    else cur = undefined;
    if (cur === undefined) throw badRequest(`doc is missing path: "${path}": missing value`);
  }
  if (!Array.isArray(cur) && !isObj(cur)) throw badRequest(`doc is missing path: "${path}": missing value`);
  return { parent: cur, key };
}

function getAt(doc: J, path: string): J {
  let cur = doc;
  for (const s of segments(path)) {
    if (Array.isArray(cur)) cur = cur[Number(s)];
    else if (isObj(cur)) cur = cur[s];
    else return undefined;
  }
  return cur;
}

export function jsonPatch(doc: J, ops: J): J {
  if (!Array.isArray(ops))
    throw badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let out = structuredClone(doc);
  for (const raw of ops as J[]) {
    if (!isObj(raw)) throw badRequest('invalid JSON patch operation');
    const op = String(raw.op);
    const path = typeof raw.path === 'string' ? raw.path : '';
    if (op === 'test') {
      if (JSON.stringify(getAt(out, path)) !== JSON.stringify(raw.value))
        throw badRequest(`testing value ${path} failed: test failed`);
      continue;
    }
    if (op === 'copy' || op === 'move') {
      const from = typeof raw.from === 'string' ? raw.from : '';
      const value = structuredClone(getAt(out, from));
      if (op === 'move') out = jsonPatch(out, [{ op: 'remove', path: from }]);
      out = jsonPatch(out, [{ op: 'add', path, value }]);
      continue;
    }
    if (path === '') {
      if (op === 'add' || op === 'replace') out = structuredClone(raw.value);
      continue;
    }
    const { parent, key } = parentOf(out, path);
    if (Array.isArray(parent)) {
      const i = key === '-' ? parent.length : Number(key);
      if (!Number.isInteger(i) || i < 0 || i > parent.length)
        throw badRequest(`invalid index ${key} in "${path}"`);
      if (op === 'add') parent.splice(i, 0, structuredClone(raw.value));
      else if (op === 'replace') parent[i] = structuredClone(raw.value);
      else if (op === 'remove') parent.splice(i, 1);
      else throw badRequest(`unexpected operation "${op}"`);
    } else {
      if ((op === 'replace' || op === 'remove') && !(key in parent))
        throw badRequest(`doc is missing key: ${path}: missing value`);
      if (op === 'add' || op === 'replace') parent[key] = structuredClone(raw.value);
      else if (op === 'remove') Reflect.deleteProperty(parent, key);
      else throw badRequest(`unexpected operation "${op}"`);
    }
  }
  return out;
}
