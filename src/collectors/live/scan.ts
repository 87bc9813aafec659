import type { Collection } from './collection.js';
import { runBounded } from './collection.js';
import {
  CORE_EVENTS,
  EVENTS_V1,
  groupPath,
  NODES,
  PODS,
  SCAN_RESOURCES,
  type ResourceType,
} from './resources.js';
import type { ListOutcome } from './lister.js';
import { fetchLogs, LogPicker } from './previous-logs.js';
import { RoutineEventFilter } from './event-filter.js';

export interface ScanRequest {
  /** undefined: all namespaces. */
  readonly namespace?: string;
  /** -l: applies to the pod list. */
  readonly selector?: string;
  readonly concurrency: number;
  /**
   * Reference time (epoch ms) for the event filter: when set, old routine events of quiet pods
   * are dropped while listing (event-filter.ts); when undefined every event is kept (captures).
   */
  readonly filterEventsAt?: number;
}

/**
 * A namespace or cluster scan: every evidence kind listed once, paginated, at most
 * `concurrency` lists in flight — a fixed number of requests whatever the number of pods,
 * plus at most MAX_LOG_CONTAINERS log tails. Two passes: everything but the events first, then
 * the events, through a filter built from the pods and nodes just read (when `filterEventsAt`).
 */
export async function scan(c: Collection, req: ScanRequest): Promise<void> {
  const logs = new LogPicker();
  const where = req.namespace === undefined ? {} : { namespace: req.namespace };
  const listOf = (type: ResourceType) => async (): Promise<ListOutcome['status']> => {
    const outcome = await c.list({
      type,
      ...where,
      ...(type === PODS && req.selector !== undefined ? { labelSelector: req.selector } : {}),
      ...(type === PODS
        ? {
            onItem: (pod) => {
              logs.offer(pod);
            },
          }
        : {}),
    });
    return outcome.status;
  };
  // core/v1 and events.k8s.io/v1 are two views of the same stored events, and the events are
  // the largest list of a cluster: they are read once, through core/v1, and through
  // events.k8s.io/v1 only when core/v1 could not be read (the builder joins both by uid, so
  // what a failed core list read before it stopped is not counted twice).
  const events = async (filter: RoutineEventFilter | undefined): Promise<void> => {
    const accept = filter === undefined ? {} : { accept: filter.accept };
    const core = await c.list({ type: CORE_EVENTS, ...where, ...accept }, false);
    if (core.status !== 'complete') {
      const newer = (await served(c, EVENTS_V1))
        ? await c.list({ type: EVENTS_V1, ...where, ...accept }, false)
        : undefined;
      if (newer?.status === 'complete') {
        c.builder.note(`events were read through events.k8s.io/v1: ${core.why}`);
      } else {
        c.missing('events', req.namespace, core.why);
        if (newer !== undefined) c.builder.note(`events.k8s.io/v1 events were not read either: ${newer.why}`);
      }
    }
    const why = filter?.note();
    if (filter !== undefined && why !== undefined) {
      c.builder.markDropped({ kind: 'events', count: filter.dropped, why });
    }
  };
  const outcomes = new Map<ResourceType, boolean>();
  const first = SCAN_RESOURCES.filter((t) => t !== CORE_EVENTS).map((type) => async () => {
    outcomes.set(type, (await listOf(type)()) === 'complete');
  });
  await runBounded(first, req.concurrency);
  await events(
    req.filterEventsAt === undefined
      ? undefined
      : new RoutineEventFilter({
          pods: c.builder.keptOf('pods'),
          nodes: outcomes.get(NODES) === true ? c.builder.keptOf('nodes') : undefined,
          podsComplete: outcomes.get(PODS) === true && req.selector === undefined,
          now: req.filterEventsAt,
        }),
  );
  await fetchLogs(c.transport, c.builder, logs.picked);
}

/** Discovery of one group version: is the resource served? Asked once per collection. */
async function served(c: Collection, type: ResourceType): Promise<boolean> {
  const res = await c.transport.getJson(groupPath(type));
  if (res.kind !== 'ok' || typeof res.body !== 'object' || res.body === null || !('resources' in res.body)) {
    return false;
  }
  const resources = res.body.resources;
  return (
    Array.isArray(resources) &&
    resources.some(
      (r: unknown) => typeof r === 'object' && r !== null && 'name' in r && r.name === type.resource,
    )
  );
}
