/**
 * What makes a pod quiet by its own status, and which events an uneventful start leaves behind.
 * The engine's quiet-pod fast path (src/rules/engine/quiet.ts) adds the events, logs, probes and
 * node to this; the live collector uses it to drop the old routine events of such pods while it
 * lists (src/collectors/live/event-filter.ts). One definition, so that the two cannot disagree.
 */
import type { ContainerStatus, Pod } from '../model/index.js';

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

/** A Normal event whose reason is one of ROUTINE_EVENT_REASONS. */
export function isRoutineEvent(e: {
  readonly type?: string | undefined;
  readonly reason?: string | undefined;
}): boolean {
  return e.type === 'Normal' && e.reason !== undefined && ROUTINE_EVENT_REASONS.has(e.reason);
}

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

/**
 * Running, not being deleted, no status reason, every condition True (Ready among them), every
 * container running and ready and never restarted, every init container done with exit 0.
 */
export function podStatusQuiet(pod: Pod): boolean {
  return (
    pod.status.phase === 'Running' &&
    pod.metadata.deletionTimestamp === undefined &&
    (pod.status.reason ?? '') === '' &&
    conditionsQuiet(pod) &&
    containersQuiet(pod) &&
    initQuiet(pod)
  );
}
