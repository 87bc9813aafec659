import { crashCases } from './analyse.js';
import { crashFinding } from './crash-finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'crash/killed-externally',
  stage: 'crash',
  target: 'pod',
  title: 'Container killed by a signal from outside',
  description:
    'An app container ended with exit code 137 (SIGKILL) or 143 (SIGTERM) although it was not OOMKilled, no liveness ' +
    'or startup probe made the kubelet kill it, and the pod is not being deleted: something outside the process sent the ' +
    'signal (a node agent, a preStop hook that outlasted the grace period, a supervisor inside the container).',
  reasons: ['KilledExternally'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    killedSigkill:
      'Container {{container}} was killed with SIGKILL (exit code {{exitCode}}, {{exitReason}}) though it was not OOMKilled and no probe failed: something outside the process killed it ({{restarts}} restarts).',
    killedSigterm:
      'Container {{container}} was stopped with SIGTERM (exit code {{exitCode}}, {{exitReason}}) without a failed probe or a pod deletion: something outside the process asked it to stop ({{restarts}} restarts).',
  },
  docs: 'docs/rules/crash/killed-externally.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const node = ctx.pod.spec.nodeName;
    return crashCases(ctx)
      .filter((c) => c.reason === 'KilledExternally')
      .map((c) =>
        crashFinding(meta, ctx, c, {
          reason: 'KilledExternally',
          messageId: c.exitCode === 143 ? 'killedSigterm' : 'killedSigkill',
          steps: [
            ...(node === undefined ? [] : [kubectl.describeNode(node)]),
            'Find who sent the signal: node agents and security tools, a preStop hook longer than terminationGracePeriodSeconds, or an OOM kill of a child process that some runtimes report as exit 137 without OOMKilled.',
          ],
        }),
      );
  },
} satisfies Rule<'pod'>;
