// A read-only Kubernetes API server on 127.0.0.1 that serves a fixed set of objects: enough of
// discovery, get and list (with involvedObject field selectors) for `kubectl describe`. Used to
// capture genuine kubectl text from the golden fixtures; the simulator's HTTP API will grow from it.
import { createServer } from 'node:http';
import { URL } from 'node:url';

const CORE = [
  ['pods', 'Pod', true, ['po']],
  ['events', 'Event', true, ['ev']],
  ['nodes', 'Node', false, ['no']],
  ['services', 'Service', true, ['svc']],
  ['endpoints', 'Endpoints', true, ['ep']],
  ['persistentvolumeclaims', 'PersistentVolumeClaim', true, ['pvc']],
  ['persistentvolumes', 'PersistentVolume', false, ['pv']],
  ['namespaces', 'Namespace', false, ['ns']],
];
const GROUPS = {
  'apps/v1': [
    ['deployments', 'Deployment', true, ['deploy']],
    ['replicasets', 'ReplicaSet', true, ['rs']],
    ['statefulsets', 'StatefulSet', true, ['sts']],
    ['daemonsets', 'DaemonSet', true, ['ds']],
  ],
  'batch/v1': [
    ['jobs', 'Job', true, []],
    ['cronjobs', 'CronJob', true, ['cj']],
  ],
};

const resourceList = (groupVersion, list) => ({
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion,
  resources: list.map(([name, kind, namespaced, shortNames]) => ({
    name,
    singularName: kind.toLowerCase(),
    namespaced,
    kind,
    verbs: ['get', 'list'],
    shortNames,
  })),
});

function fieldMatches(obj, selector) {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const [path, value] = term.split('=');
    let cur = obj;
    for (const part of path.split('.')) cur = cur?.[part];
    return String(cur ?? '') === value;
  });
}

/** Starts the server; resolves to { url, close }. `objects` are plain Kubernetes objects. */
export function startStaticApiServer(objects) {
  const byResource = new Map();
  const kindToResource = new Map(
    [...CORE, ...Object.values(GROUPS).flat()].map(([name, kind]) => [kind, name]),
  );
  for (const o of objects) {
    const resource = kindToResource.get(o.kind);
    if (!resource) continue;
    if (!byResource.has(resource)) byResource.set(resource, []);
    byResource.get(resource).push(o);
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const notFound = (what) =>
      send(404, {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        message: `${what} not found`,
        reason: 'NotFound',
        code: 404,
      });
    const p = url.pathname;
    if (p === '/api')
      return send(200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }],
      });
    if (p === '/apis') {
      return send(200, {
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: Object.keys(GROUPS).map((gv) => {
          const [group, version] = gv.split('/');
          return {
            name: group,
            versions: [{ groupVersion: gv, version }],
            preferredVersion: { groupVersion: gv, version },
          };
        }),
      });
    }
    if (p === '/version')
      return send(200, {
        major: '1',
        minor: '30',
        gitVersion: 'v1.30.0-handoff-static',
        platform: 'linux/amd64',
      });
    if (p === '/api/v1') return send(200, resourceList('v1', CORE));
    for (const [gv, list] of Object.entries(GROUPS))
      if (p === `/apis/${gv}`) return send(200, resourceList(gv, list));
    const m = /^\/(?:api\/v1|apis\/[^/]+\/v1)(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?$/.exec(p);
    if (!m) return notFound(p);
    const [, ns, resource, name] = m;
    const all = (byResource.get(resource) ?? []).filter(
      (o) => ns === undefined || o.metadata?.namespace === ns,
    );
    if (name !== undefined) {
      const obj = all.find((o) => o.metadata?.name === name);
      return obj ? send(200, obj) : notFound(`${resource} "${name}"`);
    }
    const items = all.filter((o) => fieldMatches(o, url.searchParams.get('fieldSelector')));
    const kind = [...CORE, ...Object.values(GROUPS).flat()].find(([r]) => r === resource)?.[1] ?? 'Unknown';
    return send(200, { kind: `${kind}List`, apiVersion: 'v1', metadata: { resourceVersion: '1' }, items });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
