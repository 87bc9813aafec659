/**
 * The PodScheduled condition as the scheduler (failures) and the binding subresource (success)
 * write it: lastTransitionTime moves only when the status changes; nothing is written when
 * nothing changed, so the pod informers do not loop.
 */
import type { World } from '../../world/world.js';
import type { PodObj } from '../../world/types.js';

type Condition = NonNullable<PodObj['status']['conditions']>[number];

/** reason undefined: PodScheduled=True. Returns whether the pod changed (and was updated, unless `write` is false). */
export function setPodScheduled(
  world: World,
  pod: PodObj,
  reason: string | undefined,
  message: string | undefined,
  write = true,
): boolean {
  const status = pod.status as Partial<PodObj['status']> | undefined;
  if (status === undefined) (pod as { status: PodObj['status'] }).status = { phase: 'Pending' };
  const st = pod.status;
  st.phase ??= 'Pending';
  const conditions = (st.conditions ??= []);
  const want = reason === undefined ? 'True' : 'False';
  const i = conditions.findIndex((c) => c.type === 'PodScheduled');
  const old = i < 0 ? undefined : conditions[i];
  if (old?.status === want && old.reason === reason && old.message === message) return false;
  const next: Condition = {
    type: 'PodScheduled',
    status: want,
    ...(reason === undefined ? {} : { reason }),
    ...(message === undefined ? {} : { message }),
    lastTransitionTime:
      old?.status === want && old.lastTransitionTime !== undefined
        ? old.lastTransitionTime
        : world.clock.iso(),
  };
  if (i < 0) conditions.push(next);
  else conditions[i] = next;
  if (write) world.store.update(pod);
  return true;
}
