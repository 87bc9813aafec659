import { kubectl } from '../shared/kubectl.js';
import { sandboxFailures, sandboxFinding } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'sandbox-network/sandbox-failed',
  stage: 'sandbox-network',
  target: 'pod',
  title: 'Pod sandbox could not be created',
  description:
    'FailedCreatePodSandBox "Failed to create pod sandbox: ..." for a reason other than the network or the pause image: the runtime ' +
    'could not reserve the sandbox name, set up cgroups or the runtime class, write the log directory, or the runtime itself is unhealthy. ' +
    'Only reported when no more specific sandbox rule explains the pod. A reported failure is failed at once (the kubelet retries after a back-off); ' +
    'grace 60 s only for "name is reserved", where an earlier sandbox request is still running in the runtime.',
  reasons: ['SandboxFailed'],
  graceSeconds: 60,
  needs: ['pods', 'events'],
  messages: {
    sandboxFailed: 'The container runtime on {{node}} could not create the pod sandbox: {{detail}}',
  },
  docs: 'docs/rules/sandbox-network/sandbox-failed.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const failures = sandboxFailures(ctx);
    const f = failures.get('other');
    if (f === undefined || failures.size > 1) return [];
    return [
      sandboxFinding(meta, ctx, f, {
        reason: 'SandboxFailed',
        messageId: 'sandboxFailed',
        data: { node: f.node, detail: f.error.detail },
        nextSteps: [
          kubectl.describe('pod', ctx.pod.metadata.name, ctx.pod.metadata.namespace),
          kubectl.describeNode(f.node),
          `Check the container runtime on ${f.node} (its service log on the node) for the error above; the kubelet retries the sandbox by itself.`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
