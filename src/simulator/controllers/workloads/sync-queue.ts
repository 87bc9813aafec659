/**
 * A controller's work queue in simulated time: syncs of one key requested during the same
 * task coalesce into one (as a real workqueue dedups keys), and a delayed requeue is replaced
 * by an earlier one. Each sync recomputes any delayed requeue it still needs.
 */
import type { Task } from '../../world/queue.js';
import type { World } from '../../world/world.js';

export class SyncQueue {
  private readonly pending = new Map<string, Task>();

  constructor(
    private readonly world: World,
    private readonly sync: (key: string) => void,
  ) {}

  add(key: string, delayMs = 0): void {
    const at = this.world.clock.now() + Math.max(0, Math.round(delayMs));
    const existing = this.pending.get(key);
    if (existing !== undefined && !existing.cancelled && existing.at <= at) return;
    this.world.cancel(existing);
    const task = this.world.after(delayMs, () => {
      if (this.pending.get(key) === task) this.pending.delete(key);
      this.sync(key);
    });
    this.pending.set(key, task);
  }
}

export const keyOf = (o: { metadata: { namespace?: string; name: string } }): string =>
  `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

export function splitKey(key: string): { namespace: string; name: string } {
  const i = key.indexOf('/');
  return { namespace: key.slice(0, i), name: key.slice(i + 1) };
}
