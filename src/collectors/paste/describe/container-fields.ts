import type { ContainerAcc, StateAcc } from './doc.js';
import { columns, isNone, TERMINATED_REASONS, toInt } from './syntax.js';

/**
 * Values of a container's describe fields turned back into spec fields: probes, ports, env,
 * envFrom, mounts, and the State / Last State blocks.
 */

type Obj = Record<string, unknown>;

function portValue(text: string): number | string {
  const n = toInt(text);
  return n === undefined ? text : n;
}

/** `http-get http://:8080/healthz delay=10s timeout=1s period=10s #success=1 #failure=3` and its kin. */
export function parseProbe(value: string): Obj | undefined {
  const words = value.trim().split(/\s+/);
  const kind = words[0] ?? '';
  const probe: Obj = {};
  const target = words[1] ?? '';
  if (kind === 'http-get') {
    const sep = target.indexOf('://');
    const scheme = sep > 0 ? target.slice(0, sep).toUpperCase() : undefined;
    const afterScheme = sep > 0 ? target.slice(sep + 3) : target;
    const slash = afterScheme.indexOf('/');
    const hostPort = slash < 0 ? afterScheme : afterScheme.slice(0, slash);
    const colon = hostPort.lastIndexOf(':');
    const host = colon < 0 ? hostPort : hostPort.slice(0, colon);
    const http: Obj = {};
    if (slash >= 0) http.path = afterScheme.slice(slash);
    if (colon >= 0 && colon < hostPort.length - 1) http.port = portValue(hostPort.slice(colon + 1));
    if (host !== '' && host !== '[]') http.host = host.replace(/^\[(.*)\]$/, '$1');
    if (scheme !== undefined) http.scheme = scheme;
    probe.httpGet = http;
  } else if (kind === 'tcp-socket') {
    const colon = target.lastIndexOf(':');
    probe.tcpSocket = { port: portValue(colon < 0 ? target : target.slice(colon + 1)) };
  } else if (kind === 'grpc') {
    const colon = target.lastIndexOf(':');
    const port = toInt(target.slice(colon + 1));
    if (port !== undefined) probe.grpc = { port };
  } else if (kind === 'exec') {
    const open = value.indexOf('[');
    const close = value.lastIndexOf(']');
    if (open >= 0 && close > open) {
      probe.exec = {
        command: value
          .slice(open + 1, close)
          .split(/\s+/)
          .filter((w) => w !== ''),
      };
    }
  } else if (kind !== 'unknown') return undefined;
  const ATTRS: Readonly<Record<string, string>> = {
    delay: 'initialDelaySeconds',
    timeout: 'timeoutSeconds',
    period: 'periodSeconds',
    '#success': 'successThreshold',
    '#failure': 'failureThreshold',
  };
  for (const w of words) {
    const eq = w.indexOf('=');
    const name = ATTRS[w.slice(0, eq)];
    const n = toInt(w.slice(eq + 1).replace(/s$/, ''));
    if (eq > 0 && name !== undefined && n !== undefined) probe[name] = n;
  }
  return probe;
}

/** `8080/TCP, 9090/UDP` into container ports. */
export function parsePorts(value: string): Obj[] {
  if (isNone(value)) return [];
  const out: Obj[] = [];
  for (const part of value.split(',')) {
    const m = /^(\d+)(?:\/(\w+))?$/.exec(part.trim());
    if (m === null) continue;
    out.push({ containerPort: Number(m[1]), ...(m[2] === undefined ? {} : { protocol: m[2] }) });
  }
  return out;
}

/** `Host Port: 8080/TCP` sets hostPort on the ports at the same positions (0 means none). */
export function applyHostPorts(ports: Obj[], value: string): void {
  parsePorts(value).forEach((p, i) => {
    const target = ports[i];
    if (target !== undefined && typeof p.containerPort === 'number' && p.containerPort > 0)
      target.hostPort = p.containerPort;
  });
}

