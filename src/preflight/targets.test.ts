import { describe, expect, it } from 'vitest';
import type { KObject } from '../simulator/world/types.js';
import { cronJobRunName, targetsOf, whatIfInputs } from './targets.js';
import type { InputObject } from './types.js';

const POD_SPEC = { containers: [{ name: 'app', image: 'registry.example.com/app:1.0' }] };
const LABELS = { app: 'web' };
const TEMPLATE = { metadata: { labels: LABELS }, spec: POD_SPEC };

const at = (object: KObject, line = 1): InputObject => ({ object, file: 'k8s/app.yaml', line });
const obj = (
  apiVersion: string,
  kind: string,
  spec: unknown,
  namespace: string | null = 'shop',
): KObject => ({
  apiVersion,
  kind,
  metadata: { name: 'web', ...(namespace === null ? {} : { namespace }) },
  spec,
});

describe('targetsOf', () => {
  it.each([
    ['Deployment', 'apps/v1', { replicas: 3, template: TEMPLATE }, 3],
    ['ReplicaSet', 'apps/v1', { replicas: 2, template: TEMPLATE }, 2],
    ['StatefulSet', 'apps/v1', { replicas: 5, serviceName: 'web', template: TEMPLATE }, 5],
    ['DaemonSet', 'apps/v1', { template: TEMPLATE }, 1],
    ['ReplicationController', 'v1', { replicas: 4, template: TEMPLATE }, 4],
    ['Job', 'batch/v1', { parallelism: 6, replicas: 9, template: TEMPLATE }, 6],
    ['CronJob', 'batch/v1', { schedule: '*/5 * * * *', jobTemplate: { spec: { template: TEMPLATE } } }, 1],
  ])('a %s yields its pod template and %s replicas', (kind, apiVersion, spec, replicas) => {
    const input = at(obj(apiVersion, kind, spec), 7);
    expect(targetsOf([input])).toStrictEqual([
      {
        kind,
        namespace: 'shop',
        name: 'web',
        template: { metadata: { labels: LABELS }, spec: POD_SPEC },
        replicas,
        input,
      },
    ]);
  });

  it('a bare Pod is its own template, with its labels', () => {
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'ml', labels: LABELS },
      spec: POD_SPEC,
    };
    const input = at(pod);
    expect(targetsOf([input])).toStrictEqual([
      {
        kind: 'Pod',
        namespace: 'ml',
        name: 'p',
        template: { metadata: { labels: LABELS }, spec: POD_SPEC },
        replicas: 1,
        input,
      },
    ]);
  });

  it.each([
    ['Deployment', 'apps/v1', { template: TEMPLATE }, 1],
    ['Deployment', 'apps/v1', { replicas: 0, template: TEMPLATE }, 0],
    ['Deployment', 'apps/v1', { replicas: '3', template: TEMPLATE }, 1],
    ['Job', 'batch/v1', { template: TEMPLATE }, 1],
    ['Job', 'batch/v1', { parallelism: 0, template: TEMPLATE }, 0],
    ['Job', 'batch/v1', { replicas: 4, template: TEMPLATE }, 1],
    ['StatefulSet', 'apps/v1', { parallelism: 4, template: TEMPLATE }, 1],
  ])('%s with spec %j counts %s replicas', (kind, apiVersion, spec, replicas) => {
    expect(targetsOf([at(obj(apiVersion, kind, spec))]).map((t) => t.replicas)).toStrictEqual([replicas]);
  });

  it('a template without labels has empty metadata; a manifest without namespace is in default', () => {
    const [t] = targetsOf([at(obj('apps/v1', 'Deployment', { template: { spec: POD_SPEC } }, null))]);
    expect(t?.template).toStrictEqual({ metadata: {}, spec: POD_SPEC });
    expect(t?.namespace).toBe('default');
  });

  it.each([
    ['a Deployment without template', obj('apps/v1', 'Deployment', { replicas: 1 })],
    [
      'a Deployment whose template has no spec',
      obj('apps/v1', 'Deployment', { template: { metadata: { labels: LABELS } } }),
    ],
    ['a Deployment whose template spec is a list', obj('apps/v1', 'Deployment', { template: { spec: [] } })],
    ['a Pod without spec', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop' } }],
    ['a CronJob without jobTemplate', obj('batch/v1', 'CronJob', { schedule: '@daily' })],
    [
      'a CronJob whose jobTemplate has no template',
      obj('batch/v1', 'CronJob', { jobTemplate: { spec: {} } }),
    ],
    [
      'a ConfigMap',
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'shop' }, data: {} },
    ],
    ['a Service with a template-like spec', obj('v1', 'Service', { template: TEMPLATE })],
    [
      'a PodTemplate',
      {
        apiVersion: 'v1',
        kind: 'PodTemplate',
        metadata: { name: 't', namespace: 'shop' },
        template: TEMPLATE,
      },
    ],
  ])('skips %s', (_what, o) => {
    expect(targetsOf([at(o)])).toStrictEqual([]);
  });

  it('keeps input order and skips what makes no pods in between', () => {
    const inputs = [
      at(obj('batch/v1', 'Job', { template: TEMPLATE }), 1),
      at({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'shop' } }, 10),
      at(obj('apps/v1', 'Deployment', { template: TEMPLATE }), 20),
    ];
    expect(targetsOf(inputs).map((t) => [t.kind, t.input.line])).toStrictEqual([
      ['Job', 1],
      ['Deployment', 20],
    ]);
  });
});

