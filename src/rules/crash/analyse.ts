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
  EventRecord,
  Evidence,
  ReasonOf,
} from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { appContainerEntries, type ContainerEntry } from '../shared/containers.js';
import { eventContainer, eventEvidence, newest } from '../shared/events.js';
import { parseProbeKill } from '../shared/probe-events.js';
import {
  effectiveExitCode,
  isKillExit,
  lastTermination,
  LOOP_MIN_RESTARTS,
  LOOP_WINDOW_MS,
  logEvidence,
  parseRestartBackOff,
  probeDrivenRestart,
  restartingFrequently,
  terminationEvidence,
} from '../shared/restarts.js';
import { perContext } from '../shared/memo.js';
import { execFailureAfterStart } from '../shared/start-failure.js';

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
}

/** Terminations that belong to other stages: start failures and containers the runtime lost. */
const NOT_CRASHES: ReadonlySet<string> = new Set([
  'StartError',
  'ContainerCannotRun',
  'ContainerStatusUnknown',
]);

interface BackOff {
  readonly event: EventRecord;
  readonly name: string;
}

function restartBackOffs(ctx: PodContext): BackOff[] {
  const out: BackOff[] = [];
  for (const event of ctx.events) {
    if (event.reason !== 'BackOff') continue;
    const named = parseRestartBackOff(event.message);
    if (named === undefined) continue;
    const c = eventContainer(event);
    if (c !== undefined && c.type !== 'app') continue;
    out.push({ event, name: c?.name ?? named });
  }
  return out;
}

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
  if (probeDrivenRestart(ctx.events, entry.ref, sole, term, entry.spec) !== undefined) return undefined;
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
    evidence.push({
      source: 'status',
      text: `containerStatuses[${entry.ref.name}].state.running: started ${status.state.running.startedAt ?? '(time unknown)'}, restartCount ${status.restartCount}`,
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
    restarts: status.restartCount,
    looping,
    restartPolicy,
    evidence,
    at: times.length > 0 ? Math.max(...times) : undefined,
  };
}

function fromEvents(
  ctx: PodContext,
  name: string,
  backOffs: BackOff[],
  specs: readonly ContainerEntry[],
): CrashCase | undefined {
  const ref: ContainerRef | undefined = name === '' ? undefined : { name, type: 'app' };
  const probeKilled = ctx.events.some((e) => {
    if (e.reason !== 'Killing') return false;
    const kill = parseProbeKill(e.message);
    return kill !== undefined && (ref === undefined || kill.container === name);
  });
  if (probeKilled) return undefined;
  const events = backOffs.map((b) => b.event);
  const last = newest(events);
  if (last === undefined) return undefined;
  const starts = ctx.events.filter((e) => {
    if (e.reason !== 'Started') return false;
    const c = eventContainer(e);
    return ref === undefined || c === undefined || c.name === name;
  });
  const lastStart = newest(starts);
  const restarts = events.reduce((n, e) => n + e.count, 0);
  // Back-offs still going on (the events' form of restartingFrequently) are the present, not
  // history: between two back-offs the container runs and may even be Ready, as a pasted
  // `kubectl get pods` row shows, so a Ready pod does not show the loop was overcome.
  const lastAt = last.last ?? last.first;
  const ongoing = restarts >= LOOP_MIN_RESTARTS && lastAt !== undefined && ctx.now - lastAt < LOOP_WINDOW_MS;
  const evidence: Evidence[] = [eventEvidence(last, ctx.now)];
  if (lastStart !== undefined && lastStart.count > 1) evidence.push(eventEvidence(lastStart, ctx.now));
  evidence.push(...logEvidence(ctx.logs, name));
  return {
    reason: 'CrashLoopBackOff',
    container: ref,
    basis: ongoing ? 'state' : 'events',
    spec: specs.find((s) => s.ref.name === name)?.spec,
    status: undefined,
    termination: undefined,
    exitCode: undefined,
    restarts,
    looping: true,
    restartPolicy: ctx.pod.spec.restartPolicy ?? 'Always',
    evidence,
    at: lastAt,
    ...(ongoing ? { confidence: 'medium' as const } : {}),
  };
}

/** Whether the pod's state rules crashes out: it succeeded, or the node failed it (evicted, deadline). */
function podSettled(ctx: PodContext): boolean {
  const { phase, reason } = ctx.pod.status;
  return phase === 'Succeeded' || (phase === 'Failed' && reason !== undefined && reason !== '');
}

/** One crash case per crashing app container, in spec order, then containers known only from events. */
function computeCrashCases(ctx: PodContext): readonly CrashCase[] {
  if (podSettled(ctx)) return [];
  const apps = appContainerEntries(ctx.pod);
  const sole = apps.length === 1;
  const backOffs = restartBackOffs(ctx);
  const initNames = new Set((ctx.pod.spec.initContainers ?? []).map((c) => c.name));
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
  const groups = new Map<string, BackOff[]>();
  for (const b of backOffs) {
    const name = b.name === '' && sole ? (apps[0]?.ref.name ?? '') : b.name;
    if (byState.has(name) || initNames.has(name) || (name === '' && byState.size > 0)) continue;
    groups.set(name, [...(groups.get(name) ?? []), b]);
  }
  for (const [name, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const c = fromEvents(ctx, name, list, apps);
    if (c !== undefined) cases.push(c);
  }
  return cases;
}

/** Memoised per context: every rule of the stage shares one computation. */
export const crashCases = perContext(computeCrashCases);
