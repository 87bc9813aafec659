import { describe, expect, it } from 'vitest';
import type { KObject } from '../../simulator/world/types.js';
import type { ClusterState } from '../types.js';
import { checkVolumeSources } from './volume-sources.js';
import {
  configMap,
  container,
  ctx,
  ctxWithoutNamespace,
  input,
  secret,
  state,
  stateWithout,
} from './test-helpers.js';

const spec = (volumes: unknown[]): Record<string, unknown> => ({ containers: [container('web')], volumes });

const run = (volumes: unknown[], clusterState: ClusterState = state(), inputs: KObject[] = []) =>
  checkVolumeSources(
    ctx(
      spec(volumes),
      clusterState,
      inputs.map((o) => input(o, 40, 'config.yaml')),
    ),
  );

describe('volume-sources: fails', () => {
  it.each([
    {
      name: 'configMap volume, ConfigMap absent',
      volumes: [{ name: 'config', configMap: { name: 'app-config' } }],
      message: 'MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
      evidence: 'volumes[0]: configMap app-config (volume "config")',
      steps: [
        'kubectl -n shop get configmap app-config -o yaml',
        'kubectl -n shop create configmap app-config --from-file=<file>',
      ],
    },
    {
      name: 'secret volume, Secret absent',
      volumes: [
        { name: 'scratch', emptyDir: {} },
        { name: 'certs', secret: { secretName: 'tls' } },
      ],
      message: 'MountVolume.SetUp failed for volume "certs" : secret "tls" not found',
      evidence: 'volumes[1]: secret tls (volume "certs")',
      steps: [
        'kubectl -n shop get secret tls -o yaml',
        'kubectl -n shop create secret generic tls --from-file=<file>',
      ],
    },
    {
      name: 'configMap volume with items, ConfigMap absent: the create command names the keys',
      volumes: [
        {
          name: 'config',
          configMap: {
            name: 'app-config',
            items: [
              { key: 'a.conf', path: 'a' },
              { key: 'b.conf', path: 'b' },
            ],
          },
        },
      ],
      message: 'MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
      evidence: 'volumes[0]: configMap app-config (volume "config")',
      steps: [
        'kubectl -n shop get configmap app-config -o yaml',
        'kubectl -n shop create configmap app-config --from-literal=a.conf=... --from-literal=b.conf=...',
      ],
    },
    {
      name: 'projected configMap source absent',
      volumes: [
        {
          name: 'all',
          projected: { sources: [{ secret: { name: 'present' } }, { configMap: { name: 'app-config' } }] },
        },
      ],
      message: 'MountVolume.SetUp failed for volume "all" : configmap "app-config" not found',
      evidence: 'volumes[0].projected.sources[1]: configMap app-config (volume "all")',
      steps: [
        'kubectl -n shop get configmap app-config -o yaml',
        'kubectl -n shop create configmap app-config --from-file=<file>',
      ],
    },
    {
      name: 'projected secret source absent',
      volumes: [{ name: 'all', projected: { sources: [{ secret: { name: 'tls' } }] } }],
      message: 'MountVolume.SetUp failed for volume "all" : secret "tls" not found',
      evidence: 'volumes[0].projected.sources[0]: secret tls (volume "all")',
      steps: [
        'kubectl -n shop get secret tls -o yaml',
        'kubectl -n shop create secret generic tls --from-file=<file>',
      ],
    },
  ])('$name', ({ volumes, message, evidence, steps }) => {
    const findings = run(volumes, state({ objects: [secret('present')] }));
    expect(findings).toStrictEqual([
      {
        check: 'volume-sources',
        outcome: 'fail',
        stage: 'volumes',
        reason: 'VolumeSourceNotFound',
        message,
        evidence: [{ source: 'spec', text: evidence }],
        nextSteps: steps,
      },
    ]);
  });

  it.each([
    {
      name: 'configMap items key missing',
      volumes: [
        {
          name: 'config',
          configMap: {
            name: 'app-config',
            items: [
              { key: 'app.conf', path: 'a' },
              { key: 'log.conf', path: 'l' },
            ],
          },
        },
      ],
      message:
        'MountVolume.SetUp failed for volume "config" : configmap references non-existent config key: log.conf',
      evidence: 'volumes[0]: configMap app-config items[1].key log.conf (volume "config")',
      steps: [
        "kubectl -n shop get configmap app-config -o jsonpath='{.data}'",
        'kubectl -n shop patch configmap app-config --type merge -p \'{"data":{"log.conf":"..."}}\'',
      ],
    },
    {
      name: 'secret items key missing (own words: the facts file has no secret variant)',
      volumes: [{ name: 'certs', secret: { secretName: 'tls', items: [{ key: 'tls.key', path: 'k' }] } }],
      message: 'volume "certs" lists key tls.key, which secret "tls" does not have',
      evidence: 'volumes[0]: secret tls items[0].key tls.key (volume "certs")',
      steps: [
        "kubectl -n shop get secret tls -o jsonpath='{.data}'",
        'kubectl -n shop patch secret tls --type merge -p \'{"stringData":{"tls.key":"..."}}\'',
      ],
    },
    {
      name: 'projected configMap items key missing',
      volumes: [
        {
          name: 'all',
          projected: {
            sources: [{ configMap: { name: 'app-config', items: [{ key: 'log.conf', path: 'l' }] } }],
          },
        },
      ],
      message:
        'MountVolume.SetUp failed for volume "all" : configmap references non-existent config key: log.conf',
      evidence: 'volumes[0].projected.sources[0]: configMap app-config items[0].key log.conf (volume "all")',
      steps: [
        "kubectl -n shop get configmap app-config -o jsonpath='{.data}'",
        'kubectl -n shop patch configmap app-config --type merge -p \'{"data":{"log.conf":"..."}}\'',
      ],
    },
  ])('$name', ({ volumes, message, evidence, steps }) => {
    const findings = run(
      volumes,
      state({ objects: [configMap('app-config', { 'app.conf': 'x' }), secret('tls', ['tls.crt'])] }),
    );
    expect(findings).toStrictEqual([
      {
        check: 'volume-sources',
        outcome: 'fail',
        stage: 'volumes',
        reason: 'VolumeSourceNotFound',
        message,
        evidence: [{ source: 'spec', text: evidence }],
        nextSteps: steps,
      },
    ]);
  });

  it('items without a key add nothing to the create command', () => {
    const findings = run([
      { name: 'v', configMap: { name: 'nope', items: [{ path: 'x' }, { key: 'k', path: 'k' }] } },
    ]);
    expect(findings.map((f) => f.nextSteps[1])).toStrictEqual([
      'kubectl -n shop create configmap nope --from-literal=k=...',
    ]);
  });

  it('a key missing from a ConfigMap of the input says to add it there', () => {
    const findings = run(
      [{ name: 'config', configMap: { name: 'app-config', items: [{ key: 'log.conf', path: 'l' }] } }],
      state(),
      [configMap('app-config', { 'app.conf': 'x' })],
    );
    expect(findings.map((f) => [f.outcome, f.nextSteps])).toStrictEqual([
      ['fail', ['add key log.conf to ConfigMap app-config in config.yaml:40']],
    ]);
  });

  it('reports every missing source, in volume order', () => {
    const findings = run([
      { name: 'a', configMap: { name: 'cm-a' } },
      { name: 'b', secret: { secretName: 'sec-b' } },
      { name: 'c', configMap: { name: 'cm-c' } },
    ]);
    expect(findings.map((f) => f.message)).toStrictEqual([
      'MountVolume.SetUp failed for volume "a" : configmap "cm-a" not found',
      'MountVolume.SetUp failed for volume "b" : secret "sec-b" not found',
      'MountVolume.SetUp failed for volume "c" : configmap "cm-c" not found',
    ]);
  });
});

