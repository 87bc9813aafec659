import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  admissionKey,
  classifyAdmissionError,
  emptyCreateError,
  unstatedAdmissionError,
} from './admission-message.js';
import { STAGES } from '../../model/index.js';

const ADMISSION_CODES: readonly string[] = STAGES.find((s) => s.id === 'admission')?.reasons ?? [];

describe('classifyAdmissionError', () => {
  it.each([
    [
      'Error creating: pods "web-" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2',
      'QuotaExceeded',
      'quotaExceeded',
    ],
    [
      'Error creating: pods "web-" is forbidden: failed quota: q: must specify limits.cpu',
      'QuotaExceeded',
      'quotaMustSpecify',
    ],
    // Kubernetes 1.4 and OpenShift of that time wrote the quota plugin's messages with a capital.
    [
      'Error creating: pods "test-1-" is forbidden: Exceeded quota: compute-resources, requested: limits.cpu=384m, used: limits.cpu=384m, limited: limits.cpu=384m',
      'QuotaExceeded',
      'quotaExceeded',
    ],
    [
      'Error creating: pods "web-" is forbidden: Failed quota: q: must specify limits.cpu',
      'QuotaExceeded',
      'quotaMustSpecify',
    ],
    [
      'Error creating: pods "web-" is forbidden: insufficient quota to match these scopes: [{PriorityClass In [high]}]',
      'QuotaExceeded',
      'quotaScopes',
    ],
    [
      'Error creating: pods "web-" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi',
      'LimitRangeViolation',
      'limitMax',
    ],
    [
      'Error creating: pods "web-" is forbidden: minimum cpu usage per Container is 100m, but request is 50m',
      'LimitRangeViolation',
      'limitMin',
    ],
    [
      'Error creating: pods "web-" is forbidden: violates PodSecurity "restricted:latest": seccompProfile',
      'PodSecurityViolation',
      'podSecurity',
    ],
    [
      'Error creating: pods "web-" is forbidden: unable to validate against any security context constraint: []',
      'PolicyForbidden',
      'scc',
    ],
    [
      'Error creating: pods "web-" is forbidden: unable to validate against any pod security policy: []',
      'PolicyForbidden',
      'psp',
    ],
    [
      'Error creating: Pod "web-x" is invalid: spec.containers[0].securityContext.privileged: Forbidden: disallowed by cluster policy',
      'PolicyForbidden',
      'clusterPolicy',
    ],
    ['Error creating: admission webhook "a.b" denied the request: nope', 'WebhookDenied', 'webhookDenied'],
    [
      'Error creating: Internal error occurred: failed calling webhook "a.b": context deadline exceeded',
      'WebhookUnavailable',
      'webhookUnavailable',
    ],
    // Before 1.14: "failed calling admission webhook".
    [
      'Error creating: Internal error occurred: failed calling admission webhook "sidecar-injector.istio.io": Post https://istiod.istio-system.svc:443/inject: x509: certificate signed by unknown authority',
      'WebhookUnavailable',
      'webhookUnavailable',
    ],
    [
      'Error creating: pods "web-" is forbidden: error looking up service account ns/sa: serviceaccount "sa" not found',
      'ServiceAccountMissing',
      'serviceAccountMissing',
    ],
    [
      'Error creating: pods "web-" is forbidden: unable to create new content in namespace ns because it is being terminated',
      'Forbidden',
      'namespaceTerminating',
    ],
    [
      'Error creating: Pod "web-x" is invalid: spec.containers[0].name: Required value',
      'Forbidden',
      'invalid',
    ],
    ['Error creating: something unheard of', 'Forbidden', 'other'],
    // The workload itself refused when applied: kubectl's own schema validation, the API server's.
    [
      'error validating "ds.yaml": error validating data: ValidationError(DaemonSet.spec): missing required field "selector" in io.k8s.api.apps.v1.DaemonSetSpec; if you choose to ignore these errors, turn validation off with --validate=false',
      'Forbidden',
      'rejected',
    ],
    [
      'The Deployment "web" is invalid: spec.template.spec.containers[0].image: Required value',
      'Forbidden',
      'rejected',
    ],
    [
      'The StatefulSet "db" is invalid: spec: Forbidden: updates to statefulset spec for fields other than',
      'Forbidden',
      'rejected',
    ],
    ['The Pod "web" is invalid: spec.containers[0].image: Required value', 'Forbidden', 'invalid'],
  ])('%s', (message, code, kind) => {
    const e = classifyAdmissionError(message);
    expect([e?.code, e?.kind]).toEqual([code, kind]);
  });

  it('ignores transient and empty errors', () => {
    expect(classifyAdmissionError('')).toBeUndefined();
    expect(classifyAdmissionError('Error creating: pods "web-abc" already exists')).toBeUndefined();
    expect(classifyAdmissionError('Error creating: etcdserver: leader changed')).toBeUndefined();
  });

  it('keys the same failure of different generated pod names alike', () => {
    const a = classifyAdmissionError(
      'Error creating: pods "web-a" is forbidden: failed quota: q: must specify cpu',
    );
    const b = classifyAdmissionError(
      'Error creating: pods "web-b" is forbidden: failed quota: q: must specify cpu',
    );
    expect(a && admissionKey(a)).toBe(b && admissionKey(b));
  });

  it('never throws', () => {
    const fragment = fc.constantFrom(
      'Error creating: ',
      'pods "x" is forbidden: ',
      'exceeded quota: ',
      ', requested: ',
      ', used: ',
      ', limited: ',
      'maximum ',
      'minimum ',
      ' usage per ',
      ' is ',
      ', but ',
      'limit',
      'request',
      '.  No ',
      'admission webhook "',
      'denied the request',
      'failed calling webhook',
      'https://',
      '.svc',
      'service "',
      '"',
      ':',
      ' ',
      'violates PodSecurity',
      ' max limit to request ratio per ',
      'service account ',
      '/',
      '[',
      ']',
    );
    let classified = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.array(fragment, { maxLength: 40 }).map((p) => p.join('')),
        ),
        (s) => {
          const e = classifyAdmissionError(s);
          if (e === undefined) return;
          expect(ADMISSION_CODES).toContain(e.code);
          expect(e.error).not.toBe('');
          expect(s).toContain(e.error);
          expect(e.error).toContain(e.detail);
          for (const v of Object.values(e.fields)) expect(typeof v).toBe('string');
          classified++;
        },
      ),
      { numRuns: 3000 },
    );
    expect(classified).toBeGreaterThan(100);
  });
});

