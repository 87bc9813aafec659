import type { Evidence, Finding } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { parseProbeMessage, probeFailures } from '../shared/probe-events.js';
import { formatProbe, probeOf } from '../shared/probe-spec.js';
import {
  latestProbeResult,
  probeOutcome,
  probeResultEvidence,
  probeResultSummary,
  readyWithin,
} from '../shared/probe-results.js';
import {
  condition,
  conditionEvidence,
  notReadyWhy,
  podReady,
  readinessEntries,
  readyGraceSeconds,
  runningFor,
  unreadyNames,
} from '../shared/pod-readiness.js';
import type { PodContext, Rule } from '../types.js';
import { containerEntries } from '../shared/containers.js';

const meta = {
  id: 'readiness/not-ready',
  stage: 'readiness',
  target: 'pod',
  title: 'Container running but not Ready',
  description:
    'The pod is Running and a container has been running for longer than its readiness budget, but it is not Ready ' +
    '(ContainersReady=False "containers with unready status: [x]") and no probe failure in the evidence explains why. ' +
    'The budget is initialDelaySeconds + failureThreshold × periodSeconds of its readiness (and startup) probe, else 60 s. ' +
    'With --probe, a readiness endpoint that passes when fetched through pods/proxy is quoted (the kubelet should mark the ' +
    'container Ready within successThreshold × periodSeconds); a failing one belongs to readiness/readiness-probe-failed.',
  reasons: ['NotReady'],
  graceSeconds: 60,
  needs: ['pods', 'events', 'probes'],
  messages: {
    notReady:
      'Container {{container}} has been running for {{duration}} but is not Ready, and no readiness probe failure is in the evidence.',
    notReadyUnnamed:
      'The pod has existed for {{duration}}, Running but not Ready, and the evidence names neither the unready container nor a probe failure.',
    notReadyProbe:
      'Container {{container}} has been running for {{duration}} but is not Ready: its readiness probe ({{probe}}) has not succeeded, and no failure event is in the evidence.',
    notReadyProbePasses:
      'Container {{container}} has been running for {{duration}} but is not Ready, although its readiness endpoint answered {{answer}} when probed now through pods/proxy: the kubelet should mark it Ready within {{within}} unless its own probe sees something else. Probe: {{probe}}.',
  },
  docs: 'docs/rules/readiness/not-ready.md',
} as const;

/**
 * A pod the evidence knows only as Running and not Ready, with no container status or condition
 * message to name a container (a `kubectl get pods` row "0/1 Running", a describe cut before its
 * containers): kubectl prints Running only while no container waits or terminated with a reason,
 * so a container runs without becoming Ready. Timed from the pod's creation, an upper bound.
 */
