import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { event, snapshot, workload } from '../../../test/builders.js';
import { rule } from './service-account-missing.js';

const failed = (message: string, opts: { name?: string; kind?: string; lastS?: number } = {}) =>
  event({
    reason: 'FailedCreate',
    kind: opts.kind ?? 'ReplicaSet',
    name: opts.name ?? 'web-7d4',
    namespace: 'shop',
    message,
    lastS: opts.lastS ?? 100,
  });
const MISSING =
  'Error creating: pods "web-7d4-" is forbidden: error looking up service account shop/web-sa: serviceaccount "web-sa" not found';

testRule(rule, {
  valid: [
    {
      name: 'healthy workload',
      snapshot: snapshot({
        workloads: [workload({ kind: 'Deployment', name: 'web', readyReplicas: 1, replicas: 1 })],
      }),
    },
    {
      name: 'service account created afterwards, pod created',
      snapshot: snapshot({
        events: [
          failed(MISSING, { lastS: 10 }),
          event({
            reason: 'SuccessfulCreate',
            type: 'Normal',
            kind: 'ReplicaSet',
            name: 'web-7d4',
            namespace: 'shop',
            message: 'Created pod: web-7d4-a',
            lastS: 60,
          }),
        ],
      }),
    },
    {
      name: 'RBAC denial is the forbidden rule',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "web-7d4-" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods" in API group "" in the namespace "shop"',
          ),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'service account not found',
      snapshot: snapshot({ events: [failed(MISSING)] }),
      expect: [
        {
          messageId: 'missing',
          reason: 'ServiceAccountMissing',
          data: { serviceAccount: 'web-sa', namespace: 'shop' },
        },
      ],
    },
    {
      name: 'older capitalised wording on a Job',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "job-x" is forbidden: Error looking up service account shop/builder: serviceaccount "builder" not found',
            { kind: 'Job', name: 'job' },
          ),
        ],
      }),
      expect: [{ messageId: 'missing', data: { serviceAccount: 'builder', kind: 'Job' } }],
    },
    {
      name: 'old token not yet created',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: No API token found for service account "default", retry after the token is automatically created and added to the service account',
          ),
        ],
      }),
      expect: [{ messageId: 'token', data: { serviceAccount: 'default' } }],
    },
  ],
});

describe('service account data and next steps', () => {
  it.each([
    {
      name: 'missing in another namespace than the event',
      message:
        'Error creating: pods "kube-stresscheck-7f75dbbcb7-" is forbidden: error looking up service account kube-system/kube-stresscheck: serviceaccount "kube-stresscheck" not found.',
      messageId: 'missing',
      data: { serviceAccount: 'kube-stresscheck', namespace: 'kube-system' },
      steps: [
        'kubectl get serviceaccount kube-stresscheck -n kube-system -o yaml',
        'Create it (kubectl create serviceaccount kube-stresscheck -n kube-system) or fix serviceAccountName in the pod template; if a Helm chart should create it, check serviceAccount.create.',
      ],
    },
    {
      name: 'token not created',
      message:
        'Error creating: No API token found for service account "default", retry after the token is automatically created and added to the service account',
      messageId: 'token',
      data: { serviceAccount: 'default', namespace: 'shop' },
      steps: [
        'kubectl get serviceaccount default -n shop -o yaml',
        'Check that kube-controller-manager runs with --service-account-private-key-file so the token controller can create the token.',
      ],
    },
  ])('$name', ({ message, messageId, data, steps }) => {
    const [f, ...rest] = runRule(
      rule,
      snapshot({
        events: [
          event({
            reason: 'FailedCreate',
            kind: 'ReplicaSet',
            name: 'web-7d4',
            namespace: 'shop',
            message,
            lastS: 100,
          }),
        ],
      }),
    );
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(messageId);
    expect(f?.data).toEqual({ kind: 'ReplicaSet', name: 'web-7d4', attempts: 1, ...data });
    expect(f?.nextSteps).toEqual(['kubectl describe replicaset web-7d4 -n shop', ...steps]);
  });
});
