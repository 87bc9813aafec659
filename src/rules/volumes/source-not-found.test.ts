import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, ms, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { Finding, Pod, Volume } from '../../model/index.js';
import { rule } from './source-not-found.js';

const creating = (volumes: Volume[]) =>
  pod({
    nodeName: 'node-1',
    volumes,
    conditions: [cond('PodScheduled', 'True'), cond('PodReadyToStartContainers', 'False')],
    containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
  });
const cfgVolume: Volume = { name: 'cfg', configMap: { name: 'app-config' } };
const cmMissing = event({
  reason: 'FailedMount',
  message: 'MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found',
  source: 'kubelet',
  count: 7,
  firstS: 0,
  lastS: 120,
});

testRule(rule, {
  valid: [
    {
      name: 'running pod: old FailedMount is history',
      snapshot: snapshot({ pods: [runningPod({ volumes: [cfgVolume] })], events: [cmMissing] }),
    },
    {
      name: 'sandbox ready: volumes passed',
      snapshot: snapshot({
        pods: [pod({ nodeName: 'node-1', conditions: [cond('PodReadyToStartContainers', 'True')] })],
        events: [cmMissing],
      }),
    },
    {
      name: 'CSI mount error is another rule',
      snapshot: snapshot({
        pods: [creating([])],
        events: [
          event({
            reason: 'FailedMount',
            message:
              'MountVolume.SetUp failed for volume "pvc-1" : rpc error: code = Internal desc = mount failed',
          }),
        ],
      }),
    },
    {
      name: 'env reference failure is container-config, not a volume',
      snapshot: snapshot({
        pods: [creating([])],
        events: [
          event({
            reason: 'Failed',
            message: 'Error: configmap "app-config" not found',
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'secret volume not found, events only (real case 024)',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedMount',
            message: 'MountVolume.SetUp failed for volume "secrets" : secret "secret-appsettings" not found',
            lastS: 400,
          }),
          event({
            reason: 'FailedMount',
            message:
              'Unable to attach or mount volumes: unmounted volumes=[secrets], unattached volumes=[secrets kube-api-access-f2mf8]: timed out waiting for the condition',
            lastS: 130,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'objectMissing',
          reason: 'VolumeSourceNotFound',
          basis: 'events',
          data: {
            volume: 'secrets',
            kind: 'Secret',
            object: 'secret-appsettings',
            namespace: 'default',
            usedAsVolume: 'unknown',
          },
        },
      ],
    },
    {
      name: 'configmap volume, cross-checked with spec.volumes',
      snapshot: snapshot({ pods: [creating([cfgVolume])], events: [cmMissing] }),
      expect: [
        {
          messageId: 'objectMissing',
          data: { volume: 'cfg', kind: 'ConfigMap', object: 'app-config', usedAsVolume: 'yes' },
          evidenceIncludes: ['spec.volumes[cfg].configMap.name: app-config', '(x7 over 2m)'],
        },
      ],
    },
    {
      name: 'missing key, object named from the spec',
      snapshot: snapshot({
        pods: [creating([cfgVolume])],
        events: [
          event({
            reason: 'FailedMount',
            message:
              'MountVolume.SetUp failed for volume "cfg" : configmap references non-existent config key: app.yaml',
          }),
        ],
      }),
      expect: [{ messageId: 'keyMissing', data: { volume: 'cfg', object: 'app-config', key: 'app.yaml' } }],
    },
    {
      name: 'missing secret key without spec',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedMount',
            message:
              'MountVolume.SetUp failed for volume "tls" : references non-existent secret key: tls.crt',
          }),
        ],
      }),
      expect: [{ messageId: 'keyMissingUnnamed', data: { volume: 'tls', kind: 'Secret', key: 'tls.crt' } }],
    },
    {
      name: 'projected volume, older message format, two volumes failing',
      snapshot: snapshot({
        pods: [
          creating([
            { name: 'bundle', projected: { sources: [{ secret: { name: 'db-creds' } }] } },
            cfgVolume,
          ]),
        ],
        events: [
          event({
            reason: 'FailedMount',
            message:
              'MountVolume.SetUp failed for volume "kubernetes.io/projected/1a2b-bundle" (spec.Name: "bundle") pod "1a2b" (UID: "1a2b") with: secret "db-creds" not found',
            lastS: 10,
          }),
          event({ reason: 'FailedMount', message: cmMissing.message, lastS: 0 }),
        ],
      }),
      expect: [
        { messageId: 'objectMissing', data: { volume: 'cfg', object: 'app-config' } },
        {
          messageId: 'objectMissing',
          data: { volume: 'bundle', kind: 'Secret', object: 'db-creds', usedAsVolume: 'yes' },
          evidenceIncludes: ['projected.sources[0].secret.name'],
        },
      ],
    },
    {
      name: 'object not referenced by the current spec',
      snapshot: snapshot({ pods: [creating([{ name: 'other', emptyDir: {} }])], events: [cmMissing] }),
      expect: [{ messageId: 'objectMissing', data: { usedAsVolume: 'no' } }],
    },
  ],
});

