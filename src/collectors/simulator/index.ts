/**
 * Evidence from an in-process simulation, gathered as the live collector gathers it from a
 * cluster: every object, plus bounded previous-log tails of containers that have restarted
 * or terminated.
 */
import { collected, type Collector } from '../collector.js';
import { SnapshotBuilder, evidenceKindOf } from '../snapshot-builder.js';
import type { Snapshot } from '../../model/index.js';
import type { Simulation } from '../../simulator/simulation.js';
import type { PodObj } from '../../simulator/world/types.js';

const LOG_TAIL = 20;

export function snapshotFromSimulation(sim: Simulation): Snapshot {
  const builder = new SnapshotBuilder();
  // A live collector lists only the kinds it reads; so does this one.
  for (const obj of sim.allObjects()) if (evidenceKindOf(obj.kind) !== undefined) builder.add(obj);
  for (const pod of sim.store.list<PodObj>('pods')) {
    const ns = pod.metadata.namespace ?? 'default';
    const statuses = [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])];
    for (const cs of statuses) {
      const crashed = cs.restartCount > 0 || cs.lastState?.terminated !== undefined;
      const ended = cs.state?.terminated !== undefined;
      if (!crashed && !ended) continue;
      const previous = crashed && !ended;
      const lines = sim.logs.read(ns, pod.metadata.name, cs.name, previous);
      if (lines === undefined || lines.length === 0) continue;
      builder.addLog({
        namespace: ns,
        pod: pod.metadata.name,
        container: cs.name,
        previous,
        lines: lines.slice(-LOG_TAIL).map((l) => l.text),
        ...(lines.length > LOG_TAIL ? { truncated: true } : {}),
      });
    }
  }
  builder.setCapturedAt(sim.clock.iso());
  // The simulation holds the whole cluster: its pod and workload lists are complete, even when empty.
  builder.markCollected('pods');
  builder.markCollected('workloads');
  builder.markAuthoritative();
  return builder.build({ type: 'simulator', scenario: sim.scenario.name });
}

/** The simulator collector: the simulation's evidence as it stands when collected. */
export function simulatorCollector(sim: Simulation): Collector {
  return { source: 'simulator', collect: () => Promise.resolve(collected(snapshotFromSimulation(sim))) };
}
