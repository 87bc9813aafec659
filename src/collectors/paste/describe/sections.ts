import type { ConditionRow, Doc, VolumeAcc } from './doc.js';
import {
  columns,
  HEADER_KEYS,
  isElision,
  isFence,
  isNameLine,
  isNone,
  isUnderline,
  keyLine,
  SECTION_KEYS,
  toBool,
  toInt,
} from './syntax.js';
import { indentOf, isPromptLine, parseKubectlTime } from '../common/text.js';

/** Readers for the top-level fields, the Conditions tables and the Volumes section. */

function isStop(line: string): boolean {
  return line.trim() === '' || isPromptLine(line) || isFence(line);
}

/**
 * A top-level field and the lines indented under it (Labels, Annotations, Tolerations continue on
 * lines of their own; IPs, Addresses, Capacity, System Info have children). A pod's Message may
 * also wrap onto unindented lines.
 */
export function readHeaderField(lines: readonly string[], start: number, doc: Doc): number {
  const first = lines[start] ?? '';
  const k = keyLine(first);
  if (k === undefined) return start + 1;
  const items: string[] = [];
  let j = start + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    // describe endpoints ends each subset with a blank line; the next one is indented again.
    if (k.key === 'Subsets' && line.trim() === '' && indentOf(lines[j + 1] ?? '') > k.indent) continue;
    if (isStop(line)) break;
    if (isElision(line)) continue;
    const sub = keyLine(line);
    // An EndpointSlice's endpoints nest their own Conditions.
    const nested = k.key === 'Endpoints' && indentOf(line) > k.indent;
    if (sub !== undefined && SECTION_KEYS.has(sub.key) && !nested) break;
    if (indentOf(line) > k.indent) {
      items.push(line.trim());
      continue;
    }
    const wraps = k.key === 'Message' && (sub === undefined || !HEADER_KEYS.has(sub.key));
    if (!wraps) break;
    items.push(line.trim());
  }
  doc.header.push({ key: k.key, value: k.value, items, line: start });
  doc.recognised++;
  return j;
}

function isConditionRow(line: string): boolean {
  const cols = columns(line);
  return (
    cols.length >= 2 &&
    /^[A-Za-z][\w./-]*$/.test(cols[0]?.text ?? '') &&
    /^(?:True|False|Unknown|<none>)$/.test(cols[1]?.text ?? '')
  );
}

/**
 * A Conditions (or Readiness Gates) table: "Type Status" for pods, more columns for nodes
 * (LastHeartbeatTime, LastTransitionTime, Reason, Message) and workloads (Reason). Cells are
 * matched to the header by position; the last column takes the rest of the line.
 */
export function readConditions(lines: readonly string[], start: number, doc: Doc, gates: boolean): number {
  const k = keyLine(lines[start] ?? '');
  doc.recognised++;
  if (k !== undefined && k.value !== '') return start + 1;
  let header = ['type', 'status'];
  let headerAt: number[] | undefined;
  let j = start + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isStop(line)) break;
    if (isUnderline(line) || isElision(line)) continue;
    const cols = columns(line);
    const first = cols[0]?.text;
    if ((first === 'Type' || first === 'Kind') && cols[1]?.text === 'Status') {
      header = cols.map((c) => c.text.toLowerCase());
      header[0] = 'type';
      headerAt = cols.map((c) => c.at);
      doc.recognised++;
      continue;
    }
    if (!isConditionRow(line)) break;
    const row: Record<string, string> = {};
    const aligned = headerAt !== undefined && cols[0]?.at === headerAt[0];
    cols.forEach((c, i) => {
      let at = i;
      if (aligned && headerAt !== undefined) {
        at = 0;
        headerAt.forEach((h, hi) => {
          if (h <= c.at + 1) at = hi;
        });
      }
      const name = header[Math.min(at, header.length - 1)];
      if (name === undefined || row[name] !== undefined) return;
      row[name] = at >= header.length - 1 && header.length > 2 ? line.slice(c.at).trim() : c.text;
    });
    if (gates) {
      if (row.type !== undefined) doc.readinessGates.push(row.type);
    } else doc.conditions.push(row);
    doc.recognised++;
  }
  return j;
}

/** A condition row as core/v1 fields: type and status always, the rest when the table showed them. */
export function conditionRaw(row: ConditionRow): Record<string, unknown> {
  const out: Record<string, unknown> = { type: row.type, status: row.status };
  for (const [col, key] of [
    ['reason', 'reason'],
    ['message', 'message'],
  ] as const) {
    const v = row[col];
    if (v !== undefined && !isNone(v)) out[key] = v;
  }
  for (const [col, key] of [
    ['lastheartbeattime', 'lastHeartbeatTime'],
    ['lastprobetime', 'lastProbeTime'],
    ['lasttransitiontime', 'lastTransitionTime'],
  ] as const) {
    const t = row[col] === undefined ? undefined : parseKubectlTime(row[col]);
    if (t !== undefined && !t.startsWith('0001-')) out[key] = t;
  }
  return out;
}