describe('cronJobRunName', () => {
  it.each([
    ['backup', 'backup-preflight'],
    ['a'.repeat(42), `${'a'.repeat(42)}-preflight`],
    ['a'.repeat(43), `${'a'.repeat(43)}-prefligh`],
    ['a'.repeat(60), 'a'.repeat(52)],
  ])('%s → %s (at most 52 characters)', (name, run) => {
    expect(cronJobRunName(name)).toBe(run);
    expect(cronJobRunName(name).length).toBeLessThanOrEqual(52);
  });
});

describe('whatIfInputs', () => {
  const cron = (name: string, namespace: string | null, jobTemplate: unknown): KObject => ({
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, ...(namespace === null ? {} : { namespace }) },
    spec: { schedule: '0 3 * * *', jobTemplate },
  });

  it('adds after the input a Job made from each CronJob’s jobTemplate, in its namespace, with the file and line of the CronJob', () => {
    const jobSpec = { backoffLimit: 2, template: TEMPLATE };
    const c = {
      ...at(cron('backup', 'ops', { metadata: { labels: { team: 'ops' } }, spec: jobSpec }), 12),
      file: 'cron.yaml',
    };
    const other = at(obj('apps/v1', 'Deployment', { template: TEMPLATE }), 1);
    const out = whatIfInputs([c, other]);
    expect(out.slice(0, 2)).toStrictEqual([c, other]);
    expect(out).toHaveLength(3);
    expect(out[2]).toStrictEqual({
      file: 'cron.yaml',
      line: 12,
      object: {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { labels: { team: 'ops' }, name: 'backup-preflight', namespace: 'ops' },
        spec: jobSpec,
      },
    });
    // a copy: the what-if may change it without changing the input
    expect(out[2]?.object.spec).not.toBe(jobSpec);
  });

  it('a jobTemplate’s own name and namespace give way to the run’s', () => {
    const c = at(
      cron('report', 'shop', {
        metadata: { name: 'x', namespace: 'elsewhere' },
        spec: { template: TEMPLATE },
      }),
    );
    expect(whatIfInputs([c])[1]?.object.metadata).toStrictEqual({
      name: 'report-preflight',
      namespace: 'shop',
    });
  });

  it('a CronJob without namespace makes a Job without namespace; a long name is cut at 52', () => {
    const long = 'nightly-database-backup-with-a-very-long-name-x';
    const c = at(cron(long, null, { spec: { template: TEMPLATE } }));
    expect(whatIfInputs([c])[1]?.object.metadata).toStrictEqual({ name: `${long}-preflight`.slice(0, 52) });
    expect(whatIfInputs([c])[1]?.object.metadata.name).toHaveLength(52);
  });

  it('a CronJob without jobTemplate and other kinds add nothing', () => {
    const inputs = [at(cron('x', 'shop', undefined)), at(obj('batch/v1', 'Job', { template: TEMPLATE }))];
    expect(whatIfInputs(inputs)).toStrictEqual(inputs);
  });
});
