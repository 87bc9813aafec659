/**
 * Why a pod whose deletion was requested is still there. Exactly one blocker per pod, in
 * this order, so the four termination rules never report the same pod twice:
 * node gone/NotReady > volume teardown errors > finalizers (once the containers stopped) > stuck.
 *
 * The deletion request shows as metadata.deletionTimestamp (request time + grace period; kubectl
 * describe prints it as `Terminating (lasts <since it>)`, v1.1 as `(expires <it>)`), as the
 * STATUS `Terminating` of `kubectl get pods` (printPod prints it exactly when deletionTimestamp is
 * set), as a foregroundDeletion/orphan finalizer, and, for a pod known only from its events, as
 * the kubelet failing to kill it (FailedKillPod "error killing pod: ... KillPodSandbox ...",
 * ExceededGracePeriod), dated by its `Killing` "Stopping container" event.
 */
import type { EventRecord, Evidence, Pod } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { eventTime } from '../shared/events.js';
import { nodeLostSignals, nodeProblem, type NodeProblem } from '../shared/node-health.js';
import { classifyVolumeMessage } from '../shared/volume-message.js';
import { perContext } from '../shared/memo.js';
import { UNNAMED_NODE } from '../shared/kubectl.js';
import { DELETION_DENIED, DELETION_SEEN, STATUS_COLUMN } from '../../model/index.js';

export type TerminationBlocker = 'nodeGone' | 'volumeTeardown' | 'finalizers' | 'stuck';

/** Finalizers the API server adds only when a deletion with that propagation policy was requested. */
export const DELETION_FINALIZERS = ['foregroundDeletion', 'orphan'] as const;
const DELETION_FINALIZER_SET = new Set<string>(DELETION_FINALIZERS);

const KILL_TROUBLE = ['FailedKillPod', 'ExceededGracePeriod', 'FailedPreStopHook'] as const;
const VOLUME_WORDS = /volume|unmount|detach/i;
/** Kill trouble that shows the kubelet is tearing the whole pod down (not restarting one container). */
const POD_KILL_TROUBLE = new Set(['FailedKillPod', 'ExceededGracePeriod']);
/** The kubelet's message when it stops a container because the pod goes (restarts say "will be restarted"). */
const STOPPING = /^Stopping container /;
/** The kubectl STATUS column of a pasted `get pods` row (the collectors' STATUS_COLUMN annotation). */
/** The API server's default grace period, when neither the deletion nor the spec names one. */
const DEFAULT_GRACE_SECONDS = 30;

export interface StuckDeletion {
  readonly blocker: TerminationBlocker;
  /**
   * The deadline for removal (epoch ms): metadata.deletionTimestamp (request time + grace
   * period), or the first kill plus the grace period; undefined when the evidence dates neither.
   */
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
  /** The API server's message refusing `kubectl delete pod` (admission), when the paste shows one. */
  readonly denied: string | undefined;
}

function statusColumn(pod: Pod): string | undefined {
  return pod.metadata.annotations?.[STATUS_COLUMN];
}

/** Kill trouble about the whole pod, for a pod whose own state is not in the evidence. */
function podKillTrouble(ctx: PodContext): EventRecord[] {
  const { pod } = ctx;
  if (pod.status.phase !== undefined || statusColumn(pod) !== undefined) return [];
  return ctx.events.filter((e) => POD_KILL_TROUBLE.has(e.reason) || tearsDownVolume(e));
}

/** The kubelet unmounting the pod's volumes failed: it unmounts them only when the pod goes. */
const tearsDownVolume = (e: EventRecord): boolean => classifyVolumeMessage(e.message)?.kind === 'teardown';

