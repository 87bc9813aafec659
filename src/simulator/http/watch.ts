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
  const { res } = ctx;
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  res.flushHeaders();
  let first = true;
  const write = (type: string, obj: KObject): void => {
    if (res.writableEnded) return;
    let object: KObject = obj;
    if (table && type !== 'ERROR' && type !== 'BOOKMARK') {
      object = toTable([obj], {
        resource: route.info.resource,
        now: sim.clock.now(),
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
  const inScope = (obj: KObject): boolean =>
    (ns === undefined || obj.metadata.namespace === ns) &&
    (route.name === undefined || obj.metadata.name === route.name) &&
    matchesFilter(filter, obj);
  const emit = (change: Change): void => {
    if (change.resource !== route.info.resource) return;
    const obj = JSON.parse(change.json) as KObject;
    if (inScope(obj)) write(change.type, obj);
  };
  if (rv === undefined) {
    for (const obj of sim.store.list(route.info.resource, ns)) if (inScope(obj)) write('ADDED', obj);
  } else {
    const replay = sim.store.changesSince(rv, route.info.resource);
    if (replay === 'expired') {
      write(
        'ERROR',
        status(
          410,
          'Expired',
          `too old resource version: ${rv} (${sim.store.oldestResumable})`,
        ) as unknown as KObject,
      );
      res.end();
      return;
    }
    for (const change of replay) emit(change);
  }
  const unsubscribe = sim.store.subscribe(emit);
  const timers: NodeJS.Timeout[] = [];
  const stop = (): void => {
    unsubscribe();
    for (const t of timers) clearTimeout(t);
    ctx.state.watches.delete(stop);
    if (!res.writableEnded) res.end();
  };
  ctx.state.watches.add(stop);
  if (bookmarks) {
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
  if (Number.isFinite(timeoutSeconds) && timeoutSeconds > 0)
    timers.push(setTimeout(stop, timeoutSeconds * 1000));
  res.on('close', stop);
}
