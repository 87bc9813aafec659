import { testRule } from '../../../test/rule-tester.js';
import { container, event, limitRange, snapshot, workload } from '../../../test/builders.js';
import { rule } from './limit-range.js';

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
  });

testRule(rule, {
  valid: [
    {
      name: 'quota rejection belongs to another rule',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "web-7d4-" is forbidden: exceeded quota: q, requested: cpu=1, used: cpu=1, limited: cpu=1',
          ),
        ],
      }),
    },
    {
      name: 'LimitRange rejection resolved by a later successful create',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "web-7d4-" is forbidden: maximum cpu usage per Container is 2, but limit is 4',
            { lastS: 10 },
          ),
          event({
            reason: 'SuccessfulCreate',
            type: 'Normal',
            kind: 'ReplicaSet',
            name: 'web-7d4',
            message: 'Created pod: web-7d4-abc',
            lastS: 20,
          }),
        ],
      }),
    },
    {
      name: 'FailedCreate on another workload kind with a transient error',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: Timeout: request did not complete within requested timeout - context deadline exceeded',
            { kind: 'Job', name: 'j' },
          ),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'real case 006: max cpu per Container, request above, old describe',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "hjacobs-test-1668339668-" is forbidden: maximum cpu usage per Container is 16, but request is 17.',
            { name: 'hjacobs-test-1668339668', count: 26 },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'max',
          reason: 'LimitRangeViolation',
          basis: 'events',
          data: {
            resource: 'cpu',
            scope: 'Container',
            enforced: '16',
            field: 'request',
            actual: '17',
            attempts: 26,
          },
        },
      ],
    },
    {
      name: 'real case 007: max cpu per Pod, limit above',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "workspacewvf9n0woalm6b8d5.nodejs-b9d4677d8-sc25r" is forbidden: maximum cpu usage per Pod is 4, but limit is 4800m',
            { name: 'workspacewvf9n0woalm6b8d5.nodejs-b9d4677d8' },
          ),
        ],
        limitRanges: [limitRange({ name: 'workspace-limits', limits: [{ type: 'Pod', max: { cpu: '4' } }] })],
      }),
      expect: [
        {
          messageId: 'max',
          data: { scope: 'Pod', enforced: '4', field: 'limit', actual: '4800m' },
          evidenceIncludes: ['LimitRange workspace-limits: Pod max cpu=4'],
        },
      ],
    },
    {
      name: 'minimum memory with no request, aggregated errors',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "api-" is forbidden: [minimum memory usage per Pod is 64Mi.  No request is specified., maximum cpu usage per Container is 2, but limit is 4]',
            { name: 'api-5c' },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'missing',
          data: { resource: 'memory', scope: 'Pod', enforced: '64Mi', field: 'request' },
        },
      ],
    },
    {
      name: 'limit to request ratio',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "api-" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000',
            { name: 'api-5c' },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'ratio',
          data: { resource: 'cpu', scope: 'Container', enforced: '2', actual: '4.000000' },
        },
      ],
    },
    {
      name: 'request above a defaulted limit, on a Deployment with its template',
      snapshot: snapshot({
        workloads: [
          workload({
            kind: 'Deployment',
            name: 'web',
            template: { spec: { containers: [container('app', { resources: { requests: { cpu: '2' } } })] } },
          }),
          workload({ kind: 'ReplicaSet', name: 'web-7d4', owner: { kind: 'Deployment', name: 'web' } }),
        ],
        events: [
          failed(
            'Error creating: Pod "web-7d4-x" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'requestAboveLimit',
          data: { resource: 'cpu', kind: 'ReplicaSet' },
          evidenceIncludes: ['app: requests cpu=2; limits none'],
        },
      ],
    },
  ],
});
