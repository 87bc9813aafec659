import { crashCases } from './analyse.js';
import { crashFinding } from './crash-finding.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'crash/crash-loop-back-off',
  stage: 'crash',
  target: 'pod',
  title: 'Container keeps crashing (CrashLoopBackOff)',
  description:
    'An app container exits with an error again and again and the kubelet backs off restarting it. ' +
    'Reads the CrashLoopBackOff waiting state, lastState.terminated (exit code and reason), frequent recent restarts, ' +
    '"Back-off restarting failed container" events and the previous log tail. More specific crashes (OOMKilled, ' +
    'killed by a signal, exit 0) and probe-driven restarts are left to their own rules.',
  reasons: ['CrashLoopBackOff'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    crashLoop:
      'Container {{container}} keeps crashing: its last run exited with code {{exitCode}} ({{exitReason}}) and the kubelet backs off restarting it ({{restarts}} restarts).',
    crashLoopNoExit:
      'Container {{container}} is in CrashLoopBackOff ({{restarts}} restarts); its last exit code is not in the evidence.',
    crashLoopEvents:
      'The kubelet is backing off restarting container {{container}} after it failed repeatedly ({{restarts}} back-offs); the exit code is not in the evidence.',
    crashLoopStarts:
      'Container {{container}} keeps restarting ({{restarts}} restarts in its Started events, the last minutes ago); neither its exit code nor a back-off is in the evidence.',
    crashLoopStartsUnnamed:
      'A container of the pod keeps restarting ({{restarts}} restarts in its Started events, the last minutes ago); the evidence names neither the container nor its exit code.',
    crashLoopEventsUnnamed:
      'The kubelet is backing off restarting a failed container of the pod ({{restarts}} back-offs); the events name neither the container nor its exit code.',
  },
  docs: 'docs/rules/crash/crash-loop-back-off.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    return crashCases(ctx)
      .filter((c) => c.reason === 'CrashLoopBackOff')
      .map((c) => {
        const messageId =
          c.status === undefined
            ? c.fromStarts === true
              ? c.container === undefined
                ? 'crashLoopStartsUnnamed'
                : 'crashLoopStarts'
              : c.container === undefined
                ? 'crashLoopEventsUnnamed'
                : 'crashLoopEvents'
            : c.termination === undefined
              ? 'crashLoopNoExit'
              : 'crashLoop';
        return crashFinding(meta, ctx, c, {
          reason: 'CrashLoopBackOff',
          messageId,
          ...(c.confidence === undefined ? {} : { confidence: c.confidence }),
          steps: [
            'Fix the error the previous log shows (a missing setting, an unreachable dependency, a bad argument); the back-off, up to 5 minutes, resets once the container runs for 10 minutes.',
          ],
        });
      });
  },
} satisfies Rule<'pod'>;
