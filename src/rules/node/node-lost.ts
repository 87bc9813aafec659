import { parseTime } from '../../k8s/index.js';
import { finding } from '../shared/finding.js';
import { kubectl, nodeInSentence, UNNAMED_NODE } from '../shared/kubectl.js';
import { nodeFromLostMessage, nodeLostSignals, nodeProblem } from '../shared/node-health.js';
import { podCondition } from '../shared/pod-progress.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'node/node-lost',
  stage: 'node',
  target: 'pod',
  title: 'Pod lost with its node',
  description:
    'The pod\'s node stopped answering or disappeared: status.reason NodeLost ("Node x which was running pod y is unresponsive"), ' +
    'phase Unknown (kubectl STATUS "Unknown"), PodGC\'s DisruptionTarget "PodGC: node no longer exists", or a node missing ' +
    'from a snapshot that listed nodes. Nobody can report on the containers any more. Pods being deleted are left to the termination stage.',
  reasons: ['NodeLost'],
  graceSeconds: 0,
  needs: ['pods', 'nodes'],
  messages: {
    nodeLost:
      "The pod's node {{node}} is lost ({{detail}}); nobody reports on the pod's containers any more.",
    nodeGone:
      'The pod is bound to node {{node}}, which no longer exists; the pod garbage collector will delete it.',
  },
  docs: 'docs/rules/node/node-lost.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod } = ctx;
    if (pod.metadata.deletionTimestamp !== undefined || pod.status.phase === 'Succeeded') return [];
    const signals = nodeLostSignals(pod);
    const problem = nodeProblem(ctx);
    // A finished pod outlives its node harmlessly (autoscaler scale-down); only a live pod is lost with it.
    const missing = problem?.state === 'Missing' && pod.status.phase !== 'Failed';
    if (signals.length === 0 && !missing) return [];
    const ns = pod.metadata.namespace;
    const name = pod.metadata.name;
    const node = pod.spec.nodeName ?? nodeFromLostMessage(pod.status.message) ?? UNNAMED_NODE;
    const gc = podCondition(pod, 'DisruptionTarget');
    const gcMessage = gc?.reason === 'DeletionByPodGC' ? gc.message : undefined;
    const detail =
      pod.status.reason === 'NodeLost' && pod.status.message
        ? pod.status.message
        : (gcMessage ?? problem?.detail ?? 'the pod status is Unknown');
    const at = problem?.since ?? parseTime(gc?.lastTransitionTime);
    return [
      finding(meta, {
        reason: 'NodeLost',
        messageId: missing && signals.length === 0 ? 'nodeGone' : 'nodeLost',
        data: { node: nodeInSentence(node), detail },
        evidence: [...signals, ...(problem?.evidence ?? [])],
        at,
        confidence: signals.length === 0 ? 'medium' : 'high',
        nextSteps: [
          kubectl.getNode(node, `-o wide`),
          kubectl.describe('pod', name, ns),
          `If the node is gone for good, delete the pod so its controller replaces it (a StatefulSet waits for this): kubectl delete pod ${kubectl.quote(name)}${kubectl.nsFlag(ns)} --grace-period=0 --force`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
