/**
 * Liveness and startup probe failures per app container: 'failed' when the kubelet restarted
 * (or killed) the container for them, 'progressing' while the probe fails on the current
 * instance but has not restarted anything yet. Shares probeDrivenRestart with the crash rules.
 */
import type {
  Container,
  ContainerRef,
  ContainerStatus,
  EventRecord,
  Evidence,
  ProbeResult,
} from '../../model/index.js';
import { hasNoStatus, parseTime } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { appContainerEntries } from '../shared/containers.js';
import { lifecycleName } from '../shared/container-evidence.js';
import { eventContainer, eventEvidence, newest } from '../shared/events.js';
import {
  parseProbeKill,
  parseProbeMessage,
  probeFailures,
  probeKills,
  type ProbeFailureEvent,
} from '../shared/probe-events.js';
import { formatProbe, probeOf, PROBE_DEFAULTS } from '../shared/probe-spec.js';
import { failingLivenessNow, probeResultEvidence } from '../shared/probe-results.js';
import {
  effectiveExitCode,
  isKillExit,
  lastTermination,
  LOOP_MIN_RESTARTS,
  LOOP_WINDOW_MS,
  logEvidence,
  probeDrivenRestart,
  restartingFrequently,
  terminationEvidence,
} from '../shared/restarts.js';
import { perContext } from '../shared/memo.js';
import { recurringProbeFailures, total, type RecurringProbeFailures } from '../shared/probe-history.js';

export interface LivenessCase {
  readonly probe: 'liveness' | 'startup';
  readonly status: 'failed' | 'progressing';
  readonly basis: 'state' | 'events';
  /** Undefined when only events prove it and they do not name the container. */
  readonly container: ContainerRef | undefined;
  readonly spec: Container | undefined;
  readonly failures: readonly ProbeFailureEvent[];
  /** restartCount, or the number of probe kills when only events are known. */
  readonly restarts: number;
  readonly evidence: readonly Evidence[];
  readonly at: number | undefined;
  /** Set when the case rests on events but counts as current state (an ongoing kill loop). */
  readonly confidence?: 'medium' | 'low';
  /** No restart is in the evidence: the failures' number and span imply the kills. */
  readonly inferred: boolean;
  /** A failing active probe of the running instance (`--probe`): the probe fails now. */
  readonly probed?: ProbeResult;
  /** No failure event: the failing probe result and the killed previous instance make the case. */
  readonly fromProbe?: boolean;
  /** Events only, and the failures are the last the evidence knows: nothing after them shows the probe passing. */
  readonly lastKnown?: boolean;
}

function time(e: EventRecord): number | undefined {
  return e.last ?? e.first;
}

/** Failures still inside one failing streak: the newest is within (failureThreshold + 1) periods of now. */
function recent(failures: readonly ProbeFailureEvent[], spec: Container | undefined, now: number): boolean {
  const last = failures.at(-1);
  if (last === undefined) return false;
  const probe = probeOf(spec, last.parsed.probe === 'startup' ? 'startup' : 'liveness');
  const period = probe?.periodSeconds ?? PROBE_DEFAULTS.periodSeconds;
  const threshold = probe?.failureThreshold ?? PROBE_DEFAULTS.failureThreshold;
  const t = time(last.event);
  return t === undefined || now - t <= (threshold + 1) * period * 1000;
}

interface Parts {
  readonly probe: 'liveness' | 'startup';
  readonly status: 'failed' | 'progressing';
  readonly basis: 'state' | 'events';
  readonly ref: ContainerRef | undefined;
  readonly spec: Container | undefined;
  readonly failures: readonly ProbeFailureEvent[];
  readonly kills: readonly EventRecord[];
  readonly restarts: number;
  readonly extra: readonly Evidence[];
  readonly confidence?: 'medium' | 'low';
  readonly inferred?: boolean;
  readonly probed?: ProbeResult;
  readonly fromProbe?: boolean;
  readonly lastKnown?: boolean;
}

/**
 * Probe kills that are still going on: LOOP_MIN_RESTARTS or more, the newest within
 * LOOP_WINDOW_MS of now — the events' form of restartingFrequently. Such a loop is the present,
 * not history: the container passes Ready between two kills, so a Ready pod (a `kubectl get pods`
 * row reading 1/1 Running) does not show it was overcome. Unknown times never count.
 */
