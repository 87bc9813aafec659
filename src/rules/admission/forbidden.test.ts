import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
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

describe('forbidden next steps and data', () => {
  const DESCRIBE = 'kubectl describe replicaset web-7d4 -n shop';
  const EVENTS =
    'kubectl get events -n shop --field-selector involvedObject.kind=ReplicaSet,involvedObject.name=web-7d4';
  it.each([
    {
      name: 'RBAC',
      message:
        'Error creating: pods "web-7d4-" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods" in API group "" in the namespace "shop"',
      messageId: 'rbac',
      detail:
        'User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods" in API group "" in the namespace "shop"',
      steps: [
        DESCRIBE,
        EVENTS,
        'Restore the RBAC the controller needs (for built-in controllers, the system:controller:* ClusterRoles and bindings).',
      ],
    },
    {
      name: 'namespace being deleted',
      message:
        'Error creating: pods "web-7d4-" is forbidden: unable to create new content in namespace shop because it is being terminated',
      messageId: 'namespaceTerminating',
      detail: 'unable to create new content in namespace shop because it is being terminated',
      steps: [
        DESCRIBE,
        'kubectl get namespace shop -o yaml',
        'Wait for namespace shop to finish deleting (check its finalizers) and recreate the workload, or deploy to another namespace.',
      ],
    },
    {
      name: 'invalid template: the whole error',
      message: 'Error creating: Pod "web-7d4-x" is invalid: spec.containers[0].image: Required value',
      messageId: 'invalid',
      detail: 'Pod "web-7d4-x" is invalid: spec.containers[0].image: Required value',
      steps: [
        DESCRIBE,
        EVENTS,
        'Fix the field named in the error in the pod template (the workload object itself was accepted, its pods are not).',
      ],
    },
    {
      name: 'the workload refused when applied: no describe of what does not exist, the schema of the field',
      message: 'The ReplicaSet "web-7d4" is invalid: spec.template.spec.containers[0].image: Required value',
      messageId: 'rejected',
      detail: 'The ReplicaSet "web-7d4" is invalid: spec.template.spec.containers[0].image: Required value',
      steps: [
        'kubectl explain replicaset.spec.template.spec.containers.image',
        'Fix the field the error names in the manifest and apply it again; `kubectl apply --dry-run=server -f <file>` checks it against the API server without creating anything.',
      ],
    },
    {
      name: 'the workload refused when applied, a field with a two-digit index',
      message: 'The ReplicaSet "web-7d4" is invalid: spec.template.spec.containers[10].image: Required value',
      messageId: 'rejected',
      detail: 'The ReplicaSet "web-7d4" is invalid: spec.template.spec.containers[10].image: Required value',
      steps: [
        'kubectl explain replicaset.spec.template.spec.containers.image',
        'Fix the field the error names in the manifest and apply it again; `kubectl apply --dry-run=server -f <file>` checks it against the API server without creating anything.',
      ],
    },
    {
      name: 'the workload refused when applied, several fields: no one field to explain',
      message:
        'The ReplicaSet "web-7d4" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value]',
      messageId: 'rejected',
      detail:
        'The ReplicaSet "web-7d4" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value]',
      steps: [
        'Fix the field the error names in the manifest and apply it again; `kubectl apply --dry-run=server -f <file>` checks it against the API server without creating anything.',
      ],
    },
    {
      name: "kubectl's own validation: the path in ValidationError(...)",
      message:
        'error validating "rs.yaml": error validating data: [ValidationError(ReplicaSet.spec.template.spec.containers[0]): unknown field "imagePullPolicyy" in io.k8s.api.core.v1.Container, ValidationError(ReplicaSet.spec): missing required field "selector"]; if you choose to ignore these errors, turn validation off with --validate=false',
      messageId: 'rejected',
      detail:
        'error validating "rs.yaml": error validating data: [ValidationError(ReplicaSet.spec.template.spec.containers[0]): unknown field "imagePullPolicyy" in io.k8s.api.core.v1.Container, ValidationError(ReplicaSet.spec): missing required field "selector"]; if you choose to ignore these errors, turn validation off with --validate=false',
      steps: [
        'kubectl explain replicaset.spec.template.spec.containers',
        'Fix the field the error names in the manifest and apply it again; `kubectl apply --dry-run=server -f <file>` checks it against the API server without creating anything.',
      ],
    },
    {
      name: 'another admission plugin: the part after "is forbidden"',
      message:
        'Error creating: pods "web-7d4-" is forbidden: cannot set blockOwnerDeletion if an ownerReference refers to a resource you can\'t set finalizers on: , <nil>',
      messageId: 'forbidden',
      detail:
        "cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on: , <nil>",
      steps: [
        DESCRIBE,
        EVENTS,
        'The error names the admission plugin or rule that refused the pod; change the pod template or that policy.',
      ],
    },
    {
      name: 'an error of no known form',
      message: 'Error creating: something unheard of',
      messageId: 'other',
      detail: 'something unheard of',
      steps: [DESCRIBE, EVENTS, 'Read the full error on the owning object; it names what refused the pod.'],
    },
  ])('$name', ({ message, messageId, detail, steps }) => {
    const [f, ...rest] = runRule(rule, snapshot({ events: [failed(message)] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(messageId);
    expect(f?.data).toEqual({ kind: 'ReplicaSet', name: 'web-7d4', attempts: 1, detail, namespace: 'shop' });
    expect(f?.nextSteps).toEqual(steps);
  });

  it('unstated: all FailedCreate events of the namespace', () => {
    const [f, ...rest] = runRule(
      rule,
      snapshot({
        workloads: [
          workload({ kind: 'Deployment', name: 'web', namespace: 'shop', conditions: [replicaFailure()] }),
        ],
      }),
    );
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('unstated');
    expect(f?.data).toEqual({
      kind: 'Deployment',
      name: 'web',
      attempts: 1,
      detail: 'ReplicaFailure: FailedCreate',
      namespace: 'shop',
    });
    expect(f?.nextSteps).toEqual([
      'kubectl describe deployment web -n shop',
      'kubectl get events -n shop --field-selector reason=FailedCreate',
      'Read the FailedCreate events of the ReplicaSet (or other controller) that creates the pods: they name what refused them (quota, LimitRange, PodSecurity, a webhook, RBAC).',
    ]);
  });
});
