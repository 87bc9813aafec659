import { crashCases } from './analyse.js';
import { crashFinding } from './crash-finding.js';
import type { Pod } from '../../model/index.js';
import type { Rule } from '../types.js';

/**
 * What follows the fix depends on who runs the pod again: a Job makes new pods until its
 * backoffLimit, the kubelet restarts the container under Always or OnFailure, and a bare pod
 * with restartPolicy Never stays failed.
 */
export function afterFixStep(pod: Pod): string {
  const job = pod.metadata.ownerReferences?.find((o) => o.kind === 'Job' && o.controller !== false);
  if (job !== undefined)
    return `Fix the error the log shows; Job ${job.name} retries with new pods only up to its backoffLimit, so delete or re-create it after the fix.`;
  const policy = pod.spec.restartPolicy ?? 'Always';
  if (policy === 'Never')
    return 'Fix the error the log shows, then create the pod again: with restartPolicy Never nothing restarts it.';
  return `Fix the error the log shows and roll out the fixed image or configuration; until then the kubelet restarts the container (restartPolicy ${policy}).`;
}

const meta = {
  id: 'crash/exit-non-zero',
  stage: 'crash',
  target: 'pod',
  title: 'Container exited with a non-zero code',
  description:
    'An app container terminated with reason Error and a non-zero exit code and is not being restarted in a loop: ' +
    'typically a Job pod with restartPolicy Never that ends in phase Failed, or a container that has just crashed for the first time. ' +
    'Quotes the terminated state and the last log lines. Without any state of the container, a pasted `kubectl logs --previous` ' +
    '(kubectl answers it only for a container that terminated and was restarted) whose last lines report an error shows the same, at low confidence.',
  reasons: ['ExitNonZero'],
  graceSeconds: 0,
  needs: ['pods'],
  messages: {
    exitNonZero: 'Container {{container}} exited with code {{exitCode}} ({{exitReason}}).',
    exitNonZeroPodFailed:
      'Container {{container}} exited with code {{exitCode}} ({{exitReason}}) and, with restartPolicy {{restartPolicy}}, the pod failed.',
    exitPreviousLog:
      'Container {{container}} was restarted after its previous run ended in an error ({{line}}); its exit code and current state are not in the evidence.',
  },
  docs: 'docs/rules/crash/exit-non-zero.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    return crashCases(ctx)
      .filter((c) => c.reason === 'ExitNonZero')
      .map((c) =>
        crashFinding(meta, ctx, c, {
          reason: 'ExitNonZero',
          messageId:
            c.previousLog !== undefined
              ? 'exitPreviousLog'
              : ctx.pod.status.phase === 'Failed'
                ? 'exitNonZeroPodFailed'
                : 'exitNonZero',
          ...(c.previousLog === undefined
            ? {}
            : { data: { line: c.previousLog.slice(0, 200) }, confidence: 'low' as const }),
          steps: [afterFixStep(ctx.pod)],
        }),
      );
  },
} satisfies Rule<'pod'>;
