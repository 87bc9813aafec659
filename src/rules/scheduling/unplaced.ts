import { humanDuration, parseTime } from '../../k8s/index.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { currentSchedulingFailure } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'scheduling/unplaced',
  stage: 'scheduling',
  target: 'pod',
  title: 'Pending on no node, with nothing in the evidence to say why',
  description:
    'A pod Pending for five minutes or more that no node took: no spec.nodeName, no PodScheduled condition, no container ' +
    'status and no event about it in the evidence (a pasted `kubectl get pods` row with STATUS Pending carries no more). ' +
    'The scheduler binds a pod it can place within seconds, and once a node takes it kubectl shows ContainerCreating or ' +
    'Init:N/M instead, so the pod stopped at scheduling; why is in the FailedScheduling events or the PodScheduled condition ' +
    'the evidence lacks. Low confidence. A pod that names another scheduler is scheduling/scheduler-error; gates, claims and ' +
    'scheduler messages have their own rules.',
  reasons: ['Unschedulable'],
  graceSeconds: 300,
  needs: ['pods'],
  messages: {
    unplaced:
      'The pod has been Pending on no node for {{age}}; the evidence holds no scheduling event or PodScheduled condition to say why.',
  },
  docs: 'docs/rules/scheduling/unplaced.md',
} as const;

const GRACE_MS = meta.graceSeconds * 1000;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const { spec, status, metadata } = pod;
    const created = parseTime(metadata.creationTimestamp);
    const scheduler = spec.schedulerName ?? 'default-scheduler';
    if (
      (status.phase ?? 'Pending') !== 'Pending' ||
      metadata.deletionTimestamp !== undefined ||
      spec.nodeName ||
      scheduler !== 'default-scheduler' ||
      status.conditions?.some((c) => c.type === 'PodScheduled') === true ||
      (status.containerStatuses?.length ?? 0) > 0 ||
      (status.initContainerStatuses?.length ?? 0) > 0 ||
      ctx.events.length > 0 ||
      // Gates, and a scheduler message the pod carries in another form.
      currentSchedulingFailure(ctx) !== undefined ||
      created === undefined ||
      now - created < GRACE_MS
    ) {
      return [];
    }
    const ns = metadata.namespace;
    return [
      finding(meta, {
        reason: 'Unschedulable',
        messageId: 'unplaced',
        data: { age: humanDuration(now - created) },
        basis: 'state',
        confidence: 'low',
        evidence: [
          { source: 'status', text: `phase: Pending for ${humanDuration(now - created)}, no node assigned` },
        ],
        at: created,
        nextSteps: [
          kubectl.describe('pod', metadata.name, ns),
          kubectl.events('Pod', metadata.name, ns),
          'The FailedScheduling message names what rules out each node (resources, taints, affinity, claims); fix that.',
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
