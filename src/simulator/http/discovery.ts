/**
 * Legacy (unaggregated) discovery documents. kubectl ≥1.27 asks for aggregated discovery
 * first but accepts these when the response's Content-Type is plain application/json.
 */
import { RESOURCES, type ResourceInfo } from '../world/resources.js';

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** Resources `kubectl get all` expands to (the "all" category, as the real types declare it). */
const CATEGORY_ALL = new Set([
  'pods',
  'services',
  'deployments',
  'replicasets',
  'statefulsets',
  'daemonsets',
  'jobs',
  'cronjobs',
]);

/** Subresources the real API lists for each resource (kubectl checks some, e.g. pods/log). */
const SUBRESOURCES: Readonly<Record<string, readonly { name: string; verbs: readonly string[] }[]>> = {
  pods: [
    { name: 'binding', verbs: ['create'] },
    { name: 'eviction', verbs: ['create'] },
    { name: 'log', verbs: ['get'] },
    { name: 'proxy', verbs: ['create', 'delete', 'get', 'patch', 'update'] },
    { name: 'status', verbs: ['get', 'patch', 'update'] },
  ],
  nodes: [{ name: 'status', verbs: ['get', 'patch', 'update'] }],
  namespaces: [
    { name: 'finalize', verbs: ['update'] },
    { name: 'status', verbs: ['get', 'patch', 'update'] },
  ],
  deployments: [
    { name: 'scale', verbs: ['get', 'patch', 'update'] },
    { name: 'status', verbs: ['get', 'patch', 'update'] },
  ],
  replicasets: [
    { name: 'scale', verbs: ['get', 'patch', 'update'] },
    { name: 'status', verbs: ['get', 'patch', 'update'] },
  ],
  statefulsets: [
    { name: 'scale', verbs: ['get', 'patch', 'update'] },
    { name: 'status', verbs: ['get', 'patch', 'update'] },
  ],
  daemonsets: [{ name: 'status', verbs: ['get', 'patch', 'update'] }],
  jobs: [{ name: 'status', verbs: ['get', 'patch', 'update'] }],
  cronjobs: [{ name: 'status', verbs: ['get', 'patch', 'update'] }],
  persistentvolumeclaims: [{ name: 'status', verbs: ['get', 'patch', 'update'] }],
  persistentvolumes: [{ name: 'status', verbs: ['get', 'patch', 'update'] }],
  services: [
    { name: 'proxy', verbs: ['create', 'delete', 'get', 'patch', 'update'] },
    { name: 'status', verbs: ['get', 'patch', 'update'] },
  ],
  resourcequotas: [{ name: 'status', verbs: ['get', 'patch', 'update'] }],
  volumeattachments: [{ name: 'status', verbs: ['get', 'patch', 'update'] }],
};

function resourceEntry(info: ResourceInfo): Record<string, unknown> {
  const verbs =
    info.resource === 'namespaces' ? ALL_VERBS.filter((v) => v !== 'deletecollection') : ALL_VERBS;
  return {
    name: info.resource,
    singularName: info.singular,
    namespaced: info.namespaced,
    kind: info.kind,
    verbs,
    ...(info.shortNames.length > 0 ? { shortNames: [...info.shortNames] } : {}),
    ...(CATEGORY_ALL.has(info.resource) ? { categories: ['all'] } : {}),
  };
}

export function apiResourceList(group: string, version: string): Record<string, unknown> | undefined {
  const infos: ResourceInfo[] = RESOURCES.filter((r) => r.group === group && r.version === version);
  if (infos.length === 0) return undefined;
  const resources: Record<string, unknown>[] = [];
  for (const info of [...infos].sort((a, b) => (a.resource < b.resource ? -1 : 1))) {
    resources.push(resourceEntry(info));
    for (const sub of SUBRESOURCES[info.resource] ?? [])
      resources.push({
        name: `${info.resource}/${sub.name}`,
        singularName: '',
        namespaced: info.namespaced,
        kind:
          sub.name === 'scale'
            ? 'Scale'
            : sub.name === 'eviction'
              ? 'Eviction'
              : sub.name === 'binding'
                ? 'Binding'
                : info.kind,
        verbs: [...sub.verbs],
        ...(sub.name === 'scale' ? { group: 'autoscaling', version: 'v1' } : {}),
      });
  }
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group === '' ? version : `${group}/${version}`,
    resources,
  };
}

export function apiVersions(serverAddress: string): Record<string, unknown> {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function groups(): { name: string; version: string }[] {
  const seen = new Map<string, string>();
  for (const info of RESOURCES)
    if (info.group !== '' && !seen.has(info.group)) seen.set(info.group, info.version);
  return [...seen].map(([name, version]) => ({ name, version }));
}

function groupEntry(name: string, version: string): Record<string, unknown> {
  const gv = { groupVersion: `${name}/${version}`, version };
  return { name, versions: [gv], preferredVersion: gv };
}

export function apiGroupList(): Record<string, unknown> {
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: groups().map((g) => groupEntry(g.name, g.version)),
  };
}

export function apiGroup(name: string): Record<string, unknown> | undefined {
  const g = groups().find((x) => x.name === name);
  return g === undefined
    ? undefined
    : { kind: 'APIGroup', apiVersion: 'v1', ...groupEntry(g.name, g.version) };
}

/** /version, from the scenario's cluster version (e.g. v1.31.4). */
export function versionInfo(gitVersion: string): Record<string, unknown> {
  const m = /^v?(\d+)\.(\d+)/.exec(gitVersion);
  return {
    major: m?.[1] ?? '1',
    minor: m?.[2] ?? '31',
    gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'go1.23.4',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}
