import type { Snapshot } from '../../model/index.js';
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import { SnapshotBuilder } from '../snapshot-builder.js';
import { collectLive, type CollectLiveOptions, type LiveScope } from './collect.js';
import type { HttpResponse, QueryParams } from './http-request.js';
import type { Connection } from './kubeconfig.js';
import { collectionPath, CORE_EVENTS, NODES, PODS, type ResourceType } from './resources.js';
import { jsonLines } from './stream.js';
import { Transport } from './transport.js';

export interface WatchLiveOptions extends Omit<CollectLiveOptions, 'maxPodTargets' | 'onRequests'> {
  /** Stops the watch; `watchLive` resolves once every stream is closed. */
  readonly signal: AbortSignal;
  /** Sees the initial snapshot, then a rebuilt one after changes, at most every `intervalMs`. */
  readonly onSnapshot: (snapshot: Snapshot) => void | Promise<void>;
  /** Things worth telling the user (a watch that failed, a re-list). */
  readonly onNote?: (text: string) => void;
  /** Least time between two snapshots; 500 ms by default. */
  readonly intervalMs?: number;
  /** timeoutSeconds of each watch request (renewed from the last resourceVersion); 300 by default. */
  readonly watchTimeoutSeconds?: number;
  /** Wait before reconnecting a broken watch; 1 s by default. */
  readonly retryDelayMs?: number;
}

/** One watched collection: its objects by uid, and where to resume. */
interface Watched {
  readonly type: ResourceType;
  readonly path: string;
  readonly labelSelector?: string;
  readonly store: Map<string, Raw>;
  rv: string;
}

interface Captured {
  rv: string | undefined;
  readonly items: Raw[];
}

/**
 * `--watch`: one live collection (a namespace or cluster scan, as collectLive does), then a
 * watch of pods, core/v1 events and (when readable) nodes from the lists' resourceVersion.
 * Changes are applied to the evidence and a rebuilt Snapshot is handed over at most every
 * `intervalMs`; a 410 (expired resourceVersion) re-lists that one collection and resumes.
 * Only list and watch GETs are sent after the first collection.
 */
