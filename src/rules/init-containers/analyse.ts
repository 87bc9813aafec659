import type { ContainerRef, Evidence, LogTail, Pod } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';

/**
 * What init-container rules share: whether the pod still waits on its init containers, the
 * Initialized condition as evidence, when a running init container counts as stuck, and log tails.
 */

/** An init container running this long without completing is stuck (seconds). */
export const INIT_STUCK_GRACE_SECONDS = 600;

/** The pod still waits for init containers: not Succeeded, and Initialized is not True (or absent). */
export function awaitingInit(pod: Pod): boolean {
  if (pod.status.phase === 'Succeeded') return false;
  const initialized = pod.status.conditions?.find((c) => c.type === 'Initialized');
  return initialized?.status !== 'True';
}

/** `Initialized=False ContainersNotInitialized: containers with incomplete status: [x]`, when the condition says so. */
export function initializedEvidence(pod: Pod): Evidence | undefined {
  const c = pod.status.conditions?.find((x) => x.type === 'Initialized');
  if (c === undefined || c.status === 'True') return undefined;
  const text = `Initialized=${c.status}${c.reason ? ` ${c.reason}` : ''}${c.message ? `: ${c.message}` : ''}`;
  return c.lastTransitionTime === undefined
    ? { source: 'condition', text }
    : { source: 'condition', text, at: c.lastTransitionTime };
}

/** When a running container started: its startedAt, else (on its first run only) the pod's start or creation time. */
export function runningSince(pod: Pod, startedAt: string | undefined, restarts = 0): number | undefined {
  const at = parseTime(startedAt);
  // The pod's start is the container's only for its first run: after a restart, unknown.
  if (at !== undefined || restarts > 0) return at;
  return parseTime(pod.status.startTime) ?? parseTime(pod.metadata.creationTimestamp);
}

/** The log tail of a container, previous instance first when asked, with its last lines as evidence. */
export function logTail(
  logs: readonly LogTail[],
  ref: ContainerRef,
  preferPrevious: boolean,
  lines = 5,
): { readonly last: string; readonly evidence: Evidence[] } {
  const mine = logs.filter((l) => l.container === ref.name && l.lines.length > 0);
  const tail = mine.find((l) => l.previous === preferPrevious) ?? mine[0];
  if (tail === undefined) return { last: '', evidence: [] };
  const kept = tail.lines.filter((l) => l.trim() !== '').slice(-lines);
  const which = tail.previous ? 'previous log' : 'log';
  return {
    last: kept.at(-1)?.trim() ?? '',
    evidence: kept.map((l): Evidence => ({ source: 'log', text: `${ref.name} ${which}: ${l}` })),
  };
}
