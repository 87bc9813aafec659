import { describe, expect, it } from 'vitest';
import type { KObject } from '../simulator/world/types.js';
import { appRuntime, CLUSTER_CHECKS, provisioning, unreadState, webhooks } from './cluster-checks.js';
import { input, NS, state, stateWithout } from './checks/test-helpers.js';
import type { CheckContext, ClusterState, InputObject, PreflightTarget, StateKind } from './types.js';

const SPEC = { containers: [{ name: 'web', image: 'registry.example.com/shop/web:1.4.2' }] };
const LABELS = { app: 'web', tier: 'front' };

function targetOf(
  kind: PreflightTarget['kind'],
  over: {
    spec?: Record<string, unknown>;
    labels?: Record<string, string>;
    namespace?: string;
    object?: KObject;
  } = {},
): PreflightTarget {
  const namespace = over.namespace ?? NS;
  const object: KObject = over.object ?? {
    apiVersion: 'apps/v1',
    kind,
    metadata: { name: 'web', namespace },
    spec: {},
  };
  return {
    kind,
    namespace,
    name: 'web',
    template: { metadata: { labels: over.labels ?? LABELS }, spec: over.spec ?? SPEC },
    replicas: 1,
    input: input(object, 5, 'web.yaml'),
  };
}

const ctxOf = (
  target: PreflightTarget,
  s: ClusterState = state(),
  inputs: InputObject[] = [],
): CheckContext => ({
  target,
  state: s,
  inputs: [target.input, ...inputs],
});

const namespace = (name: string, labels?: Record<string, string>): KObject => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name, ...(labels === undefined ? {} : { labels }) },
});

function hookConfig(
  hook: Record<string, unknown>,
  kind = 'ValidatingWebhookConfiguration',
  name = 'policy',
): KObject {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind,
    metadata: { name },
    webhooks: [
      {
        name: 'validate.policy.example.com',
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        clientConfig: { service: { name: 'policy', namespace: 'policy-system' } },
        ...hook,
      },
    ],
  };
}
const rule = (operations: string[], resources: string[]) => ({
  apiGroups: ['*'],
  apiVersions: ['*'],
  operations,
  resources,
});

