import { describe, expect, it } from 'vitest';
import { forbidden } from '../../api/status.js';
import type { AdmissionPlugin } from '../../api/types.js';
import type { WorkloadObj } from '../../world/types.js';
import { deploymentController } from './deployment.js';
import { computeHash } from './hash.js';
import { replicaSetController } from './replicaset.js';
import { TestWorld } from './workloads-test-helpers.js';

const template = {
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
};
const deployment = (replicas: number, extra: Record<string, unknown> = {}): WorkloadObj => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { replicas, selector: { matchLabels: { app: 'web' } }, template, ...extra },
  status: {},
});

const controllers = [deploymentController, replicaSetController];

describe('deployment and replicaset controllers', () => {
  it('creates the ReplicaSet named by the template hash, then its pods', () => {
    const w = new TestWorld(controllers);
    w.apply(deployment(3));
    w.run(1000);
    const hash = computeHash(template);
    expect(hash).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{6,10}$/);
    const rs = w.store.get<WorkloadObj>('replicasets', 'shop', `web-${hash}`);
    expect(rs?.metadata.annotations).toEqual({
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
      'deployment.kubernetes.io/revision': '1',
    });
    expect(rs?.spec.selector?.matchLabels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs?.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'Deployment',
      name: 'web',
      controller: true,
    });
    const pods = w.pods();
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(new RegExp(`^web-${hash}-[bcdfghjklmnpqrstvwxz2456789]{5}$`));
      expect(p.metadata.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    }
    expect(w.eventLines('Deployment')).toEqual([
      `ScalingReplicaSet: Scaled up replica set web-${hash} to 3 from 0`,
    ]);
    expect([...w.eventLines('ReplicaSet')].sort()).toEqual(
      pods.map((p) => `SuccessfulCreate: Created pod: ${p.metadata.name}`).sort(),
    );
    const d = w.store.get<WorkloadObj>('deployments', 'shop', 'web');
    expect(d?.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(d?.status).toMatchObject({
      observedGeneration: 1,
      replicas: 3,
      updatedReplicas: 3,
      unavailableReplicas: 3,
    });
    expect(d?.status.conditions?.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['Available', 'False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.'],
      ['Progressing', 'True', 'ReplicaSetUpdated', `ReplicaSet "web-${hash}" is progressing.`],
    ]);
  });

  it('reports NewReplicaSetAvailable once every pod is Ready', () => {
    const w = new TestWorld(controllers);
    w.apply(deployment(2));
    w.run(1000);
    w.pods().forEach((p, i) => {
      w.runPod(p, 'node-1', `10.244.0.${String(i + 5)}`);
    });
    w.run(1000);
    const d = w.store.get<WorkloadObj>('deployments', 'shop', 'web');
    expect(d?.status).toMatchObject({
      replicas: 2,
      updatedReplicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
    });
    expect(d?.status.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable'],
      ['Progressing', 'True', 'NewReplicaSetAvailable'],
    ]);
    expect(d?.status.conditions?.[1]?.message).toMatch(
      /^ReplicaSet "web-\w+" has successfully progressed\.$/,
    );
  });

  it('times out progressing after progressDeadlineSeconds without progress', () => {
    const w = new TestWorld(controllers);
    w.apply(deployment(1, { progressDeadlineSeconds: 60 }));
    w.run(60_000);
    let d = w.store.get<WorkloadObj>('deployments', 'shop', 'web');
    expect(d?.status.conditions?.find((c) => c.type === 'Progressing')?.reason).toBe('ReplicaSetUpdated');
    w.run(5_000);
    d = w.store.get<WorkloadObj>('deployments', 'shop', 'web');
    const p = d?.status.conditions?.find((c) => c.type === 'Progressing');
    expect([p?.status, p?.reason]).toEqual(['False', 'ProgressDeadlineExceeded']);
    expect(p?.message).toMatch(/^ReplicaSet "web-\w+" has timed out progressing\.$/);
  });

  it('turns a denied create into FailedCreate with back-off and ReplicaFailure on both objects', () => {
    const deny: AdmissionPlugin = {
      name: 'quota',
      phase: 'validating',
      admit: (r) =>
        r.resource.resource === 'pods'
          ? forbidden(
              'pods',
              r.object.metadata.name,
              'exceeded quota: shop-quota, requested: cpu=500m, used: cpu=2, limited: cpu=2',
            )
          : undefined,
    };
    const w = new TestWorld(controllers, { plugins: [deny] });
    w.apply(deployment(2));
    w.run(5 * 60_000);
    expect(w.pods()).toHaveLength(0);
    const lines = w.eventLines('ReplicaSet');
    // 5 ms doubling: 5 ms … 81.92 s fits 15 retries (plus the first try) in 5 minutes; each
    // names a new pod, so after 10 distinct messages the rest fold into one combined event.
    expect(lines).toHaveLength(11);
    expect(lines[0]).toMatch(
      /^FailedCreate: Error creating: pods "web-\w+-\w{5}" is forbidden: exceeded quota: shop-quota, requested: cpu=500m, used: cpu=2, limited: cpu=2$/,
    );
    expect(lines[10]).toMatch(
      /^FailedCreate: \(combined from similar events\): Error creating: pods "web-\w+-\w{5}" is forbidden: exceeded quota: .* \(x6\)$/,
    );
    const rs = w.store.list<WorkloadObj>('replicasets', 'shop')[0];
    const rf = rs?.status.conditions?.find((c) => c.type === 'ReplicaFailure');
    expect([rf?.status, rf?.reason]).toEqual(['True', 'FailedCreate']);
    expect(rf?.message).toContain('is forbidden: exceeded quota');
    const d = w.store.get<WorkloadObj>('deployments', 'shop', 'web');
    expect(d?.status.conditions?.find((c) => c.type === 'ReplicaFailure')?.message).toBe(rf?.message);
  });

  it('replaces evicted pods and keeps the failed ones', () => {
    const w = new TestWorld(controllers);
    w.apply(deployment(1));
    w.run(1000);
    const [pod] = w.pods();
    if (pod === undefined) throw new Error('no pod');
    w.runPod(pod, 'node-1', '10.244.0.9');
    w.run(1000);
    w.finishPod(pod, 'Failed');
    w.run(1000);
    const pods = w.pods();
    expect(pods).toHaveLength(2);
    expect(pods.filter((p) => p.status.phase === 'Failed').map((p) => p.metadata.name)).toEqual([
      pod.metadata.name,
    ]);
    const rs = w.store.list<WorkloadObj>('replicasets', 'shop')[0];
    expect(rs?.status.replicas).toBe(1);
    expect(rs?.status.readyReplicas).toBeUndefined();
  });

  it('rolls a new template out within maxSurge and maxUnavailable, scaling the old ReplicaSet to 0', () => {
    const w = new TestWorld(controllers);
    w.apply(deployment(4));
    const readyAll = (): void => {
      w.pods()
        .filter((p) => p.status.phase === 'Pending' && p.metadata.deletionTimestamp === undefined)
        .forEach((p, i) => {
          w.runPod(p, 'node-1', `10.244.0.${String(i + 10)}`);
        });
    };
    w.run(1000);
    readyAll();
    w.run(1000);
    const oldHash = computeHash(template);
    const d = w.store.get<WorkloadObj>('deployments', 'shop', 'web');
    if (d === undefined) throw new Error('no deployment');
    const next = structuredClone(d);
    const newTemplate = { ...template, spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } };
    next.spec.template = structuredClone(newTemplate);
    next.metadata.generation = 2;
    w.api.update(next, { name: 'kubernetes-admin', groups: ['system:masters'] });
    const newHash = computeHash(newTemplate);
    const replicas = (hash: string): number | undefined =>
      w.store.get<WorkloadObj>('replicasets', 'shop', `web-${hash}`)?.spec.replicas;
    for (let i = 0; i < 20 && replicas(oldHash) !== 0; i++) {
      w.run(1000);
      // Never more than replicas + maxSurge (1) pods wanted, never fewer than replicas - maxUnavailable (1) available.
      expect((replicas(oldHash) ?? 0) + (replicas(newHash) ?? 0)).toBeLessThanOrEqual(5);
      const available = w.store
        .list<WorkloadObj>('replicasets', 'shop')
        .reduce((n, rs) => n + (rs.status.availableReplicas ?? 0), 0);
      expect(available).toBeGreaterThanOrEqual(3);
      readyAll();
    }
    w.run(1000);
    expect([replicas(oldHash), replicas(newHash)]).toEqual([0, 4]);
    expect(w.eventLines('Deployment')).toEqual([
      `ScalingReplicaSet: Scaled up replica set web-${oldHash} to 4 from 0`,
      `ScalingReplicaSet: Scaled up replica set web-${newHash} to 1 from 0`,
      `ScalingReplicaSet: Scaled down replica set web-${oldHash} to 3 from 4`,
      `ScalingReplicaSet: Scaled up replica set web-${newHash} to 2 from 1`,
      // Both new pods became available at once: 5 available, 3 needed, so 2 old ones go.
      `ScalingReplicaSet: Scaled down replica set web-${oldHash} to 1 from 3`,
      `ScalingReplicaSet: Scaled up replica set web-${newHash} to 4 from 2`,
      `ScalingReplicaSet: Scaled down replica set web-${oldHash} to 0 from 1`,
    ]);
    const after = w.store.get<WorkloadObj>('deployments', 'shop', 'web');
    expect(after?.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('2');
    expect(
      w.store.get<WorkloadObj>('replicasets', 'shop', `web-${newHash}`)?.metadata.annotations?.[
        'deployment.kubernetes.io/revision'
      ],
    ).toBe('2');
    expect(after?.status).toMatchObject({ observedGeneration: 2, replicas: 4, updatedReplicas: 4 });
  });

  it('Recreate scales the old ReplicaSet to 0 and creates the new one only when its pods are gone', () => {
    const w = new TestWorld(controllers);
    w.apply(deployment(2, { strategy: { type: 'Recreate' } }));
    w.run(1000);
    const d = w.store.get<WorkloadObj>('deployments', 'shop', 'web');
    if (d === undefined) throw new Error('no deployment');
    const next = structuredClone(d);
    const newTemplate = { ...template, spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } };
    next.spec.template = structuredClone(newTemplate);
    w.api.update(next, { name: 'kubernetes-admin', groups: ['system:masters'] });
    w.run(2000);
    const oldHash = computeHash(template);
    const newHash = computeHash(newTemplate);
    expect(w.eventLines('Deployment')).toEqual([
      `ScalingReplicaSet: Scaled up replica set web-${oldHash} to 2 from 0`,
      `ScalingReplicaSet: Scaled down replica set web-${oldHash} to 0 from 2`,
      `ScalingReplicaSet: Scaled up replica set web-${newHash} to 2 from 0`,
    ]);
    expect(w.pods().map((p) => p.metadata.labels?.['pod-template-hash'])).toEqual([newHash, newHash]);
  });
});
