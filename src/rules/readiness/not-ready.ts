import type { Evidence } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { probeFailures } from '../shared/probe-events.js';
import { formatProbe, probeOf } from '../shared/probe-spec.js';
import {
  condition,
  conditionEvidence,
  podReady,
  readinessEntries,
  readyGraceSeconds,
  runningFor,
  unreadyNames,
} from '../shared/pod-readiness.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'readiness/not-ready',
  stage: 'readiness',
  target: 'pod',
  title: 'Container running but not Ready',
  description:
    'The pod is Running and a container has been running for longer than its readiness budget, but it is not Ready ' +
    '(ContainersReady=False "containers with unready status: [x]") and no probe failure in the evidence explains why. ' +
    'The budget is initialDelaySeconds + failureThreshold × periodSeconds of its readiness (and startup) probe, else 60 s.',
  reasons: ['NotReady'],
  graceSeconds: 60,
  needs: ['pods', 'events'],
  messages: {
    notReady:
      'Container {{container}} has been running for {{duration}} but is not Ready, and no readiness probe failure is in the evidence.',
    notReadyProbe:
      'Container {{container}} has been running for {{duration}} but is not Ready: its readiness probe ({{probe}}) has not succeeded, and no failure event is in the evidence.',
  },
  docs: 'docs/rules/readiness/not-ready.md',
} as const;

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
      const probe = probeOf(entry.spec, 'readiness');
      const evidence: Evidence[] = [];
      if (!fromCondition) {
        evidence.push({
          source: 'status',
          text: `containerStatuses[${entry.ref.name}]: running since ${running?.startedAt ?? '(time unknown)'}, ready=false`,
        });
      }
      if (cond?.status === 'False') evidence.push(conditionEvidence(cond));
      if (probe !== undefined)
        evidence.push({
          source: 'spec',
          text: `spec.containers[${entry.ref.name}].readinessProbe: ${formatProbe(probe)}`,
        });
      if (evidence.length === 0) continue;
      out.push(
        finding(meta, {
          reason: 'NotReady',
          messageId: probe === undefined ? 'notReady' : 'notReadyProbe',
          data: {
            container: entry.ref.name,
            duration: runningFor(since, now),
            ...(probe === undefined ? {} : { probe: formatProbe(probe) }),
          },
          status: graceStatus({ ...meta, graceSeconds: readyGraceSeconds(entry.spec) }, since, now),
          container: entry.ref,
          evidence,
          at: since,
          nextSteps: [
            kubectl.describe('pod', name, namespace),
            kubectl.events('Pod', name, namespace),
            kubectl.logs(name, namespace, entry.ref.name),
            probe === undefined
              ? "Look at the pod's events and conditions for why the kubelet does not mark it ready; events expire after an hour, so describe it again while it is not ready."
              : 'Run the readiness check by hand against the container to see its answer; events expire after an hour, so describe the pod again while it is not ready.',
          ],
        }),
      );
    }
    return out;
  },
} satisfies Rule<'pod'>;