function requestedEvidence(
  ctx: PodContext,
  deadline: number | undefined,
  finalizers: readonly string[],
): Evidence | undefined {
  const { pod } = ctx;
  const ts = pod.metadata.deletionTimestamp;
  if (deadline !== undefined && ts !== undefined) {
    const grace = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds;
    return {
      source: 'status',
      text: `metadata.deletionTimestamp: ${ts}${grace === undefined ? '' : ` (grace period ${grace}s)`}`,
      at: ts,
    };
  }
  if (statusColumn(pod) === 'Terminating') {
    return {
      source: 'status',
      text: 'kubectl get pods STATUS Terminating (metadata.deletionTimestamp is set; the evidence does not say when)',
    };
  }
  const denied = pod.metadata.annotations?.[DELETION_DENIED];
  if (denied !== undefined) {
    return { source: 'status', text: `kubectl delete pod ${pod.metadata.name} was refused: ${denied}` };
  }
  const seen = pod.metadata.annotations?.[DELETION_SEEN];
  if (seen !== undefined) {
    return {
      source: 'status',
      text: `${seen} (metadata.deletionTimestamp is set; the evidence does not say when)`,
    };
  }
  const marker = finalizers.find((f) => DELETION_FINALIZER_SET.has(f));
  if (marker !== undefined) {
    return {
      source: 'status',
      text: `metadata.finalizers: [${finalizers.join(', ')}] (${marker} is only added when deletion is requested)`,
    };
  }
  const kill = podKillTrouble(ctx)[0];
  if (kill === undefined) return undefined;
  const doing = tearsDownVolume(kill) ? "tearing down the pod's volumes" : 'killing the pod';
  return {
    source: 'event',
    text: `${kill.reason}: the kubelet is ${doing} (${kill.message.slice(0, 120)})`,
  };
}

/** When the request was made: deletionTimestamp minus the grace, else the first kill the events show. */
function requestTimes(ctx: PodContext): { deadline: number | undefined; requestedAt: number | undefined } {
  const { pod } = ctx;
  const grace =
    pod.metadata.deletionGracePeriodSeconds ??
    pod.spec.terminationGracePeriodSeconds ??
    DEFAULT_GRACE_SECONDS;
  const stamped = parseTime(pod.metadata.deletionTimestamp);
  if (stamped !== undefined) return { deadline: stamped, requestedAt: stamped - grace * 1000 };
  if (podKillTrouble(ctx).length === 0) return { deadline: undefined, requestedAt: undefined };
  const kills = ctx.events.filter(
    (e) =>
      (e.reason === 'Killing' && STOPPING.test(e.message)) ||
      POD_KILL_TROUBLE.has(e.reason) ||
      tearsDownVolume(e),
  );
  const firsts = kills.map((e) => e.first ?? e.last).filter((t): t is number => t !== undefined);
  if (firsts.length === 0) return { deadline: undefined, requestedAt: undefined };
  const requestedAt = Math.min(...firsts);
  return { deadline: requestedAt + grace * 1000, requestedAt };
}

/** The pod's deletion state, or undefined when deletion was not requested. */
function computeStuckDeletion(ctx: PodContext): StuckDeletion | undefined {
  const { pod } = ctx;
  const { deadline, requestedAt } = requestTimes(ctx);
  const finalizers = pod.metadata.finalizers ?? [];
  const requested = requestedEvidence(ctx, deadline, finalizers);
  if (requested === undefined) return undefined;
  const after = (e: EventRecord): boolean =>
    requestedAt === undefined || eventTime(e) === 0 || eventTime(e) >= requestedAt;

  const teardown = ctx.events.filter((e) => {
    if (!after(e)) return false;
    if (e.reason === 'FailedKillPod') return VOLUME_WORDS.test(e.message);
    return tearsDownVolume(e);
  });
  const killTrouble = ctx.events.filter(
    (e) => after(e) && (KILL_TROUBLE as readonly string[]).includes(e.reason) && !teardown.includes(e),
  );
  const running = [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])]
    .filter((s) => s.state?.running !== undefined)
    .map((s) => s.name);
  const node = nodeTrouble(ctx);
  const blocker: TerminationBlocker =
    node !== undefined
      ? 'nodeGone'
      : teardown.length > 0
        ? 'volumeTeardown'
        : finalizers.length > 0 && (running.length === 0 || deadline === undefined)
          ? 'finalizers'
          : 'stuck';
  const denied = pod.metadata.annotations?.[DELETION_DENIED];
  return { blocker, deadline, requested, finalizers, node, teardown, killTrouble, running, denied };
}

/** The node's trouble: NotReady, unreachable or gone per the Node object, or NodeLost per the pod. */
function nodeTrouble(ctx: PodContext): NodeProblem | undefined {
  const { pod } = ctx;
  const problem = nodeProblem(ctx);
  if (problem !== undefined || nodeLostSignals(pod).length === 0) return problem;
  return {
    node: pod.spec.nodeName ?? UNNAMED_NODE,
    state: 'Unknown',
    detail: pod.status.message ?? 'the node is lost',
    evidence: nodeLostSignals(pod),
    since: undefined,
  };
}

/** Memoised per context: every rule of the stage shares one computation. */
export const stuckDeletion = perContext(computeStuckDeletion);
