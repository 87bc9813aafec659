import { describe, expect, it } from 'vitest';
import type { KObject } from '../../simulator/world/types.js';
import type { ClusterState } from '../types.js';
import { checkEnvSources } from './env-sources.js';
import { configMap, container, ctx, input, secret, state, stateWithout } from './test-helpers.js';

const objects = [
  configMap('app-config', { LOG_LEVEL: 'info' }),
  { ...configMap('bin'), binaryData: { blob: 'AA==' } },
  secret('db', ['password']),
];

const run = (
  spec: Record<string, unknown>,
  clusterState: ClusterState = state({ objects }),
  inputs: KObject[] = [],
) =>
  checkEnvSources(
    ctx(
      spec,
      clusterState,
      inputs.map((o) => input(o, 30, 'config.yaml')),
    ),
  );

const app = (extra: Record<string, unknown>) => ({ containers: [container('web', extra)] });

const cmKey = (name: string, key: string, optional?: boolean) => ({
  name: 'V',
  valueFrom: { configMapKeyRef: { name, key, ...(optional === undefined ? {} : { optional }) } },
});
const secKey = (name: string, key: string, optional?: boolean) => ({
  name: 'V',
  valueFrom: { secretKeyRef: { name, key, ...(optional === undefined ? {} : { optional }) } },
});

