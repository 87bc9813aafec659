import { configFailures } from './analyse.js';
import { containerJsonPath, containerSubject, describePod } from '../shared/container-evidence.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'container-config/run-as-non-root',
  stage: 'container-config',
  target: 'pod',
  title: 'runAsNonRoot set but the image runs as root',
  description:
    'The pod or container sets securityContext.runAsNonRoot: true, and the kubelet cannot verify a non-root user: the ' +
    'image runs as UID 0, or its USER is a name rather than a number (CreateContainerConfigError).',
  reasons: ['RunAsNonRoot'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    root: 'The kubelet refuses to create {{subject}}: runAsNonRoot is set but the image would run as root (UID 0).',
    nonNumeric:
      'The kubelet refuses to create {{subject}}: runAsNonRoot is set but the image user "{{user}}" is not numeric, so it cannot verify the user is not root.',
  },
  docs: 'docs/rules/container-config/run-as-non-root.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod } = ctx;
    return configFailures(ctx)
      .filter((f) => f.cls.code === 'RunAsNonRoot')
      .map((f) => {
        const image = f.spec?.image;
        return finding(meta, {
          reason: 'RunAsNonRoot',
          messageId: f.cls.user === undefined ? 'root' : 'nonNumeric',
          data: { container: f.ref?.name ?? '', subject: containerSubject(f.ref), user: f.cls.user ?? '' },
          basis: f.basis,
          ...(f.sibling === undefined ? {} : { confidence: 'low' as const }),
          container: f.ref,
          evidence: f.evidence,
          at: f.at,
          nextSteps: [
            describePod(pod),
            kubectl.raw(
              `get pod ${kubectl.quote(pod.metadata.name)}${kubectl.nsFlag(pod.metadata.namespace)} -o jsonpath='{.spec.securityContext}'`,
            ),
            containerJsonPath(pod, f.ref, 'securityContext'),
            ...(image === undefined ? [] : [`crane config ${kubectl.quote(image)} | jq .config.User`]),
            'Set securityContext.runAsUser to a non-zero UID (for example 1000), or build the image with a numeric non-root USER.',
          ],
        });
      });
  },
} satisfies Rule<'pod'>;
