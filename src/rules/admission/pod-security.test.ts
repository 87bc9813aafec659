import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { at, container, event, snapshot, workload } from '../../../test/builders.js';
import { rule } from './pod-security.js';

const failed = (message: string, opts: { name?: string; kind?: string; lastS?: number } = {}) =>
  event({
    reason: 'FailedCreate',
    kind: opts.kind ?? 'ReplicaSet',
    name: opts.name ?? 'web-7d4',
    message,
    lastS: opts.lastS ?? 100,
  });
const PSA =
  'Error creating: pods "web-7d4-x2p" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "app" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "app" must set securityContext.runAsNonRoot=true)';

testRule(rule, {
  valid: [
    {
      name: 'no events at all',
      snapshot: snapshot({ workloads: [workload({ kind: 'Deployment', name: 'web' })] }),
    },
    {
      name: 'webhook denial is another rule',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: admission webhook "validation.gatekeeper.sh" denied the request: [psp-privileged] Privileged container is not allowed: app',
          ),
        ],
      }),
    },
    {
      name: 'PodSecurity failure followed by a successful create',
      snapshot: snapshot({
        events: [
          failed(PSA, { lastS: 10 }),
          event({
            reason: 'SuccessfulCreate',
            type: 'Normal',
            kind: 'ReplicaSet',
            name: 'web-7d4',
            message: 'Created pod: web-7d4-abc',
            lastS: 30,
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'PodSecurity restricted:latest',
      snapshot: snapshot({ events: [failed(PSA)] }),
      expect: [
        {
          messageId: 'podSecurity',
          reason: 'PodSecurityViolation',
          data: { level: 'restricted:latest' },
          evidenceIncludes: ['violates PodSecurity'],
        },
      ],
    },
    {
      name: 'older "pod violates PodSecurity" wording on a DaemonSet',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "agent-abcde" is forbidden: pod violates PodSecurity "baseline:v1.24": host namespaces (hostNetwork=true)',
            { kind: 'DaemonSet', name: 'agent' },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'podSecurity',
          data: {
            level: 'baseline:v1.24',
            violations: 'host namespaces (hostNetwork=true)',
            kind: 'DaemonSet',
          },
        },
      ],
    },
    {
      name: 'OpenShift SCC on a StatefulSet',
      snapshot: snapshot({
        events: [
          failed(
            'create Pod dublin-0 in StatefulSet dublin failed error: pods "dublin-0" is forbidden: unable to validate against any security context constraint: [fsGroup: Invalid value: []int64{0}: 0 is not an allowed group]',
            { kind: 'StatefulSet', name: 'dublin' },
          ),
        ],
      }),
      expect: [
        { messageId: 'scc', reason: 'PolicyForbidden', data: { kind: 'StatefulSet', name: 'dublin' } },
      ],
    },
    {
      name: 'SCC on the ReplicaSet of a Deployment: the service account comes from the ReplicaSet template',
      snapshot: snapshot({
        workloads: [
          workload({ kind: 'Deployment', name: 'sonarqube' }),
          workload({
            kind: 'ReplicaSet',
            name: 'sonarqube-6b5d9c7f84',
            owner: { kind: 'Deployment', name: 'sonarqube' },
            template: { spec: { serviceAccountName: 'sonarqube', containers: [] } },
          }),
        ],
        events: [
          failed(
            'Error creating: pods "sonarqube-6b5d9c7f84-" is forbidden: unable to validate against any security context constraint: [provider "anyuid": Forbidden: not usable by user or serviceaccount, provider restricted-v2: .containers[0].runAsUser: Invalid value: 1000: must be in the ranges: [1000700000, 1000709999]]',
            { name: 'sonarqube-6b5d9c7f84' },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'scc',
          reason: 'PolicyForbidden',
          data: { kind: 'ReplicaSet', name: 'sonarqube-6b5d9c7f84', serviceAccount: 'sonarqube' },
        },
      ],
    },
    {
      name: 'PodSecurityPolicy in a ReplicaFailure condition only',
      snapshot: snapshot({
        workloads: [
          workload({
            kind: 'ReplicaSet',
            name: 'web-7d4',
            conditions: [
              {
                type: 'ReplicaFailure',
                status: 'True',
                reason: 'FailedCreate',
                message:
                  'pods "web-7d4-" is forbidden: unable to validate against any pod security policy: [spec.containers[0].securityContext.privileged: Invalid value: true: Privileged containers are not allowed]',
                lastTransitionTime: at(5),
              },
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'psp', reason: 'PolicyForbidden', basis: 'state' }],
    },
    // The API server's own --allow-privileged / privileged-sources validation, for every field it guards.
    ...[
      [
        'Error creating: Pod "web-7d4-x2p" is invalid: spec.containers[0].securityContext.privileged: Forbidden: disallowed by cluster policy',
        'spec.containers[0].securityContext.privileged',
      ],
      [
        'create Pod es-0 in StatefulSet es failed error: Pod "es-0" is invalid: [spec.initContainers[0].securityContext.privileged: Forbidden: disallowed by cluster policy, spec.initContainers[1].securityContext.privileged: Forbidden: disallowed by cluster policy]',
        'spec.initContainers[0].securityContext.privileged, spec.initContainers[1].securityContext.privileged',
      ],
      [
        'Error creating: Pod "agent-x" is invalid: spec.securityContext.hostNetwork: Forbidden: disallowed by cluster policy',
        'spec.securityContext.hostNetwork',
      ],
      [
        'Error creating: Pod "agent-x" is invalid: [spec.securityContext.hostPID: Forbidden: disallowed by cluster policy, spec.securityContext.hostIPC: Forbidden: disallowed by cluster policy]',
        'spec.securityContext.hostPID, spec.securityContext.hostIPC',
      ],
    ].map(([message, fields]) => ({
      name: `cluster policy: ${fields}`,
      snapshot: snapshot({ events: [failed(message as string)] }),
      expect: [
        { messageId: 'clusterPolicy', reason: 'PolicyForbidden' as const, data: { fields: fields ?? '' } },
      ],
    })),
  ],
});

describe('pod security next steps and data', () => {
  const rsWith = (serviceAccountName?: string) =>
    workload({
      kind: 'ReplicaSet',
      name: 'web-7d4',
      owner: { kind: 'Deployment', name: 'web' },
      template: {
        spec: {
          containers: [container('app')],
          ...(serviceAccountName === undefined ? {} : { serviceAccountName }),
        },
      },
    });
  it.each([
    {
      name: 'PodSecurity: the namespace labels',
      message: PSA,
      sa: undefined,
      messageId: 'podSecurity',
      data: { level: 'restricted:latest', serviceAccount: 'default' },
      steps: [
        'kubectl get namespace default --show-labels',
        'Set the securityContext fields listed above in the pod template (e.g. runAsNonRoot: true, allowPrivilegeEscalation: false, capabilities.drop: [ALL], seccompProfile.type: RuntimeDefault), or relax the namespace label pod-security.kubernetes.io/enforce if the workload really needs it.',
      ],
    },
    {
      name: 'cluster policy: the fields to remove',
      message:
        'Error creating: Pod "agent-x" is invalid: [spec.securityContext.hostPID: Forbidden: disallowed by cluster policy, spec.securityContext.hostIPC: Forbidden: disallowed by cluster policy]',
      sa: undefined,
      messageId: 'clusterPolicy',
      data: { fields: 'spec.securityContext.hostPID, spec.securityContext.hostIPC', level: 'unknown' },
      steps: [
        "Remove spec.securityContext.hostPID, spec.securityContext.hostIPC from the pod template: this API server is run with --allow-privileged=false (or without this pod's source in its privileged sources), so no namespace setting admits them.",
      ],
    },
    {
      name: "SCC: the template's service account",
      message:
        'Error creating: pods "sonarqube-6b5d9c7f84-" is forbidden: unable to validate against any security context constraint: [provider "anyuid": Forbidden: not usable by user or serviceaccount, provider restricted-v2: .containers[0].runAsUser: Invalid value: 1000: must be in the ranges: [1000700000, 1000709999]]',
      sa: 'sonarqube',
      messageId: 'scc',
      data: { serviceAccount: 'sonarqube', fields: 'privileged settings' },
      steps: [
        'kubectl get scc',
        'Drop the privileges the pod asks for (fixed runAsUser/fsGroup, privileged, hostPath), or grant service account sonarqube an SCC that allows them (oc adm policy add-scc-to-user <scc> -z sonarqube -n default).',
      ],
    },
    {
      name: 'PSP: the default service account',
      message:
        'Error creating: pods "web-7d4-" is forbidden: unable to validate against any pod security policy: []',
      sa: undefined,
      messageId: 'psp',
      data: { serviceAccount: 'default' },
      steps: [
        'kubectl get podsecuritypolicy',
        'Drop the privileges the pod asks for, or bind service account default to a PodSecurityPolicy that allows them (PodSecurityPolicy was removed in Kubernetes 1.25).',
      ],
    },
  ])('$name', ({ message, sa, messageId, data, steps }) => {
    const [f, ...rest] = runRule(
      rule,
      snapshot({
        workloads: [workload({ kind: 'Deployment', name: 'web' }), rsWith(sa)],
        events: [failed(message)],
      }),
    );
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(messageId);
    expect(f?.data).toMatchObject({ kind: 'ReplicaSet', name: 'web-7d4', ...data });
    expect(f?.nextSteps).toEqual(['kubectl describe replicaset web-7d4 -n default', ...steps]);
  });
});
