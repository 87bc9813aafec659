/**
 * Crash cases of containers known only from events: restart back-offs ("Back-off restarting
 * failed container"), or, when the back-offs are missing from the paste, starts that keep
 * repeating (`Started` ×72 over 6h). Restarts a liveness or startup probe drove are the
 * liveness stage's (probeDriven), here and for containers with a status.
 */
import type {
  Container,
  ContainerRef,
  ContainerStateTerminated,
  ContainerStatus,
  EventRecord,
  Evidence,
} from '../../model/index.js';
import type { PodContext } from '../types.js';
import type { ContainerEntry } from '../shared/containers.js';
import { lifecycleName } from '../shared/container-evidence.js';
import { eventContainer, eventEvidence, newest } from '../shared/events.js';
import { parseProbeKill, probeKills } from '../shared/probe-events.js';
import { recurringProbeFailures } from '../shared/probe-history.js';
import { failingLivenessNow } from '../shared/probe-results.js';
import {
  effectiveExitCode,
  isKillExit,
  LOOP_MIN_RESTARTS,
  LOOP_WINDOW_MS,
  logEvidence,
  parseRestartBackOff,
  probeDrivenRestart,
} from '../shared/restarts.js';
import { syncErrors } from '../shared/sync-error.js';
import type { CrashCase } from './analyse.js';

export interface BackOff {
  readonly event: EventRecord;
  readonly name: string;
}

/**
 * Restart back-off events of app containers, with the container they name ('' when none); also a
 * kubelet sync error that reports one (`FailedSync` of kubelets before 1.13, and the kubelet's own
 * "Error syncing pod" log line: `failed to "StartContainer" for "app" with CrashLoopBackOff: "back-off
 * 5m0s restarting failed container=app …"`), named by its target (an init container's is left to
 * the init stage by the callers, which judge app containers only).
 */
export function restartBackOffs(ctx: PodContext): BackOff[] {
  const out: BackOff[] = [];
  for (const event of ctx.events) {
    const looping = syncErrors(event).find(
      (s) => s.action === 'StartContainer' && s.code === 'CrashLoopBackOff',
    );
    if (looping !== undefined) out.push({ event, name: looping.target });
    if (event.reason !== 'BackOff') continue;
    const named = parseRestartBackOff(event.message);
    if (named === undefined) continue;
    const c = eventContainer(event);
    if (c !== undefined && c.type !== 'app') continue;
    out.push({ event, name: c?.name ?? named });
  }
  return out;
}

/** The liveness stage claims the restarts: a probe kill, or probe failures recurring over them. */
export function probeDriven(
  ctx: PodContext,
  ref: ContainerRef,
  sole: boolean,
  status: ContainerStatus | undefined,
  spec: Container | undefined,
  term: ContainerStateTerminated | undefined,
): boolean {
  if (probeDrivenRestart(ctx.events, ref, sole, term, spec) !== undefined) return true;
  // `--probe`: the liveness endpoint fails now and the last instance was killed (137/143).
  if (
    term !== undefined &&
    term.reason !== 'OOMKilled' &&
    isKillExit(effectiveExitCode(term)) &&
    failingLivenessNow(ctx.probes, ctx.now, status) !== undefined
  )
    return true;
  if (status === undefined && probeKills(ctx.events, ref, sole).length > 0) return true;
  const deleting = ctx.pod.metadata.deletionTimestamp !== undefined;
  return recurringProbeFailures({ events: ctx.events, ref, sole, status, spec, deleting }) !== undefined;
}

/** What shows one container restarting: back-off events, or its repeated starts. */
interface Restarts {
  readonly events: readonly EventRecord[];
  readonly count: number;
  /** The starts alone show it (no back-off in the evidence). */
  readonly startsOnly: boolean;
}