describe('env-sources: fails', () => {
  it.each([
    {
      name: 'configMapKeyRef to an absent ConfigMap',
      spec: app({
        env: [
          { name: 'A', value: '1' },
          { name: 'B', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
          cmKey('nope', 'LOG_LEVEL'),
        ],
      }),
      reason: 'ConfigMapMissing',
      message: 'configmap "nope" not found',
      evidence: 'containers[0].env[2]: valueFrom.configMapKeyRef nope/LOG_LEVEL',
      steps: [
        'kubectl -n shop get configmap nope -o yaml',
        'kubectl -n shop create configmap nope --from-literal=LOG_LEVEL=...',
      ],
    },
    {
      name: 'secretKeyRef to an absent Secret',
      spec: app({ env: [secKey('creds', 'token')] }),
      reason: 'SecretMissing',
      message: 'secret "creds" not found',
      evidence: 'containers[0].env[0]: valueFrom.secretKeyRef creds/token',
      steps: [
        'kubectl -n shop get secret creds -o yaml',
        'kubectl -n shop create secret generic creds --from-literal=token=...',
      ],
    },
    {
      name: 'configMapKeyRef to a missing key',
      spec: app({ env: [cmKey('app-config', 'LOG_LEVEL'), cmKey('app-config', 'LOG_FORMAT')] }),
      reason: 'KeyMissing',
      message: "couldn't find key LOG_FORMAT in ConfigMap shop/app-config",
      evidence: 'containers[0].env[1]: valueFrom.configMapKeyRef app-config/LOG_FORMAT',
      steps: [
        "kubectl -n shop get configmap app-config -o jsonpath='{.data}'",
        'kubectl -n shop patch configmap app-config --type merge -p \'{"data":{"LOG_FORMAT":"..."}}\'',
      ],
    },
    {
      name: 'secretKeyRef to a missing key (Secret with keys only)',
      spec: app({ env: [secKey('db', 'username')] }),
      reason: 'KeyMissing',
      message: "couldn't find key username in Secret shop/db",
      evidence: 'containers[0].env[0]: valueFrom.secretKeyRef db/username',
      steps: [
        "kubectl -n shop get secret db -o jsonpath='{.data}'",
        'kubectl -n shop patch secret db --type merge -p \'{"stringData":{"username":"..."}}\'',
      ],
    },
    {
      name: 'envFrom configMapRef absent',
      spec: app({
        envFrom: [
          { configMapRef: { name: 'app-config' } },
          { prefix: 'X_', configMapRef: { name: 'extra' } },
        ],
      }),
      reason: 'ConfigMapMissing',
      message: 'configmap "extra" not found',
      evidence: 'containers[0].envFrom[1]: configMapRef extra',
      steps: [
        'kubectl -n shop get configmap extra -o yaml',
        'kubectl -n shop create configmap extra --from-file=<file>',
      ],
    },
    {
      name: 'envFrom secretRef absent',
      spec: app({ envFrom: [{ secretRef: { name: 'creds' } }] }),
      reason: 'SecretMissing',
      message: 'secret "creds" not found',
      evidence: 'containers[0].envFrom[0]: secretRef creds',
      steps: [
        'kubectl -n shop get secret creds -o yaml',
        'kubectl -n shop create secret generic creds --from-file=<file>',
      ],
    },
  ])('$name', ({ spec, reason, message, evidence, steps }) => {
    expect(run(spec)).toStrictEqual([
      {
        check: 'env-sources',
        outcome: 'fail',
        stage: 'container-config',
        reason,
        message,
        evidence: [{ source: 'spec', text: evidence }],
        nextSteps: steps,
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it('checks init containers too, naming them as init', () => {
    const findings = run({
      initContainers: [container('migrate', { env: [secKey('creds', 'token')] })],
      containers: [container('web', { envFrom: [{ configMapRef: { name: 'extra' } }] })],
    });
    expect(findings.map((f) => [f.container, f.message, f.evidence[0]?.text])).toStrictEqual([
      [
        { name: 'migrate', type: 'init' },
        'secret "creds" not found',
        'initContainers[0].env[0]: valueFrom.secretKeyRef creds/token',
      ],
      [
        { name: 'web', type: 'app' },
        'configmap "extra" not found',
        'containers[0].envFrom[0]: configMapRef extra',
      ],
    ]);
  });

  it('a second app container is pointed at by its own index', () => {
    const findings = run({
      containers: [container('web'), container('sidecar', { env: [cmKey('app-config', 'NOPE')] })],
    });
    expect(findings.map((f) => [f.container?.name, f.evidence[0]?.text])).toStrictEqual([
      ['sidecar', 'containers[1].env[0]: valueFrom.configMapKeyRef app-config/NOPE'],
    ]);
  });

  it('a key missing from an input ConfigMap says to add it there', () => {
    const findings = run(app({ env: [cmKey('new-config', 'B')] }), state(), [
      configMap('new-config', { A: '1' }),
    ]);
    expect(findings.map((f) => [f.reason, f.message, f.nextSteps])).toStrictEqual([
      [
        'KeyMissing',
        "couldn't find key B in ConfigMap shop/new-config",
        ['add key B to ConfigMap new-config in config.yaml:30'],
      ],
    ]);
  });
});

describe('env-sources: passes', () => {
  it.each([
    {
      name: 'keys present',
      spec: app({ env: [cmKey('app-config', 'LOG_LEVEL'), secKey('db', 'password')] }),
    },
    { name: 'binaryData key counts', spec: app({ env: [cmKey('bin', 'blob')] }) },
    {
      name: 'envFrom of present objects (keys irrelevant)',
      spec: app({ envFrom: [{ configMapRef: { name: 'app-config' } }, { secretRef: { name: 'db' } }] }),
    },
    { name: 'optional configMapKeyRef, object absent', spec: app({ env: [cmKey('nope', 'K', true)] }) },
    { name: 'optional configMapKeyRef, key absent', spec: app({ env: [cmKey('app-config', 'NOPE', true)] }) },
    { name: 'optional secretKeyRef, object absent', spec: app({ env: [secKey('nope', 'K', true)] }) },
    { name: 'optional secretKeyRef, key absent', spec: app({ env: [secKey('db', 'NOPE', true)] }) },
    {
      name: 'optional envFrom configMapRef absent',
      spec: app({ envFrom: [{ configMapRef: { name: 'nope', optional: true } }] }),
    },
    {
      name: 'optional envFrom secretRef absent',
      spec: app({ envFrom: [{ secretRef: { name: 'nope', optional: true } }] }),
    },
    {
      name: 'kube-root-ca.crt is in every namespace',
      spec: app({ env: [cmKey('kube-root-ca.crt', 'ca.crt')] }),
    },
    { name: 'envFrom with neither ref', spec: app({ envFrom: [{ prefix: 'X_' }] }) },
    {
      name: 'envFrom refs without a name',
      spec: app({ envFrom: [{ configMapRef: {} }, { secretRef: { name: '' } }] }),
    },
    {
      name: 'valueFrom refs without a name',
      spec: app({
        env: [
          { name: 'A', valueFrom: { configMapKeyRef: { key: 'k' } } },
          { name: 'B', valueFrom: { secretKeyRef: { name: '', key: 'k' } } },
        ],
      }),
    },
    {
      name: 'a valueFrom ref without a key',
      spec: app({ env: [{ name: 'A', valueFrom: { configMapKeyRef: { name: 'nope' } } }] }),
    },
    {
      name: 'plain values and fieldRefs',
      spec: app({
        env: [
          { name: 'A', value: 'x' },
          { name: 'B', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
        ],
      }),
    },
  ])('$name', ({ spec }) => {
    expect(run(spec)).toStrictEqual([]);
  });

  it.each([
    { name: 'ConfigMap key', obj: configMap('new-config', { A: '1' }), env: cmKey('new-config', 'A') },
    {
      name: 'Secret stringData key',
      obj: { ...secret('new-secret'), stringData: { T: 'x' } },
      env: secKey('new-secret', 'T'),
    },
  ])('an input object counts as present even when the state cannot read its kind: $name', ({ obj, env }) => {
    expect(run(app({ env: [env] }), stateWithout(['ConfigMap', 'Secret'], 'forbidden'), [obj])).toStrictEqual(
      [],
    );
  });
});

describe('env-sources: unknown kinds', () => {
  it.each([
    {
      name: 'Secrets not read',
      kind: 'Secret' as const,
      env: secKey('db', 'password'),
      reason: 'SecretMissing',
      message:
        'cannot tell whether secret "db" exists: Secrets of namespace shop were not read: list secrets is forbidden in namespace shop',
      evidence: 'containers[0].env[0]: valueFrom.secretKeyRef db/password',
      steps: ['kubectl -n shop get secret db -o yaml', 'kubectl auth can-i list secrets -n shop'],
    },
    {
      name: 'ConfigMaps not read',
      kind: 'ConfigMap' as const,
      env: cmKey('app-config', 'LOG_LEVEL'),
      reason: 'ConfigMapMissing',
      message:
        'cannot tell whether configmap "app-config" exists: ConfigMaps of namespace shop were not read: list secrets is forbidden in namespace shop',
      evidence: 'containers[0].env[0]: valueFrom.configMapKeyRef app-config/LOG_LEVEL',
      steps: [
        'kubectl -n shop get configmap app-config -o yaml',
        'kubectl auth can-i list configmaps -n shop',
      ],
    },
  ])('$name', ({ kind, env, reason, message, evidence, steps }) => {
    expect(
      run(app({ env: [env] }), stateWithout([kind], 'list secrets is forbidden in namespace shop')),
    ).toStrictEqual([
      {
        check: 'env-sources',
        outcome: 'unknown',
        stage: 'container-config',
        reason,
        message,
        evidence: [{ source: 'spec', text: evidence }],
        nextSteps: steps,
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it('an optional reference of an unread kind is no finding', () => {
    expect(
      run(app({ envFrom: [{ secretRef: { name: 'db', optional: true } }] }), stateWithout(['Secret'], 'x')),
    ).toStrictEqual([]);
  });
});
