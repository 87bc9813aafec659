/**
 * The kubelet's eviction manager loop: while the node is under a pressure, every monitoring
 * interval it evicts the top-ranked pod (one at a time, as upstream does) until nothing is
 * left to reclaim from, and it turns BestEffort pods away at admission under memory pressure.
 */
import type { NodeObj, PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import {
  EVICTION_INTERVAL_MS,
  PRESSURE_RESOURCE,
  type Pressure,
  candidates,
  evictionMessage,
} from './eviction.js';
import { evict } from './lifecycle.js';
import type { PodWorker } from './pod-worker.js';

export class EvictionManager {
  private readonly pressure = new Set<Pressure>();

  constructor(
    private readonly world: World,
    private readonly nodeName: string,
    private readonly workers: () => readonly PodWorker[],
    private readonly alive: () => boolean,
  ) {}

  under(p: Pressure): boolean {
    return this.pressure.has(p);
  }

  start(p: Pressure): void {
    if (this.pressure.has(p)) return;
    this.pressure.add(p);
    this.world.after(EVICTION_INTERVAL_MS, () => {
      this.evictOne(p, true);
    });
  }

  clear(): void {
    this.pressure.clear();
  }

  private evictOne(pressure: Pressure, first: boolean): void {
    const node = this.world.store.get<NodeObj>('nodes', undefined, this.nodeName);
    if (!this.alive() || !this.pressure.has(pressure) || node === undefined) return;
    const resource = PRESSURE_RESOURCE[pressure];
    const active = this.workers().filter((w) => w.terminal === undefined && !w.terminating);
    const pods = active.map((w) => w.pod()).filter((p): p is PodObj => p !== undefined);
    const victim = candidates(pods, resource)[0];
    if (victim === undefined) {
      // Nothing left to reclaim from: the pressure eases.
      this.pressure.delete(pressure);
      return;
    }
    if (first)
      this.world.events.record({
        object: node,
        type: 'Warning',
        reason: 'EvictionThresholdMet',
        message: `Attempting to reclaim ${resource}`,
        component: 'kubelet',
        host: this.nodeName,
      });
    const availableKi = 80_000 + this.world.rng.int(20_000);
    const worker = active.find((w) => w.uid === victim.pod.metadata.uid);
    if (worker !== undefined) evict(worker, evictionMessage(node, victim, resource, availableKi));
    this.world.after(EVICTION_INTERVAL_MS, () => {
      this.evictOne(pressure, false);
    });
  }
}
