/**
 * One way in for evidence: every collector (a live cluster, files, the simulator) hands over a
 * readonly Snapshot and the moment that evidence speaks of.
 */
import { referenceTimeOf } from '../k8s/index.js';
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

export { referenceTimeOf };

/** A Snapshot with its reference time, as collectors hand it over. */
export function collected(snapshot: Snapshot): Collected {
  return { snapshot, referenceTime: referenceTimeOf(snapshot) };
}
