/**
 * Classifies each app container of a pod into at most one crash reason, so that the crash
 * rules (one per reason) never report the same container twice. Probe-driven restarts are
 * left to the liveness stage; pods that succeeded or were failed by the node are skipped.
 */
import type {
  Container,
  ContainerRef,
  ContainerStateTerminated,
  ContainerStatus,
  Evidence,
  ReasonOf,
} from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { UNNAMED_CONTAINER } from '../../model/index.js';
import type { PodContext } from '../types.js';
import { appContainerEntries, type ContainerEntry } from '../shared/containers.js';
import { eventEvidence, newest } from '../shared/events.js';
import {
  effectiveExitCode,
  isKillExit,
  lastTermination,
  logEvidence,
  restartingFrequently,
  restartsShown,
  restartsShownByBackOff,
  terminationEvidence,
} from '../shared/restarts.js';
import { perContext } from '../shared/memo.js';
import { eventCases, probeDriven, restartBackOffs, type BackOff } from './event-cases.js';
import { execFailureAfterStart, execFailureInOutput } from '../shared/start-failure.js';
import { logEnd } from '../shared/log-end.js';

export type CrashReason = ReasonOf<'crash'>;

export interface CrashCase {
  readonly reason: CrashReason;
  /** Undefined when only events prove the crash and they do not name the container. */
  readonly container: ContainerRef | undefined;
  readonly basis: 'state' | 'events';
  readonly spec: Container | undefined;
  readonly status: ContainerStatus | undefined;
  readonly termination: ContainerStateTerminated | undefined;
  /** Exit code with the signal folded in; undefined when no termination is known. */
  readonly exitCode: number | undefined;
  /** restartCount, or the number of back-off events when only events are known. */
  readonly restarts: number;
  /** The kubelet keeps restarting it (CrashLoopBackOff, repeated restarts, back-off events). */
  readonly looping: boolean;
  readonly restartPolicy: string;
  readonly evidence: readonly Evidence[];
  readonly at: number | undefined;
  /** Set when the case rests on events but counts as current state (an ongoing restart loop). */
  readonly confidence?: 'medium';
  /** Only repeated `Started` events show the restarts (no back-off, no status). */
  readonly fromStarts?: boolean;
  /** Only the previous run's log shows the crash (`kubectl logs --previous`): its last error line. */
  readonly previousLog?: string;
}

/** Terminations that belong to other stages: start failures and containers the runtime lost. */
const NOT_CRASHES: ReadonlySet<string> = new Set([
  'StartError',
  'ContainerCannotRun',
  'ContainerStatusUnknown',
]);

function reasonFor(term: ContainerStateTerminated | undefined, looping: boolean): CrashReason {
  if (term === undefined) return 'CrashLoopBackOff';
  if (term.reason === 'OOMKilled') return 'OOMKilled';
  const code = effectiveExitCode(term);
  if (code === 0) return 'ExitZeroLoop';
  if (isKillExit(code)) return 'KilledExternally';
  return looping ? 'CrashLoopBackOff' : 'ExitNonZero';
}

function fromStatus(
  ctx: PodContext,
  entry: ContainerEntry,
  status: ContainerStatus,
  backOffs: BackOff[],
  sole: boolean,
): CrashCase | undefined {
  const { pod, now } = ctx;
  const restartPolicy = pod.spec.restartPolicy ?? 'Always';
  const waiting = status.state?.waiting;
  const current = status.state?.terminated;
  const term = lastTermination(status);
  if (term !== undefined && NOT_CRASHES.has(term.reason ?? '')) return undefined;
  // The entrypoint could not be executed at all: the container-start stage, not a crash.
  if (execFailureAfterStart(status, ctx.logs, entry.ref.name) !== undefined) return undefined;
  const restarted = status.restartCount > 0 || backOffs.length > 0;
  let looping: boolean;
  if (waiting?.reason === 'CrashLoopBackOff') looping = true;
  else if (current !== undefined) looping = restartPolicy !== 'Never' && restarted;
  else if (status.state?.running !== undefined) {
    if (!restartingFrequently(status, now)) return undefined;
    looping = true;
  } else if ((waiting?.reason ?? '') !== '' || term === undefined) return undefined;
  else looping = restarted;

  const code = term === undefined ? undefined : effectiveExitCode(term);
  if (code === 0 && term?.reason !== 'OOMKilled' && !(restartPolicy === 'Always' && looping))
    return undefined;
  if (probeDriven(ctx, entry.ref, sole, status, entry.spec, term)) return undefined;
  if (
    pod.metadata.deletionTimestamp !== undefined &&
    code !== undefined &&
    isKillExit(code) &&
    term?.reason !== 'OOMKilled'
  ) {
    return undefined;
  }

  const evidence: Evidence[] = [];
  if (waiting?.reason) {
    evidence.push({
      source: 'status',
      text: `containerStatuses[${entry.ref.name}].state.waiting: ${waiting.reason}${waiting.message ? `: ${waiting.message}` : ''}`,
    });
  } else if (status.state?.running !== undefined) {
    const shown = restartsShownByBackOff(status);
    evidence.push({
      source: 'status',
      text:
        `containerStatuses[${entry.ref.name}].state.running: started ${status.state.running.startedAt ?? '(time unknown)'}, ` +
        (shown > status.restartCount
          ? `after a restart back-off that only ${shown} or more failed restarts in a row reach`
          : `restartCount ${status.restartCount}`),
    });
  }
  if (term !== undefined) evidence.push(terminationEvidence(entry.ref, status, term));
  const lastBackOff = newest(backOffs.map((b) => b.event));
  if (lastBackOff !== undefined) evidence.push(eventEvidence(lastBackOff, now));
  evidence.push(...logEvidence(ctx.logs, entry.ref.name));
  const times = [parseTime(term?.finishedAt), lastBackOff?.last ?? lastBackOff?.first].filter(
    (t) => t !== undefined,
  );
  return {
    reason: reasonFor(term, looping),
    container: entry.ref,
    basis: 'state',
    spec: entry.spec,
    status,
    termination: term,
    exitCode: code,
    restarts: restartsShown(status),
    looping,
    restartPolicy,
    evidence,
    at: times.length > 0 ? Math.max(...times) : undefined,
  };
}

