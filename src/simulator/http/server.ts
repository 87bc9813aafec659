/**
 * The simulated cluster's Kubernetes API over HTTP on 127.0.0.1, for kubectl and client
 * libraries: authentication and authorization per request, discovery, resource reads and
 * writes, watch, Table printing, pods/log and pods/proxy, and a request log.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { status } from '../api/status.js';
import { ADMIN, ADMIN_TOKEN, type UserInfo, type Verb } from '../api/types.js';
import type { Simulation } from '../simulation.js';
import { type ServerState, type RequestContext } from './context.js';
import { apiGroup, apiGroupList, apiResourceList, apiVersions, versionInfo } from './discovery.js';
import { startDriver } from './driver.js';
import { podLogs } from './logs.js';
import { OPENAPI_V2_PROTOBUF, openApi } from './openapi.js';
import { podProxy } from './proxy.js';
import { getObject, listObjects } from './reads.js';
import { RequestLog } from './request-log.js';
import { scaleSubresource } from './scale.js';
import { HttpError, fail, sendJson, sendStatus } from './respond.js';
import { parseRoute, type ResourceRoute } from './route.js';
import { watchObjects } from './watch.js';
import { createObject, deleteObject, patchObject, replaceObject } from './writes.js';

export interface ApiServerOptions {
  /** 0 picks a free port. */
  readonly port?: number;
  /** Simulated ms per wall ms; 0 freezes the world. */
  readonly speed?: number;
  /** A bearer token accepted as the cluster admin besides the API server's own (default ADMIN_TOKEN). */
  readonly token?: string;
  /** Wall ms between watch bookmarks (default 1000). */
  readonly bookmarkIntervalMs?: number;
  /**
   * Who a request without an Authorization header is (null: nobody, 401). kubectl and client-go
   * never send credentials over plain http (kubernetes/kubectl#744), so the default serves such
   * requests as the cluster admin, as the old apiserver insecure port did; a token that is sent
   * is always checked.
   */
  readonly anonymous?: UserInfo | null;
}

export interface RunningApiServer {
  readonly port: number;
  readonly url: string;
  readonly requestLog: RequestLog;
  close(): Promise<void>;
}

function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (h === undefined) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

function verbOf(method: string, route: ResourceRoute, query: URLSearchParams): Verb | 'proxy' | undefined {
  const watch = query.get('watch');
  const isWatch = watch === 'true' || watch === '1';
  if (route.subresource === 'proxy') return 'proxy';
  switch (method) {
    case 'GET':
      if (route.name === undefined) return isWatch ? 'watch' : 'list';
      return isWatch ? 'watch' : 'get';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return route.name === undefined ? 'deletecollection' : 'delete';
    default:
      return undefined;
  }
}

