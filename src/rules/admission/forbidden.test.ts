import { testRule } from '../../../test/rule-tester.js';
import { event, snapshot, workload } from '../../../test/builders.js';
import { rule } from './forbidden.js';

/** `kubectl describe deployment` prints a ReplicaFailure condition without its message. */
const replicaFailure = (message?: string) => ({
  type: 'ReplicaFailure',
  status: 'True',
  reason: 'FailedCreate',
  ...(message === undefined ? {} : { message }),
});

const failed = (message: string, opts: { name?: string; kind?: string; lastS?: number } = {}) =>
  event({
    reason: 'FailedCreate',
    kind: opts.kind ?? 'ReplicaSet',
    name: opts.name ?? 'web-7d4',
    namespace: 'shop',
    message,
    lastS: opts.lastS ?? 100,
  });

testRule(rule, {
  valid: [
    { name: 'nothing failed', snapshot: snapshot({ events: [] }) },
    {
      name: 'specific reasons go to their own rules',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "x" is forbidden: violates PodSecurity "baseline:latest": privileged (container "a" must not set securityContext.privileged=true)',
          ),
        ],
      }),
    },
    {
      name: 'a Deployment condition without message defers to its ReplicaSet condition that says why',
      snapshot: snapshot({
        workloads: [
          workload({ kind: 'Deployment', name: 'web', conditions: [replicaFailure()] }),
          workload({
            kind: 'ReplicaSet',
            name: 'web-7d4',
            owner: { kind: 'Deployment', name: 'web' },
            conditions: [
              replicaFailure(
                'pods "web-7d4-" is forbidden: exceeded quota: q, requested: pods=1, used: pods=3, limited: pods=3',
              ),
            ],
          }),
        ],
      }),
    },
    {
      name: 'an empty error is a webhook denial, not an unstated one',
      snapshot: snapshot({ events: [failed('Error creating: ')] }),
    },
    {
      name: 'conflicts and timeouts are not admission failures',
      snapshot: snapshot({ events: [failed('Error creating: pods "web-7d4-abc" already exists')] }),
    },
  ],
  invalid: [
    {
      name: 'RBAC for the controller',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "web-7d4-" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods" in API group "" in the namespace "shop"',
          ),
        ],
      }),
      expect: [{ messageId: 'rbac', reason: 'Forbidden' }],
    },
    {
      name: 'namespace terminating',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "web-7d4-" is forbidden: unable to create new content in namespace shop because it is being terminated',
          ),
        ],
      }),
      expect: [{ messageId: 'namespaceTerminating', data: { namespace: 'shop' } }],
    },
    {
      name: 'validation error',
      snapshot: snapshot({
        events: [
          failed('Error creating: Pod "web-7d4-x" is invalid: spec.containers[0].image: Required value', {
            kind: 'Job',
            name: 'web',
          }),
        ],
      }),
      expect: [{ messageId: 'invalid', data: { kind: 'Job' } }],
    },
    {
      name: 'describe deployment: ReplicaFailure FailedCreate whose message describe does not print',
      snapshot: snapshot({
        workloads: [
          workload({
            kind: 'Deployment',
            name: 'checkout',
            namespace: 'shop',
            conditions: [replicaFailure()],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'unstated',
          reason: 'Forbidden',
          basis: 'state',
          data: { kind: 'Deployment', name: 'checkout', detail: 'ReplicaFailure: FailedCreate' },
          evidenceIncludes: ['Deployment checkout: ReplicaFailure=True FailedCreate'],
        },
      ],
    },
    {
      name: 'a specific error wins over an empty one',
      snapshot: snapshot({
        events: [
          failed('Error creating: ', { lastS: 200 }),
          failed('Error creating: pods "web-7d4-" is forbidden: cannot set blockOwnerDeletion', {
            lastS: 100,
          }),
        ],
      }),
      expect: [{ messageId: 'forbidden' }],
    },
    {
      name: 'other admission plugin',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "web-7d4-" is forbidden: cannot set blockOwnerDeletion if an ownerReference refers to a resource you can\'t set finalizers on',
          ),
        ],
      }),
      expect: [{ messageId: 'forbidden' }],
    },
  ],
});
