import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../api/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { WorkloadObj } from '../../world/types.js';
import { deploymentController } from '../workloads/deployment.js';
import { replicaSetController } from '../workloads/replicaset.js';
import { TestWorld } from '../workloads/workloads-test-helpers.js';
import { garbageCollector } from './garbage-collector.js';

const info = (kind: string) => {
  const r = resourceByKind(kind);
  if (r === undefined) throw new Error(kind);
  return r;
};

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
    },
  },
  status: {},
} as unknown as WorkloadObj;

describe('garbage collector', () => {
  it('deletes the ReplicaSet and its pods when the Deployment is deleted (background)', () => {
    const w = new TestWorld([deploymentController, replicaSetController, garbageCollector]);
    w.apply(deployment);
    w.run(1000);
    const [running, pending] = w.pods();
    if (running === undefined || pending === undefined) throw new Error('pods missing');
    w.runPod(running, 'node-1', '10.244.0.7');
    w.run(1000);
    w.api.delete(info('Deployment'), 'shop', 'web', ADMIN);
    w.run(1000);
    expect(w.store.list('replicasets', 'shop')).toEqual([]);
    // The unbound pod goes at once; the bound one is Terminating until its kubelet finishes it.
    const left = w.pods();
    expect(left.map((p) => p.metadata.name)).toEqual([running.metadata.name]);
    expect(left[0]?.metadata.deletionTimestamp).toBe('2026-01-01T00:00:32Z');
  });

  it('keeps an object while a finalizer holds it, removes it when the finalizer goes', () => {
    const w = new TestWorld([garbageCollector]);
    const cm = w.apply({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'settings', namespace: 'shop', finalizers: ['example.com/protect'] },
      data: { a: '1' },
    });
    w.api.delete(info('ConfigMap'), 'shop', 'settings', ADMIN);
    w.run(60_000);
    const held = w.store.get('configmaps', 'shop', 'settings');
    expect(held?.metadata.deletionTimestamp).toBe('2026-01-01T00:00:00Z');
    cm.metadata.finalizers = [];
    w.store.update(cm);
    w.run(1);
    expect(w.store.get('configmaps', 'shop', 'settings')).toBeUndefined();
  });
});
