import { probeRestartFindings } from './probe-restart-finding.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'liveness/liveness-probe-failed',
  stage: 'liveness',
  target: 'pod',
  title: 'Container restarted by a failing liveness probe',
  description:
    'The kubelet killed and restarted an app container because its liveness probe failed ("Liveness probe failed: ..." ' +
    'Unhealthy events, then Killing "Container x failed liveness probe, will be restarted", or a SIGKILL/SIGTERM exit right after ' +
    'the failures). Quotes the probe spec and the failure (status code, connection refused, timeout). Failures that have not ' +
    'restarted anything yet are progressing; failures before the current start with no restart since are history.',
  reasons: ['LivenessProbeFailed'],
  graceSeconds: 30,
  needs: ['pods', 'events'],
  messages: {
    livenessRestarted:
      'The kubelet restarted container {{container}} because its liveness probe failed ({{failure}}); {{restarts}} restarts. Probe: {{probe}}.',
    livenessFailing:
      'The liveness probe of container {{container}} is failing ({{failure}}) but has not restarted it yet. Probe: {{probe}}.',
    livenessFailingUnnamed:
      'A liveness probe of the pod is failing ({{failure}}) but has not restarted a container yet; the events do not name the container.',
  },
  docs: 'docs/rules/liveness/liveness-probe-failed.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    return probeRestartFindings(meta, ctx, 'liveness', 'LivenessProbeFailed', {
      restarted: 'livenessRestarted',
      failing: 'livenessFailing',
      unnamed: 'livenessFailingUnnamed',
    });
  },
} satisfies Rule<'pod'>;
