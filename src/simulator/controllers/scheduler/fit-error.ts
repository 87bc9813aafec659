/**
 * The scheduler's failure text (framework.FitError.Error()):
 * "0/N nodes are available: <PreFilterMsg or sorted histogram>. <PostFilterMsg>."
 * The histogram counts each node's reasons and is sorted as strings ("10 …" before "2 …"),
 * exactly as sort.Strings does; the preemption suffix is the DefaultPreemption PostFilter's
 * own FitError over the same nodes.
 */
import type { NodeStatus } from './filters.js';

/** events.k8s.io notes are capped; the scheduler truncates longer messages the same way. */
const NOTE_LIMIT = 1024;

export function histogram(
  statuses: Iterable<NodeStatus>,
  reasonsOf: (s: NodeStatus) => readonly string[],
): string {
  const counts = new Map<string, number>();
  for (const s of statuses) for (const r of reasonsOf(s)) counts.set(r, (counts.get(r) ?? 0) + 1);
  const parts = [...counts].map(([reason, n]) => `${n} ${reason}`);
  // sort.Strings compares bytes; JS default sort compares UTF-16 units, the same for these ASCII texts.
  parts.sort();
  return parts.join(', ');
}

export interface FitFailure {
  readonly numAllNodes: number;
  /** Set when a PreFilter plugin rejected the pod: replaces the histogram. */
  readonly preFilterMsg?: string;
  readonly statuses: readonly NodeStatus[];
  /** PreemptionPolicy Never: the PostFilter refuses before looking at nodes. */
  readonly preemptionNever: boolean;
}

/** DefaultPreemption's verdict per node, when no victims are chosen. */
function preemptionMessage(f: FitFailure): string {
  if (f.preemptionNever) return 'preemption: not eligible due to preemptionPolicy=Never';
  const per = histogram(f.statuses, (s) => [
    s.code === 'UnschedulableAndUnresolvable'
      ? 'Preemption is not helpful for scheduling'
      : 'No preemption victims found for incoming pod',
  ]);
  return `preemption: 0/${f.numAllNodes} nodes are available: ${per}`;
}

export function fitErrorMessage(f: FitFailure): string {
  let msg = `0/${f.numAllNodes} nodes are available:`;
  if (f.preFilterMsg !== undefined) msg += ` ${f.preFilterMsg}.`;
  else {
    const h = histogram(f.statuses, (s) => s.reasons);
    if (h !== '') msg += ` ${h}.`;
  }
  msg += ` ${preemptionMessage(f)}.`;
  return truncate(msg);
}

export function truncate(msg: string): string {
  return msg.length <= NOTE_LIMIT ? msg : `${msg.slice(0, NOTE_LIMIT - 3)}...`;
}

/** The scheduler's error when the cluster has no nodes at all (ErrNoNodesAvailable). */
export const NO_NODES_MESSAGE = 'no nodes available to schedule pods';
