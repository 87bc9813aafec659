import { testRule } from '../../../test/rule-tester.js';
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
