import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
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

describe('LimitRange template evidence', () => {
  it('shows the resources of the first child that has a pod template', () => {
    const bare = workload({
      kind: 'ReplicaSet',
      name: 'web-9f1',
      owner: { kind: 'Deployment', name: 'web' },
      createdS: 50,
    });
    const rs = workload({
      kind: 'ReplicaSet',
      name: 'web-7d4',
      owner: { kind: 'Deployment', name: 'web' },
      template: { spec: { containers: [container('app', { resources: { limits: { cpu: '4' } } })] } },
    });
    const [f] = runRule(
      rule,
      snapshot({
        workloads: [workload({ kind: 'Deployment', name: 'web' }), bare, rs],
        events: [
          failed(
            'Error creating: pods "web-7d4-" is forbidden: maximum cpu usage per Container is 2, but limit is 4',
          ),
        ],
      }),
    );
    expect(f?.evidence.map((e) => e.text)).toContain(
      'pod template resources: app: requests none; limits cpu=4',
    );
  });
});

describe('LimitRange data and next steps', () => {
  const deploy = workload({ kind: 'Deployment', name: 'web' });
  const rs = workload({
    kind: 'ReplicaSet',
    name: 'web-7d4',
    owner: { kind: 'Deployment', name: 'web' },
    template: { spec: { containers: [container('app', { resources: { limits: { cpu: '4' } } })] } },
  });
  const change = (what: string) =>
    `Change the pod template's ${what} to fit the LimitRange, or ask the namespace owner to change the LimitRange.`;
  it.each([
    {
      name: 'maximum',
      message:
        'Error creating: pods "web-7d4-" is forbidden: maximum cpu usage per Container is 2, but limit is 4',
      messageId: 'max',
      data: { resource: 'cpu', scope: 'Container', enforced: '2', field: 'limit', actual: '4' },
      fix: change('cpu limit'),
    },
    {
      name: 'minimum',
      message:
        'Error creating: pods "rails-ex-1-" is forbidden: [minimum cpu usage per Pod is 39m, but request is 11m., minimum memory usage per Pod is 204Mi, but request is 62914560., minimum cpu usage per Container is 39m, but request is 11m., minimum memory usage per Container is 204Mi, but request is 60Mi.]',
      messageId: 'min',
      data: { resource: 'cpu', scope: 'Pod', enforced: '39m', field: 'request', actual: '11m' },
      fix: change('cpu request'),
    },
    {
      name: 'missing request',
      message:
        'Error creating: pods "api-" is forbidden: [minimum memory usage per Pod is 64Mi.  No request is specified., maximum cpu usage per Container is 2, but limit is 4]',
      messageId: 'missing',
      data: { resource: 'memory', scope: 'Pod', enforced: '64Mi', field: 'request', actual: '' },
      fix: change('memory request'),
    },
    {
      name: 'ratio',
      message:
        'Error creating: pods "api-" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000',
      messageId: 'ratio',
      data: { resource: 'cpu', scope: 'Container', enforced: '2', field: 'limit', actual: '4.000000' },
      fix: change('cpu requests/limits'),
    },
    {
      name: 'request above limit',
      message:
        'Error creating: Pod "web-7d4-x" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
      messageId: 'requestAboveLimit',
      data: { resource: 'cpu', scope: 'Container', enforced: '', field: 'limit', actual: '' },
      fix: 'Set an explicit cpu limit at or above the request in the pod template, or raise the LimitRange default for cpu.',
    },
  ])('$name', ({ message, messageId, data, fix }) => {
    const [f, ...rest] = runRule(rule, snapshot({ workloads: [deploy, rs], events: [failed(message)] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(messageId);
    expect(f?.data).toEqual({ kind: 'ReplicaSet', name: 'web-7d4', attempts: 1, ...data });
    expect(f?.nextSteps).toEqual([
      'kubectl describe replicaset web-7d4 -n default',
      'kubectl describe limitrange -n default',
      fix,
    ]);
    expect(f?.evidence.map((e) => e.text)).toContain(
      'pod template resources: app: requests none; limits cpu=4',
    );
  });
});
