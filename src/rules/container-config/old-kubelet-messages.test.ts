/**
 * Container config and create failures as kubelets before 1.7 reported them: `FailedSync` sync
 * errors naming the container, `Failed to create container with error: …`, and messages a pasted
 * table cut short.
 */
import { testRule } from '../../../test/rule-tester.js';
import { event, ms, snapshot } from '../../../test/builders.js';
import { rule as missingEnvSource } from './missing-env-source.js';
import { rule as createContainerError } from './create-container-error.js';

const failedSync = (message: string, lastS = 100) =>
  event({
    reason: 'FailedSync',
    message: `Error syncing pod, skipping: ${message}`,
    count: 8,
    firstS: 10,
    lastS,
  });

testRule(missingEnvSource, {
  valid: [
    {
      name: 'a crash-loop sync error is not a config error',
      snapshot: snapshot({
        events: [
          failedSync(
            'failed to "StartContainer" for "web" with CrashLoopBackOff: "Back-off 2m40s restarting failed container=web pod=web-1_default(uid)"',
          ),
        ],
      }),
    },
    {
      name: 'a 1.5 start failure is container-start, whatever its text',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            fieldPath: 'spec.containers{pi}',
            message:
              "Failed to start container with docker id 310aac97cc9a with error: API error (404): Container command 'perl1' not found or does not exist.",
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: '1.5 dockertools: env Secret missing, reported as RunContainerError GenerateRunContainerOptions',
      snapshot: snapshot({
        events: [
          failedSync(
            'failed to "StartContainer" for "api-cmd" with RunContainerError: "GenerateRunContainerOptions: secrets \\"api-v115-env\\" not found"',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'objectMissing',
          reason: 'SecretMissing',
          container: { name: 'api-cmd', type: 'app' },
          data: { object: 'api-v115-env' },
        },
      ],
    },
    {
      name: '1.8 FailedSync with CreateContainerConfigError',
      snapshot: snapshot({
        events: [
          failedSync(
            'failed to "StartContainer" for "app" with CreateContainerConfigError: "configmaps \\"app-config\\" not found"',
          ),
        ],
      }),
      expect: [
        { messageId: 'objectMissing', reason: 'ConfigMapMissing', container: { name: 'app', type: 'app' } },
      ],
    },
    {
      name: 'a describe table cut the message after "not"',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            message: 'Error: configmap "autotune-config-key" not',
            count: 12,
            firstS: 0,
            lastS: 120,
          }),
        ],
      }),
      expect: [
        { messageId: 'objectMissing', reason: 'ConfigMapMissing', data: { object: 'autotune-config-key' } },
      ],
    },
  ],
});

testRule(createContainerError, {
  valid: [
    {
      name: 'an env Secret missing is missing-env-source',
      snapshot: snapshot({
        events: [
          failedSync(
            'failed to "StartContainer" for "api-cmd" with RunContainerError: "GenerateRunContainerOptions: secrets \\"x\\" not found"',
          ),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: '1.6 CRI: the runtime timed out creating the container',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            fieldPath: 'spec.containers{dind}',
            message:
              'Failed to create container with error: rpc error: code = 4 desc = context deadline exceeded',
            count: 3,
            firstS: 0,
            lastS: 240,
          }),
        ],
      }),
      now: ms(1320),
      expect: [
        {
          messageId: 'createFailed',
          container: { name: 'dind', type: 'app' },
          data: { detail: 'rpc error: code = 4 desc = context deadline exceeded' },
        },
      ],
    },
  ],
});