describe('volumes/source-not-found: the finding in full', () => {
  const failed = (message: string) => event({ reason: 'FailedMount', message, source: 'kubelet', lastS: 60 });
  const only = (pods: Pod[], message: string) => {
    const findings = runRule(rule, snapshot({ pods, events: [failed(message)] }), ms(120));
    expect(findings).toHaveLength(1);
    return findings[0] as Finding;
  };
  const specLines = (f: Finding) => f.evidence.filter((e) => e.source === 'spec').map((e) => e.text);
  const twoConfigMaps: Volume[] = [
    { name: 'tls', secret: { secretName: 'app-config' } },
    { name: 'extra', configMap: { name: 'extra-config' } },
    { name: 'cfg', configMap: { name: 'app-config' } },
  ];

  it('a missing ConfigMap: the spec volume that names it (not a Secret of the same name, not another ConfigMap)', () => {
    const f = only(
      [creating(twoConfigMaps)],
      'MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found',
    );
    expect(f.data).toStrictEqual({
      volume: 'cfg',
      kind: 'ConfigMap',
      namespace: 'default',
      usedAsVolume: 'yes',
      object: 'app-config',
    });
    expect(f.confidence).toBe('high');
    expect(specLines(f)).toEqual(['spec.volumes[cfg].configMap.name: app-config']);
    expect(f.nextSteps).toEqual([
      'kubectl get configmap app-config -n default -o yaml',
      'kubectl describe pod web-1 -n default',
      'Create ConfigMap app-config in namespace default (or correct the name in spec.volumes[cfg]); the kubelet retries the mount by itself.',
    ]);
  });

  it('a bare message naming no volume: the volume comes from the spec', () => {
    const f = only([creating(twoConfigMaps)], 'configmap "app-config" not found');
    expect(f.data.volume).toBe('cfg');
    expect(specLines(f)).toEqual(['spec.volumes[cfg].configMap.name: app-config']);
  });

  it('a bare message for an object no volume uses', () => {
    const f = only([creating(twoConfigMaps)], 'configmap "gone" not found');
    expect(f.data).toStrictEqual({
      volume: 'unknown',
      kind: 'ConfigMap',
      namespace: 'default',
      usedAsVolume: 'no',
      object: 'gone',
    });
    expect(f.confidence).toBe('medium');
    expect(f.nextSteps[2]).toBe(
      'Create ConfigMap gone in namespace default (or correct the name in spec.volumes); the kubelet retries the mount by itself.',
    );
  });

  it('a missing key without an object name: the volume named by the message says which ConfigMap', () => {
    const f = only(
      [creating(twoConfigMaps)],
      'MountVolume.SetUp failed for volume "cfg" : configmap references non-existent config key: app.yaml',
    );
    expect(f.messageId).toBe('keyMissing');
    expect(f.data).toStrictEqual({
      volume: 'cfg',
      kind: 'ConfigMap',
      namespace: 'default',
      usedAsVolume: 'yes',
      object: 'app-config',
      key: 'app.yaml',
    });
    expect(f.nextSteps).toEqual([
      'kubectl get configmap app-config -n default -o yaml',
      'kubectl describe pod web-1 -n default',
      'Add key app.yaml to the ConfigMap, or fix items[].key in spec.volumes[cfg]; the kubelet retries the mount by itself.',
    ]);
  });

  it('a missing key, neither object nor spec volume known', () => {
    const f = only(
      [creating([])],
      'MountVolume.SetUp failed for volume "tls" : references non-existent secret key: tls.crt',
    );
    expect(f.messageId).toBe('keyMissingUnnamed');
    expect(f.data).toStrictEqual({
      volume: 'tls',
      kind: 'Secret',
      namespace: 'default',
      usedAsVolume: 'unknown',
      key: 'tls.crt',
    });
    expect(f.confidence).toBe('high');
    expect(f.nextSteps).toEqual([
      'kubectl get secrets -n default',
      'kubectl describe pod web-1 -n default',
      'Add key tls.crt to the Secret, or fix items[].key in spec.volumes; the kubelet retries the mount by itself.',
    ]);
  });

  it('a pod without a namespace is in default', () => {
    const p = creating([{ name: 'cfg', configMap: { name: 'app-config' } }]);
    const metadata = { ...p.metadata };
    delete metadata.namespace;
    const e = failed('MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found');
    const [f] = runRule(
      rule,
      snapshot({
        pods: [{ ...p, metadata }],
        events: [{ ...e, regarding: { ...e.regarding, namespace: '' } }],
      }),
      ms(120),
    );
    expect(f?.data.namespace).toBe('default');
    expect(f?.nextSteps[1]).toBe('kubectl describe pod web-1');
  });
});
