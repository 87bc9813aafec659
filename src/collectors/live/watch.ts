import type { Snapshot } from '../../model/index.js';
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import { SnapshotBuilder } from '../snapshot-builder.js';
import { collectLive, type CollectLiveOptions, type LiveScope } from './collect.js';
import type { HttpResponse, QueryParams } from './http-request.js';
import type { Connection } from './kubeconfig.js';
import {
  collectionPath,
  CORE_EVENTS,
  ENDPOINT_SLICES,
  NODES,
  PODS,
  SERVICES,
  type ResourceType,
} from './resources.js';
import { Transport } from './transport.js';
import { follow, keyOf, type Watched } from './watch-stream.js';
import { Link, type BackoffOptions, type LinkState } from './watch-link.js';
import { ClusterError } from '../../errors/index.js';
import { dateOf, formatTime, humanDuration, systemClock } from '../../k8s/index.js';

export interface WatchLiveOptions extends Omit<CollectLiveOptions, 'maxPodTargets' | 'onRequests'> {
  /** Stops the watch; `watchLive` resolves once every stream is closed. */
  readonly signal: AbortSignal;
  /** Sees the initial snapshot, then a rebuilt one after changes, at most every `intervalMs`. */
  readonly onSnapshot: (snapshot: Snapshot) => void | Promise<void>;
  /** Things worth telling the user (a watch that failed, a re-list). */
  readonly onNote?: (text: string) => void;
  /** Least time between two snapshots; 500 ms by default. */
  readonly intervalMs?: number;
  /** timeoutSeconds of each watch request (renewed from the last resourceVersion); 60 by default. */
  readonly watchTimeoutSeconds?: number;
  /**
   * How long a request may go unanswered, and a watch stay open past its timeoutSeconds, before
   * the collection counts as lost (a frozen server, a dead connection); 15 s by default.
   */
  readonly stallMs?: number;
  /** Waits between reconnects: capped exponential back-off with jitter (1 s doubling to 30 s). */
  readonly backoff?: BackoffOptions;
  /** Told when the watch loses the API server (stale since the last answer) and when it is back. */
  readonly onLink?: (state: LinkState) => void;
  /**
   * After this long without an answer, the watch stops and rejects with a ClusterError (`hint`
   * is its hint); undefined or 0: it keeps reconnecting until stopped.
   */
  readonly giveUp?: { readonly afterMs: number; readonly hint?: string };
}

/**
 * A collection to watch: pods (with `-l`), core/v1 events, nodes, and the Services and
 * EndpointSlices that say whether a Ready pod gets traffic (a slice from the first list would
 * miss every pod created since, and call it NotInEndpoints).
 */
interface Target {
  readonly type: ResourceType;
  readonly namespace: string | undefined;
  readonly labelSelector?: string;
}

interface Captured {
  rv: string | undefined;
  readonly items: Raw[];
}

function watchTargets(connection: Connection, scope: LiveScope): Target[] {
  const namespace = scope.allNamespaces ? undefined : (scope.namespace ?? connection.namespace ?? 'default');
  return [
    { type: PODS, namespace, ...(scope.selector === undefined ? {} : { labelSelector: scope.selector }) },
    { type: CORE_EVENTS, namespace },
    { type: NODES, namespace: undefined },
    { type: SERVICES, namespace },
    { type: ENDPOINT_SLICES, namespace },
  ];
}

/**
 * A connection that hands over what it answers for `paths`: the first collection is collectLive's,
 * and the lists it sends for the watched kinds are read on the way back for their items and
 * resourceVersion, so nothing is listed twice.
 */
function listSpy(
  connection: Connection,
  paths: ReadonlySet<string>,
): { spy: Connection; captured: Map<string, Captured> } {
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
  return { spy, captured };
}

/** The options of the first collection: those of the watch that collectLive knows. */
function collectOptions(options: WatchLiveOptions): CollectLiveOptions {
  return {
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.transport === undefined ? {} : { transport: options.transport }),
    ...(options.onObject === undefined ? {} : { onObject: options.onObject }),
    ...(options.probe === undefined ? {} : { probe: options.probe }),
  };
}

/** The targets whose first list was read, with its objects; a note for each that was not. */
function watchedCollections(
  targets: readonly Target[],
  initial: Snapshot,
  captured: ReadonlyMap<string, Captured>,
  onNote: ((text: string) => void) | undefined,
): Watched[] {
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
  return watched;
}

/** The first snapshot with the watched collections' current objects in place of its own. */
function rebuilder(initial: Snapshot, watched: readonly Watched[], now: () => Date): () => Snapshot {
  const source = initial.source;
  return () => {
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
      services: has(SERVICES) ? built.services : initial.services,
      endpointSlices: has(ENDPOINT_SLICES) ? built.endpointSlices : initial.endpointSlices,
    };
  };
}

