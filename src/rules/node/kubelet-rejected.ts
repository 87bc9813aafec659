import type { EventRecord } from '../../model/index.js';
import { KUBELET_ADMISSION_REASONS, parseTime } from '../../k8s/index.js';
import { eventEvidence, eventTime, newest } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { kubectl, UNNAMED_NODE } from '../shared/kubectl.js';
import { plainlyHealthy } from '../shared/pod-progress.js';
import type { Rule } from '../types.js';

/** "Node didn't have enough resource: cpu, requested: 100, used: 3900, capacity: 4000" */
const NOT_ENOUGH = /enough resource: ([^,\s]+), requested: (\d+), used: (\d+), capacity: (\d+)/;
/** "Predicate NodeAffinity failed" (optionally followed by details). */
const PREDICATE = /Predicate (\w+) failed/;
const REASON_SET = new Set<string>(KUBELET_ADMISSION_REASONS);
const OUT_OF = /^OutOf(\S+)$/;

function isAdmissionReason(reason: string | undefined): reason is string {
  return reason !== undefined && (REASON_SET.has(reason) || OUT_OF.test(reason));
}

/**
 * The kubelet's rejection message names the predicate it set as reason: "Predicate %s failed"
 * (older kubelets: "Pod Predicate %s failed"). With it, any predicate name is a rejection.
 */
function rejectedByPredicate(reason: string | undefined, message: string | undefined): reason is string {
  return reason !== undefined && reason !== '' && PREDICATE.exec(message ?? '')?.[1] === reason;
}

const meta = {
  id: 'node/kubelet-rejected',
  stage: 'node',
  target: 'pod',
  title: 'Kubelet admission rejected the pod',
  description:
    'The scheduler bound the pod, but the kubelet re-checked it on admission and refused it: the pod is Failed with ' +
    'status.reason OutOf<resource> ("Node didn\'t have enough resource: cpu, requested: 100, used: 3900, capacity: 4000"), ' +
    'NodeAffinity/NodeName/NodePorts/TaintToleration ("Predicate NodeAffinity failed"; before 1.18 the predicate names ' +
    'PodFitsHostPorts, MatchNodeSelector, HostName, "Pod Predicate X failed"), UnexpectedAdmissionError and similar; ' +
    'the kubelet records the same reason as a Warning event. Usually a race between the scheduler and the kubelet ' +
    '(labels just changed, static pods the scheduler did not count, a device plugin that restarted). A rejection is final: no grace.',
  reasons: ['KubeletRejected'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    outOfResource:
      'The kubelet on {{node}} rejected the pod: not enough {{resource}} (requested {{requested}}, used {{used}}, capacity {{capacity}}).',
    outOf: 'The kubelet on {{node}} rejected the pod: the node is out of {{resource}}.',
    predicate: 'The kubelet on {{node}} rejected the pod: its {{predicate}} check failed on the node.',
    rejected: 'The kubelet on {{node}} rejected the pod ({{rejection}}): {{detail}}',
  },
  docs: 'docs/rules/node/kubelet-rejected.md',
} as const;

function fromKubelet(e: EventRecord): boolean {
  return (
    isAdmissionReason(e.reason) && (e.source === undefined || e.source === '' || e.source.includes('kubelet'))
  );
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    // A pasted `kubectl get pods` row only has the STATUS column, which a reader may keep as reason or phase.
    const statusReason =
      [pod.status.reason, pod.status.phase].find(isAdmissionReason) ??
      (rejectedByPredicate(pod.status.reason, pod.status.message) ? pod.status.reason : undefined);
    const fromStatus = statusReason !== undefined;
    const last = newest(ctx.events.filter(fromKubelet));
    if (!fromStatus && (last === undefined || plainlyHealthy(pod) || pod.status.phase === 'Running'))
      return [];
    const rejection = statusReason ?? last?.reason ?? '';
    const message = (fromStatus ? pod.status.message : undefined) ?? last?.message ?? '';
    const node = pod.spec.nodeName ?? last?.host ?? UNNAMED_NODE;
    const ns = pod.metadata.namespace;
    const name = pod.metadata.name;

    const evidence = [
      ...(fromStatus
        ? [
            {
              source: 'status' as const,
              text: [
                `status.phase: ${pod.status.phase ?? '?'}`,
                ...(pod.status.reason ? [`status.reason: ${pod.status.reason}`] : []),
                ...(message ? [`status.message: ${message}`] : []),
              ].join('; '),
            },
          ]
        : []),
      ...(last === undefined ? [] : [eventEvidence(last, now)]),
    ];

    const resource = OUT_OF.exec(rejection)?.[1];
    const amounts = NOT_ENOUGH.exec(message);
    const predicate =
      PREDICATE.exec(message)?.[1] ??
      (rejection.startsWith('Node') || rejection === 'TaintToleration' ? rejection : undefined);
    let messageId: keyof typeof meta.messages;
    let data: Record<string, string>;
    if (resource !== undefined && amounts !== null) {
      messageId = 'outOfResource';
      data = {
        node,
        resource: amounts[1] ?? resource,
        requested: amounts[2] ?? '',
        used: amounts[3] ?? '',
        capacity: amounts[4] ?? '',
      };
    } else if (resource !== undefined) {
      messageId = 'outOf';
      data = { node, resource };
    } else if (predicate !== undefined) {
      messageId = 'predicate';
      data = { node, predicate };
    } else {
      messageId = 'rejected';
      data = { node, rejection, detail: message || 'no message' };
    }
    return [
      finding(meta, {
        reason: 'KubeletRejected',
        messageId,
        data,
        basis: fromStatus ? 'state' : 'events',
        evidence,
        at: last === undefined ? parseTime(pod.status.startTime) : eventTime(last),
        nextSteps: [
          kubectl.describeNode(node),
          ...(predicate === 'NodeAffinity' ? [kubectl.getNode(node, `--show-labels`)] : []),
          `${fixFor(resource, predicate)} Then delete the Failed pod (its controller makes a new one): kubectl delete pod ${kubectl.quote(name)}${kubectl.nsFlag(ns)}`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;

function fixFor(resource: string | undefined, predicate: string | undefined): string {
  if (resource !== undefined) {
    return `The node had less free ${resource} than the scheduler thought (often static or unmanaged pods, or a device plugin that restarted); free it or lower the request.`;
  }
  if (predicate === 'NodeAffinity') {
    return "The node's labels did not satisfy the pod's nodeSelector/affinity when the kubelet checked (labels changed or were added late); make the labels stable before scheduling.";
  }
  return 'The kubelet and the scheduler disagreed about this node; fix what the rejection names.';
}
