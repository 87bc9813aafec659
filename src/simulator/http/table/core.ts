/** Printers of core/v1 kinds other than pods (pkg/printers/internalversion/printers.go). */
import { formatLabels, list, num, pick, record, text } from './json.js';
import { since } from './since.js';
import { AGE, NAME, col, type Printer } from './types.js';

const age = (o: unknown, now: number): string => since(text(o, 'metadata.creationTimestamp'), now);
const name = (o: unknown): string => text(o, 'metadata.name');

export const namespacePrinter: Printer = {
  columns: [NAME, col('Status', 0, 'string', '', 'The status of the namespace'), AGE],
  row: (o, now) => [name(o), text(o, 'status.phase'), age(o, now)],
};

function nodeStatus(o: unknown): string {
  const ready = list(o, 'status.conditions').find((c) => text(c, 'type') === 'Ready');
  const parts = [
    ready === undefined
      ? 'Unknown'
      : text(ready, 'status') === 'True'
        ? 'Ready'
        : text(ready, 'status') === 'False'
          ? 'NotReady'
          : 'Unknown',
  ];
  if (pick(o, 'spec.unschedulable') === true) parts.push('SchedulingDisabled');
  return parts.join(',');
}

function nodeRoles(o: unknown): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(record(o, 'metadata.labels'))) {
    if (k.startsWith('node-role.kubernetes.io/')) roles.add(k.slice('node-role.kubernetes.io/'.length));
    else if (k === 'kubernetes.io/role' && typeof v === 'string' && v !== '') roles.add(v);
  }
  return roles.size === 0 ? '<none>' : [...roles].sort().join(',');
}

const address = (o: unknown, type: string): string =>
  text(
    list(o, 'status.addresses').find((a) => text(a, 'type') === type),
    'address',
  ) || '<none>';

export const nodePrinter: Printer = {
  columns: [
    NAME,
    col('Status', 0, 'string', '', 'The status of the node'),
    col('Roles', 0, 'string', '', 'The roles of the node'),
    AGE,
    col('Version', 0, 'string', '', 'Kubelet Version reported by the node.'),
    col(
      'Internal-IP',
      1,
      'string',
      '',
      'List of addresses reachable to the node. Queried from cloud provider, if available.',
    ),
    col(
      'External-IP',
      1,
      'string',
      '',
      'List of addresses reachable to the node. Queried from cloud provider, if available.',
    ),
    col(
      'OS-Image',
      1,
      'string',
      '',
      'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).',
    ),
    col(
      'Kernel-Version',
      1,
      'string',
      '',
      "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
    ),
    col(
      'Container-Runtime',
      1,
      'string',
      '',
      'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).',
    ),
  ],
  row: (o, now) => [
    name(o),
    nodeStatus(o),
    nodeRoles(o),
    age(o, now),
    text(o, 'status.nodeInfo.kubeletVersion'),
    address(o, 'InternalIP'),
    address(o, 'ExternalIP'),
    text(o, 'status.nodeInfo.osImage') || '<unknown>',
    text(o, 'status.nodeInfo.kernelVersion') || '<unknown>',
    text(o, 'status.nodeInfo.containerRuntimeVersion') || '<unknown>',
  ],
};

function servicePorts(o: unknown): string {
  const ports = list(o, 'spec.ports').map((p) => {
    const proto = text(p, 'protocol') || 'TCP';
    const node = num(p, 'nodePort');
    return node > 0 ? `${num(p, 'port')}:${node}/${proto}` : `${num(p, 'port')}/${proto}`;
  });
  return ports.length === 0 ? '<none>' : ports.join(',');
}

function externalIP(o: unknown): string {
  const type = text(o, 'spec.type') || 'ClusterIP';
  const external = list(o, 'spec.externalIPs').map(String);
  if (type === 'ClusterIP' || type === 'NodePort') return external.length > 0 ? external.join(',') : '<none>';
  if (type === 'ExternalName') return text(o, 'spec.externalName');
  const ingress = list(o, 'status.loadBalancer.ingress').map((i) => text(i, 'ip') || text(i, 'hostname'));
  const all = [...ingress, ...external];
  return all.length > 0 ? all.join(',') : '<pending>';
}