/** Snapshots at most every `interval` ms, one at a time: `changed` asks for one, `stop` waits for the last. */
function pacer(
  signal: AbortSignal,
  interval: number,
  emit: () => void | Promise<void>,
  onNote: ((text: string) => void) | undefined,
): { changed: () => void; stop: () => Promise<void> } {
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
        last = systemClock();
        emitting = emitting.then(emit).catch((err: unknown) => {
          onNote?.(`cannot diagnose the change: ${err instanceof Error ? err.message : String(err)}`);
        });
      },
      Math.max(0, last + interval - systemClock()),
    );
  };
  const stop = async (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    await emitting;
  };
  return { changed, stop };
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
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
}

/**
 * `--watch`: one live collection (a namespace or cluster scan, as collectLive does), then a
 * watch of pods, core/v1 events, Services, EndpointSlices and (when readable) nodes from the
 * lists' resourceVersion.
 * Changes are applied to the evidence and a rebuilt Snapshot is handed over at most every
 * `intervalMs`; a 410 (expired resourceVersion) re-lists that one collection and resumes.
 * Only list and watch GETs are sent after the first collection.
 */
export async function watchLive(
  connection: Connection,
  scope: LiveScope,
  options: WatchLiveOptions,
): Promise<void> {
  const { signal, onSnapshot, onNote } = options;
  const stream = connection.stream?.bind(connection);
  if (stream === undefined) throw new Error('watchLive: the connection cannot stream');
  const targets = watchTargets(connection, scope);
  const lists = listSpy(connection, new Set(targets.map((t) => collectionPath(t.type, t.namespace))));
  const now = options.now ?? dateOf(systemClock);
  const initial = await collectLive(lists.spy, scope, { ...collectOptions(options), maxPodTargets: 0 });
  await onSnapshot(initial);
  const watched = watchedCollections(targets, initial, lists.captured, onNote);
  lists.captured.clear();

  // The streams stop on the caller's signal, or when the watch gives up.
  const stopAll = new AbortController();
  const stopOnSignal = (): void => {
    stopAll.abort();
  };
  signal.addEventListener('abort', stopOnSignal, { once: true });
  if (signal.aborted) stopAll.abort();
  const gaveUp = giveUpTimer(connection, options, stopAll);
  const link = new Link({ wall: () => now().getTime(), elapsed: systemClock }, (state) => {
    gaveUp.onLink(link);
    options.onLink?.(state);
  });

  const rebuild = rebuilder(initial, watched, now);
  const pace = pacer(stopAll.signal, options.intervalMs ?? 500, () => onSnapshot(rebuild()), onNote);
  const follower = {
    stream,
    transport: new Transport(connection, options.transport),
    signal: stopAll.signal,
    backoff: options.backoff ?? {},
    timeoutSeconds: options.watchTimeoutSeconds ?? 60,
    stallMs: options.stallMs ?? 15_000,
    link,
    onNote,
    changed: pace.changed,
  };
  try {
    await Promise.all([...watched.map((w) => follow(w, follower)), aborted(stopAll.signal)]);
    await pace.stop();
  } finally {
    gaveUp.clear();
    signal.removeEventListener('abort', stopOnSignal);
  }
  const failure = gaveUp.error();
  if (failure !== undefined) throw failure;
}

/**
 * Gives the watch up once it has been stale for `giveUp.afterMs`: stops every stream, and the
 * watch then rejects with one ClusterError naming the server, since when and why.
 */
function giveUpTimer(
  connection: Connection,
  options: WatchLiveOptions,
  stopAll: AbortController,
): { onLink: (link: Link) => void; clear: () => void; error: () => ClusterError | undefined } {
  const afterMs = options.giveUp?.afterMs ?? 0;
  let timer: NodeJS.Timeout | undefined;
  let failure: ClusterError | undefined;
  const clear = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const check = (link: Link): void => {
    clear();
    const stale = link.staleness();
    if (stale === undefined || afterMs <= 0) return;
    if (stale.forMs < afterMs) {
      timer = setTimeout(() => {
        check(link);
      }, afterMs - stale.forMs);
      return;
    }
    failure = new ClusterError(
      `no answer from the API server ${connection.server} (context "${connection.context}") since ${formatTime(stale.since)}: ${stale.why}; gave up after ${humanDuration(afterMs)}`,
      options.giveUp?.hint,
    );
    stopAll.abort();
  };
  return { onLink: check, clear, error: () => failure };
}
