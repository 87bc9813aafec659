import { probeRestartFindings } from './probe-restart-finding.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'liveness/liveness-probe-failed',
  stage: 'liveness',
  target: 'pod',
  title: 'Container restarted by a failing liveness probe',
  description:
    'The kubelet killed and restarted an app container because its liveness probe failed ("Liveness probe failed: ..." ' +
    'Unhealthy events, then Killing "Container x failed liveness probe, will be restarted" (older kubelets: "... Container ' +
    'will be killed and recreated", "... is unhealthy, it will be killed and re-created"), a SIGKILL/SIGTERM exit right after ' +
    'the failures, or failures that recur over the restarts once the kill events aged out). Quotes the probe spec and the ' +
    'failure (status code, connection refused, timeout). Failures that have not restarted anything yet are progressing for failureThreshold × periodSeconds; ' +
    'failures before the current start with no restart since are history. Events alone (no pod status) with failureThreshold or more ' +
    'liveness failures, none recent and no restart, are the last the evidence knows: failed, at low confidence. With --probe (or a bundle that holds probe ' +
    'results), a liveness endpoint that fails when fetched through pods/proxy shows the probe fails now: with restarts ' +
    'whose last one was a kill (exit 137/143), it is failing even after its events expired; without, it is progressing.',
  reasons: ['LivenessProbeFailed'],
  graceSeconds: 30,
  needs: ['pods', 'events', 'probes'],
  messages: {
    livenessRestarted:
      'The kubelet restarted container {{container}} because its liveness probe failed ({{failure}}); {{restarts}} restarts. Probe: {{probe}}.',
    livenessRestartedUnnamed:
      'The kubelet restarted a container of the pod because its liveness probe failed ({{failure}}); {{restarts}} restarts; the events do not name the container.',
    livenessRecurring:
      'The liveness probe failed {{failures}} times{{span}} ({{failure}}), longer than one failing streak: the kubelet has been restarting the container, although the restarts are not in the evidence. Probe: {{probe}}.',
    livenessProbedRestarted:
      'The liveness endpoint of container {{container}} fails when probed now through pods/proxy ({{failure}}), and the container was killed and restarted ({{restarts}} restarts): the kubelet restarts it for the failing probe, although its failure events are not in the evidence. Probe: {{probe}}.',
    livenessFailing:
      'The liveness probe of container {{container}} is failing ({{failure}}) but has not restarted it yet. Probe: {{probe}}.',
    livenessFailingUnnamed:
      'A liveness probe of the pod is failing ({{failure}}) but has not restarted a container yet; the events do not name the container.',
    livenessLastKnown:
      'The liveness probe{{of}} failed {{failures}} times{{span}} ({{failure}}) and nothing later in the evidence shows it passing again (no pod status, no later event): it is taken as still failing. Whether the kubelet has restarted the container is not in the evidence. Probe: {{probe}}.',
  },
  docs: 'docs/rules/liveness/liveness-probe-failed.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    return probeRestartFindings(meta, ctx, 'liveness', 'LivenessProbeFailed', {
      restarted: 'livenessRestarted',
      restartedUnnamed: 'livenessRestartedUnnamed',
      recurring: 'livenessRecurring',
      failing: 'livenessFailing',
      unnamed: 'livenessFailingUnnamed',
      lastKnown: 'livenessLastKnown',
      probedRestarted: 'livenessProbedRestarted',
    });
  },
} satisfies Rule<'pod'>;
