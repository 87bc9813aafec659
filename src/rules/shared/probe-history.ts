/**
 * Restarts driven by a liveness or startup probe when the kill itself is not in the evidence
 * (docs/architecture.md §1): the probe's failures recur over the container's restart history, so the
 * `Killing … failed liveness probe` event merely aged out (events live an hour) or was cut from
 * the paste, and CrashLoopBackOff is the consequence, not the cause. Shared by the liveness rules,
 * which claim such restarts, and the crash rules, which then leave them alone.
 */
import type { Container, ContainerRef, ContainerStatus, EventRecord } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { eventContainer } from './events.js';
import { aboutContainer, parseProbeKill, probeFailures, type ProbeFailureEvent } from './probe-events.js';
import { PROBE_DEFAULTS, probeBudgetSeconds, probeOf } from './probe-spec.js';
import { effectiveExitCode, lastTermination, parseRestartBackOff } from './restarts.js';
import { isStartTermination } from './start-failure.js';

export interface ProbeHistoryInput {
  readonly events: readonly EventRecord[];
  /** The container; name '' when the evidence does not name it (then `sole` must be true). */
  readonly ref: ContainerRef;
  /** The pod has this one container only, so events that name none are about it. */
  readonly sole: boolean;
  readonly status: ContainerStatus | undefined;
  readonly spec: Container | undefined;
  /** The pod is being deleted: its Killing events are the deletion, not restarts. */
  readonly deleting: boolean;
}

export interface RecurringProbeFailures {
  readonly probe: 'liveness' | 'startup';
  readonly failures: readonly ProbeFailureEvent[];
  /** Restarts the evidence shows (restartCount, back-offs, kills, repeated starts); 0 when only the failures tell. */
  readonly restarts: number;
  /** The events that show the restarts, oldest first. */
  readonly restartEvents: readonly EventRecord[];
  /** True when no restart is in the evidence and only the failures' number and span imply the kills. */
  readonly inferred: boolean;
}

/** Exit codes a container killed by the kubelet can end with: SIGKILL, SIGTERM, or a clean shutdown on SIGTERM. */
const KILL_COMPATIBLE_EXITS: ReadonlySet<number> = new Set([0, 137, 143]);
/** Slack for clocks and event aggregation when comparing event times. */
const SLACK_MS = 60_000;
/** Lifecycle events the kubelet emits once per container start. */
const START_REASONS = ['Pulled', 'Created', 'Started'] as const;
const STOPPING = /^Stopping container (\S+)/i;

/** How many times the events happened: each one's count, at least 1. */
export function total(events: readonly EventRecord[]): number {
  return events.reduce((n, e) => n + Math.max(1, e.count), 0);
}

/** The container a `Killing` message names ('' when none): probe kills, `Stopping container x`. */
function killedName(message: string): string {
  return parseProbeKill(message)?.container ?? STOPPING.exec(message.trim())?.[1] ?? '';
}

/** Whether the last termination rules out a probe kill: OOM, a start failure, or an exit code the app chose. */
function contradicted(status: ContainerStatus | undefined): boolean {
  const term = lastTermination(status);
  if (term === undefined) return false;
  if (term.reason === 'OOMKilled' || isStartTermination(term)) return true;
  const code = effectiveExitCode(term);
  return code !== undefined && !KILL_COMPATIBLE_EXITS.has(code);
}

interface RestartEvidence {
  readonly restarts: number;
  readonly events: readonly EventRecord[];
}

