import { humanDuration, podStatusColumn } from '../../k8s/index.js';
import type { Evidence } from '../../model/index.js';
import { describePod, hasState, stateEvidence } from '../shared/container-evidence.js';
import { initContainerEntries, isSidecar } from '../shared/containers.js';
import { finding, graceStatus } from '../shared/finding.js';
import {
  awaitingInit,
  INIT_STUCK_GRACE_SECONDS,
  initializedEvidence,
  logTail,
  runningSince,
} from './analyse.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'init-containers/init-stuck',
  stage: 'init-containers',
  target: 'pod',
  title: 'Init container runs without completing',
  description:
    'A run-to-completion init container has been running for more than 10 minutes while the pod is not Initialized ' +
    '(STATUS Init:N/M); it is usually waiting for something that never comes (a Service, a DNS name, a database, a file). ' +
    'Sidecar init containers (restartPolicy: Always) keep running by design and are skipped.',
  reasons: ['InitContainerStuck'],
  graceSeconds: INIT_STUCK_GRACE_SECONDS,
  needs: ['pods', 'logs'],
  messages: {
    stuck:
      'Init container {{container}} has been running for {{duration}} without completing (pod status {{podStatus}}).',
  },
  docs: 'docs/rules/init-containers/init-stuck.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    if (!awaitingInit(pod)) return [];
    const condition = initializedEvidence(pod);
    return initContainerEntries(pod).flatMap((entry) => {
      const status = entry.status;
      if (isSidecar(entry) || !hasState(status) || status.state.running === undefined) return [];
      const since = runningSince(pod, status.state.running.startedAt, status.restartCount);
      const elapsed = since === undefined ? undefined : now - since;
      const last = status.lastState?.terminated;
      // A retry that runs briefly after a failed run (or one whose start and last end the evidence
      // does not give) is init-failed's crash loop until the grace is over.
      const retrying = status.restartCount > 0 && (last === undefined || last.exitCode !== 0);
      if (retrying && (elapsed === undefined || elapsed < INIT_STUCK_GRACE_SECONDS * 1000)) return [];
      const log = logTail(ctx.logs, entry.ref, false);
      const evidence: Evidence[] = [
        stateEvidence(
          entry.ref,
          'state.running',
          `startedAt ${status.state.running.startedAt ?? 'unknown'}`,
          undefined,
        ),
        ...(condition === undefined ? [] : [condition]),
        ...log.evidence,
      ];
      return [
        finding(meta, {
          reason: 'InitContainerStuck',
          messageId: 'stuck',
          data: {
            container: entry.ref.name,
            duration: elapsed === undefined ? 'an unknown time' : humanDuration(elapsed),
            podStatus: podStatusColumn(pod),
            lastLog: log.last,
          },
          // Without a start time the evidence cannot say it is stuck yet.
          status: since === undefined ? 'progressing' : graceStatus(meta, since, now),
          container: entry.ref,
          evidence,
          at: since,
          nextSteps: [
            kubectl.logs(pod.metadata.name, pod.metadata.namespace, entry.ref.name),
            describePod(pod),
            'An init container must exit 0: its log shows what it waits for (a Service, a DNS name, a database, a file); make that available or fix the wait.',
          ],
        }),
      ];
    });
  },
} satisfies Rule<'pod'>;
