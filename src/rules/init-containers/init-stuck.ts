import { humanDuration, podStatusColumn } from '../../k8s/index.js';
import { UNNAMED_CONTAINER, type Evidence } from '../../model/index.js';
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
import { initLogEnd, statelessInitLogs } from './init-log.js';
import { kubectl } from '../shared/kubectl.js';
import type { PodContext, Rule } from '../types.js';

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
    waitingLog:
      'Init container {{container}} keeps waiting, so the app containers never start: {{lastLog}} (how long it has waited is not in the evidence).',
    podInitializing:
      'The pod waits for its init containers{{which}} to finish (its app containers are PodInitializing); their state is not in the evidence.',
  },
  docs: 'docs/rules/init-containers/init-stuck.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    if (!awaitingInit(pod)) return [];
    const condition = initializedEvidence(pod);
    const entries = initContainerEntries(pod);
    if (!entries.some((e) => hasState(e.status))) return stateless(ctx, condition);
    return entries.flatMap((entry) => {
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

/**
 * No init container's state in the evidence: a log that keeps waiting is that init container
 * stuck; app containers on PodInitializing with no init container log at all are the pod waiting
 * on init containers the text does not show. Either has no start time: failed, duration unknown.
 */
function stateless(ctx: PodContext, condition: Evidence | undefined): ReturnType<Rule<'pod'>['evaluate']> {
  const { pod } = ctx;
  const logs = statelessInitLogs(pod, ctx.logs);
  const steps = (container: string | undefined): string[] => [
    ...(container === undefined ? [] : [kubectl.logs(pod.metadata.name, pod.metadata.namespace, container)]),
    describePod(pod),
    'An init container must exit 0: its log shows what it waits for (a Service, a DNS name, a database, a Job); make that available or fix the wait.',
  ];
  const waiting = logs.filter((l) => initLogEnd(l.lines) === 'waiting');
  if (waiting.length > 0)
    return waiting.map((l) => {
      const ref = { name: l.container || UNNAMED_CONTAINER, type: 'init' as const };
      const log = logTail([{ ...l, container: ref.name }], ref, l.previous);
      return finding(meta, {
        reason: 'InitContainerStuck',
        messageId: 'waitingLog',
        data: { container: ref.name, lastLog: log.last },
        basis: 'events',
        confidence: 'low',
        container: ref,
        evidence: [...(condition === undefined ? [] : [condition]), ...log.evidence],
        nextSteps: steps(l.container || undefined),
      });
    });
  // A log that ended otherwise (an error is init-failed's, an arrival is no wait) says more than the pod's state.
  if (logs.length > 0) return [];
  const initializing = (pod.status.containerStatuses ?? []).filter(
    (s) => s.state?.waiting?.reason === 'PodInitializing',
  );
  if (initializing.length === 0) return [];
  const names = initContainerEntries(pod).map((e) => e.ref.name);
  return [
    finding(meta, {
      reason: 'InitContainerStuck',
      messageId: 'podInitializing',
      data: { which: names.length === 0 ? '' : ` (${names.join(', ')})`, podStatus: podStatusColumn(pod) },
      confidence: 'low',
      evidence: [
        ...initializing.map((s) =>
          stateEvidence({ name: s.name, type: 'app' }, 'state.waiting', 'PodInitializing', undefined),
        ),
        ...(condition === undefined ? [] : [condition]),
      ],
      nextSteps: steps(names.length === 1 ? names[0] : undefined),
    }),
  ];
}
