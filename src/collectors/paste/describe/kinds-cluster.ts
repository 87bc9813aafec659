import { field, fieldValue, put, type Doc } from './doc.js';
import { columns, isNone, labelMap, toBool, toInt } from './syntax.js';
import { values } from './kinds.js';
import { conditionRaw, taintRaw } from './sections.js';

/** Services (with the Endpoints their describe lists), Nodes and PersistentVolumeClaims. */

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
  const out: Obj = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: meta };
  put(out, 'spec', spec);
  put(out, 'status', status);
  return out;
}
