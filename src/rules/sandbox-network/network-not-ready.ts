import { kubectl } from '../shared/kubectl.js';
import { sandboxFailures, sandboxFinding } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'sandbox-network/network-not-ready',
  stage: 'sandbox-network',
  target: 'pod',
  title: 'Node network not ready (no CNI configuration)',
  description:
    'The kubelet will not start the pod because the runtime reports no usable pod network: NetworkNotReady "network is not ready: ' +
    'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:... cni plugin not initialized" ' +
    '(or "cni config uninitialized" inside a sandbox error). Host-network pods are exempt. Grace 30 s: on a node that just joined, ' +
    'the CNI DaemonSet writes its configuration within seconds.',
  reasons: ['NetworkNotReady'],
  graceSeconds: 30,
  needs: ['pods', 'events'],
  messages: {
    networkNotReady:
      'The pod network on {{node}} is not ready, so the kubelet does not start the pod: {{detail}}',
  },
  docs: 'docs/rules/sandbox-network/network-not-ready.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    if (ctx.pod.spec.hostNetwork === true) return [];
    const f = sandboxFailures(ctx).get('networkNotReady');
    if (f === undefined) return [];
    return [
      sandboxFinding(meta, ctx, f, {
        reason: 'NetworkNotReady',
        messageId: 'networkNotReady',
        data: { node: f.node, detail: f.error.detail },
        nextSteps: [
          kubectl.describeNode(f.node),
          kubectl.podsOnNode(f.node),
          `Make the CNI DaemonSet pod run on ${f.node} (it writes the configuration into /etc/cni/net.d); the kubelet starts the pod once the network is ready.`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
