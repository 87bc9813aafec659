import type { ContainerRef, ContainerStatus, EventRecord, Evidence, LogTail } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { containerEntries, type ContainerEntry } from '../shared/containers.js';
import {
  createdSince,
  errorDetail,
  hasState,
  isOldStartError,
  newestTime,
  podHasState,
  stateEvidence,
} from '../shared/container-evidence.js';
import { eventContainer, eventEvidence, eventTime } from '../shared/events.js';
import {
  execFailureAfterStart,
  execFailureInOutput,
  isProcessStartFailure,
  isStartTermination,
  logsOf,
  startFailureOf,
  type StartFailure,
} from '../shared/start-failure.js';
import { classifyStartError, type StartErrorClass } from './start-message.js';
import { syncErrors } from '../shared/sync-error.js';
import { perContext } from '../shared/memo.js';

/** One container whose process the runtime could not start, now (status) or per unresolved events. */
export interface ContainerStartFailure {
  readonly ref: ContainerRef | undefined;
  readonly image: string;
  readonly cls: StartErrorClass;
  readonly message: string;
  readonly exitCode: number | undefined;
  /** 'events' also for a log without a status: neither tells the container's state now. */
  readonly basis: 'state' | 'events';
  readonly evidence: readonly Evidence[];
  readonly at: number | undefined;
}

interface EventGroup {
  readonly ref: ContainerRef | undefined;
  readonly events: EventRecord[];
}

interface StartEventDetail {
  readonly detail: string;
  /** The container a sync error names. */
  readonly container?: string;
}

/**
 * The runtime's start-failure text an event carries: a kubelet `Failed` `Error: …` (or 1.5-1.6
 * `Failed to start container with id … with error: …`); a `Failed` event whose whole message is
 * the runtime's text (a pasted line that kept only it, e.g. docker's `oci runtime error: … starting
 * container process caused …`); or a pre-1.13 `FailedSync` `failed to "StartContainer" for "app"
 * with RunContainerError: "…"` whose text is a start failure.
 */
function startDetail(e: EventRecord): StartEventDetail | undefined {
  for (const s of syncErrors(e)) {
    if (s.action === 'StartContainer' && s.code === 'RunContainerError' && isProcessStartFailure(s.message))
      return { detail: s.message, container: s.target };
  }
  const detail = errorDetail(e);
  if (detail !== undefined)
    return isProcessStartFailure(detail) || isOldStartError(e) ? { detail } : undefined;
  return e.reason === 'Failed' && isProcessStartFailure(e.message) ? { detail: e.message.trim() } : undefined;
}

/**
 * The newest start-failure event; among events equally new (pasted events often carry no time),
 * the first whose text names a cause (not a plain StartError), since an issue tracker can split
 * one runtime error over two events, the second holding the cause.
 */
function tellingNewest(events: readonly EventRecord[]): EventRecord | undefined {
  const newest = events.reduce((t, e) => Math.max(t, eventTime(e)), -Infinity);
  const tied = events.filter((e) => eventTime(e) === newest);
  return tied.find((e) => classifyStartError(startDetail(e)?.detail ?? '').code !== 'StartError') ?? tied[0];
}

/** Events whose text is a runtime start failure, grouped per container (or per error without fieldPath). */
function startEventGroups(
  events: readonly EventRecord[],
  entries: readonly ContainerEntry[],
): Map<string, EventGroup> {
  const groups = new Map<string, EventGroup>();
  for (const e of events) {
    const found = startDetail(e);
    if (found === undefined) continue;
    const detail = found.detail;
    const named = found.container;
    const ref =
      eventContainer(e) ??
      (named === undefined
        ? undefined
        : (entries.find((x) => x.ref.name === named)?.ref ?? { name: named, type: 'app' as const }));
    const cls = classifyStartError(detail);
    const key = ref === undefined ? `?/${cls.code}/${cls.subject}` : `${ref.type}/${ref.name}`;
    const g = groups.get(key) ?? { ref, events: [] };
    groups.set(key, g);
    g.events.push(e);
  }
  // A plain error that names no container is the same failure as a telling one beside it (a
  // runtime error split over two pasted events), not a second one.
  const plain = groups.get(PLAIN_UNNAMED);
  const telling = [...groups].find(([k]) => k.startsWith('?/') && k !== PLAIN_UNNAMED)?.[1];
  if (plain !== undefined && telling !== undefined) {
    telling.events.push(...plain.events);
    groups.delete(PLAIN_UNNAMED);
  }
  return groups;
}

/** The group of start errors that name no container and no cause. */
const PLAIN_UNNAMED = '?/StartError/';

