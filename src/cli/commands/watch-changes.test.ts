import { describe, expect, it } from 'vitest';
import { pod, service, snapshot, workload } from '../../../test/builders.js';
import type { Diagnosis, Snapshot, TargetRef } from '../../model/index.js';
import { changesBetween, RESOLVED, roundOf, type TargetState } from './watch-changes.js';

function diag(
  target: TargetRef,
  verdict: Diagnosis['verdict'],
  stage: string | null,
  reason: string | null,
): Diagnosis {
  return {
    target,
    verdict,
    stage: stage as Diagnosis['stage'],
    reason: reason as Diagnosis['reason'],
    ruleId: null,
    container: null,
    summary: `${target.name} is ${verdict}`,
    confidence: 'high',
    evidence: [],
    nextSteps: [],
    chain: [],
    notes: [],
  };
}

const SVC: TargetRef = { kind: 'Service', namespace: 'shop', name: 'frontend' };
const DEPLOY: TargetRef = { kind: 'Deployment', namespace: 'shop', name: 'payments' };
const POD: TargetRef = { kind: 'Pod', namespace: 'shop', name: 'web-1' };
const svcFailing = diag(SVC, 'failed', 'service-endpoints', 'NotInEndpoints');
const svcProgressing = diag(SVC, 'progressing', 'service-endpoints', 'NoReadyEndpoints');
const deployFailing = diag(DEPLOY, 'failed', 'admission', 'QuotaExceeded');
const podFailed = diag(POD, 'failed', 'crash', 'CrashLoopBackOff');
const podHealthy = diag(POD, 'healthy', null, null);

const withSvc = snapshot({ services: [service({ name: 'frontend', namespace: 'shop' })] });
const withDeploy = snapshot({
  workloads: [workload({ kind: 'Deployment', name: 'payments', namespace: 'shop' })],
});
const withPod = snapshot({ pods: [pod({ name: 'web-1', namespace: 'shop' })] });
const empty = snapshot();

const FAILED_SVC: TargetState = { verdict: 'failed', stage: 'service-endpoints', reason: 'NotInEndpoints' };

describe('changesBetween (watch lines)', () => {
  const cases: {
    name: string;
    before: [Diagnosis[], Snapshot];
    after: [Diagnosis[], Snapshot];
    want: { from: TargetState | undefined; to: TargetState | undefined }[];
  }[] = [
    {
      name: 'a Service whose finding resolved while it still exists is healthy, not gone',
      before: [[svcFailing], withSvc],
      after: [[], withSvc],
      want: [{ from: FAILED_SVC, to: RESOLVED }],
    },
    {
      name: 'a Service deleted with its finding is gone',
      before: [[svcFailing], withSvc],
      after: [[], empty],
      want: [{ from: FAILED_SVC, to: undefined }],
    },
    {
      name: 'a Service that existed before its first finding comes from healthy, not new',
      before: [[], withSvc],
      after: [[svcFailing], withSvc],
      want: [{ from: RESOLVED, to: FAILED_SVC }],
    },
    {
      name: 'a Service created with a finding is new',
      before: [[], empty],
      after: [[svcProgressing], withSvc],
      want: [
        {
          from: undefined,
          to: { verdict: 'progressing', stage: 'service-endpoints', reason: 'NoReadyEndpoints' },
        },
      ],
    },
    {
      name: 'a workload whose finding resolved is healthy',
      before: [[deployFailing], withDeploy],
      after: [[], withDeploy],
      want: [{ from: { verdict: 'failed', stage: 'admission', reason: 'QuotaExceeded' }, to: RESOLVED }],
    },
    {
      name: 'a pod that left the report is gone even if the evidence still has it (out of scope)',
      before: [[podFailed], withPod],
      after: [[], withPod],
      want: [{ from: { verdict: 'failed', stage: 'crash', reason: 'CrashLoopBackOff' }, to: undefined }],
    },
    {
      name: 'a pod deleted is gone',
      before: [[podHealthy], withPod],
      after: [[], empty],
      want: [{ from: RESOLVED, to: undefined }],
    },
    {
      name: 'nothing changed: no line',
      before: [
        [svcFailing, podHealthy],
        snapshot({ services: [...withSvc.services], pods: [...withPod.pods] }),
      ],
      after: [
        [svcFailing, podHealthy],
        snapshot({ services: [...withSvc.services], pods: [...withPod.pods] }),
      ],
      want: [],
    },
  ];
  it.each(cases)('$name', ({ before, after, want }) => {
    const got = changesBetween(roundOf(...before), roundOf(...after));
    expect(got.map((c) => ({ from: c.from, to: c.to }))).toEqual(want);
  });

  it('keeps the summary of the new diagnosis, and none for a resolved or gone target', () => {
    const [change] = changesBetween(roundOf([], withSvc), roundOf([svcFailing], withSvc));
    expect(change?.summary).toBe('frontend is failed');
    const [resolved] = changesBetween(roundOf([svcFailing], withSvc), roundOf([], withSvc));
    expect(resolved?.summary).toBeUndefined();
  });
});
