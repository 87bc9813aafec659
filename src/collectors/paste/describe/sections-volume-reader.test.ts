import { describe, expect, it } from 'vitest';
import { newDoc, type VolumeAcc } from './doc.js';
import { readVolumes, volumeRaw } from './sections.js';

/** Survivors in sections.ts readVolumes and projectedSources (paste-describe-4). */

const vol = (name: string, ...fields: Array<[string, string]>): VolumeAcc => ({ name, fields });

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
