import { describe, expect, it } from 'vitest';
import { InputError } from '../../errors/index.js';
import type { Diagnosis } from '../../model/index.js';
import { state } from '../../preflight/checks/test-helpers.js';
import { preflightAnnotations } from './annotations.js';
import { inputObjects } from './input.js';
import { predict } from './predict.js';

const read = (text: string, namespace = 'shop', name = 'k8s/app.yaml') => {
  const notes: string[] = [];
  const objects = inputObjects([{ name, text }], namespace, notes);
  return { objects, notes };
};
const where = (text: string) =>
  read(text).objects.map((i) => [
    i.object.kind,
    i.object.metadata.name,
    i.object.metadata.namespace,
    i.file,
    i.line,
  ]);

function thrown(text: string): InputError {
  try {
    read(text);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no InputError');
}

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata: {}\n';

describe('inputObjects', () => {
  it('one object per document, with its file and starting line; empty documents skipped', () => {
    const text = `# app\n---\n${CM}---\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web, namespace: api }\nspec: {}\n`;
    expect(where(text)).toStrictEqual([
      ['ConfigMap', 'app', 'shop', 'k8s/app.yaml', 3],
      ['Deployment', 'web', 'api', 'k8s/app.yaml', 10],
    ]);
  });

  it('several sources, in order', () => {
    const notes: string[] = [];
    const out = inputObjects(
      [
        { name: 'a.yaml', text: CM },
        { name: '(stdin)', text: `\n${CM}` },
      ],
      'default',
      notes,
    );
    expect(out.map((i) => [i.file, i.line, i.object.metadata.namespace])).toStrictEqual([
      ['a.yaml', 1, 'default'],
      ['(stdin)', 2, 'default'],
    ]);
  });

  it('a List is expanded, its items at the List’s line; nested Lists too', () => {
    const text = `${CM}---\napiVersion: v1\nkind: List\nitems:\n  - ${JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } })}\n  - ${JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMapList', items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'inner', namespace: 'ops' } }] })}\n`;
    expect(where(text)).toStrictEqual([
      ['ConfigMap', 'app', 'shop', 'k8s/app.yaml', 1],
      ['Secret', 's', 'shop', 'k8s/app.yaml', 7],
      ['ConfigMap', 'inner', 'ops', 'k8s/app.yaml', 7],
    ]);
  });

  it.each([
    ['a namespaced kind without namespace gets the default one', 'v1', 'Service', undefined, 'shop'],
    ['a namespaced kind keeps its own', 'apps/v1', 'StatefulSet', 'db', 'db'],
    ['a cluster-scoped kind loses a namespace', 'v1', 'Namespace', 'shop', undefined],
    ['a StorageClass has none', 'storage.k8s.io/v1', 'StorageClass', 'x', undefined],
    ['a PersistentVolume has none', 'v1', 'PersistentVolume', undefined, undefined],
  ])('%s', (_what, apiVersion, kind, namespace, expected) => {
    const meta = namespace === undefined ? '{ name: x }' : `{ name: x, namespace: ${namespace} }`;
    const [o] = read(`apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: ${meta}\n`).objects;
    expect(o?.object.metadata.namespace).toBe(expected);
    expect(o !== undefined && 'namespace' in o.object.metadata).toBe(expected !== undefined);
  });

  it.each([
    ['a CRD kind', 'monitoring.coreos.com/v1', 'ServiceMonitor'],
    ['an unknown kind of another group', 'example.com/v1alpha1', 'Widget'],
    ['a kind of a group outside Kubernetes (Istio)', 'networking.istio.io/v1', 'VirtualService'],
    ['Gateway API, a CRD in a k8s.io group', 'gateway.networking.k8s.io/v1', 'HTTPRoute'],
    ['a kind named like a core kind in a CRD group (Knative)', 'serving.knative.dev/v1', 'Service'],
    ['a Deployment of a CRD group', 'example.com/v1', 'Deployment'],
  ])('%s is noted, not judged', (_what, apiVersion, kind) => {
    const { objects, notes } = read(
      `${CM}---\napiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: { name: m }\n`,
    );
    expect(objects.map((o) => o.object.kind)).toStrictEqual(['ConfigMap']);
    expect(notes).toStrictEqual([
      `k8s/app.yaml:7: ${kind} m (${apiVersion}) is not judged: preflight knows only Kubernetes' own kinds`,
    ]);
  });

  it.each([
    ['policy/v1', 'PodDisruptionBudget'],
    ['autoscaling/v2', 'HorizontalPodAutoscaler'],
    ['networking.k8s.io/v1', 'Ingress'],
    ['networking.k8s.io/v1', 'NetworkPolicy'],
    ['rbac.authorization.k8s.io/v1', 'RoleBinding'],
    ['rbac.authorization.k8s.io/v1', 'ClusterRole'],
    ['scheduling.k8s.io/v1', 'PriorityClass'],
    ['v1', 'PodTemplate'],
    ['apiextensions.k8s.io/v1', 'CustomResourceDefinition'],
  ])('%s %s, a Kubernetes kind preflight does not judge, is noted', (apiVersion, kind) => {
    const { objects, notes } = read(
      `${CM}---\napiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: { name: m }\n`,
    );
    expect(objects.map((o) => o.object.kind)).toStrictEqual(['ConfigMap']);
    expect(notes).toStrictEqual([
      `k8s/app.yaml:7: ${kind} m (${apiVersion}) is not judged: preflight judges workloads and what their pods need`,
    ]);
  });

  it.each([
    ['v1', 'Deploymnet'],
    ['apps/v1', 'Deploymnet'],
    ['batch/v1', 'Cronjob'],
    ['apps/v1', 'Service'],
    ['v1', 'Deployment'],
    ['policy/v1', 'PodDisruptionBuget'],
    ['networking.k8s.io/v1', 'Ingres'],
    ['rbac.authorization.k8s.io/v1', 'RoleBindings'],
  ])('%s %s: an unknown kind of a Kubernetes group is an error at its line', (apiVersion, kind) => {
    const e = thrown(`${CM}---\napiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: { name: m }\n`);
    expect([e.message, e.file, e.line, e.hint]).toStrictEqual([
      `k8s/app.yaml:7: unknown kind "${kind}" in ${apiVersion}`,
      'k8s/app.yaml',
      7,
      "check the kind's spelling (kubectl api-resources lists them)",
    ]);
  });

  it.each([
    ['storage.k8s.io/v1', 'StorageClass'],
    ['admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration'],
    ['discovery.k8s.io/v1', 'EndpointSlice'],
    ['apps/v1', 'DaemonSet'],
  ])('%s %s is judged', (apiVersion, kind) => {
    expect(
      read(`apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: { name: m }\n`).objects.map(
        (o) => o.object.kind,
      ),
    ).toStrictEqual([kind]);
  });

  it.each([
    [
      'no kind',
      'apiVersion: v1\nmetadata: { name: x }\n',
      'the object has no kind',
      'kubectl apply needs apiVersion, kind and metadata.name',
    ],
    [
      'no apiVersion',
      'kind: ConfigMap\nmetadata: { name: x }\n',
      'the object has no apiVersion',
      'kubectl apply needs apiVersion, kind and metadata.name',
    ],
    [
      'a kind that is not a string',
      'apiVersion: v1\nkind: 3\nmetadata: { name: x }\n',
      'the object has no kind',
      'kubectl apply needs apiVersion, kind and metadata.name',
    ],
    [
      'no metadata',
      'apiVersion: v1\nkind: ConfigMap\n',
      'ConfigMap has no metadata.name',
      'preflight judges what kubectl apply would create: name every object',
    ],
    [
      'an empty name',
      "apiVersion: v1\nkind: Pod\nmetadata: { name: '' }\n",
      'Pod has no metadata.name',
      'preflight judges what kubectl apply would create: name every object',
    ],
    [
      'generateName only',
      'apiVersion: batch/v1\nkind: Job\nmetadata: { generateName: run- }\n',
      'Job has no metadata.name',
      'preflight judges what kubectl apply would create: name every object',
    ],
    [
      'a list',
      '- a\n- b\n',
      'not a Kubernetes object (a mapping with apiVersion, kind and metadata)',
      undefined,
    ],
    [
      'a scalar',
      'hello\n',
      'not a Kubernetes object (a mapping with apiVersion, kind and metadata)',
      undefined,
    ],
  ])('%s is an error at the document’s line', (_what, doc, message, hint) => {
    const e = thrown(`${CM}---\n${doc}`);
    expect([e.message, e.line, e.hint]).toStrictEqual([`k8s/app.yaml:7: ${message}`, 7, hint]);
  });

  it('a List item that is not an object is an error at the List’s line', () => {
    const e = thrown('apiVersion: v1\nkind: List\nitems:\n  - 42\n');
    expect(e.message).toBe(
      'k8s/app.yaml:1: not a Kubernetes object (a mapping with apiVersion, kind and metadata)',
    );
  });

  it('a kind ending in List without items is a kind like any other', () => {
    const e = thrown('apiVersion: v1\nkind: PodList\nmetadata: { name: x }\n');
    expect(e.message).toBe('k8s/app.yaml:1: unknown kind "PodList" in v1');
  });

  it('the objects are copies: the parsed document is not changed by the namespace defaulting', () => {
    const { objects } = read(CM);
    const again = read(CM).objects;
    expect(objects[0]?.object).toStrictEqual(again[0]?.object);
    expect(objects[0]?.object).not.toBe(again[0]?.object);
  });
});

// ---------------------------------------------------------------------------------------------

function result(over: Partial<Diagnosis>): Diagnosis {
  return {
    target: { kind: 'Deployment', namespace: 'shop', name: 'web' },
    verdict: 'failed',
    stage: 'admission',
    reason: 'QuotaExceeded',
    ruleId: 'admission/refused',
    container: null,
    summary:
      'pods "web-1" is forbidden: exceeded quota: compute, requested: requests.cpu=2, used: requests.cpu=7, limited: requests.cpu=8',
    confidence: 'high',
    evidence: [],
    nextSteps: ['kubectl -n shop describe quota'],
    chain: [],
    preflight: { verdict: 'would-fail', unknown: [], warnings: [], file: 'k8s/web.yaml', line: 12 },
    notes: [],
    ...over,
  };
}

describe('preflightAnnotations', () => {
  it('a target that would fail: ::error at its file and line, titled with stage/reason and target, the next step on a new line', () => {
    expect(preflightAnnotations([result({})])).toStrictEqual([
      '::error file=k8s/web.yaml,line=12,title=handoff preflight%3A admission/QuotaExceeded deployment shop/web::deployment shop/web would fail at admission: pods "web-1" is forbidden: exceeded quota: compute, requested: requests.cpu=2, used: requests.cpu=7, limited: requests.cpu=8%0Anext: kubectl -n shop describe quota',
    ]);
  });

  it('without next step, without reason: no next line, an empty reason', () => {
    expect(preflightAnnotations([result({ nextSteps: [], reason: null, summary: 'x' })])).toStrictEqual([
      '::error file=k8s/web.yaml,line=12,title=handoff preflight%3A admission/ deployment shop/web::deployment shop/web would fail at admission: x',
    ]);
  });

  it('a target preflight cannot decide: ::notice with the summary; each warning: ::warning', () => {
    const d = result({
      verdict: 'unknown',
      stage: 'admission',
      reason: null,
      summary:
        'Nothing found stops Deployment shop/web before its containers start, but whether webhook "policy" admits them.',
      preflight: {
        verdict: 'cannot-tell',
        unknown: ['x'],
        warnings: ['image nginx uses :latest', '100% sure'],
        file: 'k8s/web.yaml',
        line: 12,
      },
    });
    expect(preflightAnnotations([d])).toStrictEqual([
      '::notice file=k8s/web.yaml,line=12,title=handoff preflight%3A cannot tell deployment shop/web::Nothing found stops Deployment shop/web before its containers start, but whether webhook "policy" admits them.',
      '::warning file=k8s/web.yaml,line=12,title=handoff preflight%3A deployment shop/web::image nginx uses :latest',
      '::warning file=k8s/web.yaml,line=12,title=handoff preflight%3A deployment shop/web::100%25 sure',
    ]);
  });

  it('a target that would pass gives only its warnings; a diagnosis without preflight nothing', () => {
    const pass = result({
      verdict: 'healthy',
      preflight: { verdict: 'would-pass', unknown: [], warnings: ['w'] },
    });
    const plain = result({ preflight: undefined });
    expect(preflightAnnotations([pass, plain])).toStrictEqual([
      '::warning title=handoff preflight%3A deployment shop/web::w',
    ]);
  });

  it('file and title are escaped as properties (%, :, ,); the message as data (LF); control characters (CR, ANSI escapes) removed', () => {
    const d = result({
      target: { kind: 'Pod', namespace: 'a', name: 'b' },
      stage: 'scheduling',
      reason: 'InsufficientResources',
      summary: '0/3 nodes are available: 3 Insufficient cpu.\r\n\u001b[31mred\u001b[0m',
      nextSteps: [],
      preflight: { verdict: 'would-fail', unknown: [], warnings: [], file: 'C:\\k8s\\a,b%.yaml' },
    });
    expect(preflightAnnotations([d])).toStrictEqual([
      '::error file=C%3A\\k8s\\a%2Cb%25.yaml,title=handoff preflight%3A scheduling/InsufficientResources pod a/b::pod a/b would fail at scheduling: 0/3 nodes are available: 3 Insufficient cpu.%0Ared',
    ]);
  });

  it('one line per target in order', () => {
    const a = result({ target: { kind: 'Job', namespace: 'ops', name: 'a' }, nextSteps: [] });
    const b = result({
      target: { kind: 'Service', namespace: 'shop', name: 'b' },
      verdict: 'unknown',
      summary: 's',
      preflight: { verdict: 'cannot-tell', unknown: [], warnings: [] },
    });
    expect(preflightAnnotations([a, b]).map((l) => l.slice(0, l.indexOf(' ')))).toStrictEqual([
      '::error',
      '::notice',
    ]);
  });
});

describe('predict', () => {
  const NODE = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'worker-1' },
    spec: {},
    status: {
      capacity: { cpu: '4', memory: '16Gi', pods: '110' },
      allocatable: { cpu: '4', memory: '16Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  };
  const MANIFEST = `apiVersion: v1
kind: Namespace
metadata: { name: fresh }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: fresh }
spec:
  replicas: 2
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - { name: web, image: 'registry.example.com/web:2.1', resources: { requests: { cpu: 100m } } }
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: { name: web, namespace: fresh }
spec: { rules: [] }
`;

  it('a Deployment in a Namespace the same manifest creates passes admission and scheduling (its default ServiceAccount is made for it)', () => {
    const notes: string[] = [];
    const inputs = inputObjects([{ name: 'app.yaml', text: MANIFEST }], 'default', notes);
    expect(notes).toStrictEqual([
      'app.yaml:17: Ingress web (networking.k8s.io/v1) is not judged: preflight judges workloads and what their pods need',
    ]);
    const [d] = predict(state({ objects: [NODE] }), inputs);
    expect(d?.target).toStrictEqual({ kind: 'Deployment', namespace: 'fresh', name: 'web' });
    expect(d?.preflight?.verdict).not.toBe('would-fail');
    expect(d?.chain.slice(0, 2)).toStrictEqual([
      { stage: 'admission', status: 'passed' },
      { stage: 'scheduling', status: 'passed' },
    ]);
  });

  it('a CronJob whose Jobs a count/jobs.batch quota refuses would fail admission with the quota’s message', () => {
    const objects = [
      NODE,
      {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'ops', labels: { 'kubernetes.io/metadata.name': 'ops' } },
      },
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'ops' } },
      {
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: { name: 'jobs', namespace: 'ops' },
        spec: { hard: { 'count/jobs.batch': '0' } },
      },
    ];
    const cron = `apiVersion: batch/v1
kind: CronJob
metadata: { name: backup, namespace: ops }
spec:
  schedule: '0 3 * * *'
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{ name: backup, image: 'registry.example.com/backup:1.2' }]
`;
    const inputs = inputObjects([{ name: 'cron.yaml', text: cron }], 'default', []);
    const [d] = predict(state({ objects: objects }), inputs);
    expect(d).toMatchObject({
      target: { kind: 'CronJob', namespace: 'ops', name: 'backup' },
      stage: 'admission',
      reason: 'QuotaExceeded',
      summary:
        'jobs.batch "backup-preflight" is forbidden: exceeded quota: jobs, requested: count/jobs.batch=1, used: count/jobs.batch=0, limited: count/jobs.batch=0',
      preflight: { verdict: 'would-fail', file: 'cron.yaml', line: 1 },
    });
  });
});
