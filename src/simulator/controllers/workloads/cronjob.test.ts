import { describe, expect, it } from 'vitest';
import type { WorkloadObj } from '../../world/types.js';
import { cronJobController, everyMinutes } from './cronjob.js';
import { jobController } from './job.js';
import { TestWorld } from './workloads-test-helpers.js';

const cronJob = {
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name: 'report', namespace: 'shop' },
  spec: {
    schedule: '*/5 * * * *',
    jobTemplate: {
      spec: {
        template: {
          spec: {
            restartPolicy: 'OnFailure',
            containers: [{ name: 'report', image: 'ghcr.io/acme/report:1.0' }],
          },
        },
      },
    },
  },
  status: {},
} as unknown as WorkloadObj;

describe('cronjob controller', () => {
  it('parses only every-N-minutes schedules', () => {
    expect(everyMinutes('*/5 * * * *')).toBe(5);
    expect(everyMinutes('* * * * *')).toBe(1);
    expect(everyMinutes('0 3 * * *')).toBeUndefined();
  });

  it('creates a Job at each scheduled minute, named by the minute', () => {
    const w = new TestWorld([cronJobController, jobController]);
    w.apply(cronJob);
    w.run(11 * 60_000);
    const jobs = w.store.list<WorkloadObj>('jobs', 'shop').map((j) => j.metadata.name);
    const start = w.scenario.start / 60_000;
    expect(jobs).toEqual([
      `report-${String(start)}`,
      `report-${String(start + 5)}`,
      `report-${String(start + 10)}`,
    ]);
    expect(w.eventLines('CronJob')).toEqual(jobs.map((j) => `SuccessfulCreate: Created job ${j}`));
    const status = w.store.get<WorkloadObj>('cronjobs', 'shop', 'report')?.status as unknown as {
      active: unknown[];
      lastScheduleTime: string;
    };
    expect(status.lastScheduleTime).toBe('2026-01-01T00:10:00Z');
    expect(status.active).toHaveLength(3);
  });
});
