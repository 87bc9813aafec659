/**
 * The pod's current scheduling failure, shared by the scheduling rules so that exactly one of
 * them reports it: from the PodScheduled=False condition (state) or, without one, from the
 * newest FailedScheduling event (events). The message is parsed once and one reason chosen.
 */
import type { EventRecord, Evidence, PodCondition } from '../../model/index.js';
import {
  hasNodePlacement,
  parseTime,
  podFitsNodePlacement,
  untoleratedSchedulingTaints,
} from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { eventEvidence, eventTime, newest } from '../shared/events.js';
import {
  chooseSchedulingReason,
  parseSchedulingMessage,
  type SchedulingCode,
  type SchedulingMessage,
} from './scheduling-message.js';
import { perContext } from '../shared/memo.js';

export interface SchedulingFailure {
  readonly code: SchedulingCode;
  /** The failure text that was parsed (condition message, else the newest event's). */
  readonly message: string;
  readonly parsed: SchedulingMessage;
  readonly condition: PodCondition | undefined;
  readonly lastEvent: EventRecord | undefined;
  readonly basis: 'state' | 'events';
  readonly evidence: readonly Evidence[];
  /** When the pod started waiting (condition transition, first FailedScheduling, creation). */
  readonly since: number | undefined;
  /** Epoch ms of the newest evidence. */
  readonly at: number | undefined;
  /** Evidence that the blockage is being worked on (autoscaler scale-up, preemption under way). */
  readonly progress: Evidence | undefined;
}

const RESOLVED_PHASES = new Set(['Running', 'Succeeded']);
/** Cluster-autoscaler `TriggeredScaleUp`, Karpenter `Nominated`: a node is on its way. */
const SCALE_UP_REASONS = new Set(['TriggeredScaleUp', 'Nominated']);
/** cluster-autoscaler's default --max-node-provision-time. */
export const SCALE_UP_WINDOW_MS = 15 * 60_000;

function isFailedScheduling(e: EventRecord): boolean {
  return e.reason === 'FailedScheduling' || e.reason === 'failedScheduling';
}

/**
 * cluster-autoscaler's `NotTriggerScaleUp` ("pod didn't trigger scale-up: 1 Insufficient memory,
 * 2 node(s) didn't match Pod's node affinity/selector"): it looks only at pods the scheduler marked
 * unschedulable, so the event stands for the scheduler's failure when none of its own is pasted.
 */
function isNotTriggerScaleUp(e: EventRecord): boolean {
  return e.reason === 'NotTriggerScaleUp';
}

export function conditionEvidence(c: PodCondition): Evidence {
  const why = [c.reason, c.message].filter((s) => s !== undefined && s !== '').join(': ');
  const text = `PodScheduled=${c.status}${why === '' ? '' : ` ${why}`}`;
  return c.lastTransitionTime
    ? { source: 'condition', text, at: c.lastTransitionTime }
    : { source: 'condition', text };
}

function progressOf(ctx: PodContext): Evidence | undefined {
  const nominated = ctx.pod.status.nominatedNodeName;
  if (nominated) {
    return { source: 'status', text: `status.nominatedNodeName: ${nominated} (preemption is making room)` };
  }
  const scale = newest(ctx.events.filter((e) => SCALE_UP_REASONS.has(e.reason)));
  if (scale === undefined) return undefined;
  const t = eventTime(scale);
  if (t === 0 || ctx.now - t > SCALE_UP_WINDOW_MS) return undefined;
  return eventEvidence(scale, ctx.now);
}

/**
 * The taint filter runs before node affinity, so when the only nodes the pod's nodeSelector or
 * required node affinity picks are tainted, the histogram counts them as taint failures and the
 * other nodes as affinity failures: the fix is the toleration, not the selector.
 */
function selectedNodesAreTainted(ctx: PodContext): boolean {
  const { spec } = ctx.pod;
  if (!hasNodePlacement(spec)) return false;
  const selected = [...ctx.index.allNodes()].filter((n) => podFitsNodePlacement(spec, n));
  return selected.length > 0 && selected.every((n) => untoleratedSchedulingTaints(spec, n).length > 0);
}

/** Undefined when the pod is scheduled, has no scheduling failure, or was never looked at by a scheduler. */
function computeCurrentSchedulingFailure(ctx: PodContext): SchedulingFailure | undefined {
  const { pod, now } = ctx;
  if (pod.spec.nodeName || RESOLVED_PHASES.has(pod.status.phase ?? '')) return undefined;
  const scheduled = pod.status.conditions?.find((c) => c.type === 'PodScheduled');
  if (scheduled?.status === 'True') return undefined;
  // Gates lifted from a known spec: the SchedulingGated condition is stale until the scheduler's next attempt.
  const staleGate =
    scheduled?.reason === 'SchedulingGated' &&
    (pod.spec.containers ?? []).length > 0 &&
    (pod.spec.schedulingGates?.length ?? 0) === 0;
  const condition = scheduled?.status === 'False' && !staleGate ? scheduled : undefined;
  const scheduler = ctx.events.filter(isFailedScheduling);
  const failures = scheduler.length > 0 ? scheduler : ctx.events.filter(isNotTriggerScaleUp);
  const lastEvent = newest(failures);
  const bound = newest(ctx.events.filter((e) => e.reason === 'Scheduled'));
  if (
    condition === undefined &&
    lastEvent !== undefined &&
    bound !== undefined &&
    eventTime(bound) >= eventTime(lastEvent)
  ) {
    return undefined;
  }
  const gated =
    (pod.spec.schedulingGates?.length ?? 0) > 0 &&
    (condition === undefined || condition.reason === 'SchedulingGated');
  if (condition === undefined && lastEvent === undefined && !gated) return undefined;

  const message = condition?.message || lastEvent?.message || '';
  const parsed = parseSchedulingMessage(message);
  if (parsed.form === 'ignored' && condition === undefined) return undefined;
  let code: SchedulingCode;
  if (condition?.reason === 'SchedulingGated' || gated) code = 'SchedulingGated';
  else if (condition?.reason === 'SchedulerError' || parsed.form === 'error') code = 'SchedulerError';
  else code = chooseSchedulingReason(parsed.reasons, parsed.totalNodes);
  if (code === 'NodeAffinityMismatch' && selectedNodesAreTainted(ctx)) code = 'UntoleratedTaint';

  const conditionAt = parseTime(condition?.lastTransitionTime);
  const firstEvent = failures.reduce<number | undefined>((min, e) => {
    const t = e.first ?? e.last;
    return t !== undefined && (min === undefined || t < min) ? t : min;
  }, undefined);
  const since = conditionAt ?? firstEvent ?? parseTime(pod.metadata.creationTimestamp);
  const lastAt = lastEvent === undefined ? undefined : eventTime(lastEvent) || undefined;
  const at = Math.max(conditionAt ?? 0, lastAt ?? 0) || undefined;
  const evidence: Evidence[] = [];
  if (condition !== undefined) evidence.push(conditionEvidence(condition));
  if (lastEvent !== undefined) evidence.push(eventEvidence(lastEvent, now));
  return {
    code,
    message,
    parsed,
    condition,
    lastEvent,
    basis: condition === undefined ? 'events' : 'state',
    evidence,
    since,
    at,
    progress: progressOf(ctx),
  };
}

/** Memoised per context: every rule of the stage shares one computation. */
export const currentSchedulingFailure = perContext(computeCurrentSchedulingFailure);