function killLoopOngoing(kills: readonly EventRecord[], restarts: number, now: number): boolean {
  const last = newest(kills);
  const t = last === undefined ? undefined : time(last);
  return restarts >= LOOP_MIN_RESTARTS && t !== undefined && now - t < LOOP_WINDOW_MS;
}

/**
 * A container the probe killed runs again, but not yet for as long as the killed instance lived
 * plus one probe period (at most LOOP_WINDOW_MS, after which the kubelet forgets a restart): the
 * probe has not had the time to fail it again, so nothing shows it passes now (its failures may
 * not even be recorded any more once the event budget is spent). Judging it healthy would flip the
 * verdict at every restart of a probe-driven loop: failed, healthy for a minute, failed again.
 */
function unproven(
  st: ContainerStatus,
  spec: Container | undefined,
  probe: 'liveness' | 'startup',
  now: number,
): boolean {
  const started = parseTime(st.state?.running?.startedAt);
  const before = st.lastState?.terminated;
  const from = parseTime(before?.startedAt);
  const to = parseTime(before?.finishedAt);
  if (started === undefined || from === undefined || to === undefined || to < from) return false;
  const period = (probeOf(spec, probe)?.periodSeconds ?? PROBE_DEFAULTS.periodSeconds) * 1000;
  return now - started < Math.min(to - from + period, LOOP_WINDOW_MS);
}

function build(ctx: PodContext, p: Parts): LivenessCase {
  const failures = p.failures.filter((f) => f.parsed.probe === p.probe);
  const shown = failures.length > 0 ? failures : p.failures;
  const lastFailure = newest(shown.map((f) => f.event));
  const lastKill = newest(p.kills);
  const evidence: Evidence[] = [];
  if (lastFailure !== undefined) evidence.push(eventEvidence(lastFailure, ctx.now));
  if (lastKill !== undefined) evidence.push(eventEvidence(lastKill, ctx.now));
  if (p.probed !== undefined) evidence.push(probeResultEvidence(p.probed));
  evidence.push(...p.extra);
  const probe = probeOf(p.spec, p.probe);
  if (probe !== undefined) {
    evidence.push({
      source: 'spec',
      text: `spec.containers[${p.ref?.name ?? ''}].${p.probe}Probe: ${formatProbe(probe)}`,
    });
  }
  if (p.status === 'failed') evidence.push(...logEvidence(ctx.logs, p.ref?.name ?? ''));
  const times = [lastFailure, lastKill].flatMap((e) => (e === undefined ? [] : [time(e) ?? 0]));
  const probedAt = parseTime(p.probed?.at);
  if (probedAt !== undefined) times.push(probedAt);
  return {
    probe: p.probe,
    status: p.status,
    basis: p.basis,
    container: p.ref,
    spec: p.spec,
    failures: shown,
    restarts: p.restarts,
    evidence,
    at: times.length > 0 ? Math.max(...times) : undefined,
    ...(p.confidence === undefined ? {} : { confidence: p.confidence }),
    inferred: p.inferred ?? false,
    ...(p.probed === undefined ? {} : { probed: p.probed }),
    ...(p.fromProbe === true ? { fromProbe: true } : {}),
    ...(p.lastKnown === true ? { lastKnown: true } : {}),
  };
}

/**
 * An events-only case of failures recurring over restarts: current state (medium confidence) while
 * the restarts go on, like killLoopOngoing; low confidence when no restart is in the evidence.
 */
function recurringCase(
  r: RecurringProbeFailures,
  now: number,
): Pick<Parts, 'probe' | 'failures' | 'kills' | 'restarts' | 'basis' | 'confidence' | 'inferred'> {
  const parts = {
    probe: r.probe,
    failures: r.failures,
    kills: r.restartEvents,
    restarts: r.restarts,
    inferred: r.inferred,
  };
  if (r.inferred) return { ...parts, basis: 'events', confidence: 'low' };
  const ongoing = killLoopOngoing([...r.restartEvents, ...r.failures.map((f) => f.event)], r.restarts, now);
  return ongoing ? { ...parts, basis: 'state', confidence: 'medium' } : { ...parts, basis: 'events' };
}

