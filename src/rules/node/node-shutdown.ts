import type { Evidence } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { eventEvidence, eventTime, newest, withReason } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { kubectl, UNNAMED_NODE } from '../shared/kubectl.js';
import { podCondition } from '../shared/pod-progress.js';
import type { Rule } from '../types.js';

/**
 * "Pod was terminated in response to imminent node shutdown." (reason Terminated, 1.22+),
 * "Node is shutting, evicting pods" (reason Shutdown, 1.21), "... as the node is shutting down."
 */
const SHUTDOWN = /shut\s?down|shutting\b/i;
/** Admission refusals: "Pod was rejected as the node is shutting down." (1.21+), "... not admitting any new pods" (1.20). */
const REJECTED = /rejected|not admitting/i;

const meta = {
  id: 'node/node-shutdown',
  stage: 'node',
  target: 'pod',
  title: 'Pod stopped or refused by a node shutdown',
  description:
    'The kubelet\'s graceful node shutdown manager ended the pod: status.reason Terminated ("Pod was terminated in response to ' +
    'imminent node shutdown.", legacy reason Shutdown) with a DisruptionTarget TerminationByKubelet condition, or it refused a new pod ' +
    'while the node was shutting down (status.reason NodeShutdown, "Pod was rejected as the node is shutting down.", and the event of the same reason). ' +
    'Final for this pod: no grace.',
  reasons: ['NodeShutdown'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    terminated: 'The kubelet on {{node}} terminated the pod because the node was shutting down.',
    rejected: 'The kubelet on {{node}} refused the pod because the node was shutting down.',
  },
  docs: 'docs/rules/node/node-shutdown.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const { reason, message = '' } = pod.status;
    const disruption = podCondition(pod, 'DisruptionTarget');
    const byShutdown =
      disruption?.status === 'True' &&
      disruption.reason === 'TerminationByKubelet' &&
      SHUTDOWN.test(disruption.message ?? '');
    const statusRejected = reason === 'NodeShutdown' || (reason === 'Shutdown' && REJECTED.test(message));
    // 1.21's nodeshutdown manager set reason Shutdown, a reason nothing else sets: it needs no
    // message (a `get pods` row has none). Terminated is the newer reason and needs the message.
    const statusTerminated =
      !statusRejected && (reason === 'Shutdown' || (reason === 'Terminated' && SHUTDOWN.test(message)));
    const last = newest(withReason(ctx.events, 'NodeShutdown'));
    const fromState = statusRejected || statusTerminated || byShutdown;
    if (
      !fromState &&
      (last === undefined || pod.status.phase === 'Running' || pod.status.phase === 'Succeeded')
    )
      return [];

    const evidence: Evidence[] = [];
    if (statusRejected || statusTerminated) {
      evidence.push({
        source: 'status',
        text: `status.reason: ${reason ?? ''}${message === '' ? '' : `; status.message: ${message}`}`,
      });
    }
    if (byShutdown) {
      evidence.push({
        source: 'condition',
        text: `DisruptionTarget=True TerminationByKubelet: ${disruption.message ?? ''}`,
      });
    }
    if (last !== undefined) evidence.push(eventEvidence(last, now));
    const node = pod.spec.nodeName ?? last?.host ?? UNNAMED_NODE;
    const ns = pod.metadata.namespace;
    const rejected = statusRejected || (!statusTerminated && !byShutdown);
    return [
      finding(meta, {
        reason: 'NodeShutdown',
        messageId: rejected ? 'rejected' : 'terminated',
        data: { node },
        basis: fromState ? 'state' : 'events',
        evidence,
        at: last === undefined ? parseTime(disruption?.lastTransitionTime) : eventTime(last),
        nextSteps: [
          kubectl.describeNode(node),
          kubectl.podsOnNode(node, ns),
          `Expected during node maintenance: the controller recreates the pod on another node. Delete the leftover Failed pod when done: kubectl delete pod ${kubectl.quote(pod.metadata.name)}${kubectl.nsFlag(ns)}`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
