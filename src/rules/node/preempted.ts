import type { Evidence } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { eventEvidence, eventTime, newest, withReason } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { kubectl, UNNAMED_NODE } from '../shared/kubectl.js';
import { plainlyHealthy, podCondition } from '../shared/pod-progress.js';
import type { Rule } from '../types.js';

/** Scheduler event: "Preempted by pod <uid> on node <node>" (newer: "Preempted by podgroup ..."). */
const BY_SCHEDULER = /Preempted by (?:pod(?:group)? )?(\S+?)(?: on node (\S+?))?\.?$/;
/** Kubelet critical-pod preemption: "Preempted in order to admit critical pod", "Pod was preempted by Kubelet ...". */
const BY_KUBELET = /admit critical pod|preempted by kubelet/i;

const meta = {
  id: 'node/preempted',
  stage: 'node',
  target: 'pod',
  title: 'Pod preempted for a higher-priority pod',
  description:
    'The pod was evicted to make room for another pod: by the scheduler (event Preempted "Preempted by pod <uid> on node <node>", ' +
    'condition DisruptionTarget reason PreemptionByScheduler) or by the kubelet admitting a critical pod (status.reason Preempting, ' +
    '"Preempted in order to admit critical pod", DisruptionTarget TerminationByKubelet). Final for this pod: no grace.',
  reasons: ['Preempted'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    preemptedBy:
      'The scheduler preempted the pod on {{node}} to make room for higher-priority pod {{preemptor}}.',
    preempted: 'The scheduler preempted the pod on {{node}} to make room for a higher-priority pod.',
    kubeletPreempted: 'The kubelet on {{node}} preempted the pod to admit a critical pod.',
  },
  docs: 'docs/rules/node/preempted.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const disruption = podCondition(pod, 'DisruptionTarget');
    const dt = disruption?.status === 'True' ? disruption : undefined;
    const schedCond = dt?.reason === 'PreemptionByScheduler';
    const kubeletCond = dt?.reason === 'TerminationByKubelet' && BY_KUBELET.test(dt.message ?? '');
    const kubeletStatus = pod.status.reason === 'Preempting';
    const schedEvent = newest(
      withReason(ctx.events, 'Preempted').filter((e) => BY_SCHEDULER.test(e.message) || e.message === ''),
    );
    const kubeletEvent = newest(
      withReason(ctx.events, 'Preempting').filter((e) => BY_KUBELET.test(e.message)),
    );
    const fromState = schedCond || kubeletCond || kubeletStatus;
    if (!fromState && (plainlyHealthy(pod) || (schedEvent === undefined && kubeletEvent === undefined)))
      return [];

    const byKubelet = kubeletCond || kubeletStatus || (!schedCond && schedEvent === undefined);
    const last = byKubelet ? (kubeletEvent ?? schedEvent) : schedEvent;
    const evidence: Evidence[] = [];
    if (kubeletStatus) {
      evidence.push({
        source: 'status',
        text: `status.reason: Preempting; status.message: ${pod.status.message ?? ''}`,
      });
    }
    if (dt !== undefined && (schedCond || kubeletCond)) {
      const text = `DisruptionTarget=True ${dt.reason ?? ''}${dt.message ? `: ${dt.message}` : ''}`;
      evidence.push(
        dt.lastTransitionTime
          ? { source: 'condition', text, at: dt.lastTransitionTime }
          : { source: 'condition', text },
      );
    }
    if (last !== undefined) evidence.push(eventEvidence(last, now));

    const m = schedEvent === undefined ? null : BY_SCHEDULER.exec(schedEvent.message);
    const node = pod.spec.nodeName ?? m?.[2] ?? last?.host ?? UNNAMED_NODE;
    const preemptor =
      m?.[1] === undefined
        ? undefined
        : preemptorName(ctx.index.podsInNamespace(pod.metadata.namespace ?? ''), m[1]);
    const messageId = byKubelet ? 'kubeletPreempted' : preemptor === undefined ? 'preempted' : 'preemptedBy';
    const ns = pod.metadata.namespace;
    return [
      finding(meta, {
        reason: 'Preempted',
        messageId,
        data: preemptor === undefined ? { node } : { node, preemptor },
        basis: fromState ? 'state' : 'events',
        evidence,
        at: last === undefined ? parseTime(dt?.lastTransitionTime) : eventTime(last),
        nextSteps: [
          kubectl.raw('get priorityclasses'),
          kubectl.raw(
            `get pod ${kubectl.quote(pod.metadata.name)}${kubectl.nsFlag(ns)} -o jsonpath='{.spec.priorityClassName} {.spec.priority}'`,
          ),
          kubectl.describeNode(node),
          'Give the workload a higher priorityClassName or add capacity so higher-priority pods fit without preempting it; a PodDisruptionBudget is only respected on a best-effort basis.',
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;

/** The event names the preemptor by UID (older) or ns/name; resolve a UID to a name when the pod is in the evidence. */
function preemptorName(pods: readonly { metadata: { name: string; uid?: string } }[], ref: string): string {
  const byUid = pods.find((p) => p.metadata.uid === ref);
  return byUid === undefined ? ref : byUid.metadata.name;
}
