/**
 * Why a pod whose deletion was requested is still there. Exactly one blocker per pod, in
 * this order, so the four termination rules never report the same pod twice:
 * node gone/NotReady > volume teardown errors > finalizers (once the containers stopped) > stuck.
 */
import type { EventRecord, Evidence, Pod } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { eventTime } from '../shared/events.js';
import { nodeLostSignals, nodeProblem, type NodeProblem } from '../shared/node-health.js';
import { classifyVolumeMessage } from '../shared/volume-message.js';
import { perContext } from '../shared/memo.js';

export type TerminationBlocker = 'nodeGone' | 'volumeTeardown' | 'finalizers' | 'stuck';

/** Finalizers the API server adds only when a deletion with that propagation policy was requested. */
export const DELETION_FINALIZERS = ['foregroundDeletion', 'orphan'] as const;
const DELETION_FINALIZER_SET = new Set<string>(DELETION_FINALIZERS);

const KILL_TROUBLE = ['FailedKillPod', 'ExceededGracePeriod', 'FailedPreStopHook'] as const;
const VOLUME_WORDS = /volume|unmount|detach/i;

export interface StuckDeletion {
  readonly blocker: TerminationBlocker;
  /** metadata.deletionTimestamp (epoch ms): request time + grace period, the deadline for removal. */
  readonly deadline: number | undefined;
  /** How the evidence shows that deletion was requested. */
  readonly requested: Evidence;
  readonly finalizers: readonly string[];
  readonly node: NodeProblem | undefined;
  /** Unmount/detach failures after the deletion request. */
  readonly teardown: readonly EventRecord[];
  /** Kill trouble not about volumes (FailedKillPod, ExceededGracePeriod, FailedPreStopHook). */
  readonly killTrouble: readonly EventRecord[];
  /** Containers still running. */
  readonly running: readonly string[];
}

function requestedEvidence(
  pod: Pod,
  deadline: number | undefined,
  finalizers: readonly string[],
): Evidence | undefined {
  const ts = pod.metadata.deletionTimestamp;
  if (deadline !== undefined && ts !== undefined) {
    const grace = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds;
    return {
      source: 'status',
      text: `metadata.deletionTimestamp: ${ts}${grace === undefined ? '' : ` (grace period ${grace}s)`}`,
      at: ts,
    };
  }
  const marker = finalizers.find((f) => DELETION_FINALIZER_SET.has(f));
  if (marker === undefined) return undefined;
  return {
    source: 'status',
    text: `metadata.finalizers: [${finalizers.join(', ')}] (${marker} is only added when deletion is requested)`,
  };
}

/** The pod's deletion state, or undefined when deletion was not requested. */
function computeStuckDeletion(ctx: PodContext): StuckDeletion | undefined {
  const { pod } = ctx;
  const deadline = parseTime(pod.metadata.deletionTimestamp);
  const finalizers = pod.metadata.finalizers ?? [];
  const requested = requestedEvidence(pod, deadline, finalizers);
  if (requested === undefined) return undefined;
  const grace = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30;
  const requestedAt = deadline === undefined ? undefined : deadline - grace * 1000;
  const after = (e: EventRecord): boolean =>
    requestedAt === undefined || eventTime(e) === 0 || eventTime(e) >= requestedAt;

  const teardown = ctx.events.filter((e) => {
    if (!after(e)) return false;
    if (e.reason === 'FailedKillPod') return VOLUME_WORDS.test(e.message);
    return classifyVolumeMessage(e.message)?.kind === 'teardown';
  });
  const killTrouble = ctx.events.filter(
    (e) => after(e) && (KILL_TROUBLE as readonly string[]).includes(e.reason) && !teardown.includes(e),
  );
  const running = [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])]
    .filter((s) => s.state?.running !== undefined)
    .map((s) => s.name);
  const problem = nodeProblem(ctx);
  const lost = problem === undefined && nodeLostSignals(pod).length > 0;
  const node: NodeProblem | undefined =
    problem ??
    (lost
      ? {
          node: pod.spec.nodeName ?? 'its node',
          state: 'Unknown',
          detail: pod.status.message ?? 'the node is lost',
          evidence: nodeLostSignals(pod),
          since: undefined,
        }
      : undefined);

  const blocker: TerminationBlocker =
    node !== undefined
      ? 'nodeGone'
      : teardown.length > 0
        ? 'volumeTeardown'
        : finalizers.length > 0 && (running.length === 0 || deadline === undefined)
          ? 'finalizers'
          : 'stuck';
  return { blocker, deadline, requested, finalizers, node, teardown, killTrouble, running };
}

/** Memoised per context: every rule of the stage shares one computation. */
export const stuckDeletion = perContext(computeStuckDeletion);
