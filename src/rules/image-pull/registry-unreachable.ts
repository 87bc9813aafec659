import { finding, graceStatus } from '../shared/finding.js';
import { pullData, pullFailures, pullNextSteps } from './analyse.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'image-pull/registry-unreachable',
  stage: 'image-pull',
  target: 'pod',
  title: 'Image registry unreachable from the node',
  description:
    'The kubelet cannot pull a container image because the node cannot reach the registry: DNS lookup fails, ' +
    'connections time out or are refused, the registry answers 5xx, or the runtime reports the registry unavailable. ' +
    'No grace period: the kubelet reported the failed pull (ErrImagePull, then ImagePullBackOff) and retries after a back-off, ' +
    'so it is failed at once even if the registry may come back; a pull still under way is progressing, not this rule.',
  reasons: ['RegistryUnreachable'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    unreachable: 'The node cannot reach the registry to pull {{image}} for {{subject}} ({{detail}}).',
  },
  docs: 'docs/rules/image-pull/registry-unreachable.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod } = ctx;
    return pullFailures(ctx)
      .filter((f) => f.code === 'RegistryUnreachable')
      .map((f) =>
        finding(meta, {
          reason: 'RegistryUnreachable',
          messageId: 'unreachable',
          data: pullData(f),
          status: graceStatus(meta, f.since, ctx.now),
          basis: f.basis,
          container: f.ref,
          evidence: f.evidence,
          at: f.at,
          nextSteps: pullNextSteps(
            pod,
            f,
            f.node === undefined
              ? []
              : [
                  kubectl.describeNode(f.node),
                  kubectl.raw(
                    `debug node/${kubectl.quote(f.node)} -it --image=busybox -- nslookup ${kubectl.quote(registryHost(f.image))}`,
                  ),
                ],
            'Check DNS, firewall and proxy settings between the nodes and the registry (or whether the registry is down); the kubelet retries on its own once it is reachable.',
          ),
        }),
      );
  },
} satisfies Rule<'pod'>;

/** Registry host of an image reference (Docker Hub when the first part is not a host). */
function registryHost(image: string): string {
  const first = image.split('/')[0] ?? '';
  return image.includes('/') && /[.:]|^localhost$/.test(first)
    ? first.replace(/:\d+$/, '')
    : 'registry-1.docker.io';
}
