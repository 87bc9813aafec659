/**
 * Rows of `kubectl get endpoints` (NAME ENDPOINTS [AGE]), `kubectl get endpointslices`
 * (NAME ADDRESSTYPE PORTS ENDPOINTS AGE) and `kubectl get svc` (NAME TYPE CLUSTER-IP EXTERNAL-IP
 * PORT(S) AGE [SELECTOR]; older releases without TYPE, or with IP(S)). Only what the table shows
 * is kept: an Endpoints object's ready addresses, a slice's ports and addresses, a Service's type,
 * cluster IP, ports (port, nodePort, protocol) and selector.
 */
import { parseLabels } from './table.js';
import { value } from '../common/text.js';

type Raw = Record<string, unknown>;

const IPV4_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/;
const IPV6_PORT = /^\[([0-9A-Fa-f:.]+)\]:(\d{1,5})$/;
const BARE_IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]*:[0-9A-Fa-f:.]*)$/;

/**
 * kubectl's ENDPOINTS column: "<none>" (no subsets), "" (subsets with no ready address),
 * "10.0.0.5:8080,10.0.0.6:8080 + 1 more..." (ready addresses, at most three shown).
 */
export function parseEndpointsColumn(text: string): Raw[] | undefined {
  const t = text.trim();
  if (t === '<none>') return [];
  if (t === '') return [{ addresses: [] }];
  const plus = t.indexOf(' + ');
  if (plus >= 0 && !/^ \+ \d+ more\.\.\.$/.test(t.slice(plus))) return undefined;
  const list = plus >= 0 ? t.slice(0, plus) : t;
  const byPort = new Map<number, string[]>();
  const noPort: string[] = [];
  for (const item of list.split(',')) {
    const m = IPV4_PORT.exec(item) ?? IPV6_PORT.exec(item);
    if (m !== null) {
      const port = Number(m[2]);
      byPort.set(port, [...(byPort.get(port) ?? []), m[1] ?? '']);
    } else if (BARE_IP.test(item)) {
      noPort.push(item);
    } else {
      return undefined;
    }
  }
  const subsets: Raw[] = [...byPort].map(([port, ips]) => ({
    addresses: ips.map((ip) => ({ ip })),
    ports: [{ port }],
  }));
  if (noPort.length > 0) subsets.push({ addresses: noPort.map((ip) => ({ ip })) });
  return subsets;
}

export function endpointsFrom(row: ReadonlyMap<string, string>): Raw | undefined {
  const subsets = parseEndpointsColumn(row.get('ENDPOINTS') ?? '');
  return subsets === undefined ? undefined : { kind: 'Endpoints', subsets };
}

const PORT = /^(\d{1,5})(?::(\d{1,5}))?\/([A-Z]+)$/;

/** "80/TCP,443:30443/TCP" -> service ports; "<none>" -> []. */
export function parseServicePorts(text: string | undefined): Raw[] | undefined {
  const t = text?.trim() ?? '';
  if (t === '<none>' || t === '') return [];
  const out: Raw[] = [];
  for (const item of t.split(',')) {
    const m = PORT.exec(item);
    if (m === null) return undefined;
    out.push({
      port: Number(m[1]),
      ...(m[2] === undefined ? {} : { nodePort: Number(m[2]) }),
      protocol: m[3],
    });
  }
  return out;
}

const SERVICE_TYPES: ReadonlySet<string> = new Set(['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName']);

export function serviceFrom(row: ReadonlyMap<string, string>): Raw | undefined {
  const type = row.get('TYPE');
  if (type !== undefined && !SERVICE_TYPES.has(type)) return undefined;
  const ports = parseServicePorts(row.get('PORT(S)'));
  if (ports === undefined) return undefined;
  const clusterIP = value(row.get('CLUSTER-IP') ?? row.get('IP(S)'));
  const selector = parseLabels(row.get('SELECTOR'));
  const externalName = type === 'ExternalName' ? value(row.get('EXTERNAL-IP')) : undefined;
  return {
    kind: 'Service',
    spec: {
      ...(type === undefined ? {} : { type }),
      ...(clusterIP === undefined ? {} : { clusterIP }),
      ...(externalName === undefined ? {} : { externalName }),
      ports,
      ...(selector === undefined ? {} : { selector }),
    },
  };
}

/** The label that ties an EndpointSlice to its Service. */
const SERVICE_NAME = 'kubernetes.io/service-name';
/**
 * The EndpointSlice controller names its slices with generateName `<service>-`, so the API server
 * appends five random characters (the base cut to 58 characters).
 */
const GENERATED = /^([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)-[bcdfghjklmnpqrstvwxz2456789]{5}$/;
const MORE = /^ \+ (\d+) more\.\.\.$/;

/**
 * A `kubectl get endpointslices` row. kubectl prints PORTS as the port numbers joined by commas
 * and ENDPOINTS as up to three addresses of all endpoints, ready or not, then " + N more...";
 * `<unset>` for none. Readiness is not shown, so the endpoints carry no conditions. The Service
 * is taken from the generated name.
 */
export function endpointSliceFrom(row: ReadonlyMap<string, string>): Raw | undefined {
  const name = row.get('NAME') ?? '';
  const portsText = (row.get('PORTS') ?? '').trim();
  const endpointsText = (row.get('ENDPOINTS') ?? '').trim();
  let ports: Raw[] = [];
  if (portsText !== '<unset>' && portsText !== '') {
    const nums = portsText.split(',');
    if (!nums.every((n) => /^\d{1,5}$/.test(n))) return undefined;
    ports = nums.map((n) => ({ port: Number(n) }));
  }
  let endpoints: Raw[] = [];
  if (endpointsText !== '<unset>' && endpointsText !== '') {
    const plus = endpointsText.indexOf(' + ');
    const more = plus >= 0 ? MORE.exec(endpointsText.slice(plus)) : null;
    if (plus >= 0 && more === null) return undefined;
    const list = (plus >= 0 ? endpointsText.slice(0, plus) : endpointsText).split(',');
    if (!list.every((ip) => BARE_IP.test(ip))) return undefined;
    // Addresses past the third are not printed: count them as endpoints of unknown address.
    const hidden = Number(more?.[1] ?? 0);
    endpoints = [
      ...list.map((ip) => ({ addresses: [ip] })),
      ...Array.from({ length: Math.min(hidden, 1000) }, () => ({ addresses: [] })),
    ];
  }
  const service = GENERATED.exec(name)?.[1];
  const addressType = value(row.get('ADDRESSTYPE'));
  return {
    kind: 'EndpointSlice',
    ...(service === undefined ? {} : { metadata: { labels: { [SERVICE_NAME]: service } } }),
    ...(addressType === undefined ? {} : { addressType }),
    ports,
    endpoints,
  };
}
