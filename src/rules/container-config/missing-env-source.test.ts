import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './missing-env-source.js';

const dbEnv = container('app', {
  env: [{ name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db-secret', key: 'password' } } }],
  envFrom: [{ configMapRef: { name: 'app-config' } }],
});

const configError = (message: string, containers = [dbEnv]) =>
  pod({
    containers,
    containerStatuses: [cstatus('app', { state: state.waiting('CreateContainerConfigError', message) })],
  });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod({ containers: [dbEnv] })] }) },
    {
      name: 'secret created later: old Error events, container running now',
      snapshot: snapshot({
        pods: [runningPod({ containers: [dbEnv] })],
        events: [
          event({
            reason: 'Failed',
            message: 'Error: secret "db-secret" not found',
            fieldPath: 'spec.containers{app}',
            count: 6,
          }),
        ],
      }),
    },
    {
      name: 'events only: the container was created after the error',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            message: 'Error: secret "db-secret" not found',
            fieldPath: 'spec.containers{app}',
            lastS: 20,
          }),
          event({
            reason: 'Created',
            type: 'Normal',
            message: 'Created container: app',
            fieldPath: 'spec.containers{app}',
            lastS: 40,
          }),
        ],
      }),
    },
    {
      name: 'a configmap volume that is missing is the volumes stage (FailedMount)',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedMount',
            message: 'MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
          }),
        ],
      }),
    },
    {
      name: 'runAsNonRoot is another rule',
      snapshot: snapshot({ pods: [configError('container has runAsNonRoot and image will run as root')] }),
    },
  ],
  invalid: [
    {
      name: 'real 027: API plural form, events only without fieldPath',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            message: 'Error: secrets "secrets-2.16.4-1" not found',
            firstS: 0,
            lastS: 42,
            count: 6,
            host: '<redacted-address>',
            source: 'kubelet',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'objectMissing',
          reason: 'SecretMissing',
          basis: 'events',
          data: {
            object: 'secrets-2.16.4-1',
            objectKind: 'Secret',
            namespace: 'default',
            subject: 'a container',
            reference: 'pod spec not in the evidence',
          },
        },
      ],
    },
    {
      name: 'secret missing, status and event merged, env entry named',
      snapshot: snapshot({
        pods: [configError('secret "db-secret" not found')],
        events: [
          event({
            reason: 'Failed',
            message: 'Error: secret "db-secret" not found',
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'objectMissing',
          reason: 'SecretMissing',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: {
            object: 'db-secret',
            reference: 'referenced by env DB_PASSWORD (secretKeyRef db-secret/password)',
          },
          evidenceIncludes: [
            'containerStatuses[app].state.waiting: CreateContainerConfigError',
            'env DB_PASSWORD',
          ],
        },
      ],
    },
    {
      name: 'configmap used by envFrom is missing',
      snapshot: snapshot({ pods: [configError('configmap "app-config" not found')] }),
      expect: [
        {
          messageId: 'objectMissing',
          reason: 'ConfigMapMissing',
          data: { objectKind: 'ConfigMap', reference: 'referenced by envFrom configMapRef app-config' },
        },
      ],
    },
    {
      name: 'key missing in a secret, init container',
      snapshot: snapshot({
        pods: [
          pod({
            initContainers: [
              container('migrate', {
                env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
              }),
            ],
            initContainerStatuses: [
              cstatus('migrate', {
                state: state.waiting(
                  'CreateContainerConfigError',
                  "couldn't find key token in Secret default/api",
                ),
              }),
            ],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'keyMissing',
          reason: 'KeyMissing',
          container: { name: 'migrate', type: 'init' },
          data: {
            key: 'token',
            object: 'api',
            objectKind: 'Secret',
            namespace: 'default',
            subject: 'init container migrate',
          },
        },
      ],
    },
    {
      name: 'events without fieldPath, spec names the only container that uses the configmap',
      snapshot: snapshot({
        pods: [
          pod({
            containers: [
              container('web'),
              container('worker', {
                env: [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'settings', key: 'mode' } } }],
              }),
            ],
          }),
        ].map((p) => ({
          ...p,
          status: {},
        })),
        events: [
          event({ reason: 'Failed', message: "Error: couldn't find key mode in ConfigMap default/settings" }),
        ],
      }),
      expect: [
        {
          messageId: 'keyMissing',
          container: { name: 'worker', type: 'app' },
          data: { reference: 'referenced by env MODE (configMapKeyRef settings/mode)' },
        },
      ],
    },
  ],
});
