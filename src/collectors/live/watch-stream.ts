/**
 * Following one watched collection: a watch from its resourceVersion, renewed when the server
 * ends it, re-listed on 410 (expired resourceVersion). A request that fails, or a stream the
 * server neither feeds nor ends in time (a frozen server, a dead connection), tells the Link and
 * is retried after a capped, jittered back-off.
 */
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import type { QueryParams } from './http-request.js';
import type { ResourceType } from './resources.js';
import { jsonLines, type StreamOptions, type StreamResponse } from './stream.js';
import type { Transport } from './transport.js';
import { backoffDelay, type BackoffOptions, type Link } from './watch-link.js';
import { systemClock } from '../../k8s/index.js';

/** One watched collection: its objects by uid, and where to resume. */
export interface Watched {
  readonly type: ResourceType;
  readonly path: string;
  readonly labelSelector?: string;
  readonly store: Map<string, Raw>;
  rv: string;
}

/** What following a collection needs, the same for every collection. */
export interface Follower {
  readonly stream: (path: string, query?: QueryParams, options?: StreamOptions) => Promise<StreamResponse>;
  /** For re-lists. */
  readonly transport: Transport;
  readonly signal: AbortSignal;
  /** Waits between reconnects. */
  readonly backoff: BackoffOptions;
  /** timeoutSeconds of each watch request. */
  readonly timeoutSeconds: number;
  /**
   * How long the server may take to answer a request, and to end a watch past its timeoutSeconds,
   * before the collection counts as lost.
   */
  readonly stallMs: number;
  readonly link: Link;
  readonly onNote: ((text: string) => void) | undefined;
  /** Told after every change to a collection's objects. */
  readonly changed: () => void;
}

/** The builder's identity of an object: uid, else namespace/name. */
export function keyOf(raw: Raw): string {
  const m = rec(raw.metadata);
  return str(m.uid) ?? `${str(m.namespace) ?? ''}/${str(m.name) ?? ''}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Lists the collection again, page by page: its objects and resourceVersion, or why it could not. */
async function relistOnce(w: Watched, f: Follower): Promise<string | undefined> {
  const items: Raw[] = [];
  let rv: string | undefined;
  let cont: string | undefined;
  for (;;) {
    const res = await f.transport.getJson(w.path, {
      limit: 500,
      continue: cont,
      labelSelector: w.labelSelector,
    });
    if (res.kind !== 'ok') return `cannot re-list ${w.type.resource}: ${res.message}`;
    const body = rec(res.body);
    rv ??= str(rec(body.metadata).resourceVersion);
    for (const item of Array.isArray(body.items) ? (body.items as unknown[]) : [])
      if (isRecord(item)) items.push(item);
    cont = str(rec(body.metadata).continue) || undefined;
    if (cont === undefined) break;
  }
  if (rv === undefined) return `cannot re-list ${w.type.resource}: no resourceVersion`;
  w.store.clear();
  for (const item of items) w.store.set(keyOf(item), item);
  w.rv = rv;
  f.changed();
  return undefined;
}

/** Applies one watch stream's events to the store; true when the resourceVersion is gone (410). */
async function applyEvents(w: Watched, f: Follower, body: StreamResponse['body']): Promise<boolean> {
  for await (const line of jsonLines(body)) {
    f.link.contact(w.path);
    const ev = rec(line);
    const type = str(ev.type);
    const obj = rec(ev.object);
    if (type === 'ERROR') {
      if (obj.code !== 410) f.onNote?.(`watch of ${w.type.resource} failed: ${str(obj.message) ?? 'ERROR'}`);
      return true;
    }
    const rv = str(rec(obj.metadata).resourceVersion);
    if (rv !== undefined) w.rv = rv;
    if (type === 'ADDED' || type === 'MODIFIED') {
      w.store.set(keyOf(obj), obj);
      f.changed();
    } else if (type === 'DELETED') {
      w.store.delete(keyOf(obj));
      f.changed();
    }
  }
  return false;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10}s`;
}

/** A watch the server ends sooner than this is renewed only after a back-off. */
const QUICK_END_MS = 1000;

/** Why a request went wrong, as one line. */
function reason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

/**
 * One watch request: resolves true when the resourceVersion is gone (410), false when the server
 * ended the watch; throws when the request failed or stalled (the server did not end it within
 * timeoutSeconds + stallMs).
 */
async function watchOnce(w: Watched, f: Follower): Promise<boolean> {
  const request = new AbortController();
  const stop = (): void => {
    request.abort();
  };
  f.signal.addEventListener('abort', stop, { once: true });
  let stalled = false;
  const deadline = setTimeout(
    () => {
      stalled = true;
      request.abort();
    },
    f.timeoutSeconds * 1000 + f.stallMs,
  );
  try {
    const res = await f.stream(
      w.path,
      {
        watch: 1,
        resourceVersion: w.rv,
        allowWatchBookmarks: true,
        timeoutSeconds: f.timeoutSeconds,
        labelSelector: w.labelSelector,
      },
      { signal: request.signal, headersTimeoutMs: f.stallMs },
    );
    if (res.status === 410) {
      res.body.resume();
      f.link.contact(w.path);
      return true;
    }
    if (res.status !== 200) {
      res.body.resume();
      throw new Error(`answered HTTP ${res.status}`);
    }
    f.link.contact(w.path);
    const gone = await applyEvents(w, f, res.body);
    if (stalled) throw new Error('stalled');
    if (!gone) f.link.contact(w.path);
    return gone;
  } catch (err) {
    if (stalled && !f.signal.aborted)
      throw new Error(
        `no answer for ${seconds(f.timeoutSeconds * 1000 + f.stallMs)} (the server neither sent events nor ended the watch)`,
        { cause: err },
      );
    throw err;
  } finally {
    clearTimeout(deadline);
    f.signal.removeEventListener('abort', stop);
  }
}

/** Watches one collection until the signal stops it. */
export async function follow(w: Watched, f: Follower): Promise<void> {
  let failures = 0;
  let quick = 0;
  let gone = false;
  while (!f.signal.aborted) {
    try {
      if (gone) {
        const why = await relistOnce(w, f);
        if (why !== undefined) throw new Error(why);
        f.link.contact(w.path);
        gone = false;
      }
      const started = systemClock();
      gone = await watchOnce(w, f);
      failures = 0;
      // A server that ends every watch at once (a proxy, a server that ignores watch=1) is
      // answering, but must not be asked again in a tight loop.
      quick = !gone && systemClock() - started < QUICK_END_MS ? quick + 1 : 0;
      if (quick > 0) await sleep(backoffDelay(quick, f.backoff), f.signal);
    } catch (err) {
      if (f.signal.aborted) return;
      failures++;
      f.link.fail(w.path, `watch of ${w.type.resource}: ${reason(err)}`);
      await sleep(backoffDelay(failures, f.backoff), f.signal);
    }
  }
}
