/** Reads back what the scheduler wrote (simulations come from simulation-test-helpers). */
import type { EventObj, PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';

export function pod(sim: World, namespace: string, name: string): PodObj {
  const p = sim.store.get<PodObj>('pods', namespace, name);
  if (p === undefined) throw new Error(`pod ${namespace}/${name} not found`);
  return p;
}

export function eventsFor(sim: World, name: string, reason?: string): EventObj[] {
  return sim.store
    .list<EventObj>('events')
    .filter((e) => e.involvedObject.name === name && (reason === undefined || e.reason === reason));
}

export function podScheduled(p: PodObj): { status: string; reason?: string; message?: string } | undefined {
  return p.status.conditions?.find((c) => c.type === 'PodScheduled');
}
