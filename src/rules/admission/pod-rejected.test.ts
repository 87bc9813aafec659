import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { event, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule } from './pod-rejected.js';

/** A pod that was never created: only its name is known (from the client's error). */
const neverCreated: Pod = {
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'default' },
  spec: { containers: [] },
  status: {},
};

testRule(rule, {
  valid: [
    { name: 'healthy pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'the pod exists, so an old denial is history',
      snapshot: snapshot({
        pods: [pod({ phase: 'Pending' })],
        events: [
          event({
            reason: 'FailedCreate',
            message:
              'pods "web-1" is forbidden: exceeded quota: q, requested: cpu=1, used: cpu=1, limited: cpu=1',
          }),
        ],
      }),
    },
    {
      name: 'a transient error says nothing about admission',
      snapshot: snapshot({
        events: [event({ reason: 'FailedCreate', message: 'etcdserver: request timed out' })],
      }),
    },
  ],
  invalid: [
    {
      name: 'apply-time quota denial of a bare pod',
      snapshot: snapshot({
        pods: [neverCreated],
        events: [
          event({
            reason: 'FailedCreate',
            message:
              'error when creating "pod.yaml": pods "web-1" is forbidden: exceeded quota: compute-quota, requested: limits.cpu=2, used: limits.cpu=3, limited: limits.cpu=4',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected', reason: 'QuotaExceeded', data: { name: 'web-1' } }],
    },
    {
      name: 'PodSecurity denial known only from the event',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedCreate',
            message:
              'pods "web-1" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected', reason: 'PodSecurityViolation' }],
    },
    {
      name: 'webhook denial',
      snapshot: snapshot({
        pods: [neverCreated],
        events: [
          event({
            reason: 'FailedCreate',
            message:
              'admission webhook "validate.kyverno.svc" denied the request: policy require-labels failed',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected', reason: 'WebhookDenied' }],
    },
  ],
});

describe('pod-rejected next steps, basis and time', () => {
  const CAN_I = 'kubectl auth can-i create pods -n default';
  const CHANGE =
    'Change the pod so that it satisfies the policy the error names, then apply it again; a server-side dry run (kubectl apply --dry-run=server -f FILE) checks admission without creating anything.';
  it.each([
    {
      name: 'quota: the quotas first',
      message:
        'error when creating "pod.yaml": pods "web-1" is forbidden: exceeded quota: compute-quota, requested: limits.cpu=2, used: limits.cpu=3, limited: limits.cpu=4',
      reason: 'QuotaExceeded',
      detail:
        'exceeded quota: compute-quota, requested: limits.cpu=2, used: limits.cpu=3, limited: limits.cpu=4',
      steps: ['kubectl describe quota -n default', CAN_I, CHANGE],
    },
    {
      name: 'LimitRange: the LimitRanges first',
      message: 'pods "web-1" is forbidden: maximum cpu usage per Container is 2, but limit is 4',
      reason: 'LimitRangeViolation',
      detail: 'maximum cpu usage per Container is 2, but limit is 4',
      steps: ['kubectl describe limitrange -n default', CAN_I, CHANGE],
    },
    {
      name: 'webhook: no object to describe',
      message: 'admission webhook "validate.kyverno.svc" denied the request: policy require-labels failed',
      reason: 'WebhookDenied',
      detail: 'admission webhook "validate.kyverno.svc" denied the request: policy require-labels failed',
      steps: [CAN_I, CHANGE],
    },
  ])('$name', ({ message, reason, detail, steps }) => {
    const [f, ...rest] = runRule(
      rule,
      snapshot({
        pods: [neverCreated],
        events: [event({ reason: 'FailedCreate', message, firstS: 10, lastS: 100 })],
      }),
    );
    expect(rest).toEqual([]);
    expect(f?.reason).toBe(reason);
    expect(f?.data).toEqual({ name: 'web-1', reason, detail });
    expect(f?.basis).toBe('events');
    expect(f?.evidence.length).toBe(1);
    expect(f?.at).toBe(ms(100));
    expect(f?.nextSteps).toEqual(steps);
  });

  it('a pod with conditions was created', () => {
    const seen: Pod = {
      ...neverCreated,
      status: { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] },
    };
    const message = 'pods "web-1" is forbidden: maximum cpu usage per Container is 2, but limit is 4';
    expect(
      runRule(rule, snapshot({ pods: [seen], events: [event({ reason: 'FailedCreate', message })] })),
    ).toEqual([]);
  });
});