function exitText(reason: string, exitCode: number | undefined): string {
  return exitCode === undefined ? reason : `${reason} (exit code ${exitCode})`;
}

/**
 * Events without a fieldPath (`kubectl get events` prints none) that name no container: on a pod
 * with a single app container they can only be about that container.
 */
function unattributed(groups: Map<string, EventGroup>): EventRecord[] {
  const out: EventRecord[] = [];
  for (const [key, g] of groups) {
    if (g.ref !== undefined) continue;
    out.push(...g.events);
    groups.delete(key);
  }
  return out;
}

/** A container status that tells the current state (see hasState). */
type StatedStatus = ContainerStatus & { state: NonNullable<ContainerStatus['state']> };
type ExecFailure = NonNullable<ReturnType<typeof execFailureAfterStart>>;

/** The entrypoint's execve failed after the start: the exec error is the container's last output. */
function execFailure(entry: ContainerEntry, status: StatedStatus, exec: ExecFailure): ContainerStartFailure {
  const { failure, line, log } = exec;
  const waiting = status.state.waiting;
  return {
    ref: entry.ref,
    image: entry.spec?.image ?? status.image ?? '',
    cls: classifyStartError(line),
    message: line,
    exitCode: failure.exitCode,
    basis: 'state',
    evidence: [
      ...(waiting?.reason === undefined
        ? []
        : [stateEvidence(entry.ref, 'state.waiting', waiting.reason, waiting.message)]),
      // A table row's CrashLoopBackOff is all the status says: the log tells the rest.
      ...(failure.where === 'state.waiting'
        ? []
        : [
            stateEvidence(
              entry.ref,
              failure.where,
              exitText(failure.reason || 'terminated', failure.exitCode),
              failure.message,
            ),
          ]),
      ...(log === undefined
        ? []
        : [
            {
              source: 'log' as const,
              text: `logs[${log.container}] (${log.previous ? 'previous' : 'current'}): ${line}`,
            },
          ]),
    ],
    at: parseTime(failure.finishedAt),
  };
}

/** The status records a start failure; the container's own events (newest) add the runtime's text. */
function statusFailure(
  ctx: PodContext,
  entry: ContainerEntry,
  status: ContainerStatus,
  sf: StartFailure,
  own: readonly EventRecord[],
): ContainerStartFailure {
  const newest = tellingNewest(own);
  const message = sf.message || (newest === undefined ? '' : (startDetail(newest)?.detail ?? ''));
  const waiting = status.state?.waiting;
  const evidence: Evidence[] = [
    ...(sf.where === 'lastState.terminated' && waiting?.reason !== undefined
      ? [stateEvidence(entry.ref, 'state.waiting', waiting.reason, waiting.message)]
      : []),
    stateEvidence(entry.ref, sf.where, exitText(sf.reason || 'terminated', sf.exitCode), sf.message),
    ...(newest === undefined ? [] : [eventEvidence(newest, ctx.now)]),
  ];
  const times = [parseTime(sf.finishedAt), newest === undefined ? undefined : newestTime([newest])].filter(
    (t) => t !== undefined,
  );
  return {
    ref: entry.ref,
    image: entry.spec?.image ?? status.image ?? '',
    cls: classifyStartError(message),
    message,
    exitCode: sf.exitCode,
    basis: 'state',
    evidence,
    at: times.length > 0 ? Math.max(...times) : undefined,
  };
}

/** Start-failure events of a container without a current state, unless a later Started overcame them. */
function eventsOnlyFailure(ctx: PodContext, g: EventGroup): ContainerStartFailure | undefined {
  // Events naming no container of a pod whose statuses are known are history or already reported.
  if (g.ref === undefined && podHasState(ctx.pod)) return undefined;
  const last = newestTime(g.events) ?? 0;
  if (createdSince(ctx.events, g.ref, last, ['Started']) !== undefined) return undefined;
  const newest = tellingNewest(g.events);
  if (newest === undefined) return undefined;
  const message = startDetail(newest)?.detail ?? '';
  const spec = containerEntries(ctx.pod).find(
    (e) => e.ref.name === g.ref?.name && e.ref.type === g.ref.type,
  )?.spec;
  return {
    ref: g.ref,
    image: spec?.image ?? '',
    cls: classifyStartError(message),
    message,
    exitCode: undefined,
    basis: 'events',
    evidence: [eventEvidence(newest, ctx.now)],
    at: newestTime([newest]),
  };
}

/**
 * A container with no recorded state whose own log ends in runc's exec failure (a log pasted
 * without the pod's status): that run never got past its entrypoint. Its state now is unknown.
 */