describe('classifyAdmissionError: the error, its detail and its parts', () => {
  const Q =
    'pods "db-0" is forbidden: exceeded quota: pods-quota, requested: pods=1, used: pods=10, limited: pods=10';
  it.each([
    {
      name: 'StatefulSet form: the controller prefix is dropped',
      message: `create Pod db-0 in StatefulSet db failed error: ${Q}`,
      code: 'QuotaExceeded',
      kind: 'quotaExceeded',
      error: Q,
      detail: 'exceeded quota: pods-quota, requested: pods=1, used: pods=10, limited: pods=10',
      fields: { quota: 'pods-quota', requested: 'pods=1', used: 'pods=10', limited: 'pods=10' },
    },
    {
      name: 'aggregated event: both prefixes are dropped',
      message: `(combined from similar events): Error creating: ${Q}`,
      code: 'QuotaExceeded',
      kind: 'quotaExceeded',
      error: Q,
      detail: 'exceeded quota: pods-quota, requested: pods=1, used: pods=10, limited: pods=10',
      fields: { quota: 'pods-quota', requested: 'pods=1', used: 'pods=10', limited: 'pods=10' },
    },
    {
      name: 'capitalised form of old releases: the same parts, the words as written',
      message: `Error creating: ${Q.replace('exceeded quota', 'Exceeded quota')}`,
      code: 'QuotaExceeded',
      kind: 'quotaExceeded',
      error: Q.replace('exceeded quota', 'Exceeded quota'),
      detail: 'Exceeded quota: pods-quota, requested: pods=1, used: pods=10, limited: pods=10',
      fields: { quota: 'pods-quota', requested: 'pods=1', used: 'pods=10', limited: 'pods=10' },
    },
    {
      name: 'quota whose status the admission plugin does not know yet',
      message:
        'Error creating: pods "uikit-1-deploy" is forbidden: status unknown for quota: example, resources: limits.cpu,limits.memory,pods,requests.cpu,requests.memory',
      code: 'QuotaExceeded',
      kind: 'quotaOther',
      error:
        'pods "uikit-1-deploy" is forbidden: status unknown for quota: example, resources: limits.cpu,limits.memory,pods,requests.cpu,requests.memory',
      detail:
        'status unknown for quota: example, resources: limits.cpu,limits.memory,pods,requests.cpu,requests.memory',
      fields: { quota: 'example' },
    },
    {
      name: 'quota that requires resources, StatefulSet form',
      message:
        'create Pod fpl-case-service-pr-3308-es-master-0 in StatefulSet fpl-case-service-pr-3308-es-master failed error: pods "fpl-case-service-pr-3308-es-master-0" is forbidden: failed quota: fpl-quota: must specify requests.cpu,requests.memory',
      code: 'QuotaExceeded',
      kind: 'quotaMustSpecify',
      error:
        'pods "fpl-case-service-pr-3308-es-master-0" is forbidden: failed quota: fpl-quota: must specify requests.cpu,requests.memory',
      detail: 'failed quota: fpl-quota: must specify requests.cpu,requests.memory',
      fields: { quota: 'fpl-quota', resources: 'requests.cpu,requests.memory' },
    },
    {
      name: 'RBAC denial, current form',
      message:
        'Error creating: pods "web-7d4-" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods" in API group "" in the namespace "shop"',
      code: 'Forbidden',
      kind: 'rbac',
      error:
        'pods "web-7d4-" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods" in API group "" in the namespace "shop"',
      detail:
        'User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods" in API group "" in the namespace "shop"',
      fields: {},
    },
    {
      name: 'RBAC denial, form of releases before 1.14 (no "resource")',
      message:
        'Error creating: pods "web-7d4-" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create pods in the namespace "shop"',
      code: 'Forbidden',
      kind: 'rbac',
      error:
        'pods "web-7d4-" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create pods in the namespace "shop"',
      detail:
        'User "system:serviceaccount:kube-system:replicaset-controller" cannot create pods in the namespace "shop"',
      fields: {},
    },
    {
      name: 'another refusal by an admission plugin',
      message:
        'Error creating: pods "web-7d4-" is forbidden: cannot set blockOwnerDeletion if an ownerReference refers to a resource you can\'t set finalizers on: , <nil>',
      code: 'Forbidden',
      kind: 'forbidden',
      error:
        'pods "web-7d4-" is forbidden: cannot set blockOwnerDeletion if an ownerReference refers to a resource you can\'t set finalizers on: , <nil>',
      detail:
        "cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on: , <nil>",
      fields: {},
    },
    {
      name: 'namespace being deleted',
      message:
        'Error creating: pods "web-7d4-" is forbidden: unable to create new content in namespace shop because it is being terminated',
      code: 'Forbidden',
      kind: 'namespaceTerminating',
      error:
        'pods "web-7d4-" is forbidden: unable to create new content in namespace shop because it is being terminated',
      detail: 'unable to create new content in namespace shop because it is being terminated',
      fields: {},
    },
    {
      name: 'webhook unreachable: service from the URL host',
      message:
        'Error creating: Internal error occurred: failed calling webhook "auto-tracing-mutating-webhook.default.svc.cluster.local": Post "https://auto-tracing-mutating-webhook.default.svc:443/decorate?timeout=30s": dial tcp 10.103.71.227:443: connect: connection refused',
      code: 'WebhookUnavailable',
      kind: 'webhookUnavailable',
      error:
        'Internal error occurred: failed calling webhook "auto-tracing-mutating-webhook.default.svc.cluster.local": Post "https://auto-tracing-mutating-webhook.default.svc:443/decorate?timeout=30s": dial tcp 10.103.71.227:443: connect: connection refused',
      detail:
        'Internal error occurred: failed calling webhook "auto-tracing-mutating-webhook.default.svc.cluster.local": Post "https://auto-tracing-mutating-webhook.default.svc:443/decorate?timeout=30s": dial tcp 10.103.71.227:443: connect: connection refused',
      fields: {
        webhook: 'auto-tracing-mutating-webhook.default.svc.cluster.local',
        service: 'default/auto-tracing-mutating-webhook',
        cause: 'connection refused',
      },
    },
    {
      name: 'webhook unreachable: service named in the error, unquoted URL',
      message:
        'Error creating: Internal error occurred: failed calling webhook "webhook.cert-manager.io": Post https://cert-manager-webhook.cert-manager.svc:443/mutate?timeout=30s: no endpoints available for service "cert-manager-webhook"',
      code: 'WebhookUnavailable',
      kind: 'webhookUnavailable',
      error:
        'Internal error occurred: failed calling webhook "webhook.cert-manager.io": Post https://cert-manager-webhook.cert-manager.svc:443/mutate?timeout=30s: no endpoints available for service "cert-manager-webhook"',
      detail:
        'Internal error occurred: failed calling webhook "webhook.cert-manager.io": Post https://cert-manager-webhook.cert-manager.svc:443/mutate?timeout=30s: no endpoints available for service "cert-manager-webhook"',
      fields: {
        webhook: 'webhook.cert-manager.io',
        service: 'cert-manager-webhook',
        cause: 'no endpoints available for service "cert-manager-webhook"',
      },
    },
    {
      name: 'webhook unreachable without a URL: no service',
      message:
        'Error creating: Internal error occurred: failed calling webhook "pod-policy.example.com": context deadline exceeded',
      code: 'WebhookUnavailable',
      kind: 'webhookUnavailable',
      error:
        'Internal error occurred: failed calling webhook "pod-policy.example.com": context deadline exceeded',
      detail:
        'Internal error occurred: failed calling webhook "pod-policy.example.com": context deadline exceeded',
      fields: { webhook: 'pod-policy.example.com', service: '', cause: 'context deadline exceeded' },
    },
    {
      name: 'webhook denial with a message',
      message:
        'Error creating: admission webhook "validation.gatekeeper.sh" denied the request: [require-owner-label] you must provide labels: {"owner"}',
      code: 'WebhookDenied',
      kind: 'webhookDenied',
      error:
        'admission webhook "validation.gatekeeper.sh" denied the request: [require-owner-label] you must provide labels: {"owner"}',
      detail:
        'admission webhook "validation.gatekeeper.sh" denied the request: [require-owner-label] you must provide labels: {"owner"}',
      fields: {
        webhook: 'validation.gatekeeper.sh',
        message: '[require-owner-label] you must provide labels: {"owner"}',
      },
    },
    {
      name: 'webhook denial without explanation',
      message: 'Error creating: admission webhook "deny.example.com" denied the request without explanation',
      code: 'WebhookDenied',
      kind: 'webhookDeniedSilent',
      error: 'admission webhook "deny.example.com" denied the request without explanation',
      detail: 'admission webhook "deny.example.com" denied the request without explanation',
      fields: { webhook: 'deny.example.com' },
    },
    {
      name: 'PodSecurity, older "pod violates" form',
      message:
        'Error creating: pods "agent-abcde" is forbidden: pod violates PodSecurity "baseline:v1.24": host namespaces (hostNetwork=true)',
      code: 'PodSecurityViolation',
      kind: 'podSecurity',
      error:
        'pods "agent-abcde" is forbidden: pod violates PodSecurity "baseline:v1.24": host namespaces (hostNetwork=true)',
      detail: 'pod violates PodSecurity "baseline:v1.24": host namespaces (hostNetwork=true)',
      fields: { level: 'baseline:v1.24', violations: 'host namespaces (hostNetwork=true)' },
    },
    {
      name: 'PodSecurity without the violations (StatefulSet form)',
      message:
        'create Pod db-0 in StatefulSet db failed error: pods "db-0" is forbidden: violates PodSecurity "restricted:latest"',
      code: 'PodSecurityViolation',
      kind: 'podSecurity',
      error: 'pods "db-0" is forbidden: violates PodSecurity "restricted:latest"',
      detail: 'violates PodSecurity "restricted:latest"',
      fields: { level: 'restricted:latest', violations: '' },
    },
    {
      name: 'cluster policy: every disallowed field, once',
      message:
        'create Pod es-0 in StatefulSet es failed error: Pod "es-0" is invalid: [spec.initContainers[0].securityContext.privileged: Forbidden: disallowed by cluster policy, spec.initContainers[1].securityContext.privileged: Forbidden: disallowed by cluster policy]',
      code: 'PolicyForbidden',
      kind: 'clusterPolicy',
      error:
        'Pod "es-0" is invalid: [spec.initContainers[0].securityContext.privileged: Forbidden: disallowed by cluster policy, spec.initContainers[1].securityContext.privileged: Forbidden: disallowed by cluster policy]',
      detail:
        'Pod "es-0" is invalid: [spec.initContainers[0].securityContext.privileged: Forbidden: disallowed by cluster policy, spec.initContainers[1].securityContext.privileged: Forbidden: disallowed by cluster policy]',
      fields: {
        fields:
          'spec.initContainers[0].securityContext.privileged, spec.initContainers[1].securityContext.privileged',
      },
    },
    {
      name: 'request above limit (API validation)',
      message:
        'Error creating: Pod "web-7d4-x" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
      code: 'LimitRangeViolation',
      kind: 'requestAboveLimit',
      error:
        'Pod "web-7d4-x" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
      detail:
        'Pod "web-7d4-x" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
      fields: { resource: 'cpu' },
    },
    {
      name: 'LimitRange ratio',
      message:
        'Error creating: pods "api-" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000',
      code: 'LimitRangeViolation',
      kind: 'limitRatio',
      error:
        'pods "api-" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000',
      detail: 'cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000',
      fields: { resource: 'cpu', scope: 'Container', enforced: '2', actual: '4.000000' },
    },
    {
      name: 'LimitRange: the first constraint of a list, a missing request',
      message:
        'Error creating: pods "api-" is forbidden: [minimum memory usage per Pod is 64Mi.  No request is specified., maximum cpu usage per Container is 2, but limit is 4]',
      code: 'LimitRangeViolation',
      kind: 'limitMissing',
      error:
        'pods "api-" is forbidden: [minimum memory usage per Pod is 64Mi.  No request is specified., maximum cpu usage per Container is 2, but limit is 4]',
      detail:
        '[minimum memory usage per Pod is 64Mi.  No request is specified., maximum cpu usage per Container is 2, but limit is 4]',
      fields: { resource: 'memory', scope: 'Pod', enforced: '64Mi', field: 'request' },
    },
    {
      name: 'service account lookup failed',
      message:
        'Error creating: pods "kube-stresscheck-7f75dbbcb7-" is forbidden: error looking up service account kube-system/kube-stresscheck: serviceaccount "kube-stresscheck" not found.',
      code: 'ServiceAccountMissing',
      kind: 'serviceAccountMissing',
      error:
        'pods "kube-stresscheck-7f75dbbcb7-" is forbidden: error looking up service account kube-system/kube-stresscheck: serviceaccount "kube-stresscheck" not found.',
      detail:
        'error looking up service account kube-system/kube-stresscheck: serviceaccount "kube-stresscheck" not found.',
      fields: { namespace: 'kube-system', serviceAccount: 'kube-stresscheck' },
    },
    {
      name: 'service account not created yet',
      message:
        'Error creating: pods "web-7d4-" is forbidden: service account shop/web-sa was not found, retry after the service account is created',
      code: 'ServiceAccountMissing',
      kind: 'serviceAccountMissing',
      error:
        'pods "web-7d4-" is forbidden: service account shop/web-sa was not found, retry after the service account is created',
      detail: 'service account shop/web-sa was not found, retry after the service account is created',
      fields: { namespace: 'shop', serviceAccount: 'web-sa' },
    },
    {
      name: 'service account token not created yet',
      message:
        'Error creating: No API token found for service account "default", retry after the token is automatically created and added to the service account',
      code: 'ServiceAccountMissing',
      kind: 'serviceAccountToken',
      error:
        'No API token found for service account "default", retry after the token is automatically created and added to the service account',
      detail:
        'No API token found for service account "default", retry after the token is automatically created and added to the service account',
      fields: { serviceAccount: 'default' },
    },
    {
      name: 'invalid pod template',
      message: 'Error creating: Pod "web-x" is invalid: spec.containers[0].name: Required value',
      code: 'Forbidden',
      kind: 'invalid',
      error: 'Pod "web-x" is invalid: spec.containers[0].name: Required value',
      detail: 'Pod "web-x" is invalid: spec.containers[0].name: Required value',
      fields: {},
    },
  ])('$name', ({ message, code, kind, error, detail, fields }) => {
    expect(classifyAdmissionError(message)).toEqual({ code, kind, error, detail, fields });
  });

  it('is undefined for a missing message', () => {
    expect(classifyAdmissionError(undefined as unknown as string)).toBeUndefined();
  });

  it('keys a failure by code, kind and detail', () => {
    const e = classifyAdmissionError(
      'Error creating: pods "web-a" is forbidden: failed quota: q: must specify cpu',
    );
    expect(e && admissionKey(e)).toBe('QuotaExceeded|quotaMustSpecify|failed quota: q: must specify cpu');
  });
});

describe('emptyCreateError', () => {
  it.each([
    'Error creating: ',
    'Error creating:',
    '(combined from similar events): Error creating: ',
    'create Pod web-0 in StatefulSet web failed error: ',
  ])('reads %j as a webhook denial of unknown name', (message) => {
    expect(emptyCreateError(message)).toEqual({
      code: 'WebhookDenied',
      kind: 'webhookDeniedEmpty',
      error: 'FailedCreate with an empty error message',
      detail: 'FailedCreate with an empty error message',
      fields: {},
    });
  });

  it.each(['', '   ', 'Error creating: pods "web-abc" already exists', undefined])(
    'is undefined for %j',
    (message) => {
      expect(emptyCreateError(message as string)).toBeUndefined();
    },
  );
});

describe('unstatedAdmissionError', () => {
  it.each([
    [undefined, 'ReplicaFailure: FailedCreate'],
    ['', 'ReplicaFailure: FailedCreate'],
    ['FailedCreate', 'ReplicaFailure: FailedCreate'],
  ])('reason %j reads %j', (reason, error) => {
    expect(unstatedAdmissionError(reason)).toEqual({
      code: 'Forbidden',
      kind: 'unstated',
      error,
      detail: error,
      fields: {},
    });
  });
});
