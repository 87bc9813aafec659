/**
 * Container terminations and restarts: the last termination, whether restarts are still
 * happening, whether the kubelet killed the container for a failed probe, and previous logs.
 * Shared by the crash and liveness rules so the two stages never claim the same restart.
 */
import type {
  Container,
  ContainerRef,
  ContainerStateTerminated,
  ContainerStatus,
  EventRecord,
  Evidence,
  LogTail,
} from '../../model/index.js';
import { formatTime, parseTime } from '../../k8s/index.js';
import { probeFailures, probeKills } from './probe-events.js';
import { probeBudgetSeconds, probeOf } from './probe-spec.js';

/** "Several restarts": from this many restarts on, a container that runs now still counts as looping. */
export const LOOP_MIN_RESTARTS = 3;
/** The kubelet resets the restart back-off after a container ran 10 minutes; later restarts are history. */
export const LOOP_WINDOW_MS = 10 * 60_000;

/** The newest termination: the current state when terminated, else the previous one. */
export function lastTermination(status: ContainerStatus | undefined): ContainerStateTerminated | undefined {
  return status?.state?.terminated ?? status?.lastState?.terminated;
}

/**
 * The exit code with the signal folded in (signal 9 -> 137), as shells and kubectl report it.
 * When the evidence lacks the code (a pasted STATUS column), the runtime's reason still says
 * `Completed` (exit 0); otherwise it is unknown.
 */
export function effectiveExitCode(term: ContainerStateTerminated): number | undefined {
  if ((term.exitCode ?? 0) === 0 && typeof term.signal === 'number' && term.signal > 0)
    return 128 + term.signal;
  if (term.exitCode === undefined) return term.reason === 'Completed' ? 0 : undefined;
  return term.exitCode;
}

/** SIGKILL (137) or SIGTERM (143): the process was killed rather than exiting on its own. */
export function isKillExit(code: number | undefined): boolean {
  return code === 137 || code === 143;
}

/** The kubelet's first restart delay; each failed restart doubles it (10 s, 20 s, 40 s ... 300 s). */
const BACK_OFF_INITIAL_MS = 10_000;
/** The kubelet restarts a container at the first pod sync after its back-off ends: this much later at most. */
const SYNC_SLACK_MS = 10_000;

/**
 * The restarts in a row the kubelet's restart back-off shows: the time between the last exit and
 * the current start is the back-off's delay (plus a sync at most), and the delay of the n-th
 * restart in a row is 10 s × 2^(n-1). Only when the last run was shorter than the 10 minutes
 * after which the kubelet resets its back-off; 0 when the times do not show it.
 */
export function restartsShownByBackOff(status: ContainerStatus | undefined): number {
  const last = status?.lastState?.terminated;
  const started = parseTime(status?.state?.running?.startedAt);
  const finished = parseTime(last?.finishedAt);
  const lastStart = parseTime(last?.startedAt);
  if (started === undefined || finished === undefined || lastStart === undefined) return 0;
  if (finished - lastStart >= LOOP_WINDOW_MS) return 0;
  const delay = started - finished - SYNC_SLACK_MS;
  if (delay < BACK_OFF_INITIAL_MS) return 0;
  return Math.floor(Math.log2(delay / BACK_OFF_INITIAL_MS)) + 1;
}

/** The restarts the status shows: its restartCount, or more when the back-off's delay shows more (a count cut out of the paste). */
export function restartsShown(status: ContainerStatus | undefined): number {
  return Math.max(status?.restartCount ?? 0, restartsShownByBackOff(status));
}

/**
 * A container that runs now but restarted at least LOOP_MIN_RESTARTS times, the last time
 * within LOOP_WINDOW_MS: the restarts are not history yet. Unknown times never count.
 */
export function restartingFrequently(status: ContainerStatus | undefined, now: number): boolean {
  if (status === undefined || restartsShown(status) < LOOP_MIN_RESTARTS) return false;
  const lastEnd =
    parseTime(status.lastState?.terminated?.finishedAt) ?? parseTime(status.state?.running?.startedAt);
  return lastEnd !== undefined && now - lastEnd < LOOP_WINDOW_MS;
}

export interface ProbeDrivenRestart {
  readonly probe: 'liveness' | 'startup';
  readonly events: readonly EventRecord[];
}

/** Slack around a termination for events the kubelet emits about it (grace period, clock skew). */
const KILL_SLACK_MS = 60_000;

function overlaps(e: EventRecord, from: number | undefined, to: number | undefined): boolean {
  const first = e.first ?? e.last;
  const last = e.last ?? e.first;
  if (first === undefined || last === undefined) return true;
  if (to !== undefined && first > to + KILL_SLACK_MS) return false;
  if (from !== undefined && last < from - 1000) return false;
  return true;
}

/** Exits a container stopped by the kubelet ends with: SIGKILL, SIGTERM, or a clean shutdown on SIGTERM. */
const KILL_EXITS: ReadonlySet<number> = new Set([0, 137, 143]);
/** Terminations of a container that never ran: no probe can have killed it. */
const NEVER_RAN: ReadonlySet<string> = new Set(['StartError', 'ContainerCannotRun']);