/** The Volumes section: a name line per volume, then its "Type:", "Name:", "SecretName:", … fields. */
export function readVolumes(lines: readonly string[], start: number, doc: Doc): number {
  const k = keyLine(lines[start] ?? '');
  doc.recognised++;
  if (k === undefined || k.value !== '') return start + 1;
  let cur: VolumeAcc | undefined;
  let j = start + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isStop(line)) break;
    if (isElision(line)) continue;
    if (indentOf(line) <= k.indent) break;
    if (isNameLine(line)) {
      cur = { name: line.trim().slice(0, -1), fields: [] };
      doc.volumes.push(cur);
      doc.recognised++;
      continue;
    }
    const f = keyLine(line);
    if (f !== undefined && cur !== undefined) cur.fields.push([f.key, f.value]);
  }
  return j;
}

/** A volume's describe fields as a core/v1 Volume source. */
export function volumeRaw(v: VolumeAcc): Record<string, unknown> {
  const get = (key: string): string | undefined => {
    const value = v.fields.find(([k]) => k === key)?.[1];
    return value === undefined || isNone(value) ? undefined : value;
  };
  const type = (get('Type') ?? '').split(' ')[0] ?? '';
  const optional = toBool(get('Optional') ?? '');
  const opt = optional === undefined ? {} : { optional };
  const readOnly = toBool(get('ReadOnly') ?? '');
  const ro = readOnly === undefined ? {} : { readOnly };
  const out: Record<string, unknown> = { name: v.name };
  if (type === 'ConfigMap') out.configMap = { name: get('Name'), ...opt };
  else if (type === 'Secret') out.secret = { secretName: get('SecretName'), ...opt };
  else if (type === 'PersistentVolumeClaim')
    out.persistentVolumeClaim = { claimName: get('ClaimName'), ...ro };
  else if (type === 'EmptyDir') out.emptyDir = get('Medium') === undefined ? {} : { medium: get('Medium') };
  else if (type === 'HostPath')
    out.hostPath = { path: get('Path'), ...(get('HostPathType') ? { type: get('HostPathType') } : {}) };
  else if (type === 'CSI') out.csi = { driver: get('Driver'), ...ro };
  else if (type === 'NFS') out.nfs = { server: get('Server'), path: get('Path') };
  else if (type === 'DownwardAPI') out.downwardAPI = {};
  else if (type === 'EphemeralVolume') out.ephemeral = {};
  else if (type === 'Projected') out.projected = { sources: projectedSources(v) };
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

function projectedSources(v: VolumeAcc): Record<string, unknown>[] {
  const sources: Record<string, unknown>[] = [];
  let last: Record<string, unknown> | undefined;
  for (const [key, value] of v.fields) {
    if (key === 'SecretName' || key === 'ConfigMapName') {
      last = { name: value };
      sources.push({ [key === 'SecretName' ? 'secret' : 'configMap']: last });
    } else if ((key === 'Optional' || key === 'ConfigMapOptional') && last !== undefined) {
      const b = toBool(value);
      if (b !== undefined) last.optional = b;
    } else if (key === 'DownwardAPI' && value === 'true') sources.push({ downwardAPI: {} });
    else if (key === 'TokenExpirationSeconds') {
      const s = toInt(value);
      sources.push({ serviceAccountToken: s === undefined ? {} : { expirationSeconds: s } });
    }
  }
  return sources;
}

/** One Tolerations line: `key[=value][:effect][ op=Exists][ for 300s]`, or `op=Exists` alone. */
export function tolerationRaw(line: string): Record<string, unknown> | undefined {
  let t = line.trim();
  if (isNone(t)) return undefined;
  const out: Record<string, unknown> = {};
  const secs = / for (\d+)s$/.exec(t);
  if (secs !== null) {
    out.tolerationSeconds = Number(secs[1]);
    t = t.slice(0, secs.index).trim();
  }
  if (t.endsWith('op=Exists')) {
    out.operator = 'Exists';
    t = t.slice(0, -'op=Exists'.length).trim();
  }
  const colon = t.lastIndexOf(':');
  if (colon >= 0) {
    out.effect = t.slice(colon + 1);
    t = t.slice(0, colon);
  }
  const eq = t.indexOf('=');
  if (eq >= 0) {
    out.value = t.slice(eq + 1);
    t = t.slice(0, eq);
  }
  if (t !== '') out.key = t;
  return out;
}

/** One Taints line: `key=value:Effect` or `key:Effect`. */
export function taintRaw(line: string): Record<string, unknown> | undefined {
  const t = line.trim();
  const colon = t.lastIndexOf(':');
  if (isNone(t) || colon <= 0) return undefined;
  const kv = t.slice(0, colon);
  const eq = kv.indexOf('=');
  return {
    key: eq < 0 ? kv : kv.slice(0, eq),
    ...(eq < 0 ? {} : { value: kv.slice(eq + 1) }),
    effect: t.slice(colon + 1),
  };
}
