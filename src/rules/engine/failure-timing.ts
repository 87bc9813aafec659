/**
 * docs/architecture.md §1, "progressing needs proof of youth": a finding stays progressing only while the
 * evidence shows that its stage began less than the rule's grace period ago. A failure whose
 * evidence carries no time at all is failed, and the diagnosis says its duration is unknown.
 *
 * Two times bound when a failing stage began:
 * - notBefore: the latest time a stage before it passed (pod creation, PodScheduled, the kubelet's
 *   start time, a Started container...). The kubelet moves on as soon as a stage passes, so the
 *   stage began then; it cannot have begun earlier.
 * - seenBy: the failure was already there at this time (the rule's `since`, else the first-seen
 *   time of the events the finding quotes, an `(xN over T)` span's start).
 * A handoff stage (volumes, sandbox, pull...) has lasted since the earlier of the two; a stage the
 * kubelet keeps checking after it passed (probes, restarts) since its failure was first seen.
 */
import type { Confidence, ContainerRef, Finding, Pod, StageId } from '../../model/index.js';
import { humanDuration, parseTime } from '../../k8s/index.js';
import { quotedEvent } from '../shared/events.js';
import { CONTAINER_STAGES, containerKey, type Milestones, type Passed } from './milestones.js';
import type { RuleMeta } from '../types.js';

/** The creation chain in the order the kubelet works: init containers run before app images are pulled. */
const KUBELET_ORDER: readonly StageId[] = [
  'admission',
  'scheduling',
  'node',
  'volumes',
  'sandbox-network',
  'init-containers',
  'image-pull',
  'container-config',
  'container-start',
  'crash',
  'liveness',
  'readiness',
  'service-endpoints',
];

/**
 * Stages checked over and over once passed (a container keeps running, keeps answering its
 * probes, stays in its Service): a failure there began when it was first seen, not when the
 * stage was first reached.
 */
const CONTINUOUS: ReadonlySet<StageId> = new Set([
  'node',
  'crash',
  'liveness',
  'readiness',
  'service-endpoints',
]);

export interface FailureTimes {
  /** Epoch ms before which the failing stage cannot have begun (the latest earlier milestone). */
  readonly notBefore: number | undefined;
  /** Epoch ms by which the failure was already showing (its earliest first-seen time). */
  readonly seenBy: number | undefined;
  /** Epoch ms the failure was last seen (the newest last-seen time of the events it quotes). */
  readonly lastSeen: number | undefined;
  /**
   * Epoch ms by which a quoted event had been seen whose first-seen time the evidence does not
   * give (a `kubectl get events` or `kubectl events` row: LAST SEEN only, no COUNT or FIRST SEEN):
   * its failure began then or at any time before.
   */
  readonly openBy?: number | undefined;
}

/** The reference time, and whether it is an observation time (live, a capture) or only the newest time in the evidence. */
export interface ReferenceClock {
  readonly now: number;
  readonly anchored: boolean;
}

export interface Timing {
  /** The finding, turned from progressing to failed where the evidence does not prove youth. */
  readonly finding: Finding;
  /** A note for the diagnosis when the time decided the verdict or is unknown. */
  readonly note: string | undefined;
  /** The evidence shows no time for the failure: how long it has lasted is unknown. */
  readonly durationUnknown: boolean;
  /** Epoch ms the failing stage began (or was first seen failing), as far as the evidence dates it. */
  readonly since: number | undefined;
}

function later(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  return b === undefined || b < a ? a : b;
}

function earlier(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  return b === undefined || b > a ? a : b;
}

/** Stages the kubelet passes before `stage`; an init container's own stages come before Initialized. */
function stagesBefore(f: Finding): readonly StageId[] {
  const i = KUBELET_ORDER.indexOf(f.stage);
  if (i < 0) return [];
  const before = KUBELET_ORDER.slice(0, i);
  return f.container?.type === 'init' ? before.filter((s) => s !== 'init-containers') : before;
}

