import { describe, expect, it } from 'vitest';
import type { WorkloadObj } from '../../world/types.js';
import { jobController, TRACKING_FINALIZER } from './job.js';
import { TestWorld } from './workloads-test-helpers.js';

const job = (backoffLimit = 6): WorkloadObj =>
  ({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'migrate', namespace: 'shop' },
    spec: {
      backoffLimit,
      template: {
        spec: { restartPolicy: 'Never', containers: [{ name: 'migrate', image: 'flyway/flyway:10' }] },
      },
    },
    status: {},
  }) as unknown as WorkloadObj;

describe('job controller', () => {
  it('completes when its pod succeeds', () => {
    const w = new TestWorld([jobController]);
    const created = w.apply(job());
    w.run(1000);
    const [pod] = w.pods();
    if (pod === undefined) throw new Error('no pod');
    expect(pod.metadata.name).toMatch(/^migrate-\w{5}$/);
    expect(pod.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': created.metadata.uid,
      'batch.kubernetes.io/job-name': 'migrate',
      'controller-uid': created.metadata.uid,
      'job-name': 'migrate',
    });
    expect(pod.metadata.finalizers).toEqual([TRACKING_FINALIZER]);
    w.runPod(pod, 'node-1', '10.244.0.4');
    w.run(20_000);
    w.finishPod(pod, 'Succeeded');
    w.run(1000);
    const j = w.store.get<WorkloadObj>('jobs', 'shop', 'migrate');
    expect(j?.status).toMatchObject({
      succeeded: 1,
      ready: 0,
      startTime: '2026-01-01T00:00:00Z',
      completionTime: '2026-01-01T00:00:21Z',
    });
    expect(j?.status.active).toBeUndefined();
    expect(j?.status.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['SuccessCriteriaMet', 'True', 'CompletionsReached'],
      ['Complete', 'True', 'CompletionsReached'],
    ]);
    expect(w.pods()[0]?.metadata.finalizers).toEqual([]);
    expect(w.eventLines('Job')).toEqual([
      `SuccessfulCreate: Created pod: ${pod.metadata.name}`,
      'Completed: Job completed',
    ]);
  });

  it('backs off 10 s doubling between failed pods and fails at the backoff limit', () => {
    const w = new TestWorld([jobController]);
    w.apply(job(2));
    const created: number[] = [];
    for (let i = 0; i < 3; i++) {
      w.run(1000);
      const pod = w.pods().find((p) => p.status.phase === 'Pending');
      if (pod === undefined) throw new Error(`no pending pod at round ${String(i)}`);
      created.push(Date.parse(pod.metadata.creationTimestamp ?? '') - w.scenario.start);
      w.finishPod(pod, 'Failed');
      w.run(i === 0 ? 10_000 : 20_000);
    }
    // Failures at 1 s and 12 s: replacements 10 s and 20 s later.
    expect(created).toEqual([0, 11_000, 32_000]);
    const j = w.store.get<WorkloadObj>('jobs', 'shop', 'migrate');
    expect(j?.status.failed).toBe(3);
    expect(j?.status.conditions?.map((c) => [c.type, c.reason, c.message])).toEqual([
      ['FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
      ['Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
    ]);
    expect(w.eventLines('Job').at(-1)).toBe(
      'BackoffLimitExceeded: Job has reached the specified backoff limit',
    );
  });
});
