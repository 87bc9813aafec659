import { testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { Volume } from '../../model/index.js';
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
