import type { Rule } from '../types.js';
import { parseTime, humanDuration } from '../../k8s/index.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { currentSchedulingFailure } from './analyse.js';

const meta = {
  id: 'scheduling/scheduler-error',
  stage: 'scheduling',
  target: 'pod',
  title: 'The scheduler failed, or never acted on the pod',
  description:
    'The scheduler itself failed while handling the pod, as opposed to finding no node that fits: PodScheduled=False reason ' +
    'SchedulerError, or FailedScheduling messages such as "binding rejected", "running PreBind plugin ...", "nodeinfo not found". ' +
    'Also a Pending pod that names a non-default spec.schedulerName and has neither a PodScheduled condition nor any event ' +
    'after five minutes: no scheduler with that name is acting on it.',
  reasons: ['SchedulerError'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    schedulerError: 'The scheduler failed while handling the pod (not a fit problem): {{detail}}',
    bindingFailed: 'The scheduler chose a node but could not bind the pod to it: {{detail}}',
    schedulerAbsent: 'The pod asks for scheduler {{scheduler}}, which has not acted on it in {{age}}.',
  },
  docs: 'docs/rules/scheduling/scheduler-error.md',
} as const;

/** Long enough for any running scheduler to have tried at least once. */
const ABSENT_AFTER_MS = 5 * 60_000;
const BINDING = [
  'binding rejected',
  'prebind',
  'bind plugin',
  'failed to bind',
  'already assigned',
  'pods/binding',
] as const;
const MAX_DETAIL = 400;

const SCHEDULER_LOGS = 'logs -n kube-system -l component=kube-scheduler --tail=200';

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    const f = currentSchedulingFailure(ctx);
    if (f?.code === 'SchedulerError') {
      const detail = f.message || f.condition?.reason || 'no details in the evidence';
      const binding = BINDING.some((b) => detail.toLowerCase().includes(b));
      return [
        finding(meta, {
          reason: 'SchedulerError',
          messageId: binding ? 'bindingFailed' : 'schedulerError',
          data: { detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail },
          basis: f.basis,
          evidence:
            f.evidence.length > 0
              ? f.evidence
              : [{ source: 'condition', text: `PodScheduled=False ${f.condition?.reason ?? ''}` }],
          at: f.at,
          nextSteps: [
            kubectl.describe('pod', pod.metadata.name, ns),
            kubectl.raw(SCHEDULER_LOGS),
            binding
              ? 'Binding errors are usually transient (a conflict or a deleted pod); if they repeat, check the volume binding or the admission webhooks on pods/binding named in the error.'
              : 'Fix what the error names (often an invalid affinity or selector in the pod spec, or a scheduler extender that is down); the scheduler retries on its own.',
          ],
        }),
      ];
    }
    // A pod no scheduler has looked at: only provable when events were collected and the pod is old enough.
    const scheduler = pod.spec.schedulerName ?? '';
    const created = parseTime(pod.metadata.creationTimestamp);
    if (
      f !== undefined ||
      scheduler === '' ||
      scheduler === 'default-scheduler' ||
      pod.spec.nodeName ||
      (pod.status.phase ?? 'Pending') !== 'Pending' ||
      pod.status.conditions?.some((c) => c.type === 'PodScheduled') === true ||
      !ctx.collected.has('events') ||
      ctx.events.length > 0 ||
      created === undefined ||
      now - created < ABSENT_AFTER_MS
    ) {
      return [];
    }
    return [
      finding(meta, {
        reason: 'SchedulerError',
        messageId: 'schedulerAbsent',
        data: { scheduler, age: humanDuration(now - created) },
        basis: 'state',
        confidence: 'medium',
        evidence: [
          { source: 'spec', text: `spec.schedulerName: ${scheduler}` },
          { source: 'status', text: 'no PodScheduled condition and no events for the pod' },
        ],
        at: created,
        nextSteps: [
          kubectl.raw(`get pods -A -o wide | grep -i ${kubectl.quote(scheduler)}`),
          `Deploy or repair the scheduler named ${scheduler}, or remove spec.schedulerName so that default-scheduler places the pod.`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
