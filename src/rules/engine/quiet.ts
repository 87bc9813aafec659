/**
 * The quiet-pod fast path. Most pods of a large cluster are quiet: Running, Ready, never
 * restarted, on a healthy node, with only the routine events of a start behind them. No rule that
 * reads only the pod, its events, its node and its volumes can find a failure there, so the
 * engine skips those rules for quiet pods and runs only the ones whose meta says
 * `runsOnQuietPods` (they read something beyond the pod, such as the Services that select it).
 * test/quiet-pods.test.ts proves the claim rule by rule on every corpus the tests hold, and
 * checks that the diagnoses are the same with the fast path off.
 */
import type { ContainerStatus, EventRecord, Pod } from '../../model/index.js';
import { nodeProblem } from '../shared/node-health.js';
import type { PodContext } from '../types.js';

/**
 * Event reasons of an uneventful start (kubelet, scheduler, attach-detach controller, Multus).
 * Everything else, Normal or not, ends quietness: kubelet's image "BackOff", "Killing",
 * "Preempted" and "SandboxChanged" are all Normal events.
 */
export const ROUTINE_EVENT_REASONS: ReadonlySet<string> = new Set([
  'Scheduled',
  'Pulling',
  'Pulled',
  'Created',
  'Started',
  'SuccessfulAttachVolume',
  'SuccessfulMountVolume',
  'AddedInterface',
]);

/** Every condition True, and none that announces a disruption. */
function conditionsQuiet(pod: Pod): boolean {
  const conditions = pod.status.conditions ?? [];
  let ready = false;
  for (const c of conditions) {
    if (c.status !== 'True' || c.type === 'DisruptionTarget') return false;
    if (c.type === 'Ready') ready = true;
  }
  return ready;
}

function runningClean(s: ContainerStatus): boolean {
  return (
    s.ready && s.restartCount === 0 && s.state?.running !== undefined && s.lastState?.terminated === undefined
  );
}

/** Init containers: each finished with exit 0, or (a sidecar) running and ready; none restarted. */
function initQuiet(pod: Pod): boolean {
  const specs = pod.spec.initContainers ?? [];
  const statuses = pod.status.initContainerStatuses ?? [];
  if (statuses.length !== specs.length) return false;
  return statuses.every(
    (s) =>
      s.restartCount === 0 &&
      s.lastState?.terminated === undefined &&
      (s.state?.terminated?.exitCode === 0 || runningClean(s)),
  );
}

/** Every app container has a status, and each is running, ready and never restarted. */
function containersQuiet(pod: Pod): boolean {
  const statuses = pod.status.containerStatuses ?? [];
  if (pod.spec.containers.length === 0 || statuses.length !== pod.spec.containers.length) return false;
  return statuses.every(runningClean) && (pod.status.ephemeralContainerStatuses ?? []).length === 0;
}

function eventsQuiet(events: readonly EventRecord[]): boolean {
  return events.every((e) => e.type === 'Normal' && ROUTINE_EVENT_REASONS.has(e.reason));
}

/** Whether the engine may skip the rules that cannot fire on a quiet pod (see the file comment). */
export function isQuietPod(ctx: PodContext): boolean {
  const { pod } = ctx;
  return (
    pod.status.phase === 'Running' &&
    pod.metadata.deletionTimestamp === undefined &&
    (pod.status.reason ?? '') === '' &&
    conditionsQuiet(pod) &&
    containersQuiet(pod) &&
    initQuiet(pod) &&
    eventsQuiet(ctx.events) &&
    ctx.logs.length === 0 &&
    ctx.probes.length === 0 &&
    nodeProblem(ctx) === undefined
  );
}