/** Restarts the container's events show: restart back-offs, kills, and starts beyond the first. */
function restartsFromEvents(input: ProbeHistoryInput, firstFailure: number | undefined): RestartEvidence {
  const { events, ref, sole, deleting } = input;
  const about = (e: EventRecord, named = ''): boolean => {
    const c = eventContainer(e);
    if (c !== undefined) return c.type === ref.type && (c.name === ref.name || ref.name === '');
    return aboutContainer(e, ref, sole, named);
  };
  const backOffs = events.filter((e) => {
    if (e.reason !== 'BackOff') return false;
    const named = parseRestartBackOff(e.message);
    return named !== undefined && about(e, named);
  });
  const kills = deleting
    ? []
    : events.filter((e) => e.reason === 'Killing' && about(e, killedName(e.message)));
  let restarts = Math.max(total(backOffs), total(kills));
  const shown = [...backOffs, ...kills];
  for (const reason of START_REASONS) {
    const starts = events.filter((e) => e.reason === reason && about(e));
    // A start after the probe had begun failing is a new instance of the container.
    const later =
      firstFailure !== undefined && starts.some((e) => (e.last ?? e.first ?? 0) > firstFailure + SLACK_MS);
    const n = Math.max(total(starts) - 1, later ? 1 : 0);
    if (n > 0) shown.push(...starts);
    restarts = Math.max(restarts, n);
  }
  const ordered = [...shown].sort((a, b) => (a.last ?? a.first ?? 0) - (b.last ?? b.first ?? 0));
  return { restarts, events: ordered };
}

/**
 * Without any restart in the evidence (events only), failures still imply kills when they outlast
 * what one container instance allows: a startup probe stops at its first success and kills after
 * its budget (initialDelaySeconds + failureThreshold × periodSeconds), so failures spread over
 * more than that come from several instances; a liveness probe that failed at least failureThreshold
 * times over more than two of its failing streaks cannot have gone unanswered by the kubelet.
 */
function spanImpliesKills(
  probe: 'liveness' | 'startup',
  failures: readonly ProbeFailureEvent[],
  spec: Container | undefined,
): boolean {
  const first = Math.min(...failures.map((f) => f.event.first ?? f.event.last ?? Infinity));
  const last = Math.max(...failures.map((f) => f.event.last ?? f.event.first ?? -Infinity));
  if (!Number.isFinite(first) || !Number.isFinite(last)) return false;
  const span = last - first;
  const p = probeOf(spec, probe);
  const threshold = p?.failureThreshold ?? PROBE_DEFAULTS.failureThreshold;
  const period = p?.periodSeconds ?? PROBE_DEFAULTS.periodSeconds;
  if (probe === 'startup') {
    const budget = p === undefined ? threshold * period : probeBudgetSeconds(p);
    return span > budget * 1000 + SLACK_MS;
  }
  const count = failures.reduce((n, f) => n + Math.max(1, f.event.count), 0);
  return count >= threshold && span > 2 * threshold * period * 1000;
}

/**
 * Liveness or startup failures that recur over the container's restarts: at least two failures,
 * restarts in the evidence (or, events only, implied by the failures' span), and no termination
 * that the app chose itself. A running container counts only if the failures began before its
 * current start, so failures of the current instance alone stay "not restarted yet".
 */
export function recurringProbeFailures(input: ProbeHistoryInput): RecurringProbeFailures | undefined {
  const { events, ref, sole, status, spec } = input;
  const failures = probeFailures(events, ref, sole, ['liveness', 'startup']);
  if (total(failures.map((f) => f.event)) < 2 || contradicted(status)) return undefined;
  const probe = failures.at(-1)?.parsed.probe === 'startup' ? 'startup' : 'liveness';
  const times = failures.map((f) => f.event.first ?? f.event.last).filter((t) => t !== undefined);
  const firstFailure = times.length > 0 ? Math.min(...times) : undefined;
  const stated = status?.state !== undefined;
  // restartCount is the kubelet's own count: 0 means this pod's container never restarted.
  if (stated && status.restartCount === 0 && status.state.waiting?.reason !== 'CrashLoopBackOff')
    return undefined;
  const started = parseTime(status?.state?.running?.startedAt);
  if (started !== undefined && firstFailure !== undefined && firstFailure > started + SLACK_MS)
    return undefined;
  const fromEvents = restartsFromEvents(input, firstFailure);
  const looping = status?.state?.waiting?.reason === 'CrashLoopBackOff' ? 1 : 0;
  const restarts = Math.max(status?.restartCount ?? 0, looping, fromEvents.restarts);
  const base = { probe, failures, restartEvents: fromEvents.events } as const;
  if (restarts > 0) return { ...base, restarts, inferred: false };
  if (stated || !spanImpliesKills(probe, failures, spec)) return undefined;
  return { ...base, restarts: 0, inferred: true };
}
