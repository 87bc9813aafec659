import { probeRestartFindings } from './probe-restart-finding.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'liveness/startup-probe-failed',
  stage: 'liveness',
  target: 'pod',
  title: 'Container restarted because its startup probe never succeeded',
  description:
    'The kubelet killed and restarted an app container because its startup probe kept failing past failureThreshold × periodSeconds ' +
    '("Startup probe failed: ..." Unhealthy events, then Killing "Container x failed startup probe, will be restarted"). ' +
    'Quotes the probe spec and the failure. Failures that have not restarted anything yet are progressing for ' +
    'initialDelaySeconds + failureThreshold × periodSeconds, the time the kubelet allows.',
  reasons: ['StartupProbeFailed'],
  graceSeconds: 30,
  needs: ['pods', 'events'],
  messages: {
    startupRestarted:
      'The kubelet restarted container {{container}} because its startup probe did not succeed in time ({{failure}}); {{restarts}} restarts. Probe: {{probe}}.',
    startupRestartedUnnamed:
      'The kubelet restarted a container of the pod because its startup probe did not succeed in time ({{failure}}); {{restarts}} restarts; the events do not name the container.',
    startupRecurring:
      'The startup probe failed {{failures}} times{{span}} ({{failure}}), longer than one start is allowed: the kubelet has been restarting the container, although the restarts are not in the evidence. Probe: {{probe}}.',
    startupFailing:
      'The startup probe of container {{container}} is failing ({{failure}}); the kubelet restarts it if it does not succeed within failureThreshold × periodSeconds. Probe: {{probe}}.',
    startupFailingUnnamed:
      'A startup probe of the pod is failing ({{failure}}); the events do not name the container.',
    startupLastKnown:
      'The startup probe{{of}} failed {{failures}} times{{span}} ({{failure}}) and nothing later in the evidence shows it passing again (no pod status, no later event): it is taken as still failing. Whether the kubelet has restarted the container is not in the evidence. Probe: {{probe}}.',
  },
  docs: 'docs/rules/liveness/startup-probe-failed.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    return probeRestartFindings(meta, ctx, 'startup', 'StartupProbeFailed', {
      restarted: 'startupRestarted',
      restartedUnnamed: 'startupRestartedUnnamed',
      recurring: 'startupRecurring',
      failing: 'startupFailing',
      unnamed: 'startupFailingUnnamed',
      lastKnown: 'startupLastKnown',
    });
  },
} satisfies Rule<'pod'>;