function logOnlyFailure(entry: ContainerEntry, logs: readonly LogTail[]): ContainerStartFailure | undefined {
  for (const log of logsOf(logs, entry.ref.name)) {
    const line = execFailureInOutput(log.lines);
    if (line === undefined) continue;
    return {
      ref: entry.ref,
      image: entry.spec?.image ?? '',
      cls: classifyStartError(line),
      message: line,
      exitCode: undefined,
      basis: 'events',
      evidence: [
        {
          source: 'log',
          text: `logs[${log.container}] (${log.previous ? 'previous' : 'current'}): ${line}`,
        },
      ],
      at: undefined,
    };
  }
  return undefined;
}

/**
 * A CrashLoopBackOff whose last termination the evidence does not show (a `kubectl get pods` row
 * gives only its STATUS word, and at most when it ended) over start failures the kubelet reported for that container, with
 * no `Started` since the newest: the back-off restarts a container whose process never started.
 * Takes the container's events (its own group, or for a pod's only app container the events that
 * name none) out of `groups`.
 */
function backOffOverStartFailures(
  ctx: PodContext,
  entry: ContainerEntry,
  group: EventGroup | undefined,
  unnamed: Map<string, EventGroup> | undefined,
): ContainerStartFailure | undefined {
  const status = entry.status;
  const ended = status?.lastState?.terminated;
  // A termination dated only (a row's `RESTARTS 5 (28s ago)`) does not show how it ended.
  const shown =
    ended !== undefined &&
    (ended.reason !== undefined || ended.exitCode !== undefined || ended.signal !== undefined);
  if (!hasState(status) || status.state.waiting?.reason !== 'CrashLoopBackOff' || shown) return undefined;
  const own =
    group?.events ?? (entry.ref.type === 'app' && unnamed !== undefined ? unattributed(unnamed) : []);
  if (own.length === 0) return undefined;
  const last = newestTime(own) ?? 0;
  if (createdSince(ctx.events, entry.ref, last, ['Started']) !== undefined) return undefined;
  return statusFailure(
    ctx,
    entry,
    status,
    {
      where: 'state.waiting',
      reason: 'CrashLoopBackOff',
      message: '',
      exitCode: undefined,
      finishedAt: undefined,
    },
    own,
  );
}

function computeStartFailures(ctx: PodContext): readonly ContainerStartFailure[] {
  const entries = containerEntries(ctx.pod);
  const groups = startEventGroups(ctx.events, entries);
  const out: ContainerStartFailure[] = [];
  const soleApp = entries.filter((e) => e.ref.type === 'app').length === 1;
  for (const entry of entries) {
    const key = `${entry.ref.type}/${entry.ref.name}`;
    const group = groups.get(key);
    // Without a current state (a status cut out of -o yaml after its lastState) a last run that
    // never started its process is the present: the kubelet starts the same command again.
    const lastEnd = entry.status?.lastState?.terminated;
    if (!hasState(entry.status) && entry.status !== undefined && isStartTermination(lastEnd)) {
      groups.delete(key);
      out.push(
        statusFailure(
          ctx,
          entry,
          entry.status,
          {
            where: 'lastState.terminated',
            reason: lastEnd?.reason ?? '',
            message: lastEnd?.message ?? '',
            exitCode: lastEnd?.exitCode,
            finishedAt: lastEnd?.finishedAt,
          },
          group?.events ?? [],
        ),
      );
      continue;
    }
    // Without a current state the container's events decide, below, or else its log.
    if (!hasState(entry.status)) {
      const fromLog = group === undefined ? logOnlyFailure(entry, ctx.logs) : undefined;
      if (fromLog !== undefined) out.push(fromLog);
      continue;
    }
    groups.delete(key);
    const sf = startFailureOf(entry.status);
    const exec = sf === undefined ? execFailureAfterStart(entry.status, ctx.logs, entry.ref.name) : undefined;
    if (exec !== undefined) out.push(execFailure(entry, entry.status, exec));
    else if (sf !== undefined) {
      const own = group?.events ?? (entry.ref.type === 'app' && soleApp ? unattributed(groups) : []);
      out.push(statusFailure(ctx, entry, entry.status, sf, own));
    } else {
      const loop = backOffOverStartFailures(ctx, entry, group, soleApp ? groups : undefined);
      if (loop !== undefined) out.push(loop);
    }
  }
  for (const g of groups.values()) {
    const failure = eventsOnlyFailure(ctx, g);
    if (failure !== undefined) out.push(failure);
  }
  return out;
}

/** Memoised per context: every rule of the stage shares one computation. */
export const startFailures = perContext(computeStartFailures);