export async function watchLive(
  connection: Connection,
  scope: LiveScope,
  options: WatchLiveOptions,
): Promise<void> {
  const { signal } = options;
  const stream = connection.stream?.bind(connection);
  if (stream === undefined) throw new Error('watchLive: the connection cannot stream');
  const namespace = scope.allNamespaces ? undefined : (scope.namespace ?? connection.namespace ?? 'default');
  const targets: { type: ResourceType; namespace: string | undefined; labelSelector?: string }[] = [
    { type: PODS, namespace, ...(scope.selector === undefined ? {} : { labelSelector: scope.selector }) },
    { type: CORE_EVENTS, namespace },
    { type: NODES, namespace: undefined },
  ];
  const paths = new Set(targets.map((t) => collectionPath(t.type, t.namespace)));
  // The first collection is collectLive's; the lists it sends for the watched kinds are read on
  // the way back for their items and resourceVersion, so nothing is listed twice.
  const captured = new Map<string, Captured>();
  const capture = (path: string, query: QueryParams | undefined, res: HttpResponse): void => {
    if (!paths.has(path) || res.status < 200 || res.status >= 300) return;
    let body: unknown;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      return;
    }
    if (!isRecord(body)) return;
    const rv = str(rec(body.metadata).resourceVersion);
    const entry = captured.get(path);
    const fresh = query?.continue === undefined || entry === undefined;
    const into = fresh ? { rv, items: [] } : entry;
    if (fresh) captured.set(path, into);
    for (const item of Array.isArray(body.items) ? (body.items as unknown[]) : [])
      if (isRecord(item)) into.items.push(item);
  };
  const spy: Connection = {
    context: connection.context,
    server: connection.server,
    ...(connection.namespace === undefined ? {} : { namespace: connection.namespace }),
    origin: connection.origin,
    async request(path, query, opts) {
      const res = await connection.request(path, query, opts);
      capture(path, query, res);
      return res;
    },
  };
  const { onSnapshot, onNote, intervalMs, watchTimeoutSeconds, retryDelayMs } = options;
  const collect: CollectLiveOptions = {
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.transport === undefined ? {} : { transport: options.transport }),
    ...(options.onObject === undefined ? {} : { onObject: options.onObject }),
    ...(options.probe === undefined ? {} : { probe: options.probe }),
  };
  const now = options.now ?? (() => new Date());
  const initial = await collectLive(spy, scope, { ...collect, maxPodTargets: 0 });
  await onSnapshot(initial);

  const watched: Watched[] = [];
  for (const t of targets) {
    const path = collectionPath(t.type, t.namespace);
    const got = captured.get(path);
    if (!initial.collected.includes(t.type.evidence) || got?.rv === undefined) {
      if (t.type === NODES) onNote?.('nodes are not watched (they could not be listed)');
      else onNote?.(`${t.type.resource} are not watched (they could not be listed)`);
      continue;
    }
    const store = new Map<string, Raw>();
    for (const item of got.items) store.set(keyOf(item), item);
    watched.push({
      type: t.type,
      path,
      ...(t.labelSelector === undefined ? {} : { labelSelector: t.labelSelector }),
      store,
      rv: got.rv,
    });
  }
  captured.clear();

  const source = initial.source;
  const rebuild = (): Snapshot => {
    const b = new SnapshotBuilder();
    for (const w of watched) for (const raw of w.store.values()) b.add(raw, w.type.kind);
    const built = b.build(source);
    const has = (type: ResourceType): boolean => watched.some((w) => w.type === type);
    return {
      ...initial,
      capturedAt: now().toISOString(),
      pods: has(PODS) ? built.pods : initial.pods,
      events: has(CORE_EVENTS) ? built.events : initial.events,
      nodes: has(NODES) ? built.nodes : initial.nodes,
    };
  };

  // Snapshots at most every intervalMs, one at a time.
  const interval = intervalMs ?? 500;
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let last = 0;
  let emitting: Promise<void> = Promise.resolve();
  const changed = (): void => {
    dirty = true;
    if (timer !== undefined || signal.aborted) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (!dirty || signal.aborted) return;
        dirty = false;
        last = Date.now();
        emitting = emitting
          .then(() => onSnapshot(rebuild()))
          .catch((err: unknown) => {
            onNote?.(`cannot diagnose the change: ${err instanceof Error ? err.message : String(err)}`);
          });
      },
      Math.max(0, last + interval - Date.now()),
    );
  };

  const transport = new Transport(connection, options.transport);
  const retry = retryDelayMs ?? 1000;
  const relist = async (w: Watched): Promise<void> => {
    while (!signal.aborted) {
      const items: Raw[] = [];
      let rv: string | undefined;
      let cont: string | undefined;
      let failure: string | undefined;
      for (;;) {
        const res = await transport.getJson(w.path, {
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
        changed();
        return;
      }
      onNote?.(`cannot re-list ${w.type.resource}: ${failure ?? 'no resourceVersion'}; retrying`);
      await sleep(retry, signal);
    }
  };

  const follow = async (w: Watched): Promise<void> => {
    while (!signal.aborted) {
      let gone = false;
      try {
        const res = await stream(
          w.path,
          {
            watch: 1,
            resourceVersion: w.rv,
            allowWatchBookmarks: true,
            timeoutSeconds: watchTimeoutSeconds ?? 300,
            labelSelector: w.labelSelector,
          },
          { signal },
        );
        if (res.status === 410) {
          res.body.resume();
          gone = true;
        } else if (res.status !== 200) {
          res.body.resume();
          onNote?.(`watch of ${w.type.resource} answered HTTP ${res.status}; retrying`);
          await sleep(retry, signal);
          continue;
        } else {
          for await (const line of jsonLines(res.body)) {
            const ev = rec(line);
            const type = str(ev.type);
            const obj = rec(ev.object);
            if (type === 'ERROR') {
              gone = true;
              if (obj.code !== 410)
                onNote?.(`watch of ${w.type.resource} failed: ${str(obj.message) ?? 'ERROR'}`);
              break;
            }
            const rv = str(rec(obj.metadata).resourceVersion);
            if (rv !== undefined) w.rv = rv;
            if (type === 'ADDED' || type === 'MODIFIED') {
              w.store.set(keyOf(obj), obj);
              changed();
            } else if (type === 'DELETED') {
              w.store.delete(keyOf(obj));
              changed();
            }
          }
        }
      } catch (err) {
        if (signal.aborted) return;
        onNote?.(`watch of ${w.type.resource} broke: ${err instanceof Error ? err.message : String(err)}`);
        await sleep(retry, signal);
        continue;
      }
      if (gone && !signal.aborted) await relist(w);
    }
  };

  const stopped = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else
      signal.addEventListener(
        'abort',
        () => {
          resolve();
        },
        { once: true },
      );
  });
  await Promise.all([...watched.map(follow), stopped]);
  if (timer !== undefined) clearTimeout(timer);
  await emitting;
}

/** The builder's identity of an object: uid, else namespace/name. */
function keyOf(raw: Raw): string {
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