function probeKind(failures: readonly ProbeFailureEvent[]): 'liveness' | 'startup' {
  return failures.at(-1)?.parsed.probe === 'startup' ? 'startup' : 'liveness';
}

/**
 * Whether the container's previous instance may have been killed by the kubelet: it ended with
 * SIGKILL/SIGTERM (137/143) and not OOMKilled, or the evidence does not say how it ended.
 */
function killedBefore(term: ReturnType<typeof lastTermination>): boolean {
  if (term === undefined) return true;
  return term.reason !== 'OOMKilled' && isKillExit(effectiveExitCode(term));
}

/** Containers known only from events: names from Killing messages and fieldPaths. */
function fromEvents(ctx: PodContext, skip: ReadonlySet<string>): LivenessCase[] {
  const specs = ctx.pod.spec.containers;
  const initNames = new Set((ctx.pod.spec.initContainers ?? []).map((c) => c.name));
  const names = new Set<string>();
  for (const e of ctx.events) {
    const kill = e.reason === 'Killing' ? parseProbeKill(e.message) : undefined;
    const parsed = e.reason === 'Unhealthy' ? parseProbeMessage(e.message) : undefined;
    if (kill === undefined && (parsed === undefined || parsed.probe === 'readiness')) continue;
    const c = eventContainer(e);
    if (c !== undefined && c.type !== 'app') continue;
    names.add(c?.name ?? kill?.container ?? '');
  }
  if (names.delete('')) {
    // Unattributed failures belong to the one container the evidence knows, if there is one:
    // by spec, fieldPath, kill message, or a `Created container x` message.
    const started = ctx.events.flatMap((e) => {
      const c = eventContainer(e);
      const named = c === undefined ? lifecycleName(e) : c.type === 'app' ? c.name : undefined;
      return named === undefined ? [] : [named];
    });
    const candidates = new Set([...names, ...specs.map((c) => c.name), ...started]);
    const only = candidates.size === 1 ? [...candidates][0] : undefined;
    names.add(only ?? '');
  }
  const todo = [...names]
    .filter((n) => !skip.has(n) && !initNames.has(n) && !(n === '' && skip.size > 0))
    .sort();
  const sole = todo.length === 1 && skip.size === 0;
  const out: LivenessCase[] = [];
  for (const name of todo) {
    const ref: ContainerRef | undefined = name === '' ? undefined : { name, type: 'app' };
    const subject = ref ?? { name: '', type: 'app' as const };
    const failures = probeFailures(ctx.events, subject, sole, ['liveness', 'startup']);
    const kills = probeKills(ctx.events, subject, sole || ref === undefined);
    const lastKill = kills.at(-1);
    const spec = specs.find((c) => c.name === name);
    const recur = recurringProbeFailures({
      events: ctx.events,
      ref: subject,
      sole: sole || ref === undefined,
      status: undefined,
      spec,
      deleting: ctx.pod.metadata.deletionTimestamp !== undefined,
    });
    const common = {
      basis: 'events' as const,
      ref,
      spec,
      failures,
      kills: kills.map((k) => k.event),
      extra: [],
    };
    if (lastKill !== undefined) {
      const restarts = kills.reduce((n, k) => n + k.event.count, 0);
      const ongoing = killLoopOngoing(common.kills, restarts, ctx.now);
      out.push(
        build(ctx, {
          ...common,
          ...(ongoing ? { basis: 'state' as const, confidence: 'medium' as const } : {}),
          probe: lastKill.kill.probe,
          status: 'failed',
          restarts,
        }),
      );
    } else if (recur !== undefined) {
      out.push(build(ctx, { ...common, ...recurringCase(recur, ctx.now), status: 'failed' }));
    } else if (recent(failures, spec, ctx.now)) {
      out.push(build(ctx, { ...common, probe: probeKind(failures), status: 'progressing', restarts: 0 }));
    } else if (killThresholdMet(failures, spec) && hasNoStatus(ctx.pod)) {
      // Pasted events are all there is: liveness failures enough for the kubelet's kill, and no
      // status shows the probe passing again (a later start would be a restart, above). Startup
      // probes fail by design while an app boots; fewer failures than the threshold kill nothing.
      out.push(
        build(ctx, {
          ...common,
          probe: 'liveness',
          status: 'failed',
          restarts: 0,
          confidence: 'low',
          lastKnown: true,
        }),
      );
    }
  }
  return out;
}

