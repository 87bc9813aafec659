/**
 * classifyConfigError's exact result per message (no field it cannot fill), object names with
 * dots and a message quoted inside a sentence; configErrorOf leaving 1.5-1.6 start failures to
 * container-start.
 */
import { describe, expect, it } from 'vitest';
import { event } from '../../../test/builders.js';
import { classifyConfigError, configErrorOf, type ConfigErrorClass } from './config-message.js';

describe('classifyConfigError: exact results', () => {
  it.each<[string, ConfigErrorClass]>([
    [
      "couldn't find key mode in ConfigMap shop/app.config",
      { code: 'KeyMissing', key: 'mode', objectKind: 'ConfigMap', namespace: 'shop', object: 'app.config' },
    ],
    [
      "CreateContainerConfigError (couldn't find key token in Secret default/api).",
      { code: 'KeyMissing', key: 'token', objectKind: 'Secret', namespace: 'default', object: 'api' },
    ],
    [
      "couldn't find key token in Secret default/api.",
      { code: 'KeyMissing', key: 'token', objectKind: 'Secret', namespace: 'default', object: 'api' },
    ],
    ['secret "db" not found', { code: 'SecretMissing', objectKind: 'Secret', object: 'db' }],
    [
      'configmap "app.config" not found',
      { code: 'ConfigMapMissing', objectKind: 'ConfigMap', object: 'app.config' },
    ],
    [
      'container has runAsNonRoot and image will run as root (pod: "web-1_default(uid)", container: app)',
      { code: 'RunAsNonRoot' },
    ],
    [
      'container has runAsNonRoot and image has non-numeric user (nginx), cannot verify user is non-root',
      { code: 'RunAsNonRoot', user: 'nginx' },
    ],
    ['failed to prepare subPath for volumeMount "data" of container "app"', { code: 'CreateContainerError' }],
  ])('%s', (message, expected) => {
    expect(classifyConfigError(message)).toStrictEqual(expected);
  });
});

describe('configErrorOf: what is not a config error', () => {
  it.each([
    'Failed to start container with id 927e7ccdc32b with error: Error response from daemon: {"message":"chown /etc/resolv.conf: operation not permitted"}',
    "Failed to start container with docker id 310aac97cc9a with error: API error (404): Container command 'perl1' not found or does not exist.",
  ])('%s', (message) => {
    expect(
      configErrorOf(event({ reason: 'Failed', message, fieldPath: 'spec.containers{app}' })),
    ).toBeUndefined();
  });

  it('nor is an Error event whose message a pasted table cut after "Error:"', () => {
    expect(configErrorOf(event({ reason: 'Failed', message: 'Error:' }))).toBeUndefined();
  });

  it('while a 1.5-1.6 create failure is', () => {
    expect(
      configErrorOf(
        event({
          reason: 'Failed',
          message:
            'Failed to create container with error: rpc error: code = 4 desc = context deadline exceeded',
        }),
      ),
    ).toEqual({ detail: 'rpc error: code = 4 desc = context deadline exceeded' });
  });
});
