import { kubectl } from '../shared/kubectl.js';
import { sandboxFailures, sandboxFinding } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'sandbox-network/ip-exhausted',
  stage: 'sandbox-network',
  target: 'pod',
  title: 'No pod IP address left',
  description:
    'IPAM has no free address for the pod: FailedCreatePodSandBox with "failed to allocate for range 0: no IP addresses available in range set" ' +
    '(host-local), "failed to assign an IP address to container" / InsufficientCidrBlocks (AWS VPC CNI), "Failed to allocate address" (Azure), ' +
    '"range is full" (Cilium) and similar. No grace period: the kubelet reported the failed attempt and retries after a back-off, ' +
    'so it is failed at once, even where the plugin may add addresses later (warm ENIs, new blocks).',
  reasons: ['IPExhausted'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    ipExhausted: 'CNI plugin {{plugin}} on {{node}} has no free IP address for the pod: {{detail}}',
    ipExhaustedUnnamed: 'The CNI plugin on {{node}} has no free IP address for the pod: {{detail}}',
  },
  docs: 'docs/rules/sandbox-network/ip-exhausted.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = sandboxFailures(ctx).get('ipExhausted');
    if (f === undefined) return [];
    const { plugin, detail } = f.error;
    const named = plugin !== undefined && plugin !== 'cni';
    return [
      sandboxFinding(meta, ctx, f, {
        reason: 'IPExhausted',
        messageId: named ? 'ipExhausted' : 'ipExhaustedUnnamed',
        data: named ? { plugin, node: f.node, detail } : { node: f.node, detail },
        nextSteps: [
          kubectl.describeNode(f.node),
          kubectl.podsOnNode(f.node),
          "Free or add addresses: clean up leaked IPAM allocations, enlarge the node's pod CIDR or the subnet, or lower the node's max pods to what its address range can hold.",
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
