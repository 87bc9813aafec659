import { formatTime, humanDuration } from '../../k8s/index.js';
import { eventEvidence } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { stuckDeletion } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'termination/stuck-terminating',
  stage: 'termination',
  target: 'pod',
  title: 'Pod stuck Terminating',
  description:
    'The pod is past its deletion deadline (metadata.deletionTimestamp, i.e. request time plus grace period) by more than 30 s and ' +
    'is still there, with a healthy node, no volume teardown errors and no finalizers to blame (or with containers still running, ' +
    'which the kubelet should have killed). Kill trouble (FailedKillPod, ExceededGracePeriod, FailedPreStopHook) is quoted as evidence. ' +
    'Containers that still run inside the grace period are normal and not reported.',
  reasons: ['StuckTerminating'],
  graceSeconds: 30,
  needs: ['pods', 'events', 'nodes'],
  messages: {
    stuckRunning:
      'The pod is {{overdue}} past its deletion deadline and container(s) {{containers}} still run on {{node}}.',
    stuck: 'The pod is {{overdue}} past its deletion deadline and has still not been removed.',
  },
  docs: 'docs/rules/termination/stuck-terminating.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const stuck = stuckDeletion(ctx);
    if (stuck?.blocker !== 'stuck' || stuck.deadline === undefined) return [];
    if (graceStatus(meta, stuck.deadline, ctx.now) !== 'failed') return [];
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    const node = pod.spec.nodeName ?? 'its node';
    const overdue = humanDuration(now - stuck.deadline);
    const running = stuck.running.length > 0;
    return [
      finding(meta, {
        reason: 'StuckTerminating',
        messageId: running ? 'stuckRunning' : 'stuck',
        data: running ? { overdue, containers: stuck.running.join(', '), node } : { overdue, node },
        evidence: [
          stuck.requested,
          ...(running
            ? [
                {
                  source: 'status' as const,
                  text: `still running: ${stuck.running.join(', ')} (deadline ${formatTime(stuck.deadline)})`,
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
