/**
 * Pod and container readiness as the kubelet reports it (pkg/kubelet/status/generate.go):
 * ContainersReady/Ready conditions, "containers with unready status: [a b]", and the grace a
 * container gets to become ready. Shared by the readiness and service-endpoints rules.
 */
import type { Container, ContainerRef, Evidence, Pod, PodCondition } from '../../model/index.js';
import { humanDuration, parseTime, podStatusColumn } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { appContainerEntries, initContainerEntries, isSidecar, type ContainerEntry } from './containers.js';
import { probeFailures, type ProbeFailureEvent } from './probe-events.js';
import { probeBudgetSeconds, probeOf } from './probe-spec.js';

/** Grace for a container without a readiness probe spec in the evidence. */
export const DEFAULT_READY_GRACE_SECONDS = 60;
/** Readiness failures whose newest event is older than this are not taken as current (the event
 *  spam filter lets a repeating kubelet event through only every few minutes). */
export const STALE_FAILURE_MS = 10 * 60_000;

export function condition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status.conditions?.find((c) => c.type === type);
}

export function podReady(pod: Pod): boolean {
  return condition(pod, 'Ready')?.status === 'True';
}

/** Whether the pod is finished (Succeeded or Failed): readiness no longer applies. */
export function podFinished(pod: Pod): boolean {
  return pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';
}

const UNREADY = /containers with unready status: \[([^\]]*)\]/;

/** Container names from "containers with unready status: [a b]". */
export function unreadyNames(message: string | undefined): string[] {
  const m = UNREADY.exec(message ?? '');
  return (m?.[1] ?? '').split(/\s+/).filter((n) => n !== '');
}

/** Containers whose readiness counts for the pod: app containers and sidecars. */
export function readinessEntries(pod: Pod): ContainerEntry[] {
  return [...appContainerEntries(pod), ...initContainerEntries(pod).filter(isSidecar)];
}

/**
 * Seconds a container may run before "not ready" counts as failed: the startup and readiness
 * probes' initialDelaySeconds + failureThreshold × periodSeconds, else DEFAULT_READY_GRACE_SECONDS.
 */
export function readyGraceSeconds(spec: Container | undefined): number {
  const readiness = probeOf(spec, 'readiness');
  const startup = probeOf(spec, 'startup');
  if (readiness === undefined && startup === undefined) return DEFAULT_READY_GRACE_SECONDS;
  return (
    (readiness === undefined ? 0 : probeBudgetSeconds(readiness)) +
    (startup === undefined ? 0 : probeBudgetSeconds(startup))
  );
}

/** Readiness probe failures about the container since `since` (epoch ms; undefined = all). */
export function readinessFailuresSince(
  ctx: PodContext,
  ref: ContainerRef,
  sole: boolean,
  since: number | undefined,
): ProbeFailureEvent[] {
  return probeFailures(ctx.events, ref, sole, ['readiness']).filter((f) => {
    const t = f.event.last ?? f.event.first;
    return since === undefined || t === undefined || t >= since;
  });
}

/** `condition ContainersReady=False (ContainersNotReady): containers with unready status: [app]`. */
export function conditionEvidence(c: PodCondition): Evidence {
  const reason = c.reason ? ` (${c.reason})` : '';
  const message = c.message ? `: ${c.message}` : '';
  return {
    source: 'condition',
    text: `condition ${c.type}=${c.status}${reason}${message}`,
    ...(c.lastTransitionTime ? { at: c.lastTransitionTime } : {}),
  };
}

/** "3m" since a time, or "an unknown time". */
export function runningFor(since: number | undefined, now: number): string {
  return since === undefined ? 'an unknown time' : humanDuration(now - since);
}

/** Why a pod is not Ready, in a few words: "CrashLoopBackOff", "Running, containers with unready status: [app]". */
export function notReadyWhy(pod: Pod): string {
  const column = podStatusColumn(pod) || 'unknown status';
  if (pod.metadata.deletionTimestamp !== undefined) return column;
  const cond = condition(pod, 'ContainersReady') ?? condition(pod, 'Ready');
  if (cond?.status === 'False' && cond.message) return `${column}, ${cond.message}`;
  return column;
}

/** Epoch ms since the pod was Ready (Ready condition transition), undefined when not Ready or unknown. */
export function readySince(pod: Pod): number | undefined {
  const c = condition(pod, 'Ready');
  return c?.status === 'True' ? parseTime(c.lastTransitionTime) : undefined;
}