/** The latest time a stage before the finding's passed, pod-wide or for its own container. */
function latestEarlierMilestone(f: Finding, milestones: Milestones): number | undefined {
  let out: number | undefined;
  const see = (p: Passed | undefined): void => {
    out = later(out, p?.at);
  };
  const own = f.container === undefined ? undefined : milestones.containers.get(containerKey(f.container));
  for (const stage of stagesBefore(f)) {
    see(milestones.pod.get(stage));
    if (CONTAINER_STAGES.has(stage)) see(own?.get(stage));
  }
  return out;
}

/**
 * The earliest first-seen and the newest last-seen time of the events a finding quotes, and the
 * earliest last-seen time of those whose first-seen time is not given (see FailureTimes.openBy).
 */
function quotedSpan(f: Finding): {
  first: number | undefined;
  last: number | undefined;
  openBy: number | undefined;
} {
  let first: number | undefined;
  let last: number | undefined;
  let openBy: number | undefined;
  for (const ev of f.evidence) {
    const e = quotedEvent(ev);
    if (e === undefined) continue;
    first = earlier(first, e.first ?? e.last);
    last = later(last, e.last ?? e.first);
    if (e.first === undefined) openBy = earlier(openBy, e.last);
  }
  return { first, last, openBy };
}

/** What a finding is about: a pod with its milestones, or a workload or Service with its creation time. */
export type TimedSubject =
  { readonly pod: Pod; readonly milestones: Milestones } | { readonly created: string | undefined };

/**
 * A restarted container goes through its own stages again (pull, create, start) after its last
 * instance ended: that end bounds when its current stage began.
 */
function lastEnd(pod: Pod, ref: ContainerRef | undefined): number | undefined {
  if (ref === undefined) return undefined;
  const statuses = ref.type === 'init' ? pod.status.initContainerStatuses : pod.status.containerStatuses;
  const status = statuses?.find((s) => s.name === ref.name);
  return parseTime(status?.lastState?.terminated?.finishedAt);
}

/** The times that bound when the finding's failing stage began. */
export function failureTimes(f: Finding, subject: TimedSubject): FailureTimes {
  const notBefore =
    f.stage === 'termination'
      ? undefined
      : 'pod' in subject
        ? later(latestEarlierMilestone(f, subject.milestones), lastEnd(subject.pod, f.container))
        : parseTime(subject.created);
  const span = quotedSpan(f);
  // A rule's since is its reading of all the evidence; the events it quotes are a sample of it.
  return {
    notBefore,
    seenBy: f.since ?? span.first,
    lastSeen: later(span.last, f.since),
    openBy: span.openBy,
  };
}

/**
 * How long the failure has lasted as the evidence shows it. A handoff stage began at the
 * milestone before it, however late its failure first showed, and lasts until now. A check the
 * kubelet repeats (a probe every period, a restart back-off) reports every failure again, so
 * its events show the failure from first to last seen; without events, since the stage began.
 */
function failureLasted(stage: StageId, times: FailureTimes, now: number): number {
  const { seenBy, lastSeen } = times;
  if (CONTINUOUS.has(stage) && seenBy !== undefined) return (lastSeen ?? seenBy) - seenBy;
  return now - (failureStart(stage, times) ?? now);
}

/** When the failing stage began, as far as the evidence dates it (see failureLasted). */
function failureStart(stage: StageId, times: FailureTimes): number | undefined {
  const { notBefore, seenBy } = times;
  return CONTINUOUS.has(stage) ? (seenBy ?? notBefore) : earlier(seenBy, notBefore);
}

/**
 * Whether a start dated by an event whose first-seen time is unknown (FailureTimes.openBy) still
 * proves youth: only when a stage passed late enough before it (notBefore) that even a failure
 * that began right then has not outlasted the grace. Any other start proves it by itself.
 */
