import { finding } from '../shared/finding.js';
import { pullData, pullFailures, pullNextSteps } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'image-pull/never-pull',
  stage: 'image-pull',
  target: 'pod',
  title: 'Image missing on the node and imagePullPolicy is Never',
  description:
    'The container has imagePullPolicy: Never and its image is not on the node, so the kubelet refuses to pull it ' +
    '(waiting reason ErrImageNeverPull, event "Container image … is not present with pull policy of Never").',
  reasons: ['NeverPullMissing'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    neverPull:
      'The image {{image}} of {{subject}} is not present on {{node}} and imagePullPolicy is Never, so the kubelet will not pull it.',
  },
  docs: 'docs/rules/image-pull/never-pull.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod } = ctx;
    return pullFailures(ctx)
      .filter((f) => f.code === 'NeverPullMissing')
      .map((f) => {
        const node = f.node === undefined ? 'the node' : `node ${f.node}`;
        return finding(meta, {
          reason: 'NeverPullMissing',
          messageId: 'neverPull',
          data: { ...pullData(f), node },
          basis: f.basis,
          container: f.ref,
          evidence: f.evidence,
          at: f.at,
          nextSteps: pullNextSteps(
            pod,
            f,
            [],
            'Set imagePullPolicy to IfNotPresent (Never only suits images preloaded on every node, e.g. kind load / minikube image load), or load the image onto the node.',
          ),
        });
      });
  },
} satisfies Rule<'pod'>;
