/**
 * Sandbox creation failures of one pod, from its FailedCreatePodSandBox, FailedSync and
 * NetworkNotReady events, grouped by cause. Shared by the sandbox-network rules: each rule
 * reports one cause, so one event is never reported twice.
 */
import type { EventRecord, Evidence, Finding } from '../../model/index.js';
import type { PodContext, RuleMeta } from '../types.js';
import { finding, graceStatus, type FindingInput } from '../shared/finding.js';
import { eventEvidence, eventTime } from '../shared/events.js';
import { pastSandbox } from '../shared/pod-progress.js';
import {
  classifySandboxMessage,
  isSandboxFailureEvent,
  type SandboxError,
  type SandboxErrorKind,
} from './sandbox-message.js';
import { perContext } from '../shared/memo.js';
import { UNNAMED_NODE } from '../shared/kubectl.js';

export interface SandboxFailure {
  /** Classification of the newest event of this cause. */
  readonly error: SandboxError;
  /** Events of this cause, oldest first. */
  readonly events: readonly EventRecord[];
  readonly newest: EventRecord;
  /** First time this cause was seen (epoch ms), when known. */
  readonly since: number | undefined;
  readonly node: string;
}

/** Failures by cause; empty once the sandbox exists (PodReadyToStartContainers=True or a container was created). */
function computeSandboxFailures(ctx: PodContext): ReadonlyMap<SandboxErrorKind, SandboxFailure> {
  const out = new Map<SandboxErrorKind, SandboxFailure>();
  if (pastSandbox(ctx.pod)) return out;
  const groups = new Map<SandboxErrorKind, { error: SandboxError; events: EventRecord[] }>();
  for (const e of ctx.events) {
    if (!isSandboxFailureEvent(e.reason, e.message) && e.reason !== 'NetworkNotReady') continue;
    const error = classifySandboxMessage(e.message);
    const kind = e.reason === 'NetworkNotReady' ? 'networkNotReady' : error.kind;
    const group = groups.get(kind);
    if (group === undefined) groups.set(kind, { error: { ...error, kind }, events: [e] });
    else {
      group.events.push(e);
      group.error = { ...error, kind };
    }
  }
  for (const [kind, { error, events }] of groups) {
    const newest = events.reduce((a, b) => (eventTime(b) >= eventTime(a) ? b : a));
    const firsts = events.map((e) => e.first ?? e.last).filter((t): t is number => t !== undefined);
    const node = ctx.pod.spec.nodeName ?? events.find((e) => e.host)?.host ?? UNNAMED_NODE;
    out.set(kind, {
      error,
      events,
      newest,
      since: firsts.length === 0 ? undefined : Math.min(...firsts),
      node,
    });
  }
  return out;
}

/** The newest event, then up to two older ones with a different message. */
export function sandboxEvidence(f: SandboxFailure, now: number): Evidence[] {
  const picked = [f.newest];
  for (const e of [...f.events].reverse()) {
    if (picked.length >= 3) break;
    if (!picked.some((p) => p.message === e.message)) picked.push(e);
  }
  return picked.map((e) => eventEvidence(e, now));
}

/** Memoised per context: every rule of the stage shares one computation. */
export const sandboxFailures = perContext(computeSandboxFailures);

/**
 * containerd's "failed to reserve sandbox name ... is reserved for <id>": an earlier RunPodSandbox
 * for the pod is still running in the runtime, so this is a wait on an operation in flight.
 */
const NAME_RESERVED = /failed to reserve sandbox name|name "[^"]*" is reserved for/i;

/**
 * Whether the kubelet reported a failed sandbox attempt (Finding.reported): every
 * FailedCreatePodSandBox is one, except a network plugin that has not initialised yet on the node
 * (NetworkPluginNotReady: the node's network is still coming up) and a sandbox name still held by
 * an earlier attempt in flight. Those two are waits and keep the rule's grace period.
 */
export function sandboxReported(f: SandboxFailure): boolean {
  if (f.error.kind === 'networkNotReady') return false;
  return !NAME_RESERVED.test(f.newest.message);
}

/** A finding from one sandbox failure: the sandbox rules differ only in reason, wording and steps. */
export function sandboxFinding(
  meta: RuleMeta,
  ctx: PodContext,
  f: SandboxFailure,
  input: Pick<FindingInput, 'reason' | 'messageId' | 'data' | 'nextSteps'>,
): Finding {
  const reported = sandboxReported(f);
  return finding(meta, {
    ...input,
    status: graceStatus(meta, f.since, ctx.now, reported),
    reported,
    basis: 'events',
    evidence: sandboxEvidence(f, ctx.now),
    at: eventTime(f.newest),
  });
}