describe('volume-sources: passes', () => {
  it.each([
    { name: 'configMap present', volumes: [{ name: 'v', configMap: { name: 'app-config' } }] },
    { name: 'secret present (keys only)', volumes: [{ name: 'v', secret: { secretName: 'tls' } }] },
    {
      name: 'items keys present in data',
      volumes: [{ name: 'v', configMap: { name: 'app-config', items: [{ key: 'app.conf', path: 'a' }] } }],
    },
    {
      name: 'items keys present in binaryData',
      volumes: [{ name: 'v', configMap: { name: 'bin', items: [{ key: 'blob', path: 'b' }] } }],
    },
    {
      name: 'secret items key present',
      volumes: [{ name: 'v', secret: { secretName: 'tls', items: [{ key: 'tls.crt', path: 'c' }] } }],
    },
    {
      name: 'optional configMap absent',
      volumes: [{ name: 'v', configMap: { name: 'nope', optional: true } }],
    },
    {
      name: 'optional secret absent',
      volumes: [{ name: 'v', secret: { secretName: 'nope', optional: true } }],
    },
    {
      name: 'optional configMap, items key missing',
      volumes: [
        { name: 'v', configMap: { name: 'app-config', optional: true, items: [{ key: 'x', path: 'x' }] } },
      ],
    },
    {
      name: 'optional secret, items key missing',
      volumes: [
        { name: 'v', secret: { secretName: 'tls', optional: true, items: [{ key: 'x', path: 'x' }] } },
      ],
    },
    {
      name: 'optional projected sources absent',
      volumes: [
        {
          name: 'v',
          projected: {
            sources: [
              { configMap: { name: 'a', optional: true } },
              { secret: { name: 'b', optional: true } },
            ],
          },
        },
      ],
    },
    {
      name: 'kube-api-access: kube-root-ca.crt is published in every namespace',
      volumes: [
        {
          name: 'kube-api-access',
          projected: {
            sources: [
              { serviceAccountToken: { path: 'token' } },
              { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
              { downwardAPI: { items: [] } },
            ],
          },
        },
      ],
    },
    {
      name: "PVC, emptyDir and hostPath volumes are not this check's",
      volumes: [
        { name: 'd', persistentVolumeClaim: { claimName: 'nope' } },
        { name: 'e', emptyDir: {} },
        { name: 'h', hostPath: { path: '/x' } },
      ],
    },
    { name: 'a configMap volume without a name', volumes: [{ name: 'v', configMap: {} }] },
    { name: 'a configMap volume with an empty name', volumes: [{ name: 'v', configMap: { name: '' } }] },
    {
      name: 'items without a key',
      volumes: [{ name: 'v', configMap: { name: 'app-config', items: [{ path: 'x' }] } }],
    },
  ])('$name', ({ volumes }) => {
    const objects = [
      configMap('app-config', { 'app.conf': 'x' }),
      { ...configMap('bin'), binaryData: { blob: 'AA==' } },
      secret('tls', ['tls.crt']),
    ];
    expect(run(volumes, state({ objects }))).toStrictEqual([]);
  });

  it.each([
    {
      name: 'a ConfigMap of the input',
      obj: configMap('app-config'),
      volume: { name: 'v', configMap: { name: 'app-config' } },
    },
    {
      name: 'a Secret of the input with stringData',
      obj: { ...secret('tls'), stringData: { 'tls.key': 'k' } },
      volume: { name: 'v', secret: { secretName: 'tls', items: [{ key: 'tls.key', path: 'k' }] } },
    },
  ])('input supplies it even when the state cannot read that kind: $name', ({ obj, volume }) => {
    expect(run([volume], stateWithout(['ConfigMap', 'Secret'], 'forbidden'), [obj])).toStrictEqual([]);
  });

  it("an input object without namespace lands in the target's when the target names none either", () => {
    const cm: KObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config' } };
    const c = ctxWithoutNamespace(spec([{ name: 'v', configMap: { name: 'app-config' } }]), state(), [
      input(cm),
    ]);
    expect(checkVolumeSources(c)).toStrictEqual([]);
  });

  it('an input object without namespace lands in "default" when the target names its own', () => {
    const cm: KObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config' } };
    expect(
      run([{ name: 'v', configMap: { name: 'app-config' } }], state(), [cm]).map((f) => f.outcome),
    ).toStrictEqual(['fail']);
  });

  it('an input object of another namespace does not count', () => {
    const findings = run([{ name: 'v', configMap: { name: 'app-config' } }], state(), [
      configMap('app-config', {}, 'other'),
    ]);
    expect(findings.map((f) => f.outcome)).toStrictEqual(['fail']);
  });

  it('a state object of another namespace does not count', () => {
    const findings = run(
      [{ name: 'v', secret: { secretName: 'tls' } }],
      state({ objects: [secret('tls', [], 'other')] }),
    );
    expect(findings.map((f) => f.message)).toStrictEqual([
      'MountVolume.SetUp failed for volume "v" : secret "tls" not found',
    ]);
  });
});

describe('volume-sources: unknown kinds', () => {
  it.each([
    {
      name: 'ConfigMaps not read',
      kind: 'ConfigMap' as const,
      volume: { name: 'config', configMap: { name: 'app-config' } },
      message:
        'cannot tell whether configmap "app-config" for volume "config" exists: ConfigMaps of namespace shop were not read: configmaps is forbidden: User "dev" cannot list resource "configmaps"',
      evidence: 'volumes[0]: configMap app-config (volume "config")',
      steps: [
        'kubectl -n shop get configmap app-config -o yaml',
        'kubectl auth can-i list configmaps -n shop',
      ],
    },
    {
      name: 'Secrets not read',
      kind: 'Secret' as const,
      volume: { name: 'certs', projected: { sources: [{ secret: { name: 'tls' } }] } },
      message:
        'cannot tell whether secret "tls" for volume "certs" exists: Secrets of namespace shop were not read: configmaps is forbidden: User "dev" cannot list resource "configmaps"',
      evidence: 'volumes[0].projected.sources[0]: secret tls (volume "certs")',
      steps: ['kubectl -n shop get secret tls -o yaml', 'kubectl auth can-i list secrets -n shop'],
    },
  ])('$name', ({ kind, volume, message, evidence, steps }) => {
    const findings = run(
      [volume],
      stateWithout([kind], 'configmaps is forbidden: User "dev" cannot list resource "configmaps"'),
    );
    expect(findings).toStrictEqual([
      {
        check: 'volume-sources',
        outcome: 'unknown',
        stage: 'volumes',
        reason: 'VolumeSourceNotFound',
        message,
        evidence: [{ source: 'spec', text: evidence }],
        nextSteps: steps,
      },
    ]);
  });

  it('an optional source of an unread kind is no finding', () => {
    expect(
      run(
        [{ name: 'v', configMap: { name: 'x', optional: true } }],
        stateWithout(['ConfigMap'], 'forbidden'),
      ),
    ).toStrictEqual([]);
  });

  it('an unknown kind without a recorded reason still says it was not read', () => {
    const findings = run([{ name: 'v', secret: { secretName: 'tls' } }], state({ known: ['ConfigMap'] }));
    expect(findings.map((f) => f.message)).toStrictEqual([
      'cannot tell whether secret "tls" for volume "v" exists: Secrets of namespace shop were not read: the state does not include them',
    ]);
  });

  it('joins every recorded reason for the kind', () => {
    const s = state({
      known: ['ConfigMap'],
      missing: [
        { kind: 'Secret', why: 'list secrets is forbidden in namespace shop' },
        { kind: 'Node', why: 'nodes is forbidden' },
        { kind: 'Secret', why: 'the bundle redacted them' },
      ],
    });
    expect(run([{ name: 'v', secret: { secretName: 'tls' } }], s).map((f) => f.message)).toStrictEqual([
      'cannot tell whether secret "tls" for volume "v" exists: Secrets of namespace shop were not read: list secrets is forbidden in namespace shop; the bundle redacted them',
    ]);
  });
});
