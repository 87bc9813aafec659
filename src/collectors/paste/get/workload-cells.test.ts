import { describe, expect, it } from 'vitest';
import { readHeader } from './table.js';
import { workloadFrom, workloadKindOf } from './workloads.js';

const row = (cells: Record<string, string>) => new Map(Object.entries(cells));

describe('the workload kind of a kubectl get header', () => {
  it.each([
    ['NAME   READY   UP-TO-DATE   AVAILABLE   AGE', 'Deployment'],
    ['NAME   DESIRED   CURRENT   UP-TO-DATE   AVAILABLE   AGE', 'Deployment'],
    ['NAME   DESIRED   CURRENT   READY   AGE', 'ReplicaSet'],
    ['NAME   DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE', 'DaemonSet'],
    ['NAME   READY   AGE', 'StatefulSet'],
    ['NAME   DESIRED   CURRENT   AGE', 'StatefulSet'],
    ['NAME   STATUS   COMPLETIONS   DURATION   AGE', 'Job'],
    ['NAME   DESIRED   SUCCESSFUL   AGE', 'Job'],
    ['NAME   SCHEDULE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE', 'CronJob'],
    // pods, and Flux's kustomizations and helmreleases: READY and AGE, but not workloads.
    ['NAME   READY   STATUS   RESTARTS   AGE', undefined],
    ['NAME   AGE   READY   STATUS', undefined],
    ['NAME   DATA   AGE', undefined],
  ])('%s -> %s', (header, kind) => {
    const h = readHeader(header);
    expect(h).toBeDefined();
    if (h !== undefined) expect(workloadKindOf(h)).toBe(kind);
  });
});

describe('workload rows', () => {
  it.each([
    [
      'Deployment',
      { READY: '1/3', 'UP-TO-DATE': '3', AVAILABLE: '1' },
      { spec: { replicas: 3 }, status: { readyReplicas: 1, updatedReplicas: 3, availableReplicas: 1 } },
    ],
    [
      'Deployment',
      { READY: '12/120', 'UP-TO-DATE': '120', AVAILABLE: '12' },
      { spec: { replicas: 120 }, status: { readyReplicas: 12, updatedReplicas: 120, availableReplicas: 12 } },
    ],
    ['StatefulSet', { DESIRED: '3', CURRENT: '2' }, { spec: { replicas: 3 }, status: { replicas: 2 } }],
    [
      'DaemonSet',
      {
        DESIRED: '12',
        CURRENT: '11',
        READY: '10',
        'UP-TO-DATE': '9',
        AVAILABLE: '8',
        NODESELECTOR: '<none>',
      },
      {
        spec: {},
        status: {
          numberReady: 10,
          desiredNumberScheduled: 12,
          currentNumberScheduled: 11,
          updatedNumberScheduled: 9,
          numberAvailable: 8,
        },
      },
    ],
    [
      'DaemonSet',
      {
        DESIRED: '5',
        CURRENT: '5',
        READY: '3',
        'UP-TO-DATE': '5',
        AVAILABLE: '3',
        NODESELECTOR: 'kubernetes.io/os=linux',
      },
      {
        spec: { template: { spec: { nodeSelector: { 'kubernetes.io/os': 'linux' } } } },
        status: {
          numberReady: 3,
          desiredNumberScheduled: 5,
          currentNumberScheduled: 5,
          updatedNumberScheduled: 5,
          numberAvailable: 3,
        },
      },
    ],
  ])('reads a %s row %j', (kind, cells, object) => {
    expect(workloadFrom(kind, row({ NAME: 'web', ...cells }))).toStrictEqual({ kind, ...object });
  });

  it.each([
    ['ReplicaSet', { DESIRED: '3x', CURRENT: '3', READY: '3' }],
    ['ReplicaSet', { DESIRED: '3', CURRENT: '3', READY: 'Running' }],
    ['Deployment', { READY: '1/3', 'UP-TO-DATE': '-', AVAILABLE: '1' }],
    ['DaemonSet', { DESIRED: '5', CURRENT: '5', READY: '3', 'UP-TO-DATE': '5', AVAILABLE: '<none>' }],
  ])('rejects a %s row with a count that is not a number: %j', (kind, cells) => {
    expect(workloadFrom(kind, row({ NAME: 'web', ...cells }))).toBeUndefined();
  });

  it('reads -o wide CONTAINERS without an IMAGES cell as containers without images', () => {
    expect(
      workloadFrom('Deployment', row({ NAME: 'web', READY: '1/1', CONTAINERS: 'web,sidecar' })),
    ).toStrictEqual({
      kind: 'Deployment',
      spec: { replicas: 1, template: { spec: { containers: [{ name: 'web' }, { name: 'sidecar' }] } } },
      status: { readyReplicas: 1 },
    });
  });
});

