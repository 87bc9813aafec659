import { parseTime, podStatusColumn } from '../../k8s/index.js';
import { eventEvidence, eventTime, newest, withReason } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { kubectl, nodeInSentence, UNNAMED_NODE } from '../shared/kubectl.js';
import { describeNodeState, nodeLostSignals, nodeProblem } from '../shared/node-health.js';
import { isTerminal, podCondition } from '../shared/pod-progress.js';
import type { Rule } from '../types.js';
import { READY_COLUMN, type Pod } from '../../model/index.js';

const meta = {
  id: 'node/node-not-ready',
  stage: 'node',
  target: 'pod',
  title: 'Pod bound to a NotReady or unreachable node',
  description:
    'The node the pod is bound to is not Ready (Ready=False or Unknown, or the node lifecycle controller tainted it ' +
    'node.kubernetes.io/not-ready or unreachable), so the pod cannot run there even while its own status still says Running. ' +
    'Without the Node object, the node controller\'s "NodeNotReady: Node is not ready" event on a pod that is not Ready proves it. ' +
    'No grace period: the node controller already waits its node-monitor grace period (40 s) before it marks a silent node Unknown. ' +
    'Pods being deleted are left to the termination stage; pods whose node is lost are left to node/node-lost.',
  reasons: ['NodeNotReady'],
  graceSeconds: 0,
  needs: ['pods', 'nodes', 'events'],
  messages: {
    nodeNotReady:
      'Node {{node}} is {{state}} ({{detail}}), so the pod cannot run there although its status says {{podStatus}}.',
    nodeNotReadyEvent:
      'The node controller marked the pod not ready because its node {{node}} stopped being Ready.',
  },
  docs: 'docs/rules/node/node-not-ready.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    if (pod.metadata.deletionTimestamp !== undefined || isTerminal(pod)) return [];
    if (nodeLostSignals(pod).length > 0) return [];
    const problem = nodeProblem(ctx);
    if (problem?.state === 'Missing') return [];
    const ns = pod.metadata.namespace;
    const ready = podCondition(pod, 'Ready');
    const last = newest(withReason(ctx.events, 'NodeNotReady'));
    const readyEvidence =
      ready !== undefined && ready.status !== 'True'
        ? [
            {
              source: 'condition' as const,
              text: `Ready=${ready.status}${ready.reason ? ` ${ready.reason}` : ''}${ready.message ? `: ${ready.message}` : ''}`,
            },
          ]
        : [];
    const eventLines = last === undefined ? [] : [eventEvidence(last, now)];

    if (problem !== undefined) {
      const at = Math.max(problem.since ?? 0, last === undefined ? 0 : eventTime(last));
      return [
        finding(meta, {
          reason: 'NodeNotReady',
          messageId: 'nodeNotReady',
          data: {
            node: problem.node,
            state: describeNodeState(problem),
            detail: problem.detail,
            podStatus: podStatusColumn(pod) || 'unknown',
          },
          evidence: [...problem.evidence, ...readyEvidence, ...eventLines],
          at: at > 0 ? at : undefined,
          nextSteps: nextSteps(problem.node, ns),
        }),
      ];
    }

    // Only the node controller's event: trust it while the Node is not in the evidence and the pod is
    // not known to be Ready. A `get pods` row's READY 1/1 counts ready containers, which the kubelet
    // of a node that stopped reporting never updates: the node controller turns the pod's Ready
    // condition False and the row still reads 1/1 Running, so it proves nothing against the event.
    if (last === undefined || ctx.node !== undefined || (ready?.status === 'True' && !readyFromRowOnly(pod)))
      return [];
    // The kubelet recorded something for the pod after it: the node came back.
    const after = eventTime(last);
    if (ctx.events.some((e) => KUBELET_REASONS.has(e.reason) && eventTime(e) > after)) return [];
    const nodeName = pod.spec.nodeName ?? UNNAMED_NODE;
    return [
      finding(meta, {
        reason: 'NodeNotReady',
        messageId: 'nodeNotReadyEvent',
        data: { node: nodeInSentence(nodeName) },
        basis: 'events',
        evidence: [...eventLines, ...readyEvidence],
        at: eventTime(last) || parseTime(ready?.lastTransitionTime),
        nextSteps: nextSteps(nodeName, ns),
      }),
    ];
  },
} satisfies Rule<'pod'>;

/** Events only a running kubelet records for a pod. */
const KUBELET_REASONS: ReadonlySet<string> = new Set([
  'Pulling',
  'Pulled',
  'Created',
  'Started',
  'Unhealthy',
  'BackOff',
  'Failed',
  'SandboxChanged',
]);

/** The pod's Ready condition is only a `get pods` row's READY column read as one (no time, no describe). */
function readyFromRowOnly(pod: Pod): boolean {
  const ready = podCondition(pod, 'Ready');
  return (
    pod.metadata.annotations?.[READY_COLUMN] !== undefined &&
    ready?.lastTransitionTime === undefined &&
    (pod.status.conditions ?? []).length === 1
  );
}

function nextSteps(node: string, ns: string | undefined): string[] {
  return [
    kubectl.describeNode(node),
    kubectl.podsOnNode(node, ns),
    'Bring the node back (kubelet, container runtime, network or the machine itself); pods with a controller are recreated elsewhere once their not-ready/unreachable toleration (300 s by default) runs out.',
  ];
}
