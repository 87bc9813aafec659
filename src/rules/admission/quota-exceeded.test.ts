import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { at, container, event, pod, resourceQuota, snapshot, workload } from '../../../test/builders.js';
import { rule } from './quota-exceeded.js';

const QUOTA_001 =
  'Error creating: pods hmpps-book-secure-move-api-deployment-staging-544d45c8d5-q5mll is forbidden: exceeded quota: namespace-quota, requested: requests.cpu=20m, used: requests.cpu=40m, limited: requests.cpu=50m';
const failed = (
  message: string,
  opts: { name?: string; kind?: string; count?: number; lastS?: number } = {},
) =>
  event({
    reason: 'FailedCreate',
    kind: opts.kind ?? 'ReplicaSet',
    name: opts.name ?? 'web-7d4',
    message,
    count: opts.count ?? 1,
    lastS: opts.lastS ?? 100,
    source: 'replicaset-controller',
  });
const created = (lastS: number, name = 'web-7d4') =>
  event({
    reason: 'SuccessfulCreate',
    type: 'Normal',
    kind: 'ReplicaSet',
    name,
    message: `Created pod: ${name}-abcde`,
    lastS,
  });
const deploy = workload({ kind: 'Deployment', name: 'web' });
const rs = (conditions: Parameters<typeof workload>[0]['conditions'] = []) =>
  workload({
    kind: 'ReplicaSet',
    name: 'web-7d4',
    owner: { kind: 'Deployment', name: 'web' },
    conditions,
    replicas: 3,
    template: { spec: { containers: [container('app', { resources: { requests: { cpu: '20m' } } })] } },
  });

testRule(rule, {
  valid: [
    {
      name: 'only successful creates',
      snapshot: snapshot({ workloads: [deploy, rs()], events: [created(50)] }),
    },
    {
      name: 'quota failure followed by a successful create is history',
      snapshot: snapshot({
        workloads: [deploy, rs()],
        events: [failed(QUOTA_001, { lastS: 50 }), created(80)],
      }),
    },
    {
      name: 'a pod of the ReplicaSet was created after the failure',
      snapshot: snapshot({
        workloads: [deploy, rs()],
        events: [failed(QUOTA_001, { lastS: 50 })],
        pods: [pod({ name: 'web-7d4-xyz', owner: { kind: 'ReplicaSet', name: 'web-7d4' }, createdS: 90 })],
      }),
    },
    {
      name: 'a LimitRange rejection belongs to another rule',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "web-7d4-" is forbidden: maximum cpu usage per Container is 2, but limit is 4',
          ),
        ],
      }),
    },
    {
      name: 'transient apiserver errors are not admission failures',
      snapshot: snapshot({ events: [failed('Error creating: etcdserver: request timed out')] }),
    },
  ],
  invalid: [
    {
      name: 'real case 001: events only, unquoted pod name',
      snapshot: snapshot({
        events: [failed(QUOTA_001, { name: 'hmpps-book-secure-move-api-deployment-staging-544d45c8d5' })],
      }),
      expect: [
        {
          messageId: 'exceeded',
          reason: 'QuotaExceeded',
          basis: 'events',
          data: {
            quota: 'namespace-quota',
            requested: 'requests.cpu=20m',
            used: 'requests.cpu=40m',
            limited: 'requests.cpu=50m',
            kind: 'ReplicaSet',
          },
        },
      ],
    },
    {
      name: 'ReplicaFailure condition with the quota object in the snapshot',
      snapshot: snapshot({
        workloads: [
          deploy,
          rs([
            {
              type: 'ReplicaFailure',
              status: 'True',
              reason: 'FailedCreate',
              message: QUOTA_001.slice('Error creating: '.length),
              lastTransitionTime: at(10),
            },
          ]),
        ],
        events: [failed(QUOTA_001, { count: 7 })],
        resourceQuotas: [
          resourceQuota({
            name: 'namespace-quota',
            hard: { 'requests.cpu': '50m' },
            used: { 'requests.cpu': '40m' },
          }),
        ],
      }),
      expect: [
        {
          messageId: 'exceeded',
          basis: 'state',
          data: { name: 'web-7d4', attempts: 7 },
          evidenceIncludes: [
            'ResourceQuota namespace-quota used/hard: requests.cpu 40m/50m',
            'ReplicaFailure=True',
            'app: requests cpu=20m',
          ],
        },
      ],
    },
    {
      name: 'failed quota: must specify (current wording), counts of several events merged',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "nginx-7854ff8877-rnkdt" is forbidden: failed quota: qtest: must specify cpu for: nginx; memory for: nginx',
            { lastS: 60 },
          ),
          failed(
            'Error creating: pods "nginx-7854ff8877-9nsgs" is forbidden: failed quota: qtest: must specify cpu for: nginx; memory for: nginx',
            { lastS: 61 },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'mustSpecify',
          data: { quota: 'qtest', resources: 'cpu for: nginx; memory for: nginx', attempts: 2 },
        },
      ],
    },
    {
      name: 'failed quota: must specify (older wording) on a Job',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "backup-x" is forbidden: failed quota: compute-quota: must specify limits.cpu,limits.memory,requests.cpu,requests.memory',
            { kind: 'Job', name: 'backup' },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'mustSpecify',
          data: {
            kind: 'Job',
            quota: 'compute-quota',
            resources: 'limits.cpu,limits.memory,requests.cpu,requests.memory',
          },
        },
      ],
    },
    {
      name: 'StatefulSet wording, newest failure wins over an older webhook denial',
      snapshot: snapshot({
        events: [
          failed(
            'create Pod db-0 in StatefulSet db failed error: admission webhook "x.example.com" denied the request: no',
            { kind: 'StatefulSet', name: 'db', lastS: 10 },
          ),
          failed(
            'create Pod db-0 in StatefulSet db failed error: pods "db-0" is forbidden: exceeded quota: pods-quota, requested: pods=1, used: pods=10, limited: pods=10',
            { kind: 'StatefulSet', name: 'db', lastS: 90 },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'exceeded',
          data: { kind: 'StatefulSet', name: 'db', quota: 'pods-quota', limited: 'pods=10' },
        },
      ],
    },
    {
      name: 'aggregated event message',
      snapshot: snapshot({
        events: [failed(`(combined from similar events): ${QUOTA_001}`, { count: 12 })],
      }),
      expect: [{ messageId: 'exceeded', data: { quota: 'namespace-quota', attempts: 12 } }],
    },
  ],
});

