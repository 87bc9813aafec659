import { setMaxListeners } from 'node:events';
import type { EvidenceKind, Snapshot } from '../../model/index.js';
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import { SnapshotBuilder } from '../snapshot-builder.js';
import { collectLive, type CollectLiveOptions, type LiveScope } from './collect.js';
import type { HttpResponse, QueryParams } from './http-request.js';
import type { Connection } from './kubeconfig.js';
import { collectionPath, PODS, SCAN_RESOURCES, type ResourceType } from './resources.js';
import { Transport } from './transport.js';
import { follow, keyOf, type Watched } from './watch-stream.js';
import { Link, type BackoffOptions, type LinkState } from './watch-link.js';
import { ClusterError } from '../../errors/index.js';
import { dateOf, formatTime, humanDuration, systemClock } from '../../k8s/index.js';

/** How a live watch is kept: what `startWatch` needs besides the scope. */
export interface LiveWatchOptions extends Omit<CollectLiveOptions, 'maxPodTargets' | 'onRequests'> {
  /** Stops the watch; its `ended` resolves once every stream is closed. */
  readonly signal: AbortSignal;
  /** Things worth telling the user (a watch that failed, a re-list). */
  readonly onNote?: (text: string) => void;
  /** Told of each change a watch applied to the evidence. */
  readonly onChange?: () => void;
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
   * After this long without an answer, the watch stops and ends with a ClusterError (`hint`
   * is its hint); undefined or 0: it keeps reconnecting until stopped.
   */
  readonly giveUp?: { readonly afterMs: number; readonly hint?: string };
}

export interface WatchLiveOptions extends Omit<LiveWatchOptions, 'onChange'> {
  /** Sees the initial snapshot, then a rebuilt one after changes, at most every `intervalMs`. */
  readonly onSnapshot: (snapshot: Snapshot) => void | Promise<void>;
  /** Least time between two snapshots; 500 ms by default. */
  readonly intervalMs?: number;
}

/**
 * How a watch that gives up after `giveUpMs` without an answer (0: never) notices a lost server:
 * each watch request asks the server to end it after a quarter of that time (at most 60 s, at
 * least 1 s), and a request unanswered that long past its end (at most 15 s) counts as lost, so
 * a frozen server is noticed well before the watch gives up.
 */
export function watchTimingFor(
  giveUpMs: number,
  options: {
    readonly hint?: string;
    readonly watchTimeoutSeconds?: number;
    readonly backoff?: BackoffOptions;
  } = {},
): Pick<LiveWatchOptions, 'giveUp' | 'stallMs' | 'watchTimeoutSeconds' | 'backoff'> {
  const quarter = giveUpMs > 0 ? giveUpMs / 4 : Infinity;
  return {
    giveUp: { afterMs: giveUpMs, ...(options.hint === undefined ? {} : { hint: options.hint }) },
    stallMs: Math.min(15_000, Math.max(1000, quarter)),
    watchTimeoutSeconds: options.watchTimeoutSeconds ?? Math.min(60, Math.max(1, Math.round(quarter / 1000))),
    ...(options.backoff === undefined ? {} : { backoff: options.backoff }),
  };
}

/** A live watch in progress. */
export interface LiveWatch {
  /** The first collection. */
  readonly initial: Snapshot;
  /**
   * The evidence as the watches hold it now, stamped now: built again only after a change, so a
   * quiet cluster costs no rebuild.
   */
  current(): Snapshot;
  /**
   * Resolves once every stream is closed (on the signal, or when the watch gave up), with the
   * error that ended it: a ClusterError after `giveUp`, or an unexpected failure.
   */
  readonly ended: Promise<Error | undefined>;
  /** The error that ended the watch, once it has ended with one; undefined while it runs. */
  failure(): Error | undefined;
}

/**
 * The collections to watch: every kind the scan lists (pods with `-l`), so that the evidence
 * stays what a new scan would read — pods and events, and also the Services and EndpointSlices
 * that say whether a Ready pod gets traffic (a slice from the first list would miss every pod
 * created since, and call it NotInEndpoints), the workloads whose rollout a check waits for, and
 * the claims, volumes, quotas and limits that pending pods wait on.
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
  return SCAN_RESOURCES.map((type) => ({
    type,
    namespace: type.namespaced ? namespace : undefined,
    ...(type === PODS && scope.selector !== undefined ? { labelSelector: scope.selector } : {}),
  }));
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
function collectOptions(options: LiveWatchOptions): CollectLiveOptions {
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
      onNote?.(`${t.type.resource} are not watched (they could not be listed)`);
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

/**
 * The first snapshot with the watched collections' current objects in place of its own. The
 * workloads, which several kinds fill, keep the first list's objects of the kinds not watched.
 */
