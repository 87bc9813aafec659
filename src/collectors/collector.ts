/**
 * One way in for evidence: every collector (a live cluster, files, the simulator) hands over a
 * readonly Snapshot and the moment that evidence speaks of.
 */
import { parseTime } from '../k8s/index.js';
import type { Snapshot, SnapshotSource } from '../model/index.js';

/** What a collector hands over. */
export interface Collected {
  readonly snapshot: Snapshot;
  /**
   * Epoch ms that grace periods count to (referenceTimeOf); undefined when the evidence holds no
   * time at all, and the caller then uses its clock.
   */
  readonly referenceTime: number | undefined;
}

/** A source of evidence, discriminated as the Snapshot's `source.type` will be. */
export interface Collector {
  readonly source: SnapshotSource['type'];
  collect(): Promise<Collected>;
}

/**
 * The reference time of a Snapshot: the capture time (a live read, a bundle's capturedAt, the
 * moment pasted ages count back from, the simulated clock), else the newest timestamp the
 * evidence holds (deletion times are excluded: they lie in the future).
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
    for (const c of w.status.conditions ?? []) {
      see(c.lastUpdateTime);
      see(c.lastTransitionTime);
    }
  }
  return newest > 0 ? newest : undefined;
}

/** A Snapshot with its reference time, as collectors hand it over. */
export function collected(snapshot: Snapshot): Collected {
  return { snapshot, referenceTime: referenceTimeOf(snapshot) };
}
