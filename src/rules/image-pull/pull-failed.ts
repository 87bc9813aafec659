import { graceStatus, finding } from '../shared/finding.js';
import { pullData, pullFailures, pullNextSteps, type PullFailure } from './analyse.js';
import { kubectl } from '../shared/kubectl.js';
import type { Pod } from '../../model/index.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'image-pull/pull-failed',
  stage: 'image-pull',
  target: 'pod',
  title: 'Image pull rejected: not found, unauthorized, rate limited, TLS, or back-off',
  description:
    'The kubelet cannot pull a container image (ErrImagePull / ImagePullBackOff) and the registry or runtime gave a definite answer: ' +
    'the image does not exist, the pull is not authorized, the registry rate-limits the node, or its TLS certificate is not trusted. ' +
    'A back-off whose cause the evidence does not state is reported as PullBackOff. Init containers are included.',
  reasons: ['ImageNotFound', 'RegistryUnauthorized', 'RateLimited', 'RegistryTLS', 'PullBackOff'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    notFound: 'The image {{image}} of {{subject}} does not exist in the registry ({{detail}}).',
    unauthorized:
      'The registry refused to serve {{image}} for {{subject}}: the pull is not authorized ({{detail}}).',
    missingOrPrivate:
      'The registry refused {{image}} for {{subject}}: either the repository does not exist (check the name) or it is private and the pod has no pull credentials for it.',
    rateLimited: 'The registry rate-limited the pull of {{image}} for {{subject}} ({{detail}}).',
    tls: 'The node does not trust the registry serving {{image}} for {{subject}}: {{detail}}.',
    signature: 'The runtime rejected {{image}} for {{subject}}: its signature did not validate ({{cause}}).',
    backOff: 'The kubelet cannot pull {{image}} for {{subject}} and is backing off: {{cause}}.',
  },
  docs: 'docs/rules/image-pull/pull-failed.md',
} as const;

type Handled = 'ImageNotFound' | 'RegistryUnauthorized' | 'RateLimited' | 'RegistryTLS' | 'PullBackOff';
const HANDLED = new Set<string>(meta.reasons);

function isHandled(f: PullFailure): f is PullFailure & { code: Handled } {
  return HANDLED.has(f.code);
}

function messageId(f: PullFailure & { code: Handled }): keyof typeof meta.messages {
  switch (f.code) {
    case 'ImageNotFound':
      return 'notFound';
    case 'RegistryUnauthorized':
      return f.missingOrPrivate ? 'missingOrPrivate' : 'unauthorized';
    case 'RateLimited':
      return 'rateLimited';
    case 'RegistryTLS':
      return 'tls';
    case 'PullBackOff':
      return f.waitingReason === 'SignatureValidationFailed' ? 'signature' : 'backOff';
  }
}

/** Where pull credentials come from: the pod, its service account, docker-registry secrets. */
function pullSecretSteps(pod: Pod): string[] {
  const ns = kubectl.nsFlag(pod.metadata.namespace);
  const sa = pod.spec.serviceAccountName ?? 'default';
  return [
    kubectl.raw(`get pod ${kubectl.quote(pod.metadata.name)}${ns} -o jsonpath='{.spec.imagePullSecrets}'`),
    kubectl.raw(`get serviceaccount ${kubectl.quote(sa)}${ns} -o jsonpath='{.imagePullSecrets}'`),
    kubectl.raw(`get secrets${ns} --field-selector type=kubernetes.io/dockerconfigjson`),
  ];
}

/** Asks the registry directly, from a workstation, whether the reference resolves. */
function manifestStep(image: string): string {
  const ref = kubectl.quote(image || 'IMAGE');
  return `crane manifest ${ref}   # or: docker manifest inspect ${ref}`;
}

function steps(pod: Pod, f: PullFailure & { code: Handled }): string[] {
  const node = f.node;
  switch (f.code) {
    case 'ImageNotFound':
      return pullNextSteps(
        pod,
        f,
        [manifestStep(f.image)],
        'Fix the repository or tag in the pod template, or push the missing tag.',
      );
    case 'RegistryUnauthorized':
      return f.missingOrPrivate
        ? pullNextSteps(
            pod,
            f,
            [manifestStep(f.image), ...pullSecretSteps(pod)],
            'Check the image name and tag first; if the repository is private, add an imagePullSecret with credentials for its registry.',
          )
        : pullNextSteps(
            pod,
            f,
            pullSecretSteps(pod),
            'Create a docker-registry secret with credentials for this registry and list it in imagePullSecrets (or on the service account).',
          );
    case 'RateLimited':
      return pullNextSteps(
        pod,
        f,
        pullSecretSteps(pod),
        'Authenticate pulls with an imagePullSecret, or mirror the image to your own registry or a pull-through cache; anonymous limits reset only over hours.',
      );
    case 'RegistryTLS':
      return pullNextSteps(
        pod,
        f,
        node === undefined ? [] : [kubectl.describeNode(node)],
        "Make every node's container runtime trust the registry's CA (containerd: certs.d/<host>/hosts.toml) or serve a valid certificate.",
      );
    case 'PullBackOff':
      return pullNextSteps(
        pod,
        f,
        [kubectl.events('Pod', pod.metadata.name, pod.metadata.namespace)],
        'Read the pull error in the events and fix its cause; the kubelet keeps retrying with back-off.',
      );
  }
}

export const rule = {
  meta,
  evaluate(ctx) {
    return pullFailures(ctx)
      .filter(isHandled)
      .map((f) =>
        finding(meta, {
          reason: f.code,
          messageId: messageId(f),
          data: pullData(f),
          status: graceStatus(meta, f.since, ctx.now),
          basis: f.basis,
          container: f.ref,
          evidence: f.evidence,
          at: f.at,
          nextSteps: steps(ctx.pod, f),
        }),
      );
  },
} satisfies Rule<'pod'>;
