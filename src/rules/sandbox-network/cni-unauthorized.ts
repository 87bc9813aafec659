import { kubectl } from '../shared/kubectl.js';
import { sandboxFailures, sandboxFinding } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'sandbox-network/cni-unauthorized',
  stage: 'sandbox-network',
  target: 'pod',
  title: 'CNI plugin credentials rejected by the API server',
  description:
    'The CNI plugin cannot talk to the API server while setting up the pod network: FailedCreatePodSandBox with ' +
    '"error getting ClusterInformation: connection is unauthorized: Unauthorized" (Calico) or another Unauthorized/forbidden answer ' +
    'inside the CNI error. Its token (usually in the CNI kubeconfig under /etc/cni/net.d) expired or was revoked. Definite: no grace, ' +
    'every retry fails the same way until the credentials are renewed.',
  reasons: ['CNIUnauthorized'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    cniUnauthorized:
      'CNI plugin {{plugin}} on {{node}} is not authorized by the API server, so it cannot set up the pod network: {{detail}}',
    cniUnauthorizedUnnamed:
      'The CNI plugin on {{node}} is not authorized by the API server, so it cannot set up the pod network: {{detail}}',
  },
  docs: 'docs/rules/sandbox-network/cni-unauthorized.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = sandboxFailures(ctx).get('cniUnauthorized');
    if (f === undefined) return [];
    const { plugin, detail } = f.error;
    const named = plugin !== undefined && plugin !== 'cni';
    const agent =
      plugin === 'calico'
        ? kubectl.raw('get pods -A -l k8s-app=calico-node -o wide')
        : kubectl.podsOnNode(f.node);
    return [
      sandboxFinding(meta, ctx, f, {
        reason: 'CNIUnauthorized',
        messageId: named ? 'cniUnauthorized' : 'cniUnauthorizedUnnamed',
        data: named ? { plugin, node: f.node, detail } : { node: f.node, detail },
        nextSteps: [
          agent,
          kubectl.describe('pod', ctx.pod.metadata.name, ctx.pod.metadata.namespace),
          `Restart the ${named ? plugin : 'CNI'} agent pod on ${f.node} so it writes a fresh token into its CNI kubeconfig (and upgrade it if its token refresh is broken); the kubelet then retries the sandbox.`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
