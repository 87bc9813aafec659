import { describe, expect, it } from 'vitest';
import { InputError } from '../../errors/index.js';
import { generateScenario } from '../generate/generate.js';
import { parseScenario } from './load.js';
import { DEFAULT_BEHAVIOR } from './schema/images.js';
import { DEFAULT_DURATION, DEFAULT_START } from './schema/scenario.js';

const MIN = `name: s
description: d
expect: {verdict: healthy}
`;

const parse = (text: string) => parseScenario(text, 'x.yaml');

/** The InputError a text raises, as "file:line: message". */
function errorOf(text: string): string {
  try {
    parse(text);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as InputError).message;
  }
  throw new Error('expected the scenario to be rejected');
}

describe('parseScenario defaults', () => {
  it('fills every default of a minimal scenario', () => {
    const s = parse(MIN);
    expect(s).toMatchObject({ name: 's', description: 'd', path: 'x.yaml', seed: 1 });
    expect(s.group).toBeUndefined();
    expect(s.start).toBe(DEFAULT_START);
    expect(new Date(s.start).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(s.duration).toBe(DEFAULT_DURATION);
    expect(s.objects).toEqual([]);
    expect(s.expect).toEqual([{ verdict: 'healthy' }]);
    const c = s.cluster;
    expect(c.version).toBe('v1.31.4');
    expect(c.nodes).toEqual([
      {
        name: 'node-1',
        labels: {},
        capacity: { cpu: '4', memory: '16Gi', pods: '110', 'ephemeral-storage': '100Gi' },
        taints: [],
        unschedulable: false,
        images: [],
        podIPs: 254,
        incidents: [],
      },
    ]);
    expect(c.namespaces).toEqual([]);
    expect(c.webhooks).toEqual([]);
    expect(c.storageClasses).toEqual([
      {
        name: 'standard',
        provisioner: 'rancher.io/local-path',
        bindingMode: 'WaitForFirstConsumer',
        default: true,
        provisionDelay: 2000,
      },
    ]);
    expect(c.csiDrivers).toEqual([]);
    expect(c.cni).toEqual({ plugin: 'calico', setupDelay: 500 });
    expect(c.registry).toEqual({ defaultSize: '50Mi', bandwidth: 50_000_000, images: [] });
    expect(c.users).toEqual([]);
  });

  it('records the group it was found in', () => {
    expect(parseScenario(MIN, 'scenarios/crash/s.yaml', 'crash').group).toBe('crash');
  });

  it('defaults image behaviour to a process that runs forever', () => {
    const s = parse(`${MIN}cluster:\n  registry:\n    images:\n      - name: nginx:1.27\n`);
    expect(s.cluster.registry.images).toEqual([
      {
        name: 'nginx:1.27',
        exists: true,
        auth: false,
        rateLimited: false,
        badTLS: false,
        unreachable: false,
        wrongArch: false,
        run: DEFAULT_BEHAVIOR,
      },
    ]);
  });
});

const FULL = `name: full
description: every field
seed: 42
start: 2026-03-01T12:00:00Z
duration: 1h30m
expect:
  - {target: deploy/web, stage: image-pull, reason: ImageNotFound}
  - {target: pod/solo, at: 90s, verdict: progressing}
cluster:
  version: v1.30.2
  nodes:
    - name: pool
      count: 3
      cpu: "8"
      memory: 32Gi
      pods: 58
      capacity: {nvidia.com/gpu: "1"}
      allocatable: {cpu: 7910m}
      labels: {pool: gpu}
      taints:
        - {key: nvidia.com/gpu, value: present, effect: NoSchedule}
        - {key: dedicated}
      unschedulable: true
      images: [nginx:1.27]
      podIPs: 30
      zone: eu-west-1a
      incidents:
        - {at: 2m, type: lost}
        - {at: 3m, type: not-ready, message: container runtime is down}
        - {at: 4m, type: recover}
  namespaces:
    - name: shop
      labels: {pod-security.kubernetes.io/enforce: restricted}
      quota: {requests.cpu: "2", pods: 10}
      limitRange:
        - {type: Container, max: {cpu: "1"}}
      serviceAccounts: [builder]
  webhooks:
    - name: policy.kyverno.svc
      type: mutating
      resources: [pods, deployments]
      namespaces: [shop]
      deny: image not allowed
      denyImages: docker.io/*
      failurePolicy: Ignore
    - name: gatekeeper.sh
      unreachable: true
      service: gatekeeper-system/gatekeeper-webhook-service
  storageClasses:
    - name: gp3
      bindingMode: Immediate
      provisionDelay: 10s
      provisionError: quota exceeded
      zones: [eu-west-1a]
    - name: slow
      provisioner: example.com/nfs
      default: true
  csiDrivers:
    - name: ebs.csi.aws.com
      registered: false
      attachRequired: false
      attachDelay: 5s
      mountDelay: 500ms
      attachError: rpc error
      mountError: mount failed
  cni:
    plugin: cilium
    setupDelay: 2s
    failure: {mode: ip-exhausted, message: no IPs, nodes: [pool-1]}
  registry:
    defaultSize: 200Mi
    bandwidth: 1000000
    images:
      - name: ghcr.io/acme/api:2.0
        exists: true
        size: 1Gi
        pullTime: 3m
        auth: true
        rateLimited: true
        badTLS: true
        unreachable: true
        wrongArch: true
        run:
          startError: 'exec: "/app": permission denied'
          exitAfter: 20s
          oomAfter: 1m
          logs: [starting]
          ports: [8080, 9090]
          listenAfter: 5s
          http:
            - {path: /healthz, status: 503, latency: 2s, after: 30s, until: 2m}
            - {path: /ready}
          execOk: false
  users:
    - name: dev
      groups: [developers]
      rules:
        - {verbs: [get, list], resources: [pods], namespaces: [shop]}
        - {verbs: [create], resources: [deployments], apiGroups: [apps]}
objects:
  - apiVersion: v1
    kind: Pod
    metadata: {name: solo, namespace: shop}
    spec: {containers: [{name: c, image: nginx:1.27}]}
  - at: 30s
    as: dev
    deleteAt: 2m
    manifest:
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web, namespace: other}
`;

describe('parseScenario, every field', () => {
  const s = parse(FULL);

  it('reads the top level', () => {
    expect(s.seed).toBe(42);
    expect(s.start).toBe(Date.parse('2026-03-01T12:00:00Z'));
    expect(s.duration).toBe(90 * 60_000);
    expect(s.expect).toEqual([
      { target: 'deploy/web', stage: 'image-pull', reason: 'ImageNotFound' },
      { target: 'pod/solo', at: 90_000, verdict: 'progressing' },
    ]);
    expect(s.cluster.version).toBe('v1.30.2');
  });

  it('expands a node pool by count, merging cpu/memory/pods and capacity into allocatable', () => {
    expect(s.cluster.nodes.map((n) => n.name)).toEqual(['pool-1', 'pool-2', 'pool-3']);
    const n = s.cluster.nodes[0];
    expect(n).toEqual({
      name: 'pool-1',
      capacity: {
        cpu: '8',
        memory: '32Gi',
        pods: '58',
        'ephemeral-storage': '100Gi',
        'nvidia.com/gpu': '1',
      },
      allocatable: {
        cpu: '7910m',
        memory: '32Gi',
        pods: '58',
        'ephemeral-storage': '100Gi',
        'nvidia.com/gpu': '1',
      },
      labels: { pool: 'gpu' },
      taints: [
        { key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' },
        { key: 'dedicated', effect: 'NoSchedule' },
      ],
      unschedulable: true,
      images: ['nginx:1.27'],
      podIPs: 30,
      zone: 'eu-west-1a',
      incidents: [
        { at: 120_000, type: 'lost' },
        { at: 180_000, type: 'not-ready', message: 'container runtime is down' },
        { at: 240_000, type: 'recover' },
      ],
    });
  });

  it('reads namespaces, and adds the ones objects use', () => {
    expect(s.cluster.namespaces).toEqual([
      {
        name: 'shop',
        labels: { 'pod-security.kubernetes.io/enforce': 'restricted' },
        quota: { 'requests.cpu': '2', pods: '10' },
        limitRange: [{ type: 'Container', max: { cpu: '1' } }],
        serviceAccounts: ['builder'],
      },
      { name: 'other', labels: {}, serviceAccounts: [] },
    ]);
  });

  it('reads webhooks with their defaults (validating, pods, Fail, service from the name)', () => {
    expect(s.cluster.webhooks).toEqual([
      {
        name: 'policy.kyverno.svc',
        type: 'mutating',
        resources: ['pods', 'deployments'],
        namespaces: ['shop'],
        deny: 'image not allowed',
        denyImages: 'docker.io/*',
        unreachable: false,
        failurePolicy: 'Ignore',
        service: 'policy-system/policy',
      },
      {
        name: 'gatekeeper.sh',
        type: 'validating',
        resources: ['pods'],
        unreachable: true,
        failurePolicy: 'Fail',
        service: 'gatekeeper-system/gatekeeper-webhook-service',
      },
    ]);
  });

  it('reads storage classes; only the first is default unless one says so', () => {
    expect(s.cluster.storageClasses).toEqual([
      {
        name: 'gp3',
        provisioner: 'ebs.csi.aws.com',
        bindingMode: 'Immediate',
        default: true,
        provisionDelay: 10_000,
        provisionError: 'quota exceeded',
        zones: ['eu-west-1a'],
      },
      {
        name: 'slow',
        provisioner: 'example.com/nfs',
        bindingMode: 'WaitForFirstConsumer',
        default: true,
        provisionDelay: 3000,
      },
    ]);
  });

  it('reads CSI drivers, CNI and registry', () => {
    expect(s.cluster.csiDrivers).toEqual([
      {
        name: 'ebs.csi.aws.com',
        registered: false,
        attachRequired: false,
        attachDelay: 5000,
        mountDelay: 500,
        attachError: 'rpc error',
        mountError: 'mount failed',
      },
    ]);
    expect(s.cluster.cni).toEqual({
      plugin: 'cilium',
      setupDelay: 2000,
      failure: { mode: 'ip-exhausted', message: 'no IPs', nodes: ['pool-1'] },
    });
    expect(s.cluster.registry.defaultSize).toBe('200Mi');
    expect(s.cluster.registry.bandwidth).toBe(1_000_000);
    expect(s.cluster.registry.images).toEqual([
      {
        name: 'ghcr.io/acme/api:2.0',
        exists: true,
        size: '1Gi',
        pullTime: 180_000,
        auth: true,
        rateLimited: true,
        badTLS: true,
        unreachable: true,
        wrongArch: true,
        run: {
          startError: 'exec: "/app": permission denied',
          exitAfter: 20_000,
          exitCode: 1,
          oomAfter: 60_000,
          logs: ['starting'],
          ports: [8080, 9090],
          listenAfter: 5000,
          http: [
            { path: '/healthz', status: 503, latency: 2000, after: 30_000, until: 120_000 },
            { path: '/ready', status: 200, latency: 5 },
          ],
          execOk: false,
        },
      },
    ]);
  });

  it('reads users with a default token and apiGroups', () => {
    expect(s.cluster.users).toEqual([
      {
        name: 'dev',
        token: 'dev-token',
        groups: ['developers'],
        rules: [
          { verbs: ['get', 'list'], resources: ['pods'], apiGroups: ['*'], namespaces: ['shop'] },
          { verbs: ['create'], resources: ['deployments'], apiGroups: ['apps'] },
        ],
      },
    ]);
  });

  it('reads bare and wrapped objects with their lines', () => {
    expect(s.objects.map((o) => ({ ...o, manifest: o.manifest.kind }))).toEqual([
      { at: 0, manifest: 'Pod', line: 101 },
      { at: 30_000, as: 'dev', deleteAt: 120_000, manifest: 'Deployment', line: 109 },
    ]);
  });
});

describe('parseScenario errors name file:line', () => {
  it.each([
    ['an unknown top-level field', `${MIN}duraton: 5m\n`, 'x.yaml:4: unknown field "duraton"'],
    [
      'an unknown node field',
      `${MIN}cluster:\n  nodes:\n    - name: a\n      cpus: 4\n`,
      'x.yaml:7: unknown field "cpus"; expected one of name, count,',
    ],
    [
      'an unknown field in a wrapped object',
      `${MIN}objects:\n  - manifest: {kind: Pod}\n    deletAt: 5s\n`,
      'x.yaml:6: unknown field "deletAt"',
    ],
    ['a bad duration', `${MIN}duration: 5 minutes\n`, 'x.yaml:4: duration must be a duration such as 30s'],
    ['a negative duration', `${MIN}duration: -5\n`, 'x.yaml:4: duration must be a duration'],
    ['a bad start', `${MIN}start: yesterday\n`, 'x.yaml:4: start must be an RFC 3339 time'],
    [
      'an unknown stage',
      'name: s\ndescription: d\nexpect:\n  stage: pulling\n  reason: ImageNotFound\n',
      'x.yaml:4: unknown stage "pulling"',
    ],
    [
      'a reason of another stage',
      'name: s\ndescription: d\nexpect:\n  stage: crash\n  reason: ImageNotFound\n',
      'x.yaml:5: "ImageNotFound" is not a reason code of stage crash',
    ],
    [
      'an unknown verdict',
      'name: s\ndescription: d\nexpect: {verdict: failed}\n',
      'x.yaml:3: verdict must be one of healthy, progressing, not "failed"',
    ],
    [
      'a verdict and a stage at once',
      'name: s\ndescription: d\nexpect: {verdict: healthy, stage: crash, reason: OOMKilled}\n',
      'x.yaml:3: an expectation names either a verdict or a stage and reason',
    ],
    ['a missing expect', 'name: s\ndescription: d\n', 'x.yaml:1: expect is required'],
    [
      'an expectation after the end',
      'name: s\ndescription: d\nduration: 1m\nexpect:\n  - {verdict: healthy, at: 2m}\n',
      "x.yaml:5: expect.at is after the scenario's duration",
    ],
    ['a missing name', 'description: d\nexpect: {verdict: healthy}\n', 'x.yaml:1: name is required'],
    ['bad YAML', `${MIN}cluster: [\n`, 'x.yaml:5: invalid YAML'],
    ['a duplicate key', `${MIN}seed: 1\nseed: 2\n`, 'x.yaml:5: invalid YAML: Map keys must be unique'],
    [
      'a manifest without kind',
      `${MIN}objects:\n  - apiVersion: v1\n    metadata: {name: a}\n`,
      'x.yaml:5: kind is required (objects[0].kind)',
    ],
    [
      'a manifest without a name',
      `${MIN}objects:\n  - apiVersion: v1\n    kind: Pod\n    metadata: {}\n`,
      'x.yaml:7: name is required (objects[0].metadata.name)',
    ],
    ['a seed that is not a number', `${MIN}seed: abc\n`, 'x.yaml:4: seed must be a number'],
    [
      'a node count of zero',
      `${MIN}cluster:\n  nodes:\n    - {name: a, count: 0}\n`,
      'x.yaml:6: count must be a whole number, 1 or more',
    ],
    [
      'a node declared twice',
      `${MIN}cluster:\n  nodes:\n    - {name: a, count: 2}\n    - {name: a-2}\n`,
      'x.yaml:7: node "a-2" is declared twice',
    ],
    [
      'an unknown taint effect',
      `${MIN}cluster:\n  nodes:\n    - name: a\n      taints: [{key: k, effect: NoRun}]\n`,
      'x.yaml:7: effect must be one of NoSchedule, PreferNoSchedule, NoExecute, not "NoRun"',
    ],
    [
      'an unknown incident',
      `${MIN}cluster:\n  nodes:\n    - name: a\n      incidents: [{at: 1m, type: explode}]\n`,
      'x.yaml:7: type must be one of lost, not-ready,',
    ],
    [
      'a webhook that neither denies nor is unreachable',
      `${MIN}cluster:\n  webhooks:\n    - name: w\n`,
      'x.yaml:6: a webhook needs deny: MESSAGE or unreachable: true',
    ],
    [
      'a deleteAt before at',
      `${MIN}objects:\n  - at: 1m\n    deleteAt: 30s\n    manifest: {apiVersion: v1, kind: Pod, metadata: {name: a}}\n`,
      'x.yaml:6: deleteAt must be later than at',
    ],
    [
      'an unknown user',
      `${MIN}objects:\n  - as: eve\n    manifest: {apiVersion: v1, kind: Pod, metadata: {name: a}}\n`,
      'x.yaml:5: as: "eve" is not one of cluster.users',
    ],
    [
      'a time written inside a plain manifest',
      `${MIN}objects:\n  - apiVersion: v1\n    kind: ConfigMap\n    at: 40s\n    metadata: {name: a}\n`,
      'x.yaml:7: at belongs beside the object, not in it',
    ],
    ['a list where a mapping belongs', `${MIN}cluster: [a]\n`, 'x.yaml:4: cluster must be a mapping'],
    ['a mapping where a list belongs', `${MIN}objects: {a: 1}\n`, 'x.yaml:4: objects must be a list'],
    [
      'a non-boolean flag',
      `${MIN}cluster:\n  registry:\n    images: [{name: a, exists: maybe}]\n`,
      'x.yaml:6: exists must be true or false',
    ],
    [
      'an alias',
      `${MIN}cluster:\n  nodes:\n    - {name: a, labels: &l {x: "1"}}\n    - {name: b, labels: *l}\n`,
      'x.yaml:7: YAML aliases (*name) are not supported',
    ],
    ['a document that is a list', '- a\n', 'x.yaml:1: the document must be a mapping'],
  ])('%s', (_what, text, message) => {
    expect(errorOf(text)).toContain(message);
  });

  it('hints at the format documentation', () => {
    try {
      parse(`${MIN}bogus: 1\n`);
    } catch (err) {
      expect((err as InputError).hint).toBe('see docs/scenarios.md for the scenario format');
      expect((err as InputError).line).toBe(4);
      return;
    }
    throw new Error('expected an error');
  });
});

describe('parseScenario at scale', () => {
  it('reads thousands of objects, each at its own line', () => {
    const objs = Array.from(
      { length: 5_000 },
      (_, i) => `  - {apiVersion: v1, kind: ConfigMap, metadata: {name: c${i}, namespace: ns}}\n`,
    ).join('');
    const s = parse(`${MIN}objects:\n${objs}`);
    expect(s.objects).toHaveLength(5_000);
    expect(s.objects[4_999]?.line).toBe(5_004);
    // Quadratic reading (re-converting the whole list per item) took ~30 s here, past the test's timeout.
  });
});

describe('parseScenario, JSON lines fast path', () => {
  const text = generateScenario({ nodes: 40, pods: 1200, seed: 2 });

  it('reads one-line JSON list items exactly as the YAML parser would', () => {
    expect(text.length).toBeGreaterThan(100_000);
    // A space after the brace is still the same YAML, but not taken by the fast path.
    const plain = text.replaceAll('\n  - {"', '\n  - { "');
    expect(plain).not.toBe(text);
    expect(parse(text)).toEqual(parse(plain));
  });

  it('still names the line of a bad inlined object', () => {
    const lines = text.split('\n');
    const i = lines.findIndex((l) => l.startsWith('  - {"apiVersion":"v1","kind":"Service"'));
    lines[i] = (lines[i] ?? '').replace('"kind":"Service",', '');
    expect(errorOf(lines.join('\n'))).toContain(`x.yaml:${i + 1}: kind is required (objects[`);
    lines[i] = (lines[i] ?? '').replace('"apiVersion"', '"bogus":1,"apiVersion"');
    lines[i - 1] =
      '  - {"at": "soon", "manifest": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}}}';
    expect(errorOf(lines.join('\n'))).toContain(`x.yaml:${i}: at must be a duration`);
  });

  it('leaves a top-level block scalar that looks like JSON alone', () => {
    const withText = text.replace(/^description: .*$/m, 'description: |\n  - {"not": "an item"}');
    expect(parse(withText).description).toBe('- {"not": "an item"}\n');
  });
});