export const servicePrinter: Printer = {
  columns: [
    NAME,
    col('Type', 0, 'string', '', 'type determines how the Service is exposed.'),
    col('Cluster-IP', 0, 'string', '', 'clusterIP is the IP address of the service.'),
    col(
      'External-IP',
      0,
      'string',
      '',
      'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.',
    ),
    col('Port(s)', 0, 'string', '', 'The list of ports that are exposed by this service.'),
    AGE,
    col(
      'Selector',
      1,
      'string',
      '',
      'Route service traffic to pods with label keys and values matching this selector.',
    ),
  ],
  row: (o, now) => [
    name(o),
    text(o, 'spec.type') || 'ClusterIP',
    text(o, 'spec.clusterIP') || '<none>',
    externalIP(o),
    servicePorts(o),
    age(o, now),
    formatLabels(record(o, 'spec.selector')),
  ],
};

/** formatEndpoints: up to three ip:port pairs, then `+ N more...`. */
function endpointsText(o: unknown): string {
  const all: string[] = [];
  for (const subset of list(o, 'subsets')) {
    const ports = list(subset, 'ports');
    for (const addr of list(subset, 'addresses')) {
      if (ports.length === 0) all.push(text(addr, 'ip'));
      for (const p of ports) all.push(`${text(addr, 'ip')}:${num(p, 'port')}`);
    }
  }
  if (all.length === 0) return '<none>';
  const shown = all.slice(0, 3).join(',');
  return all.length > 3 ? `${shown} + ${all.length - 3} more...` : shown;
}

export const endpointsPrinter: Printer = {
  columns: [NAME, col('Endpoints', 0, 'string', '', 'Endpoints of the service'), AGE],
  row: (o, now) => [name(o), endpointsText(o), age(o, now)],
};

function slicePorts(o: unknown): string {
  const ports = list(o, 'ports');
  if (ports.length === 0) return '<unset>';
  return ports.map((p) => (pick(p, 'port') === undefined ? '<unset>' : String(num(p, 'port')))).join(',');
}

function sliceEndpoints(o: unknown): string {
  const all: string[] = [];
  for (const ep of list(o, 'endpoints')) for (const a of list(ep, 'addresses')) all.push(String(a));
  if (all.length === 0) return '<none>';
  const shown = all.slice(0, 3).join(',');
  return all.length > 3 ? `${shown} + ${all.length - 3} more...` : shown;
}

export const endpointSlicePrinter: Printer = {
  columns: [
    NAME,
    col('AddressType', 0, 'string', '', 'The IP protocol for this slice'),
    col('Ports', 0, 'string', '', 'The ports of the slice'),
    col('Endpoints', 0, 'string', '', 'First 3 endpoints of the slice'),
    AGE,
  ],
  row: (o, now) => [name(o), text(o, 'addressType'), slicePorts(o), sliceEndpoints(o), age(o, now)],
};

export const configMapPrinter: Printer = {
  columns: [NAME, col('Data', 0, 'integer', '', 'Number of data entries'), AGE],
  row: (o, now) => [
    name(o),
    Object.keys(record(o, 'data')).length + Object.keys(record(o, 'binaryData')).length,
    age(o, now),
  ],
};

export const secretPrinter: Printer = {
  columns: [
    NAME,
    col('Type', 0, 'string', '', 'The type of the secret'),
    col('Data', 0, 'integer', '', 'Number of data entries'),
    AGE,
  ],
  row: (o, now) => [
    name(o),
    text(o, 'type') || 'Opaque',
    Object.keys(record(o, 'data')).length + Object.keys(record(o, 'stringData')).length,
    age(o, now),
  ],
};

export const serviceAccountPrinter: Printer = {
  columns: [NAME, col('Secrets', 0, 'integer', '', 'Number of secrets'), AGE],
  row: (o, now) => [name(o), list(o, 'secrets').length, age(o, now)],
};

function quotaPairs(o: unknown, limits: boolean): string {
  const hard = record(o, 'status.hard');
  const used = record(o, 'status.used');
  const keys = Object.keys(hard)
    .filter((k) => k.startsWith('limits.') === limits)
    .sort();
  return keys.map((k) => `${k}: ${text(used, k) || '0'}/${text(hard, k)}`).join(', ');
}

export const resourceQuotaPrinter: Printer = {
  columns: [
    NAME,
    AGE,
    col(
      'Request',
      0,
      'string',
      '',
      'Request represents a minimum amount of cpu/memory that a container may consume.',
    ),
    col(
      'Limit',
      0,
      'string',
      '',
      'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.',
    ),
  ],
  row: (o, now) => [name(o), age(o, now), quotaPairs(o, false), quotaPairs(o, true)],
};

export const limitRangePrinter: Printer = {
  columns: [
    NAME,
    col(
      'Created At',
      0,
      'date',
      '',
      'CreationTimestamp is a timestamp representing the server time when this object was created.',
    ),
  ],
  row: (o) => [name(o), text(o, 'metadata.creationTimestamp')],
};
