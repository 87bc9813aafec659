import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake API server received. */
export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly authorization: string | undefined;
}

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Obj = Record<string, unknown> & {
  metadata: { name: string; namespace?: string; uid?: string; labels?: Record<string, string> };
};

export interface FakeApiOptions {
  /** Objects by `group/resource` ('' group for core): e.g. `/pods`, `apps/replicasets`. */
  readonly objects?: Readonly<Record<string, readonly Obj[]>>;
  /** Serve events.k8s.io/v1 in discovery. */
  readonly eventsV1?: boolean;
  /** Container logs by `ns/pod/container/previous`. */
  readonly logs?: Readonly<Record<string, string>>;
  /** Wall ms before each answer (to observe concurrency). */
  readonly delayMs?: number;
  /** Answers before the default behaviour; return undefined to fall through. */
  readonly intercept?: (req: Recorded, parsed: ParsedPath | undefined) => Reply | undefined;
}

export interface ParsedPath {
  readonly group: string;
  readonly resource: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly sub?: string;
}

export interface FakeApi {
  readonly url: string;
  readonly requests: Recorded[];
  /** The most requests that were ever open at once. */
  readonly maxInFlight: () => number;
  close(): Promise<void>;
}

const PATH =
  /^\/(?:api\/v1|apis\/([^/]+)\/[^/]+)(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?(?:\/([^/]+))?$/;

export function parsePath(path: string): ParsedPath | undefined {
  const m = PATH.exec(path);
  if (m === null) return undefined;
  const [, group, namespace, resource, name, sub] = m;
  if (resource === undefined) return undefined;
  return {
    group: group ?? '',
    resource,
    ...(namespace === undefined ? {} : { namespace }),
    ...(name === undefined ? {} : { name: decodeURIComponent(name) }),
    ...(sub === undefined ? {} : { sub }),
  };
}

const status = (code: number, message: string): Reply => ({
  status: code,
  body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message, code },
});

function get(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** `a=b,c=d` equality selectors; label selectors read metadata.labels, field selectors dotted paths. */
function matches(obj: Obj, selector: string | null, field: boolean): boolean {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const [k = '', v = ''] = term.split('=');
    return (field ? get(obj, k) : obj.metadata.labels?.[k]) === v;
  });
}

/** A small Kubernetes API: paginated lists (limit/continue as offsets), GETs, discovery, logs. */
export async function startFakeApi(options: FakeApiOptions = {}): Promise<FakeApi> {
  const requests: Recorded[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const answer = (req: Recorded): Reply => {
    const parsed = parsePath(req.path);
    const intercepted = options.intercept?.(req, parsed);
    if (intercepted !== undefined) return intercepted;
    if (req.path === '/apis/events.k8s.io/v1') {
      return options.eventsV1
        ? {
            status: 200,
            body: { kind: 'APIResourceList', resources: [{ name: 'events', namespaced: true }] },
          }
        : status(404, 'the server could not find the requested resource');
    }
    if (parsed === undefined) return status(404, `no route ${req.path}`);
    if (parsed.sub === 'log') {
      const key = `${parsed.namespace ?? ''}/${parsed.name ?? ''}/${req.query.get('container') ?? ''}/${req.query.get('previous') ?? 'false'}`;
      const text = options.logs?.[key];
      return text === undefined
        ? status(400, 'previous terminated container not found')
        : { status: 200, body: text };
    }
    const all = options.objects?.[`${parsed.group}/${parsed.resource}`] ?? [];
    const inScope = all.filter(
      (o) => parsed.namespace === undefined || o.metadata.namespace === parsed.namespace,
    );
    if (parsed.name !== undefined) {
      const found = inScope.find((o) => o.metadata.name === parsed.name);
      return found
        ? { status: 200, body: found }
        : status(404, `${parsed.resource} "${parsed.name}" not found`);
    }
    const selected = inScope.filter(
      (o) =>
        matches(o, req.query.get('labelSelector'), false) && matches(o, req.query.get('fieldSelector'), true),
    );
    const limit = Number(req.query.get('limit') ?? selected.length) || selected.length;
    const from = Number(req.query.get('continue') ?? 0);
    const items = selected.slice(from, from + limit);
    const next = from + limit < selected.length ? String(from + limit) : undefined;
    return { status: 200, body: { kind: 'List', metadata: next ? { continue: next } : {}, items } };
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const recorded: Recorded = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
    };
    requests.push(recorded);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const reply = answer(recorded);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    setTimeout(() => {
      inFlight--;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(text);
    }, options.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
