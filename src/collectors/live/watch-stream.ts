/**
 * Following one watched collection: a watch from its resourceVersion, renewed when the server
 * ends it, re-listed on 410 (expired resourceVersion), retried after a pause when it breaks.
 */
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import type { QueryParams } from './http-request.js';
import type { ResourceType } from './resources.js';
import { jsonLines, type StreamOptions, type StreamResponse } from './stream.js';
import type { Transport } from './transport.js';

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
  /** Wait before reconnecting a broken watch or re-listing again. */
  readonly retryMs: number;
  /** timeoutSeconds of each watch request. */
  readonly timeoutSeconds: number;
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

/** Lists the collection again, page by page, until it succeeds or the watch stops. */
async function relist(w: Watched, f: Follower): Promise<void> {
  while (!f.signal.aborted) {
    const items: Raw[] = [];
    let rv: string | undefined;
    let cont: string | undefined;
    let failure: string | undefined;
    for (;;) {
      const res = await f.transport.getJson(w.path, {
        limit: 500,
        continue: cont,
        labelSelector: w.labelSelector,
      });
      if (res.kind !== 'ok') {
        failure = res.message;
        break;
      }
      const body = rec(res.body);
      rv ??= str(rec(body.metadata).resourceVersion);
      for (const item of Array.isArray(body.items) ? (body.items as unknown[]) : [])
        if (isRecord(item)) items.push(item);
      cont = str(rec(body.metadata).continue) || undefined;
      if (cont === undefined) break;
    }
    if (failure === undefined && rv !== undefined) {
      w.store.clear();
      for (const item of items) w.store.set(keyOf(item), item);
      w.rv = rv;
      f.changed();
      return;
    }
    f.onNote?.(`cannot re-list ${w.type.resource}: ${failure ?? 'no resourceVersion'}; retrying`);
    await sleep(f.retryMs, f.signal);
  }
}

/** Applies one watch stream's events to the store; true when the resourceVersion is gone (410). */
async function applyEvents(w: Watched, f: Follower, body: StreamResponse['body']): Promise<boolean> {
  for await (const line of jsonLines(body)) {
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

/** Watches one collection until the signal stops it. */
export async function follow(w: Watched, f: Follower): Promise<void> {
  while (!f.signal.aborted) {
    let gone: boolean;
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
        { signal: f.signal },
      );
      if (res.status === 410) {
        res.body.resume();
        gone = true;
      } else if (res.status !== 200) {
        res.body.resume();
        f.onNote?.(`watch of ${w.type.resource} answered HTTP ${res.status}; retrying`);
        await sleep(f.retryMs, f.signal);
        continue;
      } else {
        gone = await applyEvents(w, f, res.body);
      }
    } catch (err) {
      if (f.signal.aborted) return;
      f.onNote?.(`watch of ${w.type.resource} broke: ${err instanceof Error ? err.message : String(err)}`);
      await sleep(f.retryMs, f.signal);
      continue;
    }
    if (gone && !f.signal.aborted) await relist(w, f);
  }
}