/** Liveness failures at least failureThreshold in number: enough, in a row, for the kubelet to kill the container. */
function killThresholdMet(failures: readonly ProbeFailureEvent[], spec: Container | undefined): boolean {
  const liveness = failures.filter((f) => f.parsed.probe === 'liveness');
  const threshold = probeOf(spec, 'liveness')?.failureThreshold ?? PROBE_DEFAULTS.failureThreshold;
  return total(liveness.map((f) => f.event)) >= threshold;
}

/** One case per app container whose liveness or startup probe failed (restarted) or is failing now. */
function computeLivenessCases(ctx: PodContext): readonly LivenessCase[] {
  const { pod, now } = ctx;
  if (pod.status.phase === 'Succeeded') return [];
  const apps = appContainerEntries(pod);
  const sole = apps.length === 1;
  const out: LivenessCase[] = [];
  const byState = new Set<string>();
  for (const entry of apps) {
    const st = entry.status;
    if (st === undefined || (st.state === undefined && st.lastState?.terminated === undefined)) continue;
    byState.add(entry.ref.name);
    const term = lastTermination(st);
    const recur = recurringProbeFailures({
      events: ctx.events,
      ref: entry.ref,
      sole,
      status: st,
      spec: entry.spec,
      deleting: pod.metadata.deletionTimestamp !== undefined,
    });
    const driven = probeDrivenRestart(ctx.events, entry.ref, sole, term, entry.spec) ?? recur;
    const failures = probeFailures(ctx.events, entry.ref, sole, ['liveness', 'startup']);
    const kills = probeKills(ctx.events, entry.ref, sole).map((k) => k.event);
    const extra = term === undefined ? [] : [terminationEvidence(entry.ref, st, term)];
    const common = {
      basis: 'state' as const,
      ref: entry.ref,
      spec: entry.spec,
      kills,
      restarts: st.restartCount,
      extra,
    };
    const running = st.state?.running;
    if (running !== undefined) {
      const started = parseTime(running.startedAt);
      const since = failures.filter((f) => started === undefined || (time(f.event) ?? started) >= started);
      // `--probe`: the liveness endpoint of this instance fails now, whatever the events say.
      const probed = failingLivenessNow(ctx.probes, now, st);
      const withProbe = probed === undefined ? {} : { probed };
      if (
        driven !== undefined &&
        (since.length > 0 ||
          restartingFrequently(st, now) ||
          unproven(st, entry.spec, driven.probe, now) ||
          probed !== undefined)
      ) {
        out.push(build(ctx, { ...common, ...withProbe, probe: driven.probe, status: 'failed', failures }));
      } else if (probed !== undefined && since.length === 0 && st.restartCount > 0 && killedBefore(term)) {
        // The previous instance was killed (or how it ended is unknown) and the probe fails now:
        // the kubelet restarts it for the probe. No event says so, hence the lower confidence.
        out.push(
          build(ctx, {
            ...common,
            probed,
            fromProbe: true,
            probe: 'liveness',
            status: 'failed',
            failures: [],
            confidence: term === undefined ? 'low' : 'medium',
          }),
        );
      } else if (since.length > 0 && recent(since, entry.spec, now)) {
        out.push(
          build(ctx, {
            ...common,
            ...withProbe,
            probe: probeKind(since),
            status: 'progressing',
            failures: since,
          }),
        );
      } else if (probed !== undefined) {
        // Failing now, and nothing shows the kubelet restarted it for that (yet).
        out.push(
          build(ctx, {
            ...common,
            probed,
            fromProbe: true,
            probe: 'liveness',
            status: 'progressing',
            failures: [],
          }),
        );
      }
    } else if (
      driven !== undefined &&
      ((st.state?.waiting?.reason ?? '') === '' || st.state?.waiting?.reason === 'CrashLoopBackOff')
    ) {
      out.push(build(ctx, { ...common, probe: driven.probe, status: 'failed', failures }));
    }
  }
  out.push(...fromEvents(ctx, byState));
  return out;
}

/** Memoised per context: every rule of the stage shares one computation. */
export const livenessCases = perContext(computeLivenessCases);
