import { describe, expect, it } from 'vitest';
import type { VolumeAcc } from './doc.js';
import { volumeRaw } from './sections.js';

/** Survivors in sections.ts volumeRaw (paste-describe-4). */

const vol = (name: string, ...fields: Array<[string, string]>): VolumeAcc => ({ name, fields });

describe('volumeRaw: each describe volume type to its core/v1 source', () => {
  it('ConfigMap with and without Optional', () => {
    expect(
      volumeRaw(
        vol(
          'config',
          ['Type', 'ConfigMap (a volume populated by a ConfigMap)'],
          ['Name', 'web-config'],
          ['Optional', 'true'],
        ),
      ),
    ).toEqual({
      name: 'config',
      configMap: { name: 'web-config', optional: true },
    });
    expect(
      volumeRaw(
        vol(
          'config',
          ['Type', 'ConfigMap (a volume populated by a ConfigMap)'],
          ['Name', 'web-config'],
          ['Optional', 'false'],
        ),
      ),
    ).toEqual({
      name: 'config',
      configMap: { name: 'web-config', optional: false },
    });
    expect(
      volumeRaw(
        vol('config', ['Type', 'ConfigMap (a volume populated by a ConfigMap)'], ['Name', 'web-config']),
      ),
    ).toEqual({
      name: 'config',
      configMap: { name: 'web-config' },
    });
  });

  it('Secret, a <none> Name is dropped, Optional read', () => {
    expect(
      volumeRaw(
        vol(
          'tls',
          ['Type', 'Secret (a volume populated by a Secret)'],
          ['SecretName', 'web-tls'],
          ['Optional', 'false'],
        ),
      ),
    ).toEqual({
      name: 'tls',
      secret: { secretName: 'web-tls', optional: false },
    });
    expect(
      volumeRaw(vol('tls', ['Type', 'Secret (a volume populated by a Secret)'], ['SecretName', '<none>'])),
    ).toEqual({
      name: 'tls',
      secret: {},
    });
  });

  it('PersistentVolumeClaim with ReadOnly true, false and absent', () => {
    const pvc = (ro?: string): VolumeAcc =>
      vol(
        'cache',
        ['Type', 'PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)'],
        ['ClaimName', 'web-cache'],
        ...(ro === undefined ? [] : [['ReadOnly', ro] as [string, string]]),
      );
    expect(volumeRaw(pvc('true'))).toEqual({
      name: 'cache',
      persistentVolumeClaim: { claimName: 'web-cache', readOnly: true },
    });
    expect(volumeRaw(pvc('false'))).toEqual({
      name: 'cache',
      persistentVolumeClaim: { claimName: 'web-cache', readOnly: false },
    });
    expect(volumeRaw(pvc())).toEqual({ name: 'cache', persistentVolumeClaim: { claimName: 'web-cache' } });
  });

  it('EmptyDir with a Memory medium and with an empty one', () => {
    expect(
      volumeRaw(
        vol(
          'shm',
          ['Type', "EmptyDir (a temporary directory that shares a pod's lifetime)"],
          ['Medium', 'Memory'],
          ['SizeLimit', '<unset>'],
        ),
      ),
    ).toEqual({
      name: 'shm',
      emptyDir: { medium: 'Memory' },
    });
    expect(
      volumeRaw(
        vol('tmp', ['Type', "EmptyDir (a temporary directory that shares a pod's lifetime)"], ['Medium', '']),
      ),
    ).toEqual({
      name: 'tmp',
      emptyDir: {},
    });
  });

  it('HostPath with and without a type', () => {
    expect(
      volumeRaw(
        vol(
          'logs',
          ['Type', 'HostPath (bare host directory volume)'],
          ['Path', '/var/log'],
          ['HostPathType', 'Directory'],
        ),
      ),
    ).toEqual({
      name: 'logs',
      hostPath: { path: '/var/log', type: 'Directory' },
    });
    expect(
      volumeRaw(
        vol(
          'logs',
          ['Type', 'HostPath (bare host directory volume)'],
          ['Path', '/var/log'],
          ['HostPathType', ''],
        ),
      ),
    ).toEqual({
      name: 'logs',
      hostPath: { path: '/var/log' },
    });
  });

  it('CSI, NFS, DownwardAPI, EphemeralVolume', () => {
    expect(
      volumeRaw(
        vol(
          'secrets-store',
          ['Type', 'CSI (a Container Storage Interface (CSI) volume source)'],
          ['Driver', 'secrets-store.csi.k8s.io'],
          ['FSType', ''],
          ['ReadOnly', 'true'],
        ),
      ),
    ).toEqual({
      name: 'secrets-store',
      csi: { driver: 'secrets-store.csi.k8s.io', readOnly: true },
    });
    expect(
      volumeRaw(
        vol(
          'share',
          ['Type', 'NFS (an NFS mount that lasts the lifetime of a pod)'],
          ['Server', 'nfs.example.com'],
          ['Path', '/exports/share'],
          ['ReadOnly', 'false'],
        ),
      ),
    ).toEqual({
      name: 'share',
      nfs: { server: 'nfs.example.com', path: '/exports/share' },
    });
    expect(
      volumeRaw(
        vol(
          'podinfo',
          ['Type', 'DownwardAPI (a volume populated by information about the pod)'],
          ['Items', ''],
        ),
      ),
    ).toEqual({
      name: 'podinfo',
      downwardAPI: {},
    });
    expect(
      volumeRaw(
        vol(
          'scratch',
          [
            'Type',
            'EphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)',
          ],
          ['StorageClass', 'standard'],
        ),
      ),
    ).toEqual({
      name: 'scratch',
      ephemeral: {},
    });
  });

  it('an unknown or missing type gives only the name', () => {
    expect(
      volumeRaw(
        vol(
          'odd',
          ['Type', 'GitRepo (a volume that is pulled from git when the pod is created)'],
          ['Repository', 'x'],
        ),
      ),
    ).toEqual({ name: 'odd' });
    expect(volumeRaw(vol('bare', ['Name', 'web-config'], ['Optional', 'true']))).toEqual({ name: 'bare' });
  });
});
