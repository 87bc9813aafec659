import { kubectl } from '../shared/kubectl.js';
import { sandboxFailures, sandboxFinding } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'sandbox-network/cni-failed',
  stage: 'sandbox-network',
  target: 'pod',
  title: 'CNI plugin failed to set up the pod network',
  description:
    'The sandbox was created but the CNI plugin failed to wire its network: FailedCreatePodSandBox "Failed to create pod sandbox: rpc error: ' +
    'code = Unknown desc = failed to setup network for sandbox "<id>": plugin type="calico" failed (add): ..." (dockershim: ' +
    '"networkPlugin cni failed to set up pod ... network: ..."). Unauthorized and IP exhaustion have their own rules. ' +
    'No grace period: the kubelet reported the failed attempt and retries the sandbox after a back-off, so it is failed at once ' +
    '(a network plugin that has not initialised yet on the node is network-not-ready, a wait).',
  reasons: ['CNIFailed'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    cniFailed: 'CNI plugin {{plugin}} on {{node}} failed to set up the pod network: {{detail}}',
    cniFailedUnnamed: 'The CNI plugin on {{node}} failed to set up the pod network: {{detail}}',
  },
  docs: 'docs/rules/sandbox-network/cni-failed.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = sandboxFailures(ctx).get('cni');
    if (f === undefined) return [];
    const { plugin, detail } = f.error;
    const named = plugin !== undefined && plugin !== 'cni';
    return [
      sandboxFinding(meta, ctx, f, {
        reason: 'CNIFailed',
        messageId: named ? 'cniFailed' : 'cniFailedUnnamed',
        data: named ? { plugin, node: f.node, detail } : { node: f.node, detail },
        nextSteps: [
          kubectl.podsOnNode(f.node),
          kubectl.describe('pod', ctx.pod.metadata.name, ctx.pod.metadata.namespace),
          `Fix the ${named ? plugin : 'CNI'} agent on ${f.node} (its pod's logs say why); the kubelet retries the sandbox by itself.`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
