/**
 * The quiet-pod fast path. Most pods of a large cluster are quiet: Running, Ready, never
 * restarted, on a healthy node, with only the routine events of a start behind them. No rule that
 * reads only the pod, its events, its node and its volumes can find a failure there, so the
 * engine skips those rules for quiet pods and runs only the ones whose meta says
 * `runsOnQuietPods` (they read something beyond the pod, such as the Services that select it).
 * test/quiet-pods.test.ts proves the claim rule by rule on every corpus the tests hold, and
 * checks that the diagnoses are the same with the fast path off.
 */
import { isRoutineEvent, podStatusQuiet } from '../../k8s/index.js';
import { nodeProblem } from '../shared/node-health.js';
import type { PodContext } from '../types.js';

/** Whether the engine may skip the rules that cannot fire on a quiet pod (see the file comment). */
export function isQuietPod(ctx: PodContext): boolean {
  return (
    podStatusQuiet(ctx.pod) &&
    ctx.events.every(isRoutineEvent) &&
    ctx.logs.length === 0 &&
    ctx.probes.length === 0 &&
    nodeProblem(ctx) === undefined
  );
}