/** Whether a termination is one the kubelet's kill ends with (not OOMKilled, not a start failure, not the app's own code). */
function killTermination(term: ContainerStateTerminated): boolean {
  if (term.reason === 'OOMKilled' || NEVER_RAN.has(term.reason ?? '')) return false;
  const code = effectiveExitCode(term);
  return code !== undefined && KILL_EXITS.has(code);
}

/**
 * Whether the kubelet killed the container because a liveness or startup probe failed:
 * a `Killing` "failed liveness probe" event during the terminated instance, or liveness/startup
 * failures right before a SIGKILL/SIGTERM exit. OOMKilled is never probe-driven. With no
 * termination in the evidence (events only), a probe `Killing` event alone decides.
 *
 * A probe kill of the container outside the last instance counts too when that instance ended
 * the way a kill ends (exit 137, 143 or 0): the kubelet folds repeats of a kill into one event
 * whose lastTimestamp it updates only while its event budget lasts (25 events per object, then
 * one per 5 minutes), so in a long restart loop, and while a watch has the new container status
 * but not yet the event, the newest kill event is older than the last instance. The verdict must
 * not swing between liveness and crash/KilledExternally with such timing.
 */
export function probeDrivenRestart(
  events: readonly EventRecord[],
  ref: ContainerRef,
  sole: boolean,
  term: ContainerStateTerminated | undefined,
  spec: Container | undefined,
): ProbeDrivenRestart | undefined {
  if (term?.reason === 'OOMKilled') return undefined;
  const started = parseTime(term?.startedAt);
  const finished = parseTime(term?.finishedAt);
  const kills = probeKills(events, ref, sole).filter(
    (k) => term === undefined || overlaps(k.event, started, finished),
  );
  const lastKill = kills.at(-1);
  if (lastKill !== undefined) return { probe: lastKill.kill.probe, events: kills.map((k) => k.event) };
  if (term === undefined) return undefined;
  const earlier = probeKills(events, ref, sole);
  const lastEarlier = earlier.at(-1);
  if (lastEarlier !== undefined && killTermination(term))
    return { probe: lastEarlier.kill.probe, events: earlier.map((k) => k.event) };
  if (!isKillExit(effectiveExitCode(term))) return undefined;
  const probe = probeOf(spec, 'liveness') ?? probeOf(spec, 'startup');
  const lookback = Math.max(probe === undefined ? 0 : probeBudgetSeconds(probe) * 1000, 2 * KILL_SLACK_MS);
  const failures = probeFailures(events, ref, sole, ['liveness', 'startup']).filter(
    (f) => finished === undefined || overlaps(f.event, finished - lookback, finished),
  );
  const lastFailure = failures.at(-1);
  if (lastFailure === undefined) return undefined;
  return {
    probe: lastFailure.parsed.probe === 'startup' ? 'startup' : 'liveness',
    events: failures.map((f) => f.event),
  };
}

/** `containerStatuses[app].lastState.terminated: OOMKilled, exit code 137, started ..., finished ...`. */
export function terminationEvidence(
  ref: ContainerRef,
  status: ContainerStatus,
  term: ContainerStateTerminated,
): Evidence {
  const field = ref.type === 'init' ? 'initContainerStatuses' : 'containerStatuses';
  const which = status.state?.terminated === term ? 'state' : 'lastState';
  const parts = [term.reason || '(no reason)', `exit code ${term.exitCode ?? 'unknown'}`];
  if (typeof term.signal === 'number' && term.signal > 0) parts.push(`signal ${term.signal}`);
  if (term.startedAt) parts.push(`started ${term.startedAt}`);
  if (term.finishedAt) parts.push(`finished ${term.finishedAt}`);
  if (term.message) parts.push(`message: ${term.message.trim()}`);
  const finished = parseTime(term.finishedAt);
  return {
    source: 'status',
    text: `${field}[${ref.name}].${which}.terminated: ${parts.join(', ')}; restartCount ${status.restartCount}`,
    ...(finished === undefined ? {} : { at: formatTime(finished) }),
  };
}

/** How many log lines of the previous instance to quote. */
export const LOG_LINES = 5;

/** The last lines of the container's previous log (else its current log), as evidence. */
export function logEvidence(logs: readonly LogTail[], container: string): Evidence[] {
  const mine = logs.filter((l) => l.container === container || (container === '' && logs.length === 1));
  const tail = mine.find((l) => l.previous) ?? mine.find((l) => !l.previous);
  if (tail === undefined) return [];
  const label = tail.previous ? 'previous' : 'current';
  return tail.lines
    .filter((l) => l.trim() !== '')
    .slice(-LOG_LINES)
    .map((line) => ({ source: 'log' as const, text: `logs[${tail.container}] (${label}): ${line}` }));
}

/**
 * `Back-off restarting failed container app in pod web_default(uid)`; older kubelets omit the
 * names, and pasted event tables often cut the message short ("Back-off restarting failed contai"):
 * "back-off … restarting" alone already tells it from an image pull back-off ("Back-off pulling image").
 */
const BACK_OFF = /^back-off (?:\S+ )?restarting\b(?: failed container(?:[= ](\S+))?)?/i;

/** The container a restart back-off message names ('' when it names none); undefined if not one. */
export function parseRestartBackOff(message: string): string | undefined {
  const m = BACK_OFF.exec(message.trim());
  return m === null ? undefined : (m[1] ?? '');
}
