import { parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { conditionEvidence, currentSchedulingFailure } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'scheduling/gated',
  stage: 'scheduling',
  target: 'pod',
  title: 'Pod held back by scheduling gates',
  description:
    'The pod has spec.schedulingGates (PodScheduled=False reason SchedulingGated, kubectl STATUS SchedulingGated), so the ' +
    'scheduler ignores it until every gate is removed by the controller that added it (a queueing system such as Kueue, ' +
    'a quota or capacity controller). Reported as failed once the gates outlive the grace period.',
  reasons: ['SchedulingGated'],
  graceSeconds: 120,
  needs: ['pods'],
  messages: {
    gated:
      'The pod is held back by scheduling gate(s) {{gates}}; the scheduler ignores it until they are removed.',
  },
  docs: 'docs/rules/scheduling/gated.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentSchedulingFailure(ctx);
    if (f?.code !== 'SchedulingGated') return [];
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    const gates = (pod.spec.schedulingGates ?? []).map((g) => g.name).filter((n) => n !== '');
    const evidence = [
      ...(gates.length === 0
        ? []
        : [{ source: 'spec' as const, text: `spec.schedulingGates: ${gates.join(', ')}` }]),
      ...(f.condition === undefined ? [] : [conditionEvidence(f.condition)]),
    ];
    const since = parseTime(f.condition?.lastTransitionTime) ?? parseTime(pod.metadata.creationTimestamp);
    return [
      finding(meta, {
        reason: 'SchedulingGated',
        messageId: 'gated',
        data: { gates: gates.join(', ') || '(not listed in the evidence)' },
        status: graceStatus(meta, since, now),
        basis: 'state',
        evidence:
          evidence.length === 0 ? [{ source: 'status', text: 'kubectl STATUS: SchedulingGated' }] : evidence,
        at: since,
        nextSteps: [
          kubectl.get('pod', pod.metadata.name, ns, 'jsonpath={.spec.schedulingGates}'),
          kubectl.describe('pod', pod.metadata.name, ns),
          'Find the controller that owns the gate (its name usually says, e.g. kueue.x-k8s.io/admission) and why it has not admitted the pod; remove a gate by hand only if that controller is gone.',
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
