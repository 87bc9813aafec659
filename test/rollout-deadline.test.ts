/**
 * A Deployment past its progressDeadlineSeconds: the deployment controller (real v1.37 text,
 * pkg/controller/deployment/progress.go) declared the rollout failed, so a pod of the timed-out
 * ReplicaSet that a rule still finds within its grace period is failed, not progressing.
 */
import { describe, expect, it } from 'vitest';
import { cond, cstatus, ms, runningPod, snapshot, state, workload } from './builders.js';
import type { WorkloadCondition } from '../src/model/index.js';
import { RULES } from '../src/rules/index.js';
import { diagnose } from '../src/rules/engine/diagnose.js';

/** Running since 3 s, not Ready: readiness/not-ready is progressing for 60 s. */
function unreadyPod(rs: string) {
  return runningPod({
    name: `${rs}-abcde`,
    owner: { kind: 'ReplicaSet', name: rs },
    conditions: [
      cond('PodScheduled', 'True', undefined, undefined, 1),
      cond('Initialized', 'True', undefined, undefined, 2),
      cond('ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [app]', 3),
      cond('Ready', 'False', 'ContainersNotReady', 'containers with unready status: [app]', 3),
    ],
    containerStatuses: [cstatus('app', { state: state.running(3), ready: false, started: true })],
  });
}

const progressing = (reason: string, message: string, status = 'False'): WorkloadCondition => ({
  type: 'Progressing',
  status,
  reason,
  message,
  lastTransitionTime: '2026-01-01T00:00:25Z',
});

const CASES: readonly {
  name: string;
  condition: WorkloadCondition | undefined;
  verdict: 'failed' | 'progressing';
}[] = [
  {
    name: 'ReplicaSet "web-7d9" has timed out progressing (this pod\'s ReplicaSet)',
    condition: progressing('ProgressDeadlineExceeded', 'ReplicaSet "web-7d9" has timed out progressing.'),
    verdict: 'failed',
  },
  {
    name: 'Deployment "web" has timed out progressing (no new ReplicaSet named)',
    condition: progressing('ProgressDeadlineExceeded', 'Deployment "web" has timed out progressing.'),
    verdict: 'failed',
  },
  {
    name: 'another ReplicaSet timed out: not this pod',
    condition: progressing('ProgressDeadlineExceeded', 'ReplicaSet "web-new" has timed out progressing.'),
    verdict: 'progressing',
  },
  {
    name: 'still progressing (ReplicaSetUpdated)',
    condition: progressing('ReplicaSetUpdated', 'ReplicaSet "web-7d9" is progressing.', 'True'),
    verdict: 'progressing',
  },
  { name: 'no Progressing condition', condition: undefined, verdict: 'progressing' },
];

describe('a Deployment past its progress deadline fails the waits of its pods', () => {
  it.each(CASES)('$name → $verdict', ({ condition, verdict }) => {
    const deploy = workload({
      kind: 'Deployment',
      name: 'web',
      ...(condition === undefined ? {} : { conditions: [condition] }),
    });
    const rs = workload({ kind: 'ReplicaSet', name: 'web-7d9', owner: { kind: 'Deployment', name: 'web' } });
    const snap = snapshot({ pods: [unreadyPod('web-7d9')], workloads: [deploy, rs], events: [] });
    const d = diagnose(snap, { now: ms(30), rules: RULES }).diagnoses.find((x) => x.target.kind === 'Pod');
    expect(d?.stage).toBe('readiness');
    expect(d?.reason).toBe('NotReady');
    expect(d?.verdict).toBe(verdict);
    const quoted = d?.evidence.some((e) => e.text.includes('Progressing=False ProgressDeadlineExceeded'));
    expect(quoted).toBe(verdict === 'failed');
    if (verdict === 'failed') expect(d?.notes.join('\n')).toContain('stopped waiting for this rollout');
  });
});