describe('webhooks', () => {
  const caught = (kind: PreflightTarget['kind'], hook: Record<string, unknown>, objects: KObject[] = []) =>
    webhooks(ctxOf(targetOf(kind), state({ objects: [hookConfig(hook), ...objects] })));

  it('a validating webhook on pod creation: unknown at admission, naming it, its failure policy and how to look', () => {
    expect(
      caught('Deployment', { rules: [rule(['CREATE'], ['pods'])], failurePolicy: 'Ignore' }),
    ).toStrictEqual([
      {
        check: 'webhooks',
        outcome: 'unknown',
        stage: 'admission',
        message:
          'validating admission webhook "validate.policy.example.com" intercepts the creation of pods in namespace shop (failurePolicy Ignore): only the webhook can say whether it admits them',
        evidence: [
          {
            source: 'spec',
            text: 'ValidatingWebhookConfiguration policy: webhook validate.policy.example.com',
          },
        ],
        nextSteps: ['kubectl get validatingwebhookconfiguration policy -o yaml'],
      },
    ]);
  });

  it('a mutating webhook without name nor failure policy: the configuration’s name, Fail', () => {
    const config = hookConfig({ rules: [rule(['*'], ['*'])] }, 'MutatingWebhookConfiguration', 'sidecar');
    delete ((config as unknown as { webhooks: Record<string, unknown>[] }).webhooks[0] ?? {}).name;
    const [f] = webhooks(ctxOf(targetOf('Pod'), state({ objects: [config] })));
    expect(f?.message).toBe(
      'mutating admission webhook "sidecar" intercepts the creation of pods in namespace shop (failurePolicy Fail): only the webhook can say whether it admits them',
    );
    expect(f?.nextSteps).toStrictEqual(['kubectl get mutatingwebhookconfiguration sidecar -o yaml']);
  });

  it.each<[string, PreflightTarget['kind'], string[], string[], string | null]>([
    ['CREATE pods, a Pod', 'Pod', ['CREATE'], ['pods'], 'pods'],
    ['* operations', 'Pod', ['*'], ['pods'], 'pods'],
    ['UPDATE only', 'Pod', ['UPDATE'], ['pods'], null],
    ['DELETE and CONNECT', 'Pod', ['DELETE', 'CONNECT'], ['*'], null],
    ['resources *', 'StatefulSet', ['CREATE'], ['*'], 'pods'],
    ['resources */*', 'DaemonSet', ['CREATE'], ['*/*'], 'pods'],
    ['a subresource only', 'Pod', ['CREATE'], ['pods/exec'], null],
    ['deployments, a Deployment', 'Deployment', ['CREATE'], ['deployments'], 'deployments'],
    ['replicasets, a Deployment', 'Deployment', ['CREATE'], ['replicasets'], 'replicasets'],
    ['deployments, a ReplicaSet', 'ReplicaSet', ['CREATE'], ['deployments'], null],
    ['replicasets, a ReplicaSet', 'ReplicaSet', ['CREATE'], ['replicasets'], 'replicasets'],
    ['jobs, a CronJob', 'CronJob', ['CREATE'], ['jobs'], 'jobs'],
    ['cronjobs, a CronJob', 'CronJob', ['CREATE'], ['cronjobs'], 'cronjobs'],
    ['cronjobs, a Job', 'Job', ['CREATE'], ['cronjobs'], null],
    ['jobs, a Job', 'Job', ['CREATE'], ['jobs'], 'jobs'],
    ['statefulsets', 'StatefulSet', ['CREATE'], ['statefulsets'], 'statefulsets'],
    ['daemonsets', 'DaemonSet', ['CREATE'], ['daemonsets'], 'daemonsets'],
    [
      'replicationcontrollers',
      'ReplicationController',
      ['CREATE'],
      ['replicationcontrollers'],
      'replicationcontrollers',
    ],
    ['services, a Deployment', 'Deployment', ['CREATE'], ['services', 'configmaps'], null],
    ['pods and deployments: pods first', 'Deployment', ['CREATE'], ['deployments', 'pods'], 'pods'],
  ])('rule %s: catches %s', (_what, kind, operations, resources, what) => {
    const found = caught(kind, { rules: [rule(operations, resources)] });
    expect(found.map((f) => /creation of (\S+) in/.exec(f.message)?.[1])).toStrictEqual(
      what === null ? [] : [what],
    );
  });

  it('the first rule that catches counts; a webhook without rules, or with malformed ones, catches nothing', () => {
    expect(caught('Pod', { rules: [rule(['UPDATE'], ['pods']), rule(['CREATE'], ['pods'])] })).toHaveLength(
      1,
    );
    expect(caught('Pod', {})).toStrictEqual([]);
    expect(caught('Pod', { rules: ['CREATE pods', null] })).toStrictEqual([]);
    expect(caught('Pod', { rules: [{ resources: ['pods'] }] })).toStrictEqual([]);
  });

  it('every webhook of every configuration that catches is listed', () => {
    const two = {
      ...hookConfig({ rules: [rule(['CREATE'], ['pods'])] }),
      webhooks: [
        { name: 'a.example.com', rules: [rule(['CREATE'], ['pods'])] },
        { name: 'b.example.com', rules: [rule(['UPDATE'], ['pods'])] },
        'not a webhook',
        { name: 'c.example.com', rules: [rule(['CREATE'], ['*'])] },
      ],
    } as KObject;
    const mutating = hookConfig(
      { rules: [rule(['CREATE'], ['pods'])] },
      'MutatingWebhookConfiguration',
      'inject',
    );
    const found = webhooks(ctxOf(targetOf('Pod'), state({ objects: [two, mutating] })));
    expect(found.map((f) => f.evidence[0]?.text)).toStrictEqual([
      'ValidatingWebhookConfiguration policy: webhook a.example.com',
      'ValidatingWebhookConfiguration policy: webhook c.example.com',
      'MutatingWebhookConfiguration inject: webhook validate.policy.example.com',
    ]);
  });

  const POD_RULE = { rules: [rule(['CREATE'], ['pods'])] };
  it.each<[string, Record<string, unknown>, KObject[], InputObject[], boolean]>([
    ['no namespaceSelector', {}, [], [], true],
    ['an empty namespaceSelector', { namespaceSelector: {} }, [], [], true],
    [
      'matchLabels on a state namespace’s labels',
      { namespaceSelector: { matchLabels: { env: 'prod' } } },
      [namespace(NS, { env: 'prod' })],
      [],
      true,
    ],
    [
      'matchLabels not met',
      { namespaceSelector: { matchLabels: { env: 'prod' } } },
      [namespace(NS, { env: 'dev' })],
      [],
      false,
    ],
    [
      'matchLabels of another namespace',
      { namespaceSelector: { matchLabels: { env: 'prod' } } },
      [namespace('other', { env: 'prod' })],
      [],
      false,
    ],
    [
      'matchExpressions NotIn excluding kube-system, the default label of an unread namespace',
      {
        namespaceSelector: {
          matchExpressions: [
            { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system'] },
          ],
        },
      },
      [],
      [],
      true,
    ],
    [
      'matchExpressions In on the default label',
      {
        namespaceSelector: {
          matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['shop', 'api'] }],
        },
      },
      [],
      [],
      true,
    ],
    [
      'matchExpressions In on the default label, another namespace',
      {
        namespaceSelector: {
          matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['api'] }],
        },
      },
      [],
      [],
      false,
    ],
    [
      'matchExpressions Exists on a label the namespace lacks',
      {
        namespaceSelector: { matchExpressions: [{ key: 'policy.example.com/enforce', operator: 'Exists' }] },
      },
      [namespace(NS, { 'kubernetes.io/metadata.name': NS })],
      [],
      false,
    ],
    [
      'matchExpressions DoesNotExist on a label the namespace lacks',
      {
        namespaceSelector: {
          matchExpressions: [{ key: 'policy.example.com/skip', operator: 'DoesNotExist' }],
        },
      },
      [namespace(NS, { 'kubernetes.io/metadata.name': NS })],
      [],
      true,
    ],
    [
      'the input’s Namespace labels, over the state’s',
      { namespaceSelector: { matchLabels: { env: 'prod' } } },
      [namespace(NS, { env: 'dev' })],
      [input(namespace(NS, { env: 'prod' }))],
      true,
    ],
    [
      'the input’s Namespace without the label the state’s has',
      { namespaceSelector: { matchLabels: { env: 'prod' } } },
      [namespace(NS, { env: 'prod' })],
      [input(namespace(NS))],
      false,
    ],
    [
      'the name label of a Namespace the input creates without labels (the API server sets it)',
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': NS } } },
      [],
      [input(namespace(NS))],
      true,
    ],
    [
      'a manifest’s own name label (the API server sets it to the name)',
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'prod' } } },
      [],
      [input(namespace(NS, { 'kubernetes.io/metadata.name': 'prod' }))],
      false,
    ],
  ])('namespaceSelector: %s → caught %s', (_what, hook, objects, inputs, expected) => {
    const found = webhooks(
      ctxOf(
        targetOf('Deployment'),
        state({ objects: [hookConfig({ ...POD_RULE, ...hook }), ...objects] }),
        inputs,
      ),
    );
    expect(found).toHaveLength(expected ? 1 : 0);
  });

  it.each<[string, PreflightTarget['kind'], string[], Record<string, unknown>, boolean]>([
    ['matching the pod labels', 'Deployment', ['pods'], { matchLabels: { app: 'web' } }, true],
    ['not matching the pod labels', 'Deployment', ['pods'], { matchLabels: { app: 'api' } }, false],
    [
      'NotIn on the pod labels',
      'Pod',
      ['pods'],
      { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['front'] }] },
      false,
    ],
    [
      'Exists on the pod labels',
      'Pod',
      ['pods'],
      { matchExpressions: [{ key: 'tier', operator: 'Exists' }] },
      true,
    ],
    [
      'on a rule about jobs, a CronJob whose jobTemplate has no labels',
      'CronJob',
      ['jobs'],
      { matchLabels: { app: 'web' } },
      false,
    ],
  ])('objectSelector %s → caught %s', (_what, kind, resources, objectSelector, expected) => {
    expect(caught(kind, { rules: [rule(['CREATE'], resources)], objectSelector })).toHaveLength(
      expected ? 1 : 0,
    );
  });

  const labelled = (
    kind: PreflightTarget['kind'],
    labels: Record<string, string>,
    spec: Record<string, unknown> = {},
  ) =>
    targetOf(kind, {
      object: { apiVersion: 'apps/v1', kind, metadata: { name: 'web', namespace: NS, labels }, spec },
    });
  it.each<[string, PreflightTarget, Record<string, unknown>[], Record<string, unknown>, string | null]>([
    [
      'deployments, the Deployment’s own labels (not its pods’)',
      labelled('Deployment', { team: 'payments' }),
      [rule(['CREATE'], ['deployments'])],
      { matchLabels: { team: 'payments' } },
      'deployments',
    ],
    [
      'deployments, the pods’ labels only',
      labelled('Deployment', { team: 'payments' }),
      [rule(['CREATE'], ['deployments'])],
      { matchLabels: { app: 'web' } },
      null,
    ],
    [
      'pods and deployments in one rule, only the Deployment selected',
      labelled('Deployment', { team: 'payments' }),
      [rule(['CREATE'], ['pods', 'deployments'])],
      { matchLabels: { team: 'payments' } },
      'deployments',
    ],
    [
      'a rule on pods then one on deployments, only the Deployment selected',
      labelled('Deployment', { team: 'payments' }),
      [rule(['CREATE'], ['pods']), rule(['CREATE'], ['deployments'])],
      { matchLabels: { team: 'payments' } },
      'deployments',
    ],
    [
      'pods and deployments, both selected: pods first',
      labelled('Deployment', { app: 'web' }),
      [rule(['CREATE'], ['deployments', 'pods'])],
      { matchLabels: { app: 'web' } },
      'pods',
    ],
    [
      'replicasets of a Deployment: the template’s labels',
      labelled('Deployment', {}),
      [rule(['CREATE'], ['replicasets'])],
      { matchLabels: { tier: 'front' } },
      'replicasets',
    ],
    [
      'replicasets, a ReplicaSet: its own labels',
      labelled('ReplicaSet', {}),
      [rule(['CREATE'], ['replicasets'])],
      { matchLabels: { tier: 'front' } },
      null,
    ],
    [
      'jobs of a CronJob: its jobTemplate’s labels',
      labelled('CronJob', { team: 'ops' }, { jobTemplate: { metadata: { labels: { kind: 'backup' } } } }),
      [rule(['CREATE'], ['jobs'])],
      { matchLabels: { kind: 'backup' } },
      'jobs',
    ],
    [
      'jobs of a CronJob: not the CronJob’s labels',
      labelled('CronJob', { team: 'ops' }, { jobTemplate: { metadata: { labels: { kind: 'backup' } } } }),
      [rule(['CREATE'], ['jobs'])],
      { matchLabels: { team: 'ops' } },
      null,
    ],
    [
      'cronjobs: the CronJob’s labels',
      labelled('CronJob', { team: 'ops' }),
      [rule(['CREATE'], ['cronjobs', 'jobs'])],
      { matchLabels: { team: 'ops' } },
      'cronjobs',
    ],
  ])('objectSelector on %s', (_what, t, rules, objectSelector, what) => {
    const found = webhooks(ctxOf(t, state({ objects: [hookConfig({ rules, objectSelector })] })));
    expect(found.map((f) => /creation of (\S+) in/.exec(f.message)?.[1])).toStrictEqual(
      what === null ? [] : [what],
    );
  });

  it.each<[StateKind[], string[]]>([
    [
      ['MutatingWebhookConfiguration'],
      [
        'MutatingWebhookConfigurations were not read (mutatingwebhookconfigurations.admissionregistration.k8s.io is forbidden): an admission webhook could refuse the pods',
      ],
    ],
    [
      ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'],
      [
        'MutatingWebhookConfigurations were not read (mutatingwebhookconfigurations.admissionregistration.k8s.io is forbidden): an admission webhook could refuse the pods',
        'ValidatingWebhookConfigurations were not read (mutatingwebhookconfigurations.admissionregistration.k8s.io is forbidden): an admission webhook could refuse the pods',
      ],
    ],
  ])('webhook configurations not read (%j): unknown at admission', (kinds, messages) => {
    const found = webhooks(
      ctxOf(
        targetOf('Pod'),
        stateWithout(kinds, 'mutatingwebhookconfigurations.admissionregistration.k8s.io is forbidden'),
      ),
    );
    expect(found).toStrictEqual(
      messages.map((message) => ({
        check: 'webhooks',
        outcome: 'unknown',
        stage: 'admission',
        message,
        evidence: [],
        nextSteps: [],
      })),
    );
  });

  it('a kind not read without a reason is "not read"; a known kind with no configuration says nothing', () => {
    const s = state({ known: ['Namespace', 'Node', 'ValidatingWebhookConfiguration'] });
    expect(webhooks(ctxOf(targetOf('Pod'), s)).map((f) => f.message)).toStrictEqual([
      'MutatingWebhookConfigurations were not read (not read): an admission webhook could refuse the pods',
    ]);
    expect(webhooks(ctxOf(targetOf('Pod'), state()))).toStrictEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

const pvc = (
  name: string,
  spec: Record<string, unknown>,
  status?: Record<string, unknown>,
  ns = NS,
): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name, namespace: ns },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
  ...(status === undefined ? {} : { status }),
});
const storageClass = (name: string, provisioner: string, isDefault = false): KObject => ({
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: {
    name,
    ...(isDefault ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } : {}),
  },
  provisioner,
});
const withClaim = (claimName: string) => ({
  ...SPEC,
  volumes: [
    { name: 'data', persistentVolumeClaim: { claimName } },
    { name: 'tmp', emptyDir: {} },
  ],
});
const FAST = storageClass('fast', 'ebs.csi.aws.com');
const LOCAL = storageClass('local', 'kubernetes.io/no-provisioner');

