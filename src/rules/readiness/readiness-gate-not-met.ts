import type { Evidence } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { condition, conditionEvidence, podFinished } from '../shared/pod-readiness.js';
import type { Rule } from '../types.js';
import { READINESS_GATES_COLUMN } from '../../model/index.js';

const meta = {
  id: 'readiness/readiness-gate-not-met',
  stage: 'readiness',
  target: 'pod',
  title: 'Readiness gate not met',
  description:
    'All containers are ready but the pod is not Ready because a readiness gate in spec.readinessGates has no condition yet ' +
    '(\'corresponding condition of pod readiness gate "x" does not exist.\') or its condition is not True ' +
    '(\'the status of pod readiness gate "x" is not "True", but False\'). The controller that owns the gate ' +
    '(e.g. a load balancer controller) has not marked the pod.',
  reasons: ['ReadinessGateNotMet'],
  graceSeconds: 120,
  needs: ['pods'],
  messages: {
    gateMissing:
      'Readiness gate "{{gate}}" has no condition on the pod: the controller that owns it has not set it, so the pod is not Ready although its containers are.',
    gateNotTrue:
      'Readiness gate "{{gate}}" is {{status}} ({{detail}}), so the pod is not Ready although its containers are.',
    gatesUnnamed:
      'Readiness gates are not met ({{gates}}), so the pod is not Ready although its containers are; the evidence does not name the gates.',
  },
  docs: 'docs/rules/readiness/readiness-gate-not-met.md',
} as const;

const GATE = /readiness gate "([^"]+)"( does not exist| is not "True", but (\w+))?/g;

/** Condition types Kubernetes itself sets on pods (kubernetes-facts.md §3.2); any other is a readiness gate's. */
const KUBELET_CONDITIONS: ReadonlySet<string> = new Set([
  'PodScheduled',
  'PodReadyToStartContainers',
  'PodHasNetwork',
  'Initialized',
  'ContainersReady',
  'Ready',
  'DisruptionTarget',
  'PodResizePending',
  'PodResizeInProgress',
  'AllContainersRestarting',
]);

/** Gates named in a Ready=False ReadinessGatesNotReady message, with the status when it says one. */
function gatesInMessage(message: string | undefined): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const m of (message ?? '').matchAll(GATE)) out.set(m[1] ?? '', m[3]);
  return out;
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const { name, namespace } = pod.metadata;
    if (podFinished(pod)) return [];
    const ready = condition(pod, 'Ready');
    if (ready?.status === 'True') return [];
    const containersReady = condition(pod, 'ContainersReady');
    const byReason = ready?.reason === 'ReadinessGatesNotReady';
    // A conditions list without the kubelet's own two (`kubectl get pod -o yaml | grep -B7 ...`, a
    // fragment): a gate condition that is False holds the pod back whatever its containers do,
    // since Ready needs every gate True.
    const gateConditionsOnly = ready === undefined && containersReady === undefined;
    if (containersReady?.status !== 'True' && !byReason && !gateConditionsOnly) return [];
    const gates = byReason ? gatesInMessage(ready.message) : new Map<string, string | undefined>();
    for (const g of pod.spec.readinessGates ?? []) {
      if (!gates.has(g.conditionType)) gates.set(g.conditionType, undefined);
    }
    // Without the spec (a status fragment, a describe's Conditions list), a condition of a type the
    // kubelet does not own that is not True, on a pod whose containers are ready, is the gate.
    if ((pod.spec.readinessGates ?? []).length === 0) {
      for (const c of pod.status.conditions ?? []) {
        if (!KUBELET_CONDITIONS.has(c.type) && c.status !== 'True' && !gates.has(c.type))
          gates.set(c.type, undefined);
      }
    }
    const since = parseTime(containersReady?.lastTransitionTime) ?? parseTime(ready?.lastTransitionTime);
    const steps = [
      kubectl.raw(
        `get pod ${kubectl.quote(name)}${kubectl.nsFlag(namespace)} -o jsonpath='{.status.conditions}'`,
      ),
      kubectl.describe('pod', name, namespace),
      'Check the controller that owns this gate (for target-health.elbv2.k8s.aws/... gates, the AWS Load Balancer Controller and its target group health); remove the gate from the pod template if nothing manages it.',
    ];
    // The kubelet says the gates hold the pod back (or kubectl's READINESS GATES column counts one
    // short) but the evidence names none of them.
    if (gates.size === 0 && byReason) {
      const column = pod.metadata.annotations?.[READINESS_GATES_COLUMN];
      return [
        finding(meta, {
          reason: 'ReadinessGateNotMet',
          messageId: 'gatesUnnamed',
          data: {
            gates:
              column === undefined ? 'Ready=False ReadinessGatesNotReady' : `READINESS GATES ${column} True`,
          },
          status: graceStatus(meta, since, now),
          evidence: [
            conditionEvidence(ready),
            ...(column === undefined
              ? []
              : [{ source: 'status' as const, text: `kubectl READINESS GATES column: ${column} True` }]),
          ],
          at: since,
          nextSteps: steps,
        }),
      ];
    }
    const out = [];
    for (const [gate, statusInMessage] of [...gates].sort(([a], [b]) => a.localeCompare(b))) {
      const gc = condition(pod, gate);
      if (gc?.status === 'True') continue;
      if (gateConditionsOnly && gc?.status !== 'False') continue;
      const evidence: Evidence[] = [];
      if (ready !== undefined && ready.status !== 'True') evidence.push(conditionEvidence(ready));
      if (gc !== undefined) evidence.push(conditionEvidence(gc));
      if ((pod.spec.readinessGates ?? []).some((g) => g.conditionType === gate)) {
        evidence.push({ source: 'spec', text: `spec.readinessGates: conditionType ${gate}` });
      }
      const status = gc?.status ?? statusInMessage;
      const missing =
        status === undefined || ready?.message?.includes(`gate "${gate}" does not exist`) === true;
      const detail =
        [gc?.reason, gc?.message].filter((s) => s !== undefined && s !== '').join(': ') || 'no reason given';
      out.push(
        finding(meta, {
          reason: 'ReadinessGateNotMet',
          messageId: missing && gc === undefined ? 'gateMissing' : 'gateNotTrue',
          data: { gate, status: status ?? 'missing', detail },
          status: graceStatus(meta, since, now),
          evidence,
          at: since,
          nextSteps: steps,
        }),
      );
    }
    return out;
  },
} satisfies Rule<'pod'>;