describe('job rows', () => {
  it.each([
    ['0/1', { completions: 1 }, 0],
    ['10/10', { completions: 10 }, 10],
    ['3/10', { completions: 10 }, 3],
    ['12/1 of 20', { parallelism: 20 }, 12],
    ['3/1 of 4', { parallelism: 4 }, 3],
  ])('reads COMPLETIONS %j', (completions, spec, succeeded) => {
    expect(
      workloadFrom('Job', row({ NAME: 'migrate', COMPLETIONS: completions, DURATION: '10m' })),
    ).toStrictEqual({
      kind: 'Job',
      spec,
      status: { succeeded },
    });
  });

  it.each(['', '3', '3/', 'x3/10', '3/10x', '3/1 of', '3/1 of 4x', '3/1 of x'])(
    'rejects COMPLETIONS %j',
    (cell) => {
      expect(
        workloadFrom('Job', row({ NAME: 'migrate', COMPLETIONS: cell, DURATION: '10m' })),
      ).toBeUndefined();
    },
  );

  it.each(['Complete', 'Failed', 'Suspended', 'FailureTarget'])(
    'reads STATUS %s as a true condition',
    (st) => {
      expect(workloadFrom('Job', row({ NAME: 'migrate', STATUS: st, COMPLETIONS: '0/1' }))).toStrictEqual({
        kind: 'Job',
        spec: { completions: 1 },
        status: { succeeded: 0, conditions: [{ type: st, status: 'True' }] },
      });
    },
  );

  it.each(['Running', 'Terminating'])('reads STATUS %s as no condition', (st) => {
    expect(workloadFrom('Job', row({ NAME: 'migrate', STATUS: st, COMPLETIONS: '0/1' }))).toStrictEqual({
      kind: 'Job',
      spec: { completions: 1 },
      status: { succeeded: 0 },
    });
  });

  it('reads the old DESIRED SUCCESSFUL layout without conditions', () => {
    expect(workloadFrom('Job', row({ NAME: 'backup', DESIRED: '12', SUCCESSFUL: '10' }))).toStrictEqual({
      kind: 'Job',
      spec: { completions: 12 },
      status: { succeeded: 10 },
    });
  });
});

describe('cronjob rows', () => {
  it.each([
    ['True', { suspend: true }],
    ['False', { suspend: false }],
  ])('reads SUSPEND %s', (suspend, spec) => {
    expect(
      workloadFrom(
        'CronJob',
        row({ NAME: 'nightly', SCHEDULE: '0 2 * * *', SUSPEND: suspend, ACTIVE: '12' }),
      ),
    ).toStrictEqual({ kind: 'CronJob', spec: { schedule: '0 2 * * *', ...spec }, status: { active: 12 } });
  });

  it('leaves suspend unset for a row without a SUSPEND cell', () => {
    expect(
      workloadFrom('CronJob', row({ NAME: 'nightly', SCHEDULE: '*/5 * * * *', ACTIVE: '0' })),
    ).toStrictEqual({
      kind: 'CronJob',
      spec: { schedule: '*/5 * * * *' },
      status: { active: 0 },
    });
  });
});
