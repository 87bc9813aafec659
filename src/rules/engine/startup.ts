/**
 * Pod startup latency by SIG Scalability's definition (kubernetes-facts.md §7): from the pod's
 * creation timestamp to when all its containers are reported started, excluding time spent
 * pulling images and running init containers. Pure: reads the pod and its events only.
 */
import type { ContainerStatus, EventRecord, Pod, StartupBreakdown } from '../../model/index.js';
import { formatTime, parseDuration, parseTime } from '../../k8s/index.js';

/**
 * The kubelet's `Pulled` message (image_manager.go): `Successfully pulled image "%s" in %v (%v
 * including waiting). Image size: %v bytes.` Older kubelets stop after `in %v`. The second
 * figure also counts time queued behind other pulls, which is image time too, so it is
 * preferred when present. `Container image "…" already present on machine` has no duration.
 */
const GO_DURATION = String.raw`(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+`;
const PULLED = new RegExp(
  String.raw`^Successfully pulled image "[^"]*" in (${GO_DURATION})(?: \((${GO_DURATION}) including waiting\))?`,
);

/** Milliseconds one `Pulled` event message says the pull took, or undefined. */
export function pulledDurationMs(message: string): number | undefined {
  const m = PULLED.exec(message);
  if (m === null) return undefined;
  const waiting = m[2] === undefined ? undefined : parseDuration(m[2]);
  return waiting ?? (m[1] === undefined ? undefined : parseDuration(m[1]));
}

/** The earliest start of a container the status still shows (a restart hides older ones). */
function firstStart(s: ContainerStatus): number | undefined {
  const times = [
    parseTime(s.lastState?.terminated?.startedAt),
    parseTime(s.state?.running?.startedAt),
    parseTime(s.state?.terminated?.startedAt),
  ].filter((t): t is number => t !== undefined);
  return times.length === 0 ? undefined : Math.min(...times);
}

/** Time init containers spent running to completion (their own runs; pulls are counted apart). */
function initRunMs(pod: Pod): number {
  let total = 0;
  for (const s of pod.status.initContainerStatuses ?? []) {
    const t = s.state?.terminated ?? s.lastState?.terminated;
    const started = parseTime(t?.startedAt);
    const finished = parseTime(t?.finishedAt);
    if (started !== undefined && finished !== undefined && finished >= started) total += finished - started;
  }
  return total;
}

/** Image pull time of the pod: the sum of its `Pulled` events' durations (each event once). */
function imagePullMs(events: readonly EventRecord[]): number {
  let total = 0;
  for (const e of events) {
    if (e.reason !== 'Pulled' || e.regarding.kind !== 'Pod') continue;
    const ms = pulledDurationMs(e.message);
    if (ms !== undefined) total += ms;
  }
  return total;
}

/**
 * The startup breakdown of a pod, or undefined when its creation time is unknown. `startedAt`,
 * `totalMs` and `sloMs` are present once every app container has started at least once
 * (readiness is deliberately not part of the definition). Status times have one-second
 * resolution, so `sloMs` is accurate to about a second; it is never negative.
 */
export function startupBreakdown(pod: Pod, events: readonly EventRecord[]): StartupBreakdown | undefined {
  const createdAt = pod.metadata.creationTimestamp;
  const created = parseTime(createdAt);
  if (createdAt === undefined || created === undefined) return undefined;
  const pullMs = imagePullMs(events);
  const initMs = initRunMs(pod);
  const statuses = pod.status.containerStatuses ?? [];
  const starts = statuses.map(firstStart);
  const allStarted =
    pod.spec.containers.length > 0 &&
    pod.spec.containers.every((c) => statuses.some((s) => s.name === c.name)) &&
    starts.every((t) => t !== undefined);
  const base = { createdAt, imagePullMs: pullMs, initMs };
  if (!allStarted) return base;
  const started = Math.max(...starts.filter((t): t is number => t !== undefined));
  const totalMs = Math.max(0, started - created);
  return {
    ...base,
    startedAt: formatTime(started),
    totalMs,
    sloMs: Math.max(0, totalMs - pullMs - initMs),
  };
}
