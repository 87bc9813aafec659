/** GET of one object and LIST with selectors, limit/continue pagination and Table output. */
import { notFound, status } from '../api/status.js';
import type { KObject } from '../world/types.js';
import { apiVersionOf, serve } from './codec.js';
import type { RequestContext } from './context.js';
import { HttpError, badRequest, sendJson } from './respond.js';
import type { ResourceRoute } from './route.js';
import { matchesFilter, parseFilter } from './selectors.js';
import { toTable, wantsTable, type IncludeObject } from './table/index.js';

const TOO_OLD_CONTINUE =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

export function includeObject(query: URLSearchParams): IncludeObject {
  const v = query.get('includeObject') ?? 'Metadata';
  if (v === 'None' || v === 'Metadata' || v === 'Object') return v;
  throw badRequest(`invalid includeObject value: ${v}`);
}

export function getObject(ctx: RequestContext, route: ResourceRoute, name: string): void {
  const { sim } = ctx.state;
  const obj = sim.store.get(route.info.resource, route.info.namespaced ? route.namespace : undefined, name);
  if (obj === undefined) throw new HttpError(notFound(route.info.resource, name, route.info.group));
  const served = serve(route.info, obj);
  if (wantsTable(ctx.req.headers.accept) !== undefined) {
    const table = toTable([obj], {
      resource: route.info.resource,
      now: sim.clock.now(),
      include: includeObject(ctx.url.searchParams),
      withColumns: true,
      ...(obj.metadata.resourceVersion === undefined
        ? {}
        : { resourceVersion: obj.metadata.resourceVersion }),
    });
    const rows = table.rows as { object?: KObject }[];
    if (rows[0]?.object === obj) rows[0].object = served;
    sendJson(ctx.res, 200, table);
    return;
  }
  sendJson(ctx.res, 200, served);
}

interface ContinueToken {
  readonly rv: number;
  readonly start: string;
}

const encodeContinue = (t: ContinueToken): string =>
  Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: t.rv, start: t.start })).toString('base64');

function decodeContinue(text: string): ContinueToken {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as {
      v?: unknown;
      rv?: unknown;
      start?: unknown;
    };
    if (parsed.v === 'meta.k8s.io/v1' && typeof parsed.rv === 'number' && typeof parsed.start === 'string')
      return { rv: parsed.rv, start: parsed.start };
  } catch {
    // fall through to the apiserver's error
  }
  throw badRequest(
    `continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)`,
  );
}

const keyOf = (o: KObject): string => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/**
 * One page of a list: the first `limit` matching objects from `startKey` on (all when 0),
 * whether more match, and how many (counted only without selectors, as the apiserver does).
 * Reads only as far as the page needs, so paging through 150k pods is not quadratic.
 */
function readPage(
  ctx: RequestContext,
  resource: string,
  ns: string | undefined,
  startKey: string,
  limit: number,
  filter: ReturnType<typeof parseFilter>,
): { page: KObject[]; more: boolean; remaining: number | undefined } {
  const { store } = ctx.state.sim;
  if (limit === 0) {
    const page = store.listFrom(resource, ns, startKey).filter((o) => matchesFilter(filter, o));
    return { page, more: false, remaining: undefined };
  }
  if (filter.empty) {
    const page = store.listFrom(resource, ns, startKey, limit);
    const total = store.countFrom(resource, ns, startKey);
    const more = total > page.length;
    return { page, more, remaining: more ? total - page.length : undefined };
  }
  // With selectors: read chunks until one match past the page shows there are more.
  const page: KObject[] = [];
  let from = startKey;
  const chunk = Math.max(limit + 1, 500);
  for (;;) {
    const batch = store.listFrom(resource, ns, from, chunk);
    for (const o of batch) {
      if (!matchesFilter(filter, o)) continue;
      if (page.length === limit) return { page, more: true, remaining: undefined };
      page.push(o);
    }
    const tail = batch[batch.length - 1];
    if (batch.length < chunk || tail === undefined) return { page, more: false, remaining: undefined };
    from = `${keyOf(tail)}\u0000`;
  }
}

export function listObjects(ctx: RequestContext, route: ResourceRoute): void {
  const { sim } = ctx.state;
  const query = ctx.url.searchParams;
  const filter = parseFilter(route.info, query);
  const limitText = query.get('limit');
  const limit = limitText === null || limitText === '' ? 0 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 0) throw badRequest(`invalid limit: ${limitText ?? ''}`);
  let listRv = sim.store.resourceVersion;
  let startKey = '';
  const cont = query.get('continue');
  if (cont !== null && cont !== '') {
    const token = decodeContinue(cont);
    if (token.rv < sim.store.oldestResumable) {
      const s = status(410, 'Expired', TOO_OLD_CONTINUE);
      (s as unknown as { metadata: Record<string, string> }).metadata = {
        continue: encodeContinue({ rv: sim.store.resourceVersion, start: token.start }),
      };
      throw new HttpError(s);
    }
    listRv = token.rv;
    startKey = token.start;
  }
  const ns = route.info.namespaced ? route.namespace : undefined;
  const { page, more, remaining } = readPage(ctx, route.info.resource, ns, startKey, limit, filter);
  const last = page[page.length - 1];
  const continueToken =
    more && last !== undefined ? encodeContinue({ rv: listRv, start: `${keyOf(last)}\u0000` }) : undefined;
  if (wantsTable(ctx.req.headers.accept) !== undefined) {
    const include = includeObject(query);
    const table = toTable(page, {
      resource: route.info.resource,
      now: sim.clock.now(),
      include,
      withColumns: true,
      resourceVersion: String(listRv),
      ...(continueToken === undefined ? {} : { continueToken }),
      ...(remaining === undefined ? {} : { remainingItemCount: remaining }),
    });
    if (include === 'Object') {
      const rows = table.rows as { object?: KObject }[];
      rows.forEach((row, i) => {
        const obj = page[i];
        if (obj !== undefined) row.object = serve(route.info, obj);
      });
    }
    sendJson(ctx.res, 200, table);
    return;
  }
  sendJson(ctx.res, 200, {
    kind: `${route.info.kind}List`,
    apiVersion: apiVersionOf(route.info),
    metadata: {
      resourceVersion: String(listRv),
      ...(continueToken === undefined ? {} : { continue: continueToken }),
      ...(remaining === undefined ? {} : { remainingItemCount: remaining }),
    },
    items: page.map((o) => listItem(serve(route.info, o))),
  });
}

/**
 * kube-apiserver writes a built-in kind's list items without `kind` and `apiVersion` (the list
 * carries them): clients that keep items as read must type them from the list.
 */
function listItem(obj: KObject): Omit<KObject, 'kind' | 'apiVersion'> {
  const out: Partial<KObject> = { ...obj };
  delete out.kind;
  delete out.apiVersion;
  return out;
}