function unnamedNotReady(ctx: PodContext): Finding[] {
  const { pod, now } = ctx;
  const ready = condition(pod, 'Ready');
  if (ready?.status !== 'False' || containerEntries(pod).length > 0) return [];
  // Containers ready and gates short: readiness-gate-not-met's.
  if (condition(pod, 'ContainersReady')?.status === 'True') return [];
  // No container is known, so a probe failure of any of them explains it, whether or not the
  // event names its container (the kubelet's do, by involvedObject.fieldPath).
  if (ctx.events.some((e) => e.reason === 'Unhealthy' && parseProbeMessage(e.message) !== undefined))
    return [];
  const since = parseTime(pod.metadata.creationTimestamp);
  const { name, namespace } = pod.metadata;
  return [
    finding(meta, {
      reason: 'NotReady',
      messageId: 'notReadyUnnamed',
      data: { duration: runningFor(since, now) },
      status: graceStatus(meta, since, now),
      confidence: 'low',
      evidence: [
        { source: 'status', text: `phase Running, kubectl STATUS ${notReadyWhy(pod)}` },
        conditionEvidence(ready),
      ],
      at: since,
      nextSteps: [
        kubectl.describe('pod', name, namespace),
        kubectl.events('Pod', name, namespace),
        kubectl.logs(name, namespace, ''),
        "Describe the pod to see which container is not ready and its readiness probe's latest failures; events expire after an hour.",
      ],
    }),
  ];
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const { name, namespace } = pod.metadata;
    if (pod.status.phase !== 'Running' || podReady(pod) || pod.metadata.deletionTimestamp !== undefined)
      return [];
    const cond = condition(pod, 'ContainersReady');
    const listed = cond?.status === 'False' ? unreadyNames(cond.message) : [];
    const known = readinessEntries(pod);
    const unknown = listed
      .filter((n) => !known.some((e) => e.ref.name === n))
      .map((n) => ({ ref: { name: n, type: 'app' as const }, spec: undefined, status: undefined }));
    const entries = [...known, ...unknown];
    if (entries.length === 0) return unnamedNotReady(ctx);
    const sole = entries.length === 1;
    const out = [];
    for (const entry of entries) {
      const st = entry.status;
      const running = st?.state?.running;
      const fromCondition = st?.state === undefined && listed.includes(entry.ref.name);
      if (!fromCondition && (running === undefined || st?.ready !== false)) continue;
      const since = fromCondition ? parseTime(cond?.lastTransitionTime) : parseTime(running?.startedAt);
      // Probe failures are explained by the readiness-probe and liveness rules.
      const failures = probeFailures(ctx.events, entry.ref, sole, ['readiness', 'liveness', 'startup']);
      if (failures.some((f) => since === undefined || (f.event.last ?? f.event.first ?? now) >= since))
        continue;
      // A failing probe endpoint now (--probe) is explained by those rules too.
      const results = (['readiness', 'liveness'] as const).flatMap((p) => {
        const r = latestProbeResult(ctx.probes, now, entry.ref.name, p, since);
        return r === undefined ? [] : [r];
      });
      if (results.some((r) => probeOutcome(r) === 'fail')) continue;
      const passing = results.find((r) => r.probe === 'readiness');
      const probe = probeOf(entry.spec, 'readiness');
      const evidence: Evidence[] = [];
      if (!fromCondition) {
        evidence.push({
          source: 'status',
          text: `containerStatuses[${entry.ref.name}]: running since ${running?.startedAt ?? '(time unknown)'}, ready=false`,
        });
      }
      if (cond?.status === 'False') evidence.push(conditionEvidence(cond));
      if (passing !== undefined) evidence.push(probeResultEvidence(passing));
      if (probe !== undefined)
        evidence.push({
          source: 'spec',
          text: `spec.containers[${entry.ref.name}].readinessProbe: ${formatProbe(probe)}`,
        });
      if (evidence.length === 0) continue;
      out.push(
        finding(meta, {
          reason: 'NotReady',
          messageId:
            passing !== undefined
              ? 'notReadyProbePasses'
              : probe === undefined
                ? 'notReady'
                : 'notReadyProbe',
          data: {
            container: entry.ref.name,
            duration: runningFor(since, now),
            ...(probe === undefined ? {} : { probe: formatProbe(probe) }),
            ...(passing === undefined
              ? {}
              : {
                  probe: probe === undefined ? 'spec not in the evidence' : formatProbe(probe),
                  answer: probeResultSummary(passing).text,
                  within: readyWithin(entry.spec),
                }),
          },
          status: graceStatus({ ...meta, graceSeconds: readyGraceSeconds(entry.spec) }, since, now),
          container: entry.ref,
          evidence,
          at: since,
          nextSteps: [
            kubectl.describe('pod', name, namespace),
            kubectl.events('Pod', name, namespace),
            kubectl.logs(name, namespace, entry.ref.name),
            passing !== undefined
              ? "The endpoint answers a plain GET: compare the kubelet's probe with it (httpHeaders, host, redirects), check that a startupProbe has passed (readiness is probed only after it), and describe the pod again in a minute."
              : probe === undefined
                ? "Look at the pod's events and conditions for why the kubelet does not mark it ready; events expire after an hour, so describe it again while it is not ready."
                : 'Run the readiness check by hand against the container to see its answer; events expire after an hour, so describe the pod again while it is not ready.',
          ],
        }),
      );
    }
    return out;
  },
} satisfies Rule<'pod'>;
