import { describe, expect, it } from 'vitest';
import { event } from '../../../test/builders.js';
import { classifyConfigError, configErrorDetail } from './config-message.js';

describe('classifyConfigError', () => {
  it('reads missing ConfigMaps and Secrets in kubelet and API wording', () => {
    expect(classifyConfigError('configmap "app-config" not found')).toMatchObject({
      code: 'ConfigMapMissing',
      objectKind: 'ConfigMap',
      object: 'app-config',
    });
    expect(classifyConfigError('configmaps "app-config" not found')).toMatchObject({
      code: 'ConfigMapMissing',
      object: 'app-config',
    });
    expect(classifyConfigError('secret "db" not found')).toMatchObject({
      code: 'SecretMissing',
      objectKind: 'Secret',
      object: 'db',
    });
    expect(classifyConfigError('secrets "secrets-2.16.4-1" not found')).toMatchObject({
      code: 'SecretMissing',
      object: 'secrets-2.16.4-1',
    });
  });

  it('reads missing keys', () => {
    expect(classifyConfigError("couldn't find key password in Secret prod/db")).toEqual({
      code: 'KeyMissing',
      key: 'password',
      objectKind: 'Secret',
      namespace: 'prod',
      object: 'db',
    });
    expect(classifyConfigError("couldn't find key mode in ConfigMap default/settings")).toMatchObject({
      code: 'KeyMissing',
      objectKind: 'ConfigMap',
    });
  });

  it('reads runAsNonRoot refusals', () => {
    expect(classifyConfigError('container has runAsNonRoot and image will run as root')).toEqual({
      code: 'RunAsNonRoot',
    });
    expect(
      classifyConfigError(
        'container has runAsNonRoot and image has non-numeric user (app), cannot verify user is non-root',
      ),
    ).toEqual({
      code: 'RunAsNonRoot',
      user: 'app',
    });
  });

  it('falls back to CreateContainerError', () => {
    expect(classifyConfigError('failed to reserve container name "x"').code).toBe('CreateContainerError');
    expect(classifyConfigError('').code).toBe('CreateContainerError');
  });
});

describe('configErrorDetail', () => {
  it('keeps create and config errors, drops image and start errors', () => {
    expect(configErrorDetail(event({ reason: 'Failed', message: 'Error: secret "db" not found' }))).toBe(
      'secret "db" not found',
    );
    expect(configErrorDetail(event({ reason: 'Failed', message: 'Error: ErrImagePull' }))).toBeUndefined();
    expect(
      configErrorDetail(event({ reason: 'Failed', message: 'Error: **ImagePullBackOff**' })),
    ).toBeUndefined();
    expect(
      configErrorDetail(
        event({
          reason: 'Failed',
          message: 'Error: failed to create containerd task: OCI runtime create failed',
        }),
      ),
    ).toBeUndefined();
    expect(
      configErrorDetail(event({ reason: 'Failed', message: 'Failed to pull image "x": boom' })),
    ).toBeUndefined();
    expect(
      configErrorDetail(event({ reason: 'FailedMount', message: 'Error: secret "db" not found' })),
    ).toBeUndefined();
  });
});