/** One Environment line: `NAME: value`, `NAME: <set to the key 'k' of config map 'cm'>  Optional: false`, … */
export function parseEnvItem(line: string): Obj | undefined {
  const t = line.trim();
  const colon = t.indexOf(':');
  if (colon <= 0) return undefined;
  const name = t.slice(0, colon).trim();
  if (/\s/.test(name)) return undefined;
  const value = t.slice(colon + 1).trim();
  const ref = /^<set to the key '([^']*)' (of config map|in secret) '([^']*)'>(?:\s+Optional:\s*(\w+))?/.exec(
    value,
  );
  if (ref !== null) {
    const keyRef: Obj = { key: ref[1] ?? '', name: ref[3] ?? '' };
    if (ref[4] === 'true' || ref[4] === 'false') keyRef.optional = ref[4] === 'true';
    return { name, valueFrom: { [ref[2] === 'in secret' ? 'secretKeyRef' : 'configMapKeyRef']: keyRef } };
  }
  const field = /\((v\d\w*|[\w.-]+\/v\d\w*):([^)\s]+)\)$/.exec(value);
  if (field !== null) return { name, valueFrom: { fieldRef: { apiVersion: field[1], fieldPath: field[2] } } };
  const resource = /\(((?:limits|requests)\.[\w.-]+)\)$/.exec(value);
  if (resource !== null) return { name, valueFrom: { resourceFieldRef: { resource: resource[1] } } };
  return { name, value };
}

/** One "Environment Variables from" line: `app-config  ConfigMap  Optional: false` (maybe `with prefix 'P_'`). */
export function parseEnvFromItem(line: string): Obj | undefined {
  const words = line.trim().split(/\s+/);
  const [name, kind] = words;
  if (name === undefined || (kind !== 'ConfigMap' && kind !== 'Secret')) return undefined;
  const ref: Obj = { name };
  const opt = words.indexOf('Optional:');
  const optional = opt < 0 ? undefined : words[opt + 1];
  if (optional === 'true' || optional === 'false') ref.optional = optional === 'true';
  const out: Obj = { [kind === 'ConfigMap' ? 'configMapRef' : 'secretRef']: ref };
  if (words[2] === 'with' && words[3] === 'prefix' && words[4] !== undefined)
    out.prefix = words[4].replace(/^'|'$/g, '');
  return out;
}

/** One Mounts line: `/etc/cfg from cfg (ro)`, `/data from data (rw,path="sub")`. */
export function parseMount(line: string): Obj | undefined {
  const m = /^(\S+) from (\S+)(?: \(([^)]*)\))?/.exec(line.trim());
  if (m === null) return undefined;
  const mount: Obj = { name: m[2], mountPath: m[1] };
  for (const flag of (m[3] ?? '').split(',')) {
    if (flag === 'ro') mount.readOnly = true;
    else if (flag === 'rw') mount.readOnly = false;
    else if (flag.startsWith('path=')) mount.subPath = flag.slice(5).replace(/^"|"$/g, '');
  }
  return mount;
}

/** A "Limits:"/"Requests:" line `cpu: 100m` into the resource map. */
export function addQuantity(map: Record<string, string>, line: string): void {
  const [name, quantity] = columns(line.replace(':', '  ')).map((c) => c.text);
  if (name !== undefined && quantity !== undefined && /^[\w./-]+$/.test(name)) map[name] = quantity;
}

/** A State / Last State block as a core/v1 ContainerState; undefined when it says nothing. */
export function stateRaw(s: StateAcc | undefined): Obj | undefined {
  if (s === undefined) return undefined;
  const kind =
    s.kind ??
    (s.exitCode !== undefined || s.finishedAt !== undefined || s.signal !== undefined
      ? 'terminated'
      : s.reason !== undefined && TERMINATED_REASONS.has(s.reason)
        ? 'terminated'
        : s.reason !== undefined || s.message !== undefined
          ? 'waiting'
          : s.startedAt !== undefined
            ? 'running'
            : undefined);
  if (kind === undefined) return undefined;
  const body: Obj = {};
  const put = (k: string, v: unknown): void => {
    if (v !== undefined) body[k] = v;
  };
  if (kind === 'running') put('startedAt', s.startedAt);
  else {
    if (kind === 'terminated') put('exitCode', s.exitCode);
    if (kind === 'terminated') put('signal', s.signal);
    put('reason', s.reason);
    put('message', s.message);
    if (kind === 'terminated') put('startedAt', s.startedAt);
    if (kind === 'terminated') put('finishedAt', s.finishedAt);
  }
  return { [kind]: body };
}

/** The spec entry and, when the text showed any status, the status entry of a container. */
export function containerRaws(c: ContainerAcc): { spec: Obj; status?: Obj } {
  const spec: Obj = { name: c.name, ...c.spec };
  if (!c.hasStatus) return { spec };
  const status: Obj = { name: c.name };
  if (typeof c.spec.image === 'string') status.image = c.spec.image;
  Object.assign(status, c.status);
  const state = stateRaw(c.state);
  const last = stateRaw(c.lastState);
  if (state !== undefined) status.state = state;
  if (last !== undefined) status.lastState = last;
  return { spec, status };
}
