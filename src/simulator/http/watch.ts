/**
 * Watch: a chunked stream of `{type, object}` lines. It replays the store's change log after
 * the requested resourceVersion (or synthetic ADDED events for the current state when none is
 * given), then follows live changes. A resourceVersion older than the kept history gets the
 * apiserver's ERROR event with a 410 Expired Status.
 */
import { status } from '../api/status.js';
import type { Change } from '../world/store.js';
import type { KObject } from '../world/types.js';
import { serve } from './codec.js';
import type { RequestContext } from './context.js';
import { badRequest } from './respond.js';
import type { ResourceRoute } from './route.js';
import { matchesFilter, parseFilter } from './selectors.js';
import { includeObject } from './reads.js';
import { toTable, wantsTable } from './table/index.js';

export function watchObjects(ctx: RequestContext, route: ResourceRoute): void {
  const { sim } = ctx.state;
  const q = watchQuery(ctx, route);
  const { res } = ctx;
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  res.flushHeaders();
  const write = eventWriter(ctx, route, q.table, q.include);
  const inScope = (obj: KObject): boolean =>
    (q.ns === undefined || obj.metadata.namespace === q.ns) &&
    (route.name === undefined || obj.metadata.name === route.name) &&
    matchesFilter(q.filter, obj);
  const emit = (change: Change): void => {
    if (change.resource !== route.info.resource) return;
    const obj = JSON.parse(change.json) as KObject;
    if (inScope(obj)) write(change.type, obj);
  };
  if (q.rv === undefined) {
    for (const obj of sim.store.list(route.info.resource, q.ns)) if (inScope(obj)) write('ADDED', obj);
  } else {
    const replay = sim.store.changesSince(q.rv, route.info.resource);
    if (replay === 'expired') {
      write(
        'ERROR',
        status(
          410,
          'Expired',
          `too old resource version: ${q.rv} (${sim.store.oldestResumable})`,
        ) as unknown as KObject,
      );
      res.end();
      return;
    }
    for (const change of replay) emit(change);
  }
  follow(ctx, route, emit, write, q);
}

/** The watch's parameters; a resourceVersion that is not a number is a 400. */
function watchQuery(ctx: RequestContext, route: ResourceRoute) {
  const query = ctx.url.searchParams;
  const filter = parseFilter(route.info, query);
  const table = wantsTable(ctx.req.headers.accept) !== undefined;
  const include = table ? includeObject(query) : 'Object';
  const ns = route.info.namespaced ? route.namespace : undefined;
  const rvText = query.get('resourceVersion') ?? '';
  const rv = rvText === '' || rvText === '0' ? undefined : Number(rvText);
  if (rv !== undefined && (!Number.isInteger(rv) || rv < 0))
    throw badRequest(`invalid resource version: strconv.ParseUint: parsing "${rvText}": invalid syntax`);
  const timeoutText = query.get('timeoutSeconds');
  const timeoutSeconds = timeoutText === null ? 1800 : Number(timeoutText);
  const bookmarks = query.get('allowWatchBookmarks') === 'true';
  return { filter, table, include, ns, rv, timeoutSeconds, bookmarks } as const;
}

type WriteEvent = (type: string, obj: KObject) => void;

/** Writes one event line: the object as served, or as a Table row (columns on the first). */
function eventWriter(
  ctx: RequestContext,
  route: ResourceRoute,
  table: boolean,
  include: ReturnType<typeof includeObject>,
): WriteEvent {
  const { res } = ctx;
  let first = true;
  return (type, obj) => {
    if (res.writableEnded) return;
    let object: KObject = obj;
    if (table && type !== 'ERROR' && type !== 'BOOKMARK') {
      object = toTable([obj], {
        resource: route.info.resource,
        now: ctx.state.sim.clock.now(),
        include,
        withColumns: first,
        ...(obj.metadata.resourceVersion === undefined
          ? {}
          : { resourceVersion: obj.metadata.resourceVersion }),
      });
      if (include === 'Object') {
        const rows = object.rows as { object?: KObject }[];
        if (rows[0] !== undefined) rows[0].object = serve(route.info, obj);
      }
      first = false;
    } else if (type !== 'ERROR' && type !== 'BOOKMARK') object = serve(route.info, obj);
    res.write(`${JSON.stringify({ type, object })}\n`);
  };
}

/** Follows live changes, with bookmarks if asked, until the timeout, the client or shutdown. */
function follow(
  ctx: RequestContext,
  route: ResourceRoute,
  emit: (change: Change) => void,
  write: WriteEvent,
  q: { readonly timeoutSeconds: number; readonly bookmarks: boolean },
): void {
  const { sim } = ctx.state;
  const { res } = ctx;
  const unsubscribe = sim.store.subscribe(emit);
  const timers: NodeJS.Timeout[] = [];
  const stop = (): void => {
    unsubscribe();
    for (const t of timers) clearTimeout(t);
    ctx.state.watches.delete(stop);
    if (!res.writableEnded) res.end();
  };
  ctx.state.watches.add(stop);
  if (q.bookmarks) {
    const bookmarkObject = (): KObject => ({
      kind: route.info.kind,
      apiVersion: route.info.group === '' ? route.info.version : `${route.info.group}/${route.info.version}`,
      metadata: { resourceVersion: String(sim.store.resourceVersion) } as KObject['metadata'],
    });
    const interval = setInterval(() => {
      write('BOOKMARK', bookmarkObject());
    }, ctx.state.bookmarkIntervalMs);
    timers.push(interval);
  }
  if (Number.isFinite(q.timeoutSeconds) && q.timeoutSeconds > 0)
    timers.push(setTimeout(stop, q.timeoutSeconds * 1000));
  res.on('close', stop);
}
