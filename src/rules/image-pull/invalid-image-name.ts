import { finding } from '../shared/finding.js';
import { pullData, pullFailures, pullNextSteps } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'image-pull/invalid-image-name',
  stage: 'image-pull',
  target: 'pod',
  title: 'Image reference is not a valid name',
  description:
    'The kubelet cannot parse the image reference of a container (waiting reason InvalidImageName, event ' +
    'InspectFailed "Failed to apply default image tag"): upper-case letters, spaces, an empty tag or a stray scheme. ' +
    'Nothing is pulled until the pod template is fixed.',
  reasons: ['InvalidImageName'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    invalidName: 'The image reference "{{image}}" of {{subject}} is not a valid image name ({{detail}}).',
  },
  docs: 'docs/rules/image-pull/invalid-image-name.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    return pullFailures(ctx)
      .filter((f) => f.code === 'InvalidImageName')
      .map((f) =>
        finding(meta, {
          reason: 'InvalidImageName',
          messageId: 'invalidName',
          data: pullData(f),
          basis: f.basis,
          container: f.ref,
          evidence: f.evidence,
          at: f.at,
          nextSteps: pullNextSteps(
            ctx.pod,
            f,
            [],
            'Write the image as [registry/]repository[:tag|@sha256:digest] in lower case, without a scheme or spaces (often a templating value rendered empty or wrong).',
          ),
        }),
      );
  },
} satisfies Rule<'pod'>;