export function rebuilt(initial: Snapshot, watched: readonly Watched[], capturedAt: string): Snapshot {
  const b = new SnapshotBuilder();
  for (const w of watched) for (const raw of w.store.values()) b.add(raw, w.type.kind);
  const built = b.build(initial.source);
  const has = (evidence: EvidenceKind): boolean => watched.some((w) => w.type.evidence === evidence);
  const workloadKinds = new Set(
    watched.filter((w) => w.type.evidence === 'workloads').map((w) => w.type.kind),
  );
  return {
    ...initial,
    capturedAt,
    pods: has('pods') ? built.pods : initial.pods,
    events: has('events') ? built.events : initial.events,
    nodes: has('nodes') ? built.nodes : initial.nodes,
    pvcs: has('pvcs') ? built.pvcs : initial.pvcs,
    pvs: has('pvs') ? built.pvs : initial.pvs,
    storageClasses: has('storageclasses') ? built.storageClasses : initial.storageClasses,
    services: has('services') ? built.services : initial.services,
    endpointSlices: has('endpointslices') ? built.endpointSlices : initial.endpointSlices,
    resourceQuotas: has('resourcequotas') ? built.resourceQuotas : initial.resourceQuotas,
    limitRanges: has('limitranges') ? built.limitRanges : initial.limitRanges,
    workloads: [...built.workloads, ...initial.workloads.filter((w) => !workloadKinds.has(w.kind))],
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
 * One live collection (a namespace or cluster scan, as collectLive does), then a watch of every
 * collection it listed, from the lists' resourceVersion. Changes are applied to the evidence as
 * they arrive; a 410 (expired resourceVersion) re-lists that one collection and resumes. Only
 * list and watch GETs are sent after the first collection.
 */
export async function startWatch(
  connection: Connection,
  scope: LiveScope,
  options: LiveWatchOptions,
): Promise<LiveWatch> {
  const { signal, onNote } = options;
  const stream = connection.stream?.bind(connection);
  if (stream === undefined) throw new Error('startWatch: the connection cannot stream');
  const targets = watchTargets(connection, scope);
  const lists = listSpy(connection, new Set(targets.map((t) => collectionPath(t.type, t.namespace))));
  const now = options.now ?? dateOf(systemClock);
  const initial = await collectLive(lists.spy, scope, { ...collectOptions(options), maxPodTargets: 0 });
  const watched = watchedCollections(targets, initial, lists.captured, onNote);
  lists.captured.clear();

  // The streams stop on the caller's signal, or when the watch gives up.
  const stopAll = new AbortController();
  // Every stream listens on it (its open request, its back-off wait): not a leak, so no warning.
  setMaxListeners(4 * watched.length + 10, stopAll.signal);
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

  let latest: Snapshot = initial;
  let stale = true;
  const follower = {
    stream,
    transport: new Transport(connection, options.transport),
    signal: stopAll.signal,
    backoff: options.backoff ?? {},
    timeoutSeconds: options.watchTimeoutSeconds ?? 60,
    stallMs: options.stallMs ?? 15_000,
    link,
    onNote,
    changed: (): void => {
      stale = true;
      options.onChange?.();
    },
  };
  let failure: Error | undefined;
  const ended = (async (): Promise<Error | undefined> => {
    try {
      await Promise.all([...watched.map((w) => follow(w, follower)), aborted(stopAll.signal)]);
      failure = gaveUp.error();
    } catch (err: unknown) {
      stopAll.abort();
      failure = err instanceof Error ? err : new Error(String(err));
    } finally {
      gaveUp.clear();
      signal.removeEventListener('abort', stopOnSignal);
    }
    return failure;
  })();
  return {
    initial,
    current: () => {
      const capturedAt = now().toISOString();
      if (stale) {
        latest = rebuilt(initial, watched, capturedAt);
        stale = false;
        return latest;
      }
      return { ...latest, capturedAt };
    },
    ended,
    failure: () => failure,
  };
}

/**
 * `--watch`: `startWatch`, the initial snapshot handed over, then a rebuilt one after changes at
 * most every `intervalMs`, until the signal (or the watch gave up: it then rejects with the
 * ClusterError).
 */
export async function watchLive(
  connection: Connection,
  scope: LiveScope,
  options: WatchLiveOptions,
): Promise<void> {
  // The streams stop on the caller's signal, or when handing over the first snapshot failed.
  const stop = new AbortController();
  const onAbort = (): void => {
    stop.abort();
  };
  options.signal.addEventListener('abort', onAbort, { once: true });
  if (options.signal.aborted) stop.abort();
  let emit: () => void | Promise<void> = () => undefined;
  const pace = pacer(stop.signal, options.intervalMs ?? 500, () => emit(), options.onNote);
  try {
    const watch = await startWatch(connection, scope, {
      ...options,
      signal: stop.signal,
      onChange: pace.changed,
    });
    // A change seen while the first snapshot is handed over waits for it.
    const first = Promise.resolve(options.onSnapshot(watch.initial));
    emit = async () => {
      await first;
      await options.onSnapshot(watch.current());
    };
    try {
      await first;
    } catch (err: unknown) {
      stop.abort();
      await watch.ended;
      throw err;
    }
    const failure = await watch.ended;
    await pace.stop();
    if (failure !== undefined) throw failure;
  } finally {
    options.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Gives the watch up once it has been stale for `giveUp.afterMs`: stops every stream, and the
 * watch then rejects with one ClusterError naming the server, since when and why.
 */
function giveUpTimer(
  connection: Connection,
  options: LiveWatchOptions,
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
