import type { Pod, Snapshot, Workload } from '../model/index.js';
import { parseTime } from './time.js';

/**
 * The reference time for judging grace periods in saved evidence: the capture time, else the
 * newest timestamp the evidence holds. A deletionTimestamp lies up to its grace period in the
 * future; the request itself (deletionTimestamp minus the grace period) happened before the
 * capture and counts. Undefined when the evidence has no time at all; the caller then uses the clock.
 */
export function referenceTimeOf(snapshot: Snapshot): number | undefined {
  const captured = parseTime(snapshot.capturedAt);
  if (captured !== undefined) return captured;
  let newest = 0;
  const see = (t: string | number | undefined): void => {
    const ms = typeof t === 'number' ? t : parseTime(t);
    if (ms !== undefined && ms > newest) newest = ms;
  };
  for (const e of snapshot.events) {
    see(e.last);
    see(e.first);
  }
  for (const p of snapshot.pods) {
    see(p.metadata.creationTimestamp);
    see(deletionRequested(p));
    see(p.status.startTime);
    for (const c of p.status.conditions ?? []) see(c.lastTransitionTime);
    for (const c of [...(p.status.containerStatuses ?? []), ...(p.status.initContainerStatuses ?? [])]) {
      see(c.state?.running?.startedAt);
      see(c.state?.terminated?.finishedAt);
      see(c.lastState?.terminated?.finishedAt);
    }
  }
  for (const n of snapshot.nodes) for (const c of n.status.conditions ?? []) see(c.lastHeartbeatTime);
  for (const w of snapshot.workloads) {
    see(w.metadata.creationTimestamp);
    see(deletionRequested(w));
    for (const c of w.status.conditions ?? []) {
      see(c.lastUpdateTime);
      see(c.lastTransitionTime);
    }
  }
  return newest > 0 ? newest : undefined;
}

/**
 * When deletion of an object was requested: deletionTimestamp minus its grace period (a pod's
 * default 30 s; other objects have none).
 */
function deletionRequested(o: Pod | Workload): number | undefined {
  const deadline = parseTime(o.metadata.deletionTimestamp);
  if (deadline === undefined) return undefined;
  const grace =
    o.metadata.deletionGracePeriodSeconds ??
    (o.kind === 'Pod' ? (o.spec.terminationGracePeriodSeconds ?? 30) : 0);
  return deadline - grace * 1000;
}
