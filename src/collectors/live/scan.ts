import type { Collection } from './collection.js';
import { runBounded } from './collection.js';
import { EVENTS_V1, groupPath, PODS, SCAN_RESOURCES, type ResourceType } from './resources.js';
import { fetchLogs, LogPicker } from './previous-logs.js';

export interface ScanRequest {
  /** undefined: all namespaces. */
  readonly namespace?: string;
  /** -l: applies to the pod list. */
  readonly selector?: string;
  readonly concurrency: number;
}

/**
 * A namespace or cluster scan: every evidence kind listed once, paginated, at most
 * `concurrency` lists in flight — a fixed number of requests whatever the number of pods,
 * plus at most MAX_LOG_CONTAINERS log tails.
 */
export async function scan(c: Collection, req: ScanRequest): Promise<void> {
  const logs = new LogPicker();
  const listOf = (type: ResourceType) => async (): Promise<void> => {
    await c.list({
      type,
      ...(req.namespace === undefined ? {} : { namespace: req.namespace }),
      ...(type === PODS && req.selector !== undefined ? { labelSelector: req.selector } : {}),
      ...(type === PODS
        ? {
            onItem: (pod) => {
              logs.offer(pod);
            },
          }
        : {}),
    });
  };
  const eventsV1 = async (): Promise<void> => {
    if (!(await served(c, EVENTS_V1))) return;
    // The same events as core/v1 through the newer API; the builder joins them by uid. Core
    // events stay the evidence of record, so a failure here is only a note.
    const outcome = await c.list(
      {
        type: EVENTS_V1,
        ...(req.namespace === undefined ? {} : { namespace: req.namespace }),
      },
      false,
    );
    if (outcome.status !== 'complete')
      c.builder.note(`events.k8s.io/v1 events were not read: ${outcome.why}`);
  };
  await runBounded([...SCAN_RESOURCES.map(listOf), eventsV1], req.concurrency);
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