function fromEvents(
  ctx: PodContext,
  name: string,
  r: Restarts,
  specs: readonly ContainerEntry[],
): CrashCase | undefined {
  const ref: ContainerRef | undefined = name === '' ? undefined : { name, type: 'app' };
  const spec = specs.find((s) => s.ref.name === name)?.spec;
  const sole = ref === undefined || specs.length <= 1;
  // Back-offs that name no container yield to a probe kill of any container.
  const anyProbeKill =
    ref === undefined &&
    ctx.events.some((e) => e.reason === 'Killing' && parseProbeKill(e.message) !== undefined);
  if (anyProbeKill || probeDriven(ctx, ref ?? { name: '', type: 'app' }, sole, undefined, spec, undefined))
    return undefined;
  const last = newest(r.events);
  if (last === undefined) return undefined;
  const starts = ctx.events.filter((e) => {
    if (e.reason !== 'Started') return false;
    const c = eventContainer(e);
    return ref === undefined || c === undefined || c.name === name;
  });
  const lastStart = newest(starts);
  // Restarts still going on (the events' form of restartingFrequently) are the present, not
  // history: between two back-offs the container runs and may even be Ready, as a pasted
  // `kubectl get pods` row shows, so a Ready pod does not show the loop was overcome.
  const lastAt = last.last ?? last.first;
  const ongoing = r.count >= LOOP_MIN_RESTARTS && lastAt !== undefined && ctx.now - lastAt < LOOP_WINDOW_MS;
  // Starts alone are weaker than back-offs: only a loop still going on counts.
  if (r.startsOnly && !ongoing) return undefined;
  // A back-off ends with the kubelet starting the container again. Too few restarts for a loop
  // still going on, and a start newer than the newest back-off: the container got past it, and
  // nothing newer says it crashed again; the back-off is history.
  const lastStartAt = lastStart?.last ?? lastStart?.first;
  if (!ongoing && lastAt !== undefined && lastStartAt !== undefined && lastStartAt > lastAt) return undefined;
  const evidence: Evidence[] = [eventEvidence(last, ctx.now)];
  if (lastStart !== undefined && lastStart !== last && lastStart.count > 1)
    evidence.push(eventEvidence(lastStart, ctx.now));
  evidence.push(...logEvidence(ctx.logs, name));
  return {
    reason: 'CrashLoopBackOff',
    container: ref,
    basis: ongoing ? 'state' : 'events',
    spec,
    status: undefined,
    termination: undefined,
    exitCode: undefined,
    restarts: r.count,
    looping: true,
    restartPolicy: ctx.pod.spec.restartPolicy ?? 'Always',
    evidence,
    at: lastAt,
    ...(ongoing ? { confidence: 'medium' as const } : {}),
    ...(r.startsOnly ? { fromStarts: true } : {}),
  };
}

/** `Started` events per app container (by fieldPath, the name in the message, or the sole container). */
function startsByContainer(ctx: PodContext, apps: readonly ContainerEntry[]): Map<string, EventRecord[]> {
  const sole = apps.length === 1 ? apps[0]?.ref.name : undefined;
  const out = new Map<string, EventRecord[]>();
  for (const e of ctx.events) {
    if (e.reason !== 'Started') continue;
    const c = eventContainer(e);
    if (c !== undefined && c.type !== 'app') continue;
    const name = c?.name ?? lifecycleName(e) ?? sole ?? '';
    out.set(name, [...(out.get(name) ?? []), e]);
  }
  return out;
}

/** Crash cases of app containers without a status: back-off groups, then containers that keep starting. */
export function eventCases(
  ctx: PodContext,
  apps: readonly ContainerEntry[],
  backOffs: readonly BackOff[],
  byState: ReadonlySet<string>,
): CrashCase[] {
  const sole = apps.length === 1;
  const initNames = new Set((ctx.pod.spec.initContainers ?? []).map((c) => c.name));
  const skip = (name: string): boolean =>
    byState.has(name) || initNames.has(name) || (name === '' && byState.size > 0);
  const groups = new Map<string, Restarts>();
  for (const b of backOffs) {
    const name = b.name === '' && sole ? (apps[0]?.ref.name ?? '') : b.name;
    if (skip(name)) continue;
    const g = groups.get(name);
    groups.set(name, {
      events: [...(g?.events ?? []), b.event],
      count: (g?.count ?? 0) + b.event.count,
      startsOnly: false,
    });
  }
  for (const [name, starts] of startsByContainer(ctx, apps)) {
    const count = starts.reduce((n, e) => n + Math.max(1, e.count), 0) - 1;
    if (skip(name) || groups.has(name) || (name === '' && groups.size > 0) || count < LOOP_MIN_RESTARTS)
      continue;
    groups.set(name, { events: starts, count, startsOnly: true });
  }
  const out: CrashCase[] = [];
  for (const [name, r] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const c = fromEvents(ctx, name, r, apps);
    if (c !== undefined) out.push(c);
  }
  return out;
}