describe('provisioning', () => {
  const found = (
    objects: KObject[],
    inputs: InputObject[] = [],
    spec: Record<string, unknown> = withClaim('data'),
  ) => provisioning(ctxOf(targetOf('Deployment', { spec }), state({ objects }), inputs));

  it('an unbound claim of a class with a provisioner: unknown at scheduling, naming the provisioner and class', () => {
    expect(found([FAST, pvc('data', { storageClassName: 'fast' }, { phase: 'Pending' })])).toStrictEqual([
      {
        check: 'provisioning',
        outcome: 'unknown',
        stage: 'scheduling',
        message:
          'PersistentVolumeClaim data waits for provisioner ebs.csi.aws.com (StorageClass fast) to create its volume: only the provisioner can tell whether it will',
        evidence: [],
        nextSteps: ['kubectl -n shop describe pvc data', 'kubectl get storageclass fast -o yaml'],
      },
    ]);
  });

  it.each<[string, KObject[], InputObject[], string | null]>([
    ['a Bound claim', [FAST, pvc('data', { storageClassName: 'fast' }, { phase: 'Bound' })], [], null],
    [
      'a claim naming its volume',
      [FAST, pvc('data', { storageClassName: 'fast', volumeName: 'pv-1' })],
      [],
      null,
    ],
    ['a missing claim', [FAST], [], null],
    [
      'a claim in another namespace',
      [FAST, pvc('data', { storageClassName: 'fast' }, undefined, 'other')],
      [],
      null,
    ],
    ['a claim of a no-provisioner class', [LOCAL, pvc('data', { storageClassName: 'local' })], [], null],
    ['a claim of a class that does not exist', [FAST, pvc('data', { storageClassName: 'gold' })], [], null],
    [
      'a claim of the empty class (static binding)',
      [storageClass('std', 'pd.csi.storage.gke.io', true), pvc('data', { storageClassName: '' })],
      [],
      null,
    ],
    ['a claim without class, no default class', [FAST, pvc('data', {})], [], null],
    [
      'a claim without class, a default class',
      [LOCAL, storageClass('std', 'pd.csi.storage.gke.io', true), pvc('data', {})],
      [],
      'pd.csi.storage.gke.io (StorageClass std)',
    ],
    [
      'a default class annotated "false"',
      [
        {
          ...FAST,
          metadata: { name: 'fast', annotations: { 'storageclass.kubernetes.io/is-default-class': 'false' } },
        },
        pvc('data', {}),
      ],
      [],
      null,
    ],
    [
      'a claim of the input',
      [FAST],
      [input(pvc('data', { storageClassName: 'fast' }))],
      'ebs.csi.aws.com (StorageClass fast)',
    ],
    [
      'a class of the input',
      [pvc('data', { storageClassName: 'fast' })],
      [input(FAST)],
      'ebs.csi.aws.com (StorageClass fast)',
    ],
  ])('%s → %s', (_what, objects, inputs, expected) => {
    expect(
      found(objects, inputs).map((f) => /provisioner (.+) to create/.exec(f.message)?.[1]),
    ).toStrictEqual(expected === null ? [] : [expected]);
  });

  it('a StatefulSet’s volumeClaimTemplates are claims to provision, named as its first pod’s', () => {
    const sts: KObject = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'web', namespace: NS },
      spec: {
        volumeClaimTemplates: [
          { metadata: { name: 'data' }, spec: { storageClassName: 'fast', accessModes: ['ReadWriteOnce'] } },
          { metadata: { name: 'logs' }, spec: { accessModes: ['ReadWriteOnce'] } },
          { metadata: { name: 'scratch' }, spec: { storageClassName: 'local' } },
          { spec: { storageClassName: 'fast' } },
        ],
      },
    };
    const t = targetOf('StatefulSet', { object: sts });
    const out = provisioning(
      ctxOf(t, state({ objects: [FAST, LOCAL, storageClass('std', 'disk.csi.azure.com', true)] })),
    );
    expect(out.map((f) => f.message)).toStrictEqual([
      'PersistentVolumeClaim data-web-0 waits for provisioner ebs.csi.aws.com (StorageClass fast) to create its volume: only the provisioner can tell whether it will',
      'PersistentVolumeClaim logs-web-0 waits for provisioner disk.csi.azure.com (StorageClass std) to create its volume: only the provisioner can tell whether it will',
    ]);
    expect(out[0]?.nextSteps).toStrictEqual([
      'kubectl -n shop describe pvc data-web-0',
      'kubectl get storageclass fast -o yaml',
    ]);
  });

  it('a claim of a volumeClaimTemplate that exists already (a re-apply) is judged as it is', () => {
    const sts: KObject = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'web', namespace: NS },
      spec: {
        volumeClaimTemplates: [
          { metadata: { name: 'data' }, spec: { storageClassName: 'fast' } },
          { metadata: { name: 'logs' }, spec: { storageClassName: 'fast' } },
        ],
      },
    };
    const t = targetOf('StatefulSet', { object: sts });
    const objects = [
      FAST,
      LOCAL,
      pvc('data-web-0', { storageClassName: 'fast', volumeName: 'pvc-1f2e' }, { phase: 'Bound' }),
      pvc('logs-web-0', { storageClassName: 'local' }, { phase: 'Pending' }),
    ];
    expect(provisioning(ctxOf(t, state({ objects })))).toStrictEqual([]);
    const pending = [FAST, pvc('data-web-0', { storageClassName: 'fast' }, { phase: 'Pending' })];
    expect(provisioning(ctxOf(t, state({ objects: pending }))).map((f) => f.message)).toStrictEqual([
      'PersistentVolumeClaim data-web-0 waits for provisioner ebs.csi.aws.com (StorageClass fast) to create its volume: only the provisioner can tell whether it will',
      'PersistentVolumeClaim logs-web-0 waits for provisioner ebs.csi.aws.com (StorageClass fast) to create its volume: only the provisioner can tell whether it will',
    ]);
  });

  it('a template without claims says nothing', () => {
    expect(found([FAST, pvc('data', { storageClassName: 'fast' })], [], SPEC)).toStrictEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('unreadState', () => {
  it('all kinds read: nothing', () => {
    expect(unreadState(ctxOf(targetOf('Pod'), state()))).toStrictEqual([]);
  });

  it('one unknown per unread kind it needs, in a fixed order, with its why', () => {
    const why = 'list is forbidden: User "ci" cannot list resource';
    const s = stateWithout(
      [
        'StorageClass',
        'Secret',
        'ServiceAccount',
        'LimitRange',
        'ResourceQuota',
        'Namespace',
        'Pod',
        'Node',
        'PersistentVolumeClaim',
      ],
      why,
    );
    expect(
      unreadState(ctxOf(targetOf('Pod'), s)).map((f) => [f.check, f.outcome, f.stage, f.message]),
    ).toStrictEqual([
      [
        'state',
        'unknown',
        'scheduling',
        `Nodes were not read (${why}), so preflight cannot tell whether a node can take the pods`,
      ],
      [
        'state',
        'unknown',
        'scheduling',
        `Pods were not read (${why}), so preflight cannot tell the room the running pods leave on each node`,
      ],
      [
        'state',
        'unknown',
        'admission',
        `Namespaces were not read (${why}), so preflight cannot tell whether the namespace exists and its PodSecurity level`,
      ],
      [
        'state',
        'unknown',
        'admission',
        `ResourceQuotas were not read (${why}), so preflight cannot tell the quota left in the namespace`,
      ],
      [
        'state',
        'unknown',
        'admission',
        `LimitRanges were not read (${why}), so preflight cannot tell the namespace’s LimitRange defaults and bounds`,
      ],
      [
        'state',
        'unknown',
        'admission',
        `ServiceAccounts were not read (${why}), so preflight cannot tell whether the ServiceAccount exists`,
      ],
      [
        'state',
        'unknown',
        'scheduling',
        `PersistentVolumeClaims were not read (${why}), so preflight cannot tell whether the claims exist and are bound`,
      ],
      [
        'state',
        'unknown',
        'scheduling',
        `StorageClasses were not read (${why}), so preflight cannot tell how the claims get their volumes`,
      ],
    ]);
  });

  it('each kind its own why; a kind without one is "not read"', () => {
    const s = state({
      known: [
        'Node',
        'Pod',
        'Namespace',
        'ResourceQuota',
        'LimitRange',
        'PersistentVolumeClaim',
        'StorageClass',
      ],
      missing: [{ kind: 'ServiceAccount', why: 'serviceaccounts is forbidden' }],
    });
    expect(unreadState(ctxOf(targetOf('Pod'), s)).map((f) => f.message)).toStrictEqual([
      'ServiceAccounts were not read (serviceaccounts is forbidden), so preflight cannot tell whether the ServiceAccount exists',
    ]);
    const s2 = state({
      known: ['Node', 'Pod', 'Namespace', 'ResourceQuota', 'LimitRange', 'ServiceAccount', 'StorageClass'],
    });
    expect(unreadState(ctxOf(targetOf('Pod'), s2)).map((f) => f.message)).toStrictEqual([
      'PersistentVolumeClaims were not read (not read), so preflight cannot tell whether the claims exist and are bound',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('appRuntime', () => {
  const APP_UNKNOWN = {
    check: 'app',
    outcome: 'unknown',
    stage: 'crash',
    message:
      'whether the app starts, stays up and passes its probes: only a run shows that (no Ready pod of this template runs in the cluster yet)',
    evidence: [],
    nextSteps: [],
  };
  const runningPod = (
    over: {
      labels?: Record<string, string>;
      ns?: string;
      containers?: { name: string; image: string }[];
      ready?: string;
      kind?: string;
    } = {},
  ): KObject => ({
    apiVersion: 'v1',
    kind: over.kind ?? 'Pod',
    metadata: {
      name: 'web-7d9f-abcde',
      namespace: over.ns ?? NS,
      labels: over.labels ?? { ...LABELS, 'pod-template-hash': '7d9f' },
    },
    spec: { containers: over.containers ?? SPEC.containers },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: over.ready ?? 'True' },
      ],
    },
  });

  it.each<[string, KObject[], boolean]>([
    ['a Ready pod with the same labels and containers', [runningPod()], true],
    [
      'a Ready pod with more containers (a sidecar)',
      [
        runningPod({
          containers: [...SPEC.containers, { name: 'istio-proxy', image: 'istio/proxyv2:1.22' }],
        }),
      ],
      true,
    ],
    ['no pod', [], false],
    ['a pod not Ready', [runningPod({ ready: 'False' })], false],
    [
      'a pod of another image',
      [runningPod({ containers: [{ name: 'web', image: 'registry.example.com/shop/web:1.4.1' }] })],
      false,
    ],
    [
      'a pod whose container has another name',
      [runningPod({ containers: [{ name: 'app', image: SPEC.containers[0]?.image ?? '' }] })],
      false,
    ],
    ['a pod in another namespace', [runningPod({ ns: 'staging' })], false],
    ['a pod lacking a template label', [runningPod({ labels: { app: 'web' } })], false],
    ['a pod with another label value', [runningPod({ labels: { app: 'web', tier: 'back' } })], false],
    ['a Deployment, not a pod', [runningPod({ kind: 'Deployment' })], false],
    ['a not-Ready pod and a Ready one', [runningPod({ ready: 'False' }), runningPod()], true],
  ])('%s → proven %s', (_what, objects, proven) => {
    expect(appRuntime(ctxOf(targetOf('Deployment'), state({ objects })))).toStrictEqual(
      proven ? [] : [APP_UNKNOWN],
    );
  });

  it('a template with several containers needs each, name and image', () => {
    const spec = {
      containers: [...SPEC.containers, { name: 'worker', image: 'registry.example.com/shop/worker:2' }],
    };
    const t = targetOf('Deployment', { spec });
    expect(appRuntime(ctxOf(t, state({ objects: [runningPod()] })))).toStrictEqual([APP_UNKNOWN]);
    expect(
      appRuntime(ctxOf(t, state({ objects: [runningPod({ containers: spec.containers })] }))),
    ).toStrictEqual([]);
  });
});

describe('CLUSTER_CHECKS', () => {
  it('state, webhooks, provisioning, the app, in that order', () => {
    expect(CLUSTER_CHECKS).toStrictEqual([unreadState, webhooks, provisioning, appRuntime]);
  });
});
