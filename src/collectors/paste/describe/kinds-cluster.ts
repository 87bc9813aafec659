import { field, fieldValue, put, type Doc } from './doc.js';
import { rec } from '../../normalize/coerce.js';
import { CLAIM_USED_BY } from '../../../model/index.js';
import { columns, isNone, labelMap, toBool, toInt } from './syntax.js';
import { values } from './kinds.js';
import { conditionRaw, taintRaw } from './sections.js';

/** Services (with the Endpoints their describe lists), Endpoints, EndpointSlices, Nodes and PersistentVolumeClaims. */

type Obj = Record<string, unknown>;

/** "http  80/TCP", "<unset>  80/TCP", "80/TCP": name, number or name, protocol. */
function portCell(value: string): { name?: string; port?: number | string; protocol?: string } {
  const words = value.trim().split(/\s+/);
  const last = words[words.length - 1] ?? '';
  const name = words.length > 1 ? words[0] : undefined;
  const [p = '', protocol] = last.split('/');
  const port = toInt(p) ?? (p === '' || isNone(p) ? undefined : p);
  return {
    ...(name !== undefined && !isNone(name) ? { name } : {}),
    ...(port === undefined ? {} : { port }),
    ...(protocol === undefined ? {} : { protocol }),
  };
}

interface PortGroup {
  port: Obj;
  endpoints: string | undefined;
}

/**
 * A Service and, when its describe listed them in full, its Endpoints: describe prints one
 * Port / TargetPort / NodePort / Endpoints group per service port, the endpoints being the ready
 * addresses ("<none>" when there are none; "+ N more..." when cut short, then no Endpoints is made).
 */
export function serviceRaws(doc: Doc, meta: Obj): Obj[] {
  const spec: Obj = {};
  put(spec, 'type', fieldValue(doc, 'Type'));
  const selector = values(field(doc, 'Selector')).flatMap((v) => v.split(','));
  if (selector.length > 0 && selector.every((p) => /^[\w./-]+=[\w.-]*$/.test(p.trim())))
    put(spec, 'selector', labelMap(selector));
  put(spec, 'clusterIP', fieldValue(doc, 'IP'));
  put(spec, 'externalName', fieldValue(doc, 'External Name'));
  const groups: PortGroup[] = [];
  for (const h of doc.header) {
    if (h.key === 'Port') {
      const c = portCell(h.value);
      const port: Obj = {};
      put(port, 'name', c.name);
      put(port, 'port', typeof c.port === 'number' ? c.port : undefined);
      put(port, 'protocol', c.protocol);
      groups.push({ port, endpoints: undefined });
    }
    const g = groups[groups.length - 1];
    if (g === undefined) continue;
    if (h.key === 'TargetPort') put(g.port, 'targetPort', portCell(h.value).port);
    else if (h.key === 'NodePort') put(g.port, 'nodePort', portCell(h.value).port);
    else if (h.key === 'Endpoints') g.endpoints = [h.value, ...h.items].join('');
  }
  put(
    spec,
    'ports',
    groups.map((g) => g.port).filter((p) => p.port !== undefined),
  );
  const service: Obj = { apiVersion: 'v1', kind: 'Service', metadata: meta };
  put(service, 'spec', spec);
  const listed = groups.filter((g) => g.endpoints !== undefined);
  const single = field(doc, 'Endpoints');
  if (listed.length === 0 && single !== undefined) listed.push({ port: {}, endpoints: single.value });
  if (listed.length === 0 || listed.some((g) => (g.endpoints ?? '').includes('more'))) return [service];
  const subsets: Obj[] = [];
  for (const g of listed) {
    const raw = (g.endpoints ?? '').trim();
    if (isNone(raw)) continue;
    const ips: string[] = [];
    let epPort: number | undefined;
    for (const address of raw.split(',')) {
      const a = address.trim();
      const colon = a.lastIndexOf(':');
      const ip = (colon > 0 && !a.endsWith(']') ? a.slice(0, colon) : a).replace(/^\[(.*)\]$/, '$1');
      epPort ??= colon > 0 ? toInt(a.slice(colon + 1)) : undefined;
      if (ip !== '' && !ips.includes(ip)) ips.push(ip);
    }
    const port: Obj = {};
    put(port, 'name', g.port.name);
    put(port, 'port', epPort ?? (typeof g.port.targetPort === 'number' ? g.port.targetPort : undefined));
    put(port, 'protocol', g.port.protocol);
    subsets.push({
      addresses: ips.map((ip) => ({ ip })),
      ...(port.port === undefined ? {} : { ports: [port] }),
    });
  }
  const endpoints = { apiVersion: 'v1', kind: 'Endpoints', metadata: { ...meta }, subsets };
  return [service, endpoints];
}

