import { crashCases } from './analyse.js';
import { crashFinding } from './crash-finding.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'crash/exit-zero-loop',
  stage: 'crash',
  target: 'pod',
  title: 'Container exits successfully but is restarted in a loop',
  description:
    'An app container terminates with exit code 0 (reason Completed) under restartPolicy Always, so the kubelet ' +
    'restarts it and eventually backs off: the image runs a command that finishes (a script, a "hello world") ' +
    'where a Deployment expects a long-running process.',
  reasons: ['ExitZeroLoop'],
  graceSeconds: 0,
  needs: ['pods'],
  messages: {
    exitZeroLoop:
      'Container {{container}} exits with code 0 ({{exitReason}}) and restartPolicy {{restartPolicy}} starts it again ({{restarts}} restarts): its process ends instead of staying up.',
  },
  docs: 'docs/rules/crash/exit-zero-loop.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    return crashCases(ctx)
      .filter((c) => c.reason === 'ExitZeroLoop')
      .map((c) =>
        crashFinding(meta, ctx, c, {
          reason: 'ExitZeroLoop',
          messageId: 'exitZeroLoop',
          steps: [
            'Make the container run a long-lived process (a server in the foreground, not a one-shot script or a daemon that forks away); work that is meant to finish belongs in a Job.',
          ],
        }),
      );
  },
} satisfies Rule<'pod'>;