/**
 * Whether the pod's state rules crashes out: it succeeded, or the node failed it (evicted,
 * deadline). The kubelet never restarts a container of a finished pod, so one waiting in
 * CrashLoopBackOff shows the pod is not finished, whatever phase an older `Completed` row implied.
 */
function podSettled(ctx: PodContext): boolean {
  const { phase, reason, containerStatuses } = ctx.pod.status;
  const restarting = (containerStatuses ?? []).some((s) => s.state?.waiting?.reason === 'CrashLoopBackOff');
  if (phase === 'Succeeded') return !restarting;
  return phase === 'Failed' && reason !== undefined && reason !== '';
}

/** One crash case per crashing app container, in spec order, then containers known only from events. */
function computeCrashCases(ctx: PodContext): readonly CrashCase[] {
  if (podSettled(ctx)) return [];
  const apps = appContainerEntries(ctx.pod);
  const sole = apps.length === 1;
  const backOffs = restartBackOffs(ctx);
  const cases: CrashCase[] = [];
  const byState = new Set<string>();
  for (const entry of apps) {
    const status = entry.status;
    if (status === undefined || (status.state === undefined && status.lastState?.terminated === undefined))
      continue;
    byState.add(entry.ref.name);
    const mine = backOffs.filter((b) => b.name === entry.ref.name || (b.name === '' && sole));
    const c = fromStatus(ctx, entry, status, mine, sole);
    if (c !== undefined) cases.push(c);
  }
  const fromEvents = eventCases(ctx, apps, backOffs, byState);
  cases.push(...fromEvents);
  if (fromEvents.length === 0) cases.push(...previousLogCases(ctx, apps, byState));
  return cases;
}

/**
 * The app container the evidence holds no state of, whose previous run's log is pasted (`kubectl
 * logs --previous` answers only for a container that terminated and was restarted) and ends in an
 * error: that run exited on it. Only a log whose command named no container: kubectl then picked
 * the pod's default container, never an init container (a `-c x` may name one whose name does not
 * say so). Not a log whose end is runc's exec failure (the container-start stage reads it), and
 * not when events or state tell more.
 */
function previousLogCases(
  ctx: PodContext,
  apps: readonly ContainerEntry[],
  byState: ReadonlySet<string>,
): CrashCase[] {
  const sole = apps.length === 1 ? apps[0] : undefined;
  const out: CrashCase[] = [];
  for (const log of ctx.logs) {
    if (!log.previous) continue;
    const entry = log.container === '' || log.container === UNNAMED_CONTAINER ? sole : undefined;
    if (entry === undefined || byState.has(entry.ref.name)) continue;
    const printed = log.lines.filter((l) => l.trim() !== '');
    // An error the run got past (its last line says it came up) is no end in an error.
    if (logEnd(log.lines) !== 'error' || logEnd(printed.slice(-1)) === 'done') continue;
    if (execFailureInOutput(log.lines) !== undefined) continue;
    const line =
      [...printed.slice(-3)].reverse().find((l) => logEnd([l]) === 'error') ?? printed.at(-1) ?? '';
    out.push({
      reason: 'ExitNonZero',
      container: entry.ref,
      basis: 'events',
      spec: entry.spec,
      status: entry.status,
      termination: undefined,
      exitCode: undefined,
      restarts: 1,
      looping: false,
      restartPolicy: ctx.pod.spec.restartPolicy ?? 'Always',
      evidence: logEvidence([log], log.container),
      at: undefined,
      previousLog: line.trim(),
    });
  }
  return out;
}

/** Memoised per context: every rule of the stage shares one computation. */
export const crashCases = perContext(computeCrashCases);