/** "10.0.0.5,10.0.0.6" or "<none>": a describe address list. */
function addressList(text: string): Obj[] {
  return text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '' && !isNone(a))
    .map((ip) => ({ ip }));
}

/** A row of a describe "Name Port Protocol" table ("<unset>" for an unnamed port), past its header. */
function portRow(line: string): Obj | undefined {
  const [name, port, protocol] = line.trim().split(/\s+/);
  const n = toInt(port ?? '');
  if (name === undefined || n === undefined) return undefined;
  const out: Obj = {};
  put(out, 'name', isNone(name) ? undefined : name);
  out.port = n;
  put(out, 'protocol', protocol);
  return out;
}

/**
 * `kubectl describe endpoints`: under Subsets, each subset's Addresses and NotReadyAddresses
 * (comma-separated IPs, "<none>") and its Ports table (Name Port Protocol).
 */
export function endpointsRaw(doc: Doc, meta: Obj): Obj {
  const subsets: Obj[] = [];
  let current: Obj | undefined;
  let ports = false;
  for (const item of field(doc, 'Subsets')?.items ?? []) {
    const m = /^\s*(Addresses|NotReadyAddresses):\s*(.*)$/.exec(item);
    if (m !== null) {
      const key = m[1] === 'Addresses' ? 'addresses' : 'notReadyAddresses';
      if (current === undefined || key in current) subsets.push((current = {}));
      current[key] = addressList(m[2] ?? '');
      ports = false;
    } else if (/^\s*Ports:\s*$/.test(item)) ports = true;
    else if (ports && current !== undefined) {
      const row = portRow(item);
      if (row !== undefined) current.ports = [...((current.ports as Obj[] | undefined) ?? []), row];
    }
  }
  return { apiVersion: 'v1', kind: 'Endpoints', metadata: meta, subsets };
}

/**
 * `kubectl describe endpointslice`: AddressType, the Ports table, and under Endpoints one
 * "- Addresses:" entry per endpoint with its Conditions (Ready, Serving, Terminating),
 * TargetRef (`Pod/name`) and NodeName.
 */
export function endpointSliceRaw(doc: Doc, meta: Obj): Obj {
  const endpoints: Obj[] = [];
  let current: Obj | undefined;
  for (const item of field(doc, 'Endpoints')?.items ?? []) {
    const m = /^\s*(-\s+)?(\w+):\s*(.*)$/.exec(item);
    if (m === null) continue;
    const [, dash, key = '', text = ''] = m;
    if (dash !== undefined && key === 'Addresses') {
      endpoints.push((current = { addresses: addressList(text).map((a) => a.ip), conditions: {} }));
      continue;
    }
    if (current === undefined) continue;
    const conditions = current.conditions as Obj;
    if (key === 'Ready' || key === 'Serving' || key === 'Terminating')
      put(conditions, key.toLowerCase(), toBool(text));
    else if (key === 'NodeName') put(current, 'nodeName', isNone(text) ? undefined : text);
    else if (key === 'TargetRef') {
      const [kind, name] = text.split('/');
      if (kind !== undefined && name !== undefined)
        current.targetRef = { kind, name, namespace: meta.namespace };
    }
  }
  const ports = (field(doc, 'Ports')?.items ?? []).flatMap((l) => portRow(l) ?? []);
  const slice: Obj = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: meta,
    endpoints,
    ports,
  };
  put(slice, 'addressType', fieldValue(doc, 'AddressType'));
  return slice;
}

