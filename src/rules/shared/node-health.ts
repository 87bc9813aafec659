/**
 * Health of the node a pod is bound to, read from the Node object (Ready condition, the
 * node lifecycle controller's taints) and from the pod's own NodeLost signals. Shared by the
 * node stage and the termination stage.
 */
import type { Evidence, Node, NodeCondition, Pod } from '../../model/index.js';
import { formatTaint, parseTime } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { podCondition } from './pod-progress.js';
import { perContext } from './memo.js';
import { UNHEALTHY_NODE_TAINTS } from '../../k8s/index.js';

const UNHEALTHY_TAINT_SET = new Set<string>(UNHEALTHY_NODE_TAINTS);

export interface NodeProblem {
  readonly node: string;
  /** NotReady: the kubelet reports a problem; Unknown: it stopped reporting; Missing: the Node object is gone. */
  readonly state: 'NotReady' | 'Unknown' | 'Missing';
  readonly detail: string;
  readonly evidence: readonly Evidence[];
  /** When the node turned unhealthy (epoch ms), when known. */
  readonly since: number | undefined;
}

export function nodeReadyCondition(node: Node): NodeCondition | undefined {
  return node.status.conditions?.find((c) => c.type === 'Ready');
}

function conditionEvidence(name: string, c: NodeCondition): Evidence {
  const why = [c.reason, c.message].filter((s) => s !== undefined && s !== '').join(': ');
  const text = `node ${name} condition Ready=${c.status}${why ? ` (${why})` : ''}${c.lastHeartbeatTime ? `, last heartbeat ${c.lastHeartbeatTime}` : ''}`;
  return c.lastTransitionTime ? { source: 'node', text, at: c.lastTransitionTime } : { source: 'node', text };
}

/**
 * What is wrong with the pod's node, or undefined when it is healthy or not in the evidence.
 * A node counts as Missing only when the snapshot listed nodes and this one was not among them.
 */
function computeNodeProblem(ctx: PodContext): NodeProblem | undefined {
  const name = ctx.pod.spec.nodeName;
  if (name === undefined || name === '') return undefined;
  const node = ctx.node;
  if (node === undefined) {
    if (!ctx.collected.has('nodes')) return undefined;
    return {
      node: name,
      state: 'Missing',
      detail: 'the Node object no longer exists',
      evidence: [{ source: 'node', text: `node ${name} (spec.nodeName) is not in the node list` }],
      since: undefined,
    };
  }
  const ready = nodeReadyCondition(node);
  const taints = (node.spec.taints ?? []).filter((t) => UNHEALTHY_TAINT_SET.has(t.key));
  const bad = ready !== undefined && (ready.status === 'False' || ready.status === 'Unknown');
  if (!bad && taints.length === 0) return undefined;
  const unreachable = taints.some((t) => t.key === 'node.kubernetes.io/unreachable');
  const state =
    ready?.status === 'False'
      ? 'NotReady'
      : ready?.status === 'Unknown' || unreachable
        ? 'Unknown'
        : 'NotReady';
  const evidence: Evidence[] = [];
  if (ready !== undefined && bad) evidence.push(conditionEvidence(name, ready));
  for (const t of taints) {
    const text = `node ${name} taint ${formatTaint(t)}`;
    evidence.push(t.timeAdded ? { source: 'node', text, at: t.timeAdded } : { source: 'node', text });
  }
  const detail =
    bad && ready.message
      ? ready.message
      : state === 'Unknown'
        ? 'the kubelet stopped posting node status'
        : 'the kubelet reports the node not ready';
  const since = (bad ? parseTime(ready.lastTransitionTime) : undefined) ?? parseTime(taints[0]?.timeAdded);
  return { node: name, state, detail, evidence, since };
}

/** "NotReady", "unreachable (Ready=Unknown)", "gone" — for message data. */
export function describeNodeState(problem: NodeProblem): string {
  switch (problem.state) {
    case 'NotReady':
      return 'NotReady';
    case 'Unknown':
      return 'unreachable (Ready=Unknown)';
    case 'Missing':
      return 'gone (no Node object)';
  }
}

/**
 * Signs on the pod itself that its node was lost: status.reason NodeLost ("Node x which was
 * running pod y is unresponsive"), phase Unknown (kubectl STATUS "Unknown"), or PodGC's
 * DisruptionTarget "PodGC: node no longer exists". Empty when there are none.
 */
export function nodeLostSignals(pod: Pod): Evidence[] {
  const out: Evidence[] = [];
  const { reason, message, phase } = pod.status;
  if (reason === 'NodeLost' || reason === 'Unknown') {
    out.push({
      source: 'status',
      text: `status.reason: ${reason}${message ? `; status.message: ${message}` : ''}`,
    });
  }
  if (phase === 'Unknown') out.push({ source: 'status', text: 'status.phase: Unknown' });
  const gc = podCondition(pod, 'DisruptionTarget');
  if (gc?.status === 'True' && gc.reason === 'DeletionByPodGC') {
    out.push({
      source: 'condition',
      text: `DisruptionTarget=True DeletionByPodGC: ${gc.message ?? ''}`.trim(),
    });
  }
  return out;
}

/** "Node worker-3 which was running pod web-1 is unresponsive" -> worker-3. */
export function nodeFromLostMessage(message: string | undefined): string | undefined {
  return /Node (\S+) which was running pod/.exec(message ?? '')?.[1];
}

/** Memoised per context: every rule of the stage shares one computation. */
export const nodeProblem = perContext(computeNodeProblem);
