import { formatTime, humanDuration } from '../../k8s/index.js';
import { eventEvidence } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl, UNNAMED_NODE } from '../shared/kubectl.js';
import { stuckDeletion, type StuckDeletion } from './analyse.js';
import type { Rule } from '../types.js';
import type { Evidence } from '../../model/index.js';

const meta = {
  id: 'termination/stuck-terminating',
  stage: 'termination',
  target: 'pod',
  title: 'Pod stuck Terminating',
  description:
    'The pod is past its deletion deadline (metadata.deletionTimestamp, i.e. request time plus grace period) by more than 30 s and ' +
    'is still there, with a healthy node, no volume teardown errors and no finalizers to blame (or with containers still running, ' +
    'which the kubelet should have killed). Kill trouble (FailedKillPod "KillPodSandbox", ExceededGracePeriod, FailedPreStopHook) is ' +
    'quoted as evidence; for a pod known only from its events it is what shows the deletion. A `Terminating` STATUS with no time is ' +
    'failed with its duration unknown; inside the grace period the pod is progressing.',
  reasons: ['StuckTerminating'],
  graceSeconds: 30,
  needs: ['pods', 'events', 'nodes'],
  messages: {
    stuckRunning:
      'The pod is {{overdue}} past its deletion deadline and container(s) {{containers}} still run on {{node}}.',
    stuck: 'The pod is {{overdue}} past its deletion deadline and has still not been removed.',
    deletionDenied:
      'Deleting the pod is refused by the API server ({{detail}}), so it cannot be removed; the deletion goes through once what refuses it is fixed.',
    stuckUndated:
      'The pod is Terminating and has not been removed; the evidence does not say since when{{running}}.',
    terminating: 'The pod is terminating, within its grace period (deletion deadline {{deadline}}).',
  },
  docs: 'docs/rules/termination/stuck-terminating.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const stuck = stuckDeletion(ctx);
    if (stuck?.blocker !== 'stuck') return [];
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    if (stuck.denied !== undefined) return [deniedFinding(stuck.requested, stuck.denied)];
    const node = pod.spec.nodeName ?? UNNAMED_NODE;
    const status = graceStatus(meta, stuck.deadline, now);
    const running = stuck.running.length > 0;
    const { messageId, data } = wording(stuck, status, now, node);
    return [
      finding(meta, {
        reason: 'StuckTerminating',
        messageId,
        data,
        status,
        evidence: [
          stuck.requested,
          ...(running
            ? [
                {
                  source: 'status' as const,
                  text: `still running: ${stuck.running.join(', ')}${stuck.deadline === undefined ? '' : ` (deadline ${formatTime(stuck.deadline)})`}`,
                },
              ]
            : []),
          ...stuck.killTrouble.slice(-2).map((e) => eventEvidence(e, now)),
          ...(stuck.finalizers.length > 0
            ? [{ source: 'status' as const, text: `metadata.finalizers: [${stuck.finalizers.join(', ')}]` }]
            : []),
        ],
        at: stuck.deadline,
        since: stuck.deadline,
        nextSteps: [
          kubectl.describe('pod', pod.metadata.name, ns),
          kubectl.describeNode(node),
          `Check the kubelet and container runtime on ${node} (they must stop the containers and report it); as a last resort: kubectl delete pod ${kubectl.quote(pod.metadata.name)}${kubectl.nsFlag(ns)} --grace-period=0 --force`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;

/**
 * `kubectl delete pod` answered by an admission denial: the request itself is refused, so neither
 * the kubelet nor a finalizer is to blame. A webhook whose service is gone refuses every write it
 * matches (kubernetes-facts: "failed calling webhook").
 */
function deniedFinding(requested: Evidence, detail: string) {
  const webhook = /failed calling (?:admission )?webhook "([^"]+)"/.exec(detail)?.[1];
  return finding(meta, {
    reason: 'StuckTerminating',
    messageId: 'deletionDenied',
    data: { detail: detail.length > 200 ? `${detail.slice(0, 200)}…` : detail },
    evidence: [requested],
    nextSteps: [
      kubectl.raw('get validatingwebhookconfigurations,mutatingwebhookconfigurations'),
      webhook === undefined
        ? 'Fix what the message names (the webhook, policy or quota that refuses DELETE on pods); then delete the pod again.'
        : `Bring back the service of webhook ${webhook}, or delete the webhook configuration that holds it if its owner is gone; then delete the pod again.`,
    ],
  });
}

/** The message for the deletion's state: overdue by how long, undated, or inside the grace. */
function wording(
  stuck: StuckDeletion,
  status: 'failed' | 'progressing',
  now: number,
  node: string,
): { messageId: string; data: Record<string, string> } {
  const containers = stuck.running.join(', ');
  if (stuck.deadline === undefined) {
    return {
      messageId: 'stuckUndated',
      data: { running: containers === '' ? '' : ` (still running: ${containers})` },
    };
  }
  if (status === 'progressing')
    return { messageId: 'terminating', data: { deadline: formatTime(stuck.deadline) } };
  const overdue = humanDuration(now - stuck.deadline);
  return containers === ''
    ? { messageId: 'stuck', data: { overdue, node } }
    : { messageId: 'stuckRunning', data: { overdue, containers, node } };
}
