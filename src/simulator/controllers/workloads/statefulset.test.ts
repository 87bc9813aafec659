import { describe, expect, it } from 'vitest';
import type { PvcObj, WorkloadObj } from '../../world/types.js';
import { statefulSetController } from './statefulset.js';
import { TestWorld } from './workloads-test-helpers.js';

const sts = (): WorkloadObj =>
  ({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'db', namespace: 'shop' },
    spec: {
      replicas: 2,
      serviceName: 'db',
      selector: { matchLabels: { app: 'db' } },
      template: {
        metadata: { labels: { app: 'db' } },
        spec: { containers: [{ name: 'postgres', image: 'postgres:16.4' }] },
      },
      volumeClaimTemplates: [
        {
          metadata: { name: 'data' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } } },
        },
      ],
    },
    status: {},
  }) as unknown as WorkloadObj;

describe('statefulset controller', () => {
  it.each([
    ['v1.31.4', 'create Pod db-0 in StatefulSet db successful'],
    // kube-controller-manager v1.37.2, measured by test/control-plane/fidelity.test.ts
    ['v1.37.2', 'Create Pod db-0 in StatefulSet db successful'],
  ])('words its pod events as the %s controller does', (version, line) => {
    const w = new TestWorld([statefulSetController], { cluster: `cluster: {version: ${version}}` });
    w.apply(sts());
    w.run(5000);
    expect(w.eventLines('StatefulSet')).toContain(`SuccessfulCreate: ${line}`);
  });

  it('creates claims, then pods in order, the next only once the previous is Ready', () => {
    const w = new TestWorld([statefulSetController]);
    w.apply(sts());
    w.run(5000);
    expect(w.pods().map((p) => p.metadata.name)).toEqual(['db-0']);
    expect(w.eventLines('StatefulSet')).toEqual([
      'SuccessfulCreate: create Claim data-db-0 Pod db-0 in StatefulSet db success',
      'SuccessfulCreate: create Pod db-0 in StatefulSet db successful',
    ]);
    const pvc = w.store.get<PvcObj>('persistentvolumeclaims', 'shop', 'data-db-0');
    expect(pvc?.metadata.labels).toEqual({ app: 'db' });
    const [db0] = w.pods();
    if (db0 === undefined) throw new Error('no pod');
    expect(db0.metadata.labels).toMatchObject({
      app: 'db',
      'apps.kubernetes.io/pod-index': '0',
      'statefulset.kubernetes.io/pod-name': 'db-0',
    });
    expect(db0.metadata.labels?.['controller-revision-hash']).toMatch(/^db-\w+$/);
    expect(db0.spec.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }]);
    expect((db0.spec as { hostname?: string; subdomain?: string }).subdomain).toBe('db');
    w.runPod(db0, 'node-1', '10.244.0.10');
    w.run(1000);
    expect(w.pods().map((p) => p.metadata.name)).toEqual(['db-0', 'db-1']);
    expect(w.store.get('persistentvolumeclaims', 'shop', 'data-db-1')).toBeDefined();
    const status = w.store.get<WorkloadObj>('statefulsets', 'shop', 'db')?.status;
    expect(status).toMatchObject({
      replicas: 2,
      readyReplicas: 1,
      currentReplicas: 2,
      observedGeneration: 1,
    });
  });
});
