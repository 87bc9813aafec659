import { finding, graceStatus } from '../shared/finding.js';
import { kubectl, nodeInSentence, UNNAMED_NODE } from '../shared/kubectl.js';
import { describeNodeState } from '../shared/node-health.js';
import { stuckDeletion } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'termination/node-gone',
  stage: 'termination',
  target: 'pod',
  title: 'Terminating pod stuck on a lost node',
  description:
    'The pod was deleted but its node is NotReady, unreachable (Ready=Unknown), lost (status.reason NodeLost) or no longer exists, so no ' +
    'kubelet confirms that its containers stopped and the pod stays Terminating. Grace: 30 s past metadata.deletionTimestamp, which the ' +
    "API server already sets to the request time plus the pod's grace period.",
  reasons: ['NodeGone'],
  graceSeconds: 30,
  needs: ['pods', 'nodes'],
  messages: {
    nodeGone:
      'The pod cannot finish terminating: its node {{node}} is {{state}}, so no kubelet confirms that its containers stopped.',
  },
  docs: 'docs/rules/termination/node-gone.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const stuck = stuckDeletion(ctx);
    if (stuck?.blocker !== 'nodeGone' || stuck.node === undefined) return [];
    const { node } = stuck;
    const ns = ctx.pod.metadata.namespace;
    const name = ctx.pod.metadata.name;
    return [
      finding(meta, {
        reason: 'NodeGone',
        messageId: 'nodeGone',
        data: { node: nodeInSentence(node.node), state: describeNodeState(node), detail: node.detail },
        status: graceStatus(meta, stuck.deadline, ctx.now),
        evidence: [stuck.requested, ...node.evidence],
        at: node.since ?? stuck.deadline,
        since: stuck.deadline,
        nextSteps: [
          kubectl.getNode(node.node, '-o wide'),
          `If the machine is really down, mark it out of service so its pods are cleaned up: kubectl taint nodes ${node.node === UNNAMED_NODE ? 'NODE' : kubectl.quote(node.node)} node.kubernetes.io/out-of-service=nodeshutdown:NoExecute${node.node === UNNAMED_NODE ? " (NODE: the pod's node, from the list above)" : ''}`,
          `Or, once you are sure the containers no longer run, remove the pod: kubectl delete pod ${kubectl.quote(name)}${kubectl.nsFlag(ns)} --grace-period=0 --force`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
