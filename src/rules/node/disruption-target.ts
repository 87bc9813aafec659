import type { Evidence, ReasonCode } from '../../model/index.js';
import { formatTaint, isTolerated, parseTime } from '../../k8s/index.js';
import { eventEvidence, eventTime, newest, withReason } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { kubectl, nodeInSentence, UNNAMED_NODE } from '../shared/kubectl.js';
import { UNHEALTHY_NODE_TAINTS } from '../../k8s/index.js';
import { podCondition } from '../shared/pod-progress.js';
import type { PodContext, Rule } from '../types.js';

/** TerminationByKubelet messages other rules explain: node shutdown, critical-pod preemption, eviction. */
const KUBELET_OTHERS = /shut\s?down|shutting down|preempt|low on resource/i;
const UNHEALTHY = new Set<string>(UNHEALTHY_NODE_TAINTS);

const meta = {
  id: 'node/disruption-target',
  stage: 'node',
  target: 'pod',
  title: 'Pod marked for disruption by a controller',
  description:
    'The pod carries DisruptionTarget=True: a controller is about to delete it. DeletionByTaintManager ("Taint manager: deleting due to ' +
    'NoExecute taint", older clusters: TaintManagerEviction "Marking for deletion Pod") is reported as NodeNotReady when the taint is ' +
    'node.kubernetes.io/unreachable or not-ready, else as a taint-based eviction; EvictionByEvictionAPI (drain, autoscaler, descheduler) ' +
    'and other kubelet terminations as Evicted. Preemption, node shutdown, kubelet eviction and PodGC have their own rules. No grace.',
  reasons: ['Evicted', 'NodeNotReady'],
  graceSeconds: 0,
  needs: ['pods', 'nodes', 'events'],
  messages: {
    taintUnhealthy:
      'The taint manager is deleting the pod because its node {{node}} is tainted {{taint}} (the node is not ready or unreachable).',
    taintEviction:
      'The taint manager is deleting the pod because its node {{node}} has NoExecute taint {{taint}}, which the pod does not tolerate.',
    apiEviction:
      'The pod was evicted through the Eviction API (kubectl drain, cluster autoscaler or a descheduler) from node {{node}}.',
    disrupted: 'The pod is being deleted by a disruption ({{disruption}}): {{detail}}',
  },
  docs: 'docs/rules/node/disruption-target.md',
} as const;

function noExecuteTaints(ctx: PodContext): { key: string; text: string }[] {
  const taints = ctx.node?.spec.taints ?? [];
  return taints
    .filter(
      (t) => t.effect === 'NoExecute' && (UNHEALTHY.has(t.key) || !isTolerated(t, ctx.pod.spec.tolerations)),
    )
    .map((t) => ({ key: t.key, text: formatTaint(t) }));
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const cond = podCondition(pod, 'DisruptionTarget');
    const dt = cond?.status === 'True' ? cond : undefined;
    const taintEvents = withReason(ctx.events, 'TaintManagerEviction');
    const lastTaint = newest(taintEvents);
    const taintEvent =
      lastTaint !== undefined && /Marking for deletion/i.test(lastTaint.message) ? lastTaint : undefined;
    const kind = dt?.reason ?? (taintEvent === undefined ? undefined : 'DeletionByTaintManager');
    if (kind === undefined || kind === 'PreemptionByScheduler' || kind === 'DeletionByPodGC') return [];
    if (kind === 'TerminationByKubelet') {
      const evicted = pod.status.reason === 'Evicted' || withReason(ctx.events, 'Evicted').length > 0;
      if (evicted || KUBELET_OTHERS.test(dt?.message ?? '')) return [];
    }
    const node = pod.spec.nodeName ?? UNNAMED_NODE;
    const evidence: Evidence[] = [];
    if (dt !== undefined) {
      const text = `DisruptionTarget=True ${dt.reason ?? ''}${dt.message ? `: ${dt.message}` : ''}`;
      evidence.push(
        dt.lastTransitionTime
          ? { source: 'condition', text, at: dt.lastTransitionTime }
          : { source: 'condition', text },
      );
    }
    if (taintEvent !== undefined) evidence.push(eventEvidence(taintEvent, now));

    let reason: ReasonCode = 'Evicted';
    let messageId: keyof typeof meta.messages;
    let data: Record<string, string>;
    if (kind === 'DeletionByTaintManager') {
      const taints = noExecuteTaints(ctx);
      for (const t of taints) evidence.push({ source: 'node', text: `node ${node} taint ${t.text}` });
      const unhealthy = taints.find((t) => UNHEALTHY.has(t.key));
      reason = unhealthy === undefined ? 'Evicted' : 'NodeNotReady';
      messageId = unhealthy === undefined ? 'taintEviction' : 'taintUnhealthy';
      data = { node: nodeInSentence(node), taint: (unhealthy ?? taints[0])?.text ?? 'a NoExecute taint' };
    } else if (kind === 'EvictionByEvictionAPI') {
      messageId = 'apiEviction';
      data = { node: nodeInSentence(node) };
    } else {
      messageId = 'disrupted';
      data = { node: nodeInSentence(node), disruption: kind, detail: dt?.message ?? 'no message' };
    }
    const ns = pod.metadata.namespace;
    return [
      finding(meta, {
        reason,
        messageId,
        data,
        basis: dt === undefined ? 'events' : 'state',
        evidence,
        at:
          parseTime(dt?.lastTransitionTime) ?? (taintEvent === undefined ? undefined : eventTime(taintEvent)),
        nextSteps: [
          kubectl.describeNode(node),
          kubectl.events('Pod', pod.metadata.name, ns),
          reason === 'NodeNotReady'
            ? 'Bring the node back or replace it; the controller recreates the pod elsewhere. Tune tolerationSeconds for node.kubernetes.io/unreachable to change how long pods wait.'
            : messageId === 'apiEviction'
              ? 'Expected during drains and scale-down; use a PodDisruptionBudget to limit how many replicas go at once.'
              : 'Tolerate the taint if the pod may run there, or let the controller recreate the pod on another node.',
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