async function handleResource(
  ctx: RequestContext,
  route: ResourceRoute,
  verb: Verb | 'proxy',
): Promise<void> {
  const name = route.name;
  const sub = route.subresource;
  if (sub !== undefined && !['log', 'proxy', 'status', 'scale'].includes(sub))
    throw fail(404, 'NotFound', 'the server could not find the requested resource');
  if (sub === 'scale') {
    if (name === undefined || verb === 'proxy')
      throw fail(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    await scaleSubresource(ctx, route, name, verb);
    return;
  }
  if (sub === 'log') {
    if (route.info.resource !== 'pods' || verb !== 'get' || name === undefined)
      throw fail(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    podLogs(ctx, route, name);
    return;
  }
  if (verb === 'proxy') {
    if (route.info.resource !== 'pods' || ctx.req.method !== 'GET' || name === undefined)
      throw fail(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    podProxy(ctx, route, name);
    return;
  }
  if (verb === 'get' && name !== undefined) {
    getObject(ctx, route, name);
    return;
  }
  if (verb === 'list') {
    listObjects(ctx, route);
    return;
  }
  if (verb === 'watch') {
    watchObjects(ctx, route);
    return;
  }
  if (verb === 'create' && name === undefined && sub === undefined) return createObject(ctx, route);
  if (verb === 'update' && name !== undefined) return replaceObject(ctx, route, name);
  if (verb === 'patch' && name !== undefined) return patchObject(ctx, route, name);
  if (verb === 'delete' && name !== undefined && sub === undefined) return deleteObject(ctx, route, name);
  throw fail(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
}

/** Discovery and the other non-resource paths; false when the path is not one of them. */
function handleNonResource(state: ServerState, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const parts = path.split('/').filter((p) => p !== '');
  if (path === '/version') sendJson(res, 200, versionInfo(state.sim.scenario.cluster.version));
  else if (path === '/api') sendJson(res, 200, apiVersions(req.headers.host ?? '127.0.0.1'));
  else if (path === '/apis') sendJson(res, 200, apiGroupList());
  else if (path === '/healthz' || path === '/livez' || path === '/readyz') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
  } else if (parts[0] === 'openapi') {
    const doc = openApi(path, req.headers.accept);
    if (doc === undefined)
      sendStatus(res, status(404, 'NotFound', 'the server could not find the requested resource'));
    else if ('json' in doc) sendJson(res, 200, doc.json);
    else {
      res.writeHead(200, {
        'Content-Type': OPENAPI_V2_PROTOBUF,
        'Content-Length': String(doc.protobuf.length),
      });
      res.end(doc.protobuf);
    }
  } else if (parts[0] === 'api' && parts.length === 2) {
    const list = apiResourceList('', parts[1] ?? '');
    if (list === undefined) return false;
    sendJson(res, 200, list);
  } else if (parts[0] === 'apis' && parts.length === 2) {
    const group = apiGroup(parts[1] ?? '');
    if (group === undefined) return false;
    sendJson(res, 200, group);
  } else if (parts[0] === 'apis' && parts.length === 3) {
    const list = apiResourceList(parts[1] ?? '', parts[2] ?? '');
    if (list === undefined) return false;
    sendJson(res, 200, list);
  } else return false;
  state.log.record({ verb: 'discovery', resource: path, group: '', code: res.statusCode, path });
  return true;
}

function handleRequestLog(state: ServerState, req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'DELETE') {
    state.log.reset();
    sendJson(res, 200, state.log.summary());
  } else if (req.method === 'GET') sendJson(res, 200, { ...state.log.summary(), records: state.log.records });
  else
    sendStatus(
      res,
      status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'),
    );
}

interface AuthOptions {
  readonly extraToken: string;
  readonly anonymous: UserInfo | null;
}

function authenticate(state: ServerState, auth: AuthOptions, req: IncomingMessage): UserInfo | undefined {
  if (req.headers.authorization === undefined) return auth.anonymous ?? undefined;
  const token = bearer(req);
  const user = state.sim.api.authenticate(token);
  if (user !== undefined) return user;
  return token !== undefined && (token === auth.extraToken || token === ADMIN_TOKEN) ? ADMIN : undefined;
}

async function handle(
  state: ServerState,
  auth: AuthOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const user = authenticate(state, auth, req);
  if (user === undefined) {
    sendStatus(res, status(401, 'Unauthorized', 'Unauthorized'));
    return;
  }
  if (url.pathname === '/handoff/requests') {
    handleRequestLog(state, req, res);
    return;
  }
  const parsed = parseRoute(url.pathname);
  if (parsed.kind !== 'resource') {
    if (req.method === 'GET' && handleNonResource(state, req, res, url)) return;
    sendStatus(res, status(404, 'NotFound', 'the server could not find the requested resource'));
    return;
  }
  const route = parsed.route;
  const verb = verbOf(req.method ?? 'GET', route, url.searchParams);
  const record = (code: number): void => {
    state.log.record({
      verb: verb ?? 'get',
      resource:
        route.subresource === undefined ? route.info.resource : `${route.info.resource}/${route.subresource}`,
      group: route.info.group,
      ...(route.namespace === undefined ? {} : { namespace: route.namespace }),
      ...(route.name === undefined ? {} : { name: route.name }),
      code,
      path: url.pathname,
    });
  };
  try {
    if (verb === undefined)
      throw fail(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    const denied = state.sim.api.authorize({
      user,
      verb: verb === 'proxy' ? 'get' : verb,
      resource: route.info,
      ...(route.subresource === undefined ? {} : { subresource: route.subresource }),
      ...(route.namespace === undefined ? {} : { namespace: route.namespace }),
      ...(route.name === undefined ? {} : { name: route.name }),
    });
    if (denied !== undefined) throw new HttpError(denied);
    await handleResource({ state, req, res, url, user }, route, verb);
    record(res.statusCode);
  } catch (err) {
    const s =
      err instanceof HttpError
        ? err.status
        : status(500, 'InternalError', `Internal error occurred: ${(err as Error).message}`);
    record(s.code);
    if (res.headersSent) {
      if (!res.writableEnded) res.end();
    } else sendStatus(res, s);
  }
}

export async function startApiServer(
  sim: Simulation,
  opts: ApiServerOptions = {},
): Promise<RunningApiServer> {
  // From now on a client can watch: keep the changes it may resume from.
  sim.store.enableHistory();
  const state: ServerState = {
    sim,
    log: new RequestLog(),
    bookmarkIntervalMs: opts.bookmarkIntervalMs ?? 1000,
    watches: new Set(),
  };
  const auth: AuthOptions = {
    extraToken: opts.token ?? ADMIN_TOKEN,
    anonymous: opts.anonymous === undefined ? ADMIN : opts.anonymous,
  };
  const server = createServer((req, res) => {
    handle(state, auth, req, res).catch((err: unknown) => {
      if (!res.headersSent)
        sendStatus(res, status(500, 'InternalError', `Internal error occurred: ${String(err)}`));
      else if (!res.writableEnded) res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const driver = startDriver(sim, opts.speed ?? 1);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requestLog: state.log,
    close: () =>
      new Promise<void>((resolve) => {
        driver.stop();
        for (const stop of [...state.watches]) stop();
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