function youthProven(
  stage: StageId,
  times: FailureTimes,
  start: number,
  now: number,
  graceMs: number,
): boolean {
  if (times.openBy === undefined || start < times.openBy) return true;
  const { notBefore, lastSeen } = times;
  if (notBefore === undefined || notBefore > start) return false;
  const longest = CONTINUOUS.has(stage) ? (lastSeen ?? start) - notBefore : now - notBefore;
  return longest < graceMs;
}

/**
 * Re-judges one finding against its grace period: progressing needs proof of youth, and a
 * failure with no time at all is failed with its duration unknown. Findings of rules without a
 * grace period (definite at once, or progressing for a reason that is not time, such as a
 * preemption under way) are the rule's own judgement.
 */
export function judgeTiming(
  f: Finding,
  meta: RuleMeta | undefined,
  times: FailureTimes,
  clock: ReferenceClock,
): Timing {
  // A reported failure (the component's own attempt failed; it retries after a back-off) has no
  // grace period: the grace covers only a stage still under way, a wait.
  const graceMs = f.reported === true ? 0 : (f.graceSeconds ?? meta?.graceSeconds ?? 0) * 1000;
  const start = failureStart(f.stage, times);
  // A start after the reference time (a paste's newest time fell before it) dates nothing.
  const since = start !== undefined && start <= clock.now ? start : undefined;
  if (graceMs <= 0) return { finding: f, note: undefined, durationUnknown: false, since };
  // Without a capture time "now" is the newest time in the evidence (and a pasted capture time may
  // be worked out from it): a failure that began then has nothing dated after its start, so its
  // duration is as unknown as without any time.
  if (start === undefined || start === clock.now || (!clock.anchored && start > clock.now)) {
    const why =
      start === undefined
        ? 'the evidence shows no time for when this ' + f.stage + ' failure began'
        : 'nothing in the evidence is dated after this ' + f.stage + ' failure began';
    return {
      finding: f.status === 'failed' ? f : { ...f, status: 'failed' },
      note: `duration unknown: ${why}, so it is not counted as still in progress (grace ${humanDuration(graceMs)}).`,
      durationUnknown: true,
      since: undefined,
    };
  }
  const lasted = Math.max(0, failureLasted(f.stage, times, clock.now));
  if (f.status !== 'failed' && lasted < graceMs && !youthProven(f.stage, times, start, clock.now, graceMs))
    return {
      finding: { ...f, status: 'failed' },
      note: `duration unknown: the evidence shows this ${f.stage} failure by ${humanDuration(clock.now - start)} ago but not when it was first seen, so it is not counted as still in progress (grace ${humanDuration(graceMs)}).`,
      durationUnknown: true,
      since,
    };
  if (f.status === 'failed' || lasted < graceMs)
    return { finding: f, note: undefined, durationUnknown: false, since };
  return {
    finding: { ...f, status: 'failed' },
    note: `${f.stage} has ${CONTINUOUS.has(f.stage) ? 'been failing' : 'not passed'} for ${humanDuration(lasted)}, longer than its grace period of ${humanDuration(graceMs)}.`,
    durationUnknown: false,
    since,
  };
}

/** Re-judges each finding (judgeTiming); the timings are kept by the finding they produced. */
export function timeFindings(
  findings: readonly Finding[],
  metas: ReadonlyMap<string, RuleMeta>,
  subject: TimedSubject,
  clock: ReferenceClock,
): { readonly findings: Finding[]; readonly timings: Map<Finding, Timing> } {
  const timings = new Map<Finding, Timing>();
  const timed = findings.map((f) => {
    const t = judgeTiming(f, metas.get(f.ruleId), failureTimes(f, subject), clock);
    timings.set(t.finding, t);
    return t.finding;
  });
  return { findings: timed, timings };
}

/** One step lower confidence when the failure's duration is unknown. */
export function timedConfidence(level: Confidence, t: Timing | undefined): Confidence {
  if (t?.durationUnknown !== true) return level;
  return level === 'high' ? 'medium' : 'low';
}