describe('quota next steps and data', () => {
  const DESCRIBE = 'kubectl describe replicaset web-7d4 -n default';
  it.each([
    {
      name: 'exceeded',
      message: QUOTA_001,
      messageId: 'exceeded',
      data: {
        quota: 'namespace-quota',
        requested: 'requests.cpu=20m',
        used: 'requests.cpu=40m',
        limited: 'requests.cpu=50m',
        resources: '',
      },
      steps: [
        'kubectl describe quota namespace-quota -n default',
        "Lower the pod's requests.cpu=20m, free quota by removing unused workloads, or raise quota namespace-quota.",
      ],
    },
    {
      name: 'must specify',
      message:
        'Error creating: pods "backup-x" is forbidden: failed quota: compute-quota: must specify limits.cpu,limits.memory,requests.cpu,requests.memory',
      messageId: 'mustSpecify',
      data: {
        quota: 'compute-quota',
        requested: '',
        used: '',
        limited: '',
        resources: 'limits.cpu,limits.memory,requests.cpu,requests.memory',
      },
      steps: [
        'kubectl describe quota compute-quota -n default',
        'Set limits.cpu,limits.memory,requests.cpu,requests.memory on every container of the pod template, or add a LimitRange with defaults to namespace default.',
      ],
    },
    {
      name: 'scopes: no quota named',
      message:
        'Error creating: pods "web-" is forbidden: insufficient quota to match these scopes: [{PriorityClass In [high]}]',
      messageId: 'scopes',
      data: { quota: '(unnamed)', requested: '', used: '', limited: '', resources: '' },
      steps: [
        'kubectl describe quota -n default',
        'Adjust the pod template or the namespace quotas so that the pod fits a quota.',
      ],
    },
    {
      name: 'status unknown',
      message:
        'Error creating: pods "uikit-1-deploy" is forbidden: status unknown for quota: example, resources: limits.cpu,limits.memory,pods,requests.cpu,requests.memory',
      messageId: 'other',
      data: { quota: 'example', requested: '', used: '', limited: '', resources: '' },
      steps: [
        'kubectl describe quota example -n default',
        'Adjust the pod template or the namespace quotas so that the pod fits a quota.',
      ],
    },
  ])('$name', ({ message, messageId, data, steps }) => {
    const [f, ...rest] = runRule(rule, snapshot({ events: [failed(message)] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(messageId);
    expect(f?.data).toMatchObject({ kind: 'ReplicaSet', name: 'web-7d4', ...data });
    expect(f?.nextSteps).toEqual([DESCRIBE, ...steps]);
  });

  it('shows the resources of the first child that has a pod template', () => {
    const bare = workload({
      kind: 'ReplicaSet',
      name: 'web-9f1',
      owner: { kind: 'Deployment', name: 'web' },
      createdS: 50,
    });
    const [f] = runRule(rule, snapshot({ workloads: [deploy, bare, rs()], events: [failed(QUOTA_001)] }));
    expect(f?.evidence.map((e) => e.text)).toContain(
      'pod template resources: app: requests cpu=20m; limits none',
    );
  });
});
