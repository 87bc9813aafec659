import { describe, expect, it } from 'vitest';
import { pod, testCluster } from '../simulation-test-helpers.js';
import { ADMIN } from './types.js';
import { resourceByKind, type ResourceInfo } from '../world/resources.js';

const info = (kind: string): ResourceInfo => {
  const r = resourceByKind(kind);
  if (r === undefined) throw new Error(kind);
  return r;
};

describe('graceful deletion', () => {
  it('marks a pod on a node with now + grace and leaves it to the kubelet', () => {
    const sim = testCluster('  namespaces:\n    - name: shop');
    const created = sim.api.create(
      pod('web', 'shop', { nodeName: 'worker', terminationGracePeriodSeconds: 45 }),
      ADMIN,
    );
    expect(created.ok).toBe(true);
    expect(sim.api.delete(info('Pod'), 'shop', 'web', ADMIN).ok).toBe(true);
    const stored = sim.store.get('pods', 'shop', 'web');
    expect(stored?.metadata.deletionTimestamp).toBe('2026-01-01T00:00:45Z');
    expect(stored?.metadata.deletionGracePeriodSeconds).toBe(45);
    // A second delete with a shorter grace period shortens it.
    sim.api.delete(info('Pod'), 'shop', 'web', ADMIN, { gracePeriodSeconds: 5 });
    expect(sim.store.get('pods', 'shop', 'web')?.metadata.deletionTimestamp).toBe('2026-01-01T00:00:05Z');
    // Force deletion removes it at once.
    sim.api.delete(info('Pod'), 'shop', 'web', ADMIN, { gracePeriodSeconds: 0 });
    expect(sim.store.get('pods', 'shop', 'web')).toBeUndefined();
  });

  it('removes an unscheduled pod at once', () => {
    const sim = testCluster('  namespaces:\n    - name: shop');
    sim.api.create(pod('web', 'shop'), ADMIN);
    sim.api.delete(info('Pod'), 'shop', 'web', ADMIN);
    expect(sim.store.get('pods', 'shop', 'web')).toBeUndefined();
  });

  it('keeps objects with finalizers, marked for deletion', () => {
    const sim = testCluster('  namespaces:\n    - name: shop');
    sim.api.create(
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'cfg', namespace: 'shop', finalizers: ['example.com/hold'] },
      },
      ADMIN,
    );
    sim.api.delete(info('ConfigMap'), 'shop', 'cfg', ADMIN);
    expect(sim.store.get('configmaps', 'shop', 'cfg')?.metadata).toMatchObject({
      deletionTimestamp: '2026-01-01T00:00:00Z',
      deletionGracePeriodSeconds: 0,
    });
  });

  it('turns a namespace Terminating, where NamespaceLifecycle refuses new objects', () => {
    const sim = testCluster('  namespaces:\n    - name: shop');
    sim.api.delete(info('Namespace'), undefined, 'shop', ADMIN);
    expect(sim.store.get('namespaces', undefined, 'shop')?.status).toEqual({ phase: 'Terminating' });
    const result = sim.api.create(pod('web', 'shop'), ADMIN);
    if (result.ok) throw new Error('expected a denial');
    expect(result.status.message).toBe(
      'pods "web" is forbidden: unable to create new content in namespace shop because it is being terminated',
    );
    expect(result.status.details?.causes).toEqual([
      {
        reason: 'NamespaceTerminating',
        message: 'namespace shop is being terminated',
        field: 'metadata.namespace',
      },
    ]);
  });
});
