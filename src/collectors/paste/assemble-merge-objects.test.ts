/**
 * What several blocks say about one object other than a pod is one object: a `get pvc` row and a
 * `describe pvc | grep ...` of the same claim, `describe svc` and `describe ep`.
 */
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.js';
import type { PastedObject } from './common/types.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const run = (pasted: PastedObject[]) =>
  assemble(pasted, { commandNamespaces: [], now: NOW, clock: () => 0 }).objects.filter(
    (o) => o.kind !== 'Pod',
  );
const claim = (raw: Record<string, unknown>, line: number): PastedObject => ({
  raw: { kind: 'PersistentVolumeClaim', ...raw },
  line,
});

describe('objects other than pods merge by kind, namespace and name', () => {
  it('a get pvc row and a grep of its describe: one claim with the phase, the age and the annotation', () => {
    const objects = run([
      claim({ metadata: { name: 'data', namespace: 'kc' }, status: { phase: 'Pending' } }, 2),
      claim(
        {
          metadata: {
            name: 'data',
            namespace: 'kc',
            annotations: { 'volume.kubernetes.io/storage-provisioner': 'ebs.csi.aws.com' },
          },
          status: { accessModes: [] },
        },
        7,
      ),
    ]);
    expect(objects).toStrictEqual([
      {
        kind: 'PersistentVolumeClaim',
        metadata: {
          name: 'data',
          namespace: 'kc',
          annotations: { 'volume.kubernetes.io/storage-provisioner': 'ebs.csi.aws.com' },
        },
        status: { phase: 'Pending', accessModes: [] },
      },
    ]);
  });

  it.each([
    ['another namespace', { name: 'data', namespace: 'other' }, 'PersistentVolumeClaim'],
    ['another name', { name: 'logs', namespace: 'kc' }, 'PersistentVolumeClaim'],
    ['another kind', { name: 'data', namespace: 'kc' }, 'Service'],
  ])('%s stays its own object', (_name, metadata, kind) => {
    const objects = run([
      claim({ metadata: { name: 'data', namespace: 'kc' } }, 1),
      { raw: { kind, metadata }, line: 2 },
    ]);
    expect(objects).toHaveLength(2);
  });
});
