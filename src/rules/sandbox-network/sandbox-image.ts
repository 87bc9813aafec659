import { kubectl } from '../shared/kubectl.js';
import { sandboxFailures, sandboxFinding } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'sandbox-network/sandbox-image',
  stage: 'sandbox-network',
  target: 'pod',
  title: 'Sandbox (pause) image cannot be pulled',
  description:
    'The container runtime cannot get the sandbox (pause) image it needs before any container: FailedCreatePodSandBox with ' +
    '"failed to get sandbox image "registry.k8s.io/pause:3.9"" (containerd), "failed pulling image "k8s.gcr.io/pause:..."" (dockershim) ' +
    'or "initializing source docker://.../pause:..." (CRI-O). This is the sandbox stage, not image-pull: the app images are not involved. ' +
    'No grace: the pause image is tiny and usually cached, so a failure means the node cannot reach or is not allowed to pull it.',
  reasons: ['SandboxImageFailed'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    sandboxImage: 'The container runtime on {{node}} cannot pull the sandbox image {{image}}: {{detail}}',
  },
  docs: 'docs/rules/sandbox-network/sandbox-image.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = sandboxFailures(ctx).get('sandboxImage');
    if (f === undefined) return [];
    const image = f.error.image ?? 'unknown';
    return [
      sandboxFinding(meta, ctx, f, {
        reason: 'SandboxImageFailed',
        messageId: 'sandboxImage',
        data: { node: f.node, image, detail: f.error.detail },
        nextSteps: [
          kubectl.describeNode(f.node),
          kubectl.podsOnNode(f.node),
          `Make ${image} pullable from ${f.node} (registry access, proxy or a mirror) or pre-load it; the runtime's sandbox image setting (containerd sandbox_image, CRI-O pause_image) decides which image it is.`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