/** "cpu:  2" children of Capacity / Allocatable / Addresses / System Info. */
function childMap(doc: Doc, key: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of field(doc, key)?.items ?? []) {
    const [k, v] = columns(item.replace(':', '  ')).map((c) => c.text);
    if (k !== undefined && v !== undefined) out[k] = v;
  }
  return out;
}

export function nodeRaw(doc: Doc, meta: Obj): Obj {
  const spec: Obj = {};
  put(
    spec,
    'taints',
    values(field(doc, 'Taints')).flatMap((t) => taintRaw(t) ?? []),
  );
  put(spec, 'unschedulable', toBool(fieldValue(doc, 'Unschedulable') ?? ''));
  put(spec, 'podCIDR', fieldValue(doc, 'PodCIDR'));
  const status: Obj = {};
  put(status, 'conditions', doc.conditions.map(conditionRaw));
  put(
    status,
    'addresses',
    Object.entries(childMap(doc, 'Addresses')).map(([type, address]) => ({ type, address })),
  );
  put(status, 'capacity', childMap(doc, 'Capacity'));
  put(status, 'allocatable', childMap(doc, 'Allocatable'));
  const info = childMap(doc, 'System Info');
  const nodeInfo: Obj = {};
  put(nodeInfo, 'kubeletVersion', info['Kubelet Version']);
  put(nodeInfo, 'containerRuntimeVersion', info['Container Runtime Version']);
  put(status, 'nodeInfo', nodeInfo);
  const out: Obj = { apiVersion: 'v1', kind: 'Node', metadata: meta };
  put(out, 'spec', spec);
  put(out, 'status', status);
  return out;
}

const ACCESS_MODES: Readonly<Record<string, string>> = {
  RWO: 'ReadWriteOnce',
  ROX: 'ReadOnlyMany',
  RWX: 'ReadWriteMany',
  RWOP: 'ReadWriteOncePod',
};

/** A pod name as kubectl lists it under `Used By` (`Mounted By` before 1.19). */
const POD_NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/**
 * The pods kubectl lists as using the claim (`Used By: db-0`, more on the lines below), each as a
 * partial Pod that mounts it: kubectl found them by their spec, so they exist and use the claim.
 */
export function claimUsers(doc: Doc, meta: Obj): Obj[] {
  const entry = field(doc, 'Used By') ?? field(doc, 'Mounted By');
  const claimName = meta.name;
  if (entry === undefined || typeof claimName !== 'string') return [];
  const names = [entry.value, ...entry.items]
    .flatMap((v) => v.split(/[\s,]+/))
    .filter((n) => POD_NAME.test(n));
  return [...new Set(names)].map((name) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...(meta.namespace === undefined ? {} : { namespace: meta.namespace }) },
    spec: { containers: [], volumes: [{ name: claimName, persistentVolumeClaim: { claimName } }] },
  }));
}

export function pvcRaw(doc: Doc, meta: Obj): Obj {
  const spec: Obj = {};
  put(spec, 'storageClassName', fieldValue(doc, 'StorageClass'));
  put(spec, 'volumeName', fieldValue(doc, 'Volume'));
  put(spec, 'volumeMode', fieldValue(doc, 'VolumeMode'));
  const status: Obj = {};
  put(status, 'phase', (fieldValue(doc, 'Status') ?? '').split(' ')[0] || undefined);
  put(
    status,
    'accessModes',
    (fieldValue(doc, 'Access Modes') ?? '').split(',').flatMap((m) => ACCESS_MODES[m.trim()] ?? []),
  );
  const capacity = fieldValue(doc, 'Capacity');
  if (capacity !== undefined) status.capacity = { storage: capacity };
  // Whom kubectl found using the claim, "<none>" included: a claim nobody uses gets no stand-in pod.
  const usedBy = field(doc, 'Used By') ?? field(doc, 'Mounted By');
  const annotated =
    usedBy === undefined
      ? meta
      : {
          ...meta,
          annotations: {
            ...rec(meta.annotations),
            [CLAIM_USED_BY]: [usedBy.value, ...usedBy.items].join(' ').trim(),
          },
        };
  const out: Obj = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: annotated };
  put(out, 'spec', spec);
  put(out, 'status', status);
  return out;
}
