import type { ContainerAcc, StateAcc } from './doc.js';
import {
  addQuantity,
  applyHostPorts,
  parseEnvFromItem,
  parseEnvItem,
  parseMount,
  parsePorts,
  parseProbe,
} from './container-fields.js';
import { isNone, toBool, toInt, type KeyLine } from './syntax.js';
import { parseKubectlTime } from '../common/text.js';

/** Applying one describe line to a container: its fields, list items, and State sub-fields. */

export type ListKind = 'command' | 'args' | 'limits' | 'requests' | 'env' | 'envFrom' | 'mounts' | 'ignore';

export const LISTS: Readonly<Record<string, ListKind>> = {
  Command: 'command',
  Args: 'args',
  Limits: 'limits',
  Requests: 'requests',
  Environment: 'env',
  'Environment Variables': 'env',
  'Environment Variables from': 'envFrom',
  Mounts: 'mounts',
  'Volume Mounts': 'mounts',
};

const PROBES: Readonly<Record<string, string>> = {
  Liveness: 'livenessProbe',
  Readiness: 'readinessProbe',
  Startup: 'startupProbe',
};

function list<T>(spec: Record<string, unknown>, key: string): T[] {
  const existing = spec[key];
  if (Array.isArray(existing)) return existing as T[];
  const made: T[] = [];
  spec[key] = made;
  return made;
}

function resources(spec: Record<string, unknown>, which: 'limits' | 'requests'): Record<string, string> {
  const res = (spec.resources ??= {}) as Record<string, Record<string, string>>;
  return (res[which] ??= {});
}

/** One line under Command, Args, Limits, Requests, Environment, Environment Variables from or Mounts. */
export function addItem(spec: Record<string, unknown>, kind: ListKind, line: string): void {
  const t = line.trim();
  if (kind === 'command' || kind === 'args') list<string>(spec, kind).push(t);
  else if (kind === 'limits' || kind === 'requests') addQuantity(resources(spec, kind), t);
  else if (kind === 'env') {
    const e = parseEnvItem(t);
    if (e !== undefined) list<unknown>(spec, 'env').push(e);
  } else if (kind === 'envFrom') {
    const e = parseEnvFromItem(t);
    if (e !== undefined) list<unknown>(spec, 'envFrom').push(e);
  } else if (kind === 'mounts') {
    const m = parseMount(t);
    if (m !== undefined) list<unknown>(spec, 'volumeMounts').push(m);
  }
}

export function setStateField(acc: StateAcc, k: KeyLine): void {
  if (k.key === 'Reason') acc.reason = isNone(k.value) ? acc.reason : k.value;
  else if (k.key === 'Message') acc.message = k.value === '' ? acc.message : k.value;
  else if (k.key === 'Exit Code') acc.exitCode = toInt(k.value) ?? acc.exitCode;
  else if (k.key === 'Signal') acc.signal = toInt(k.value) ?? acc.signal;
  else if (k.key === 'Started') acc.startedAt = parseKubectlTime(k.value) ?? acc.startedAt;
  else acc.finishedAt = parseKubectlTime(k.value) ?? acc.finishedAt;
}

/**
 * Sets a container field from its line; returns the kind of list whose items follow on the next
 * lines (Command, Env, Mounts, …; "ignore" for fields this reader does not use), if any.
 */
export function applyField(c: ContainerAcc, k: KeyLine): ListKind | undefined {
  const { spec, status } = c;
  const v = k.value;
  const listKind = LISTS[k.key] ?? (k.key === 'Devices' ? 'ignore' : undefined);
  if (listKind !== undefined) {
    if (!isNone(v)) addItem(spec, listKind, v);
    return listKind;
  }
  const probe = PROBES[k.key];
  if (probe !== undefined) {
    const p = parseProbe(v);
    if (p !== undefined) spec[probe] = p;
    return undefined;
  }
  const statusField = (name: string, value: unknown): void => {
    if (value === undefined) return;
    status[name] = value;
    c.hasStatus = true;
  };
  if (k.key === 'Image') {
    if (!isNone(v)) spec.image = v;
  } else if (k.key === 'Port' || k.key === 'Ports') {
    if (!isNone(v)) spec.ports = parsePorts(v);
  } else if (k.key === 'Host Port' || k.key === 'Host Ports') {
    if (Array.isArray(spec.ports)) applyHostPorts(spec.ports as Record<string, unknown>[], v);
  } else if (k.key === 'Container ID') statusField('containerID', isNone(v) ? undefined : v);
  else if (k.key === 'Image ID') statusField('imageID', isNone(v) ? undefined : v);
  else if (k.key === 'Ready') statusField('ready', toBool(v));
  else if (k.key === 'Restart Count') statusField('restartCount', toInt(v));
  else return 'ignore';
  return undefined;
}
