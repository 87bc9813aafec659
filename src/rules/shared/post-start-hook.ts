/**
 * The kubelet writes `Started`, then runs the container's postStart hook and writes
 * `FailedPostStartHook` when it fails: the two events of one run are seconds apart.
 */
const SAME_RUN_MS = 10_000;

/** Whether a hook failure seen at `hookAt` belongs to the start seen at `startedAt`, or a later one. */
export function hookFailedSince(hookAt: number, startedAt: number): boolean {
  return hookAt >= startedAt - SAME_RUN_MS;
}
