import { describe, expect, it } from 'vitest';
import { newDoc, type VolumeAcc } from './doc.js';
import { readVolumes, volumeRaw } from './sections.js';

/** Survivors in sections.ts readVolumes / volumeRaw / projectedSources (paste-describe-4). */

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

describe('volumeRaw: Projected sources in the order describe lists them', () => {
  it('the service-account token volume', () => {
    expect(
      volumeRaw(
        vol(
          'kube-api-access-4xk2p',
          ['Type', 'Projected (a volume that contains injected data from multiple sources)'],
          ['TokenExpirationSeconds', '3607'],
          ['ConfigMapName', 'kube-root-ca.crt'],
          ['ConfigMapOptional', '<nil>'],
          ['DownwardAPI', 'true'],
        ),
      ),
    ).toEqual({
      name: 'kube-api-access-4xk2p',
      projected: {
        sources: [
          { serviceAccountToken: { expirationSeconds: 3607 } },
          { configMap: { name: 'kube-root-ca.crt' } },
          { downwardAPI: {} },
        ],
      },
    });
  });

  it('secrets and config maps with their Optional, a false DownwardAPI and a bad token expiry', () => {
    expect(
      volumeRaw(
        vol(
          'bundle',
          ['Type', 'Projected (a volume that contains injected data from multiple sources)'],
          ['Optional', 'true'],
          ['SecretName', 'app-secret'],
          ['Optional', 'true'],
          ['ConfigMapName', 'app-config'],
          ['ConfigMapOptional', 'false'],
          ['DownwardAPI', 'false'],
          ['TokenExpirationSeconds', 'soon'],
          ['SecretName', 'other'],
          ['Optional', '<nil>'],
        ),
      ),
    ).toEqual({
      name: 'bundle',
      projected: {
        sources: [
          { secret: { name: 'app-secret', optional: true } },
          { configMap: { name: 'app-config', optional: false } },
          { serviceAccountToken: {} },
          { secret: { name: 'other' } },
        ],
      },
    });
  });

  it('a Projected volume without sources', () => {
    expect(
      volumeRaw(
        vol('empty', ['Type', 'Projected (a volume that contains injected data from multiple sources)']),
      ),
    ).toEqual({
      name: 'empty',
      projected: { sources: [] },
    });
  });
});

describe('readVolumes', () => {
  const read = (text: string, start = 0) => {
    const doc = newDoc();
    const end = readVolumes(text.split('\n'), start, doc);
    return { end, volumes: doc.volumes, recognised: doc.recognised };
  };

  it('reads each volume heading and its fields, skipping an elision, up to the next top-level field', () => {
    const text = [
      'Volumes:',
      '  config:',
      '    Type:      ConfigMap (a volume populated by a ConfigMap)',
      '    Name:      web-config',
      '    ...',
      '    Optional:  false',
      '  data:',
      '    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)',
      '    ClaimName:  data-0',
      'QoS Class:   Burstable',
    ].join('\n');
    expect(read(text)).toEqual({
      end: 9,
      recognised: 3,
      volumes: [
        {
          name: 'config',
          fields: [
            ['Type', 'ConfigMap (a volume populated by a ConfigMap)'],
            ['Name', 'web-config'],
            ['Optional', 'false'],
          ],
        },
        {
          name: 'data',
          fields: [
            ['Type', 'PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)'],
            ['ClaimName', 'data-0'],
          ],
        },
      ],
    });
  });

  it('stops at a blank line, a prompt and a fence; "Volumes:  <none>" is one line', () => {
    expect(read('Volumes:\n  a:\n    Type:  EmptyDir\n\n  b:\n')).toEqual({
      end: 3,
      recognised: 2,
      volumes: [{ name: 'a', fields: [['Type', 'EmptyDir']] }],
    });
    expect(read('Volumes:\n  a:\n```\n  b:\n').end).toBe(2);
    expect(read('Volumes:\n  a:\n$ kubectl get pods\n  b:\n').end).toBe(2);
    expect(read('Volumes:  <none>\n  a:\n')).toEqual({ end: 1, recognised: 1, volumes: [] });
    expect(read('x\nVolumes:\n  a:\n', 1)).toEqual({
      end: 3,
      recognised: 2,
      volumes: [{ name: 'a', fields: [] }],
    });
    // Indented stops: a whitespace-only line, an indented fence, an indented prompt.
    expect(read('Volumes:\n  a:\n      \n  b:\n').end).toBe(2);
    expect(read('Volumes:\n  a:\n  ```\n  b:\n').end).toBe(2);
    expect(read('Volumes:\n  a:\n  $ kubectl get pods\n  b:\n').end).toBe(2);
  });

  it('an elision typed at the margin is skipped, not an end', () => {
    expect(read('Volumes:\n  a:\n...\n  b:\n    Type:  EmptyDir')).toEqual({
      end: 5,
      recognised: 3,
      volumes: [
        { name: 'a', fields: [] },
        { name: 'b', fields: [['Type', 'EmptyDir']] },
      ],
    });
  });

  it('a line that is not a key is one line and no volumes', () => {
    expect(read('  config-volume  ConfigMap')).toEqual({ end: 1, recognised: 1, volumes: [] });
  });

  it('a field before any heading is dropped', () => {
    expect(read('Volumes:\n    Type:  EmptyDir\n  a:\n    Medium:  Memory')).toEqual({
      end: 4,
      recognised: 2,
      volumes: [{ name: 'a', fields: [['Medium', 'Memory']] }],
    });
  });
});
