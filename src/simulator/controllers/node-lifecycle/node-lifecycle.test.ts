import { describe, expect, it } from 'vitest';
import type { NodeObj, PodObj } from '../../world/types.js';
import { TestWorld } from '../workloads/workloads-test-helpers.js';
import { nodeLifecycleController } from './node-lifecycle.js';

const pod = (name: string, tolerationSeconds?: number): PodObj => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'shop' },
  spec: {
    containers: [{ name: 'web', image: 'nginx:1.27' }],
    ...(tolerationSeconds === undefined
      ? {}
      : {
          tolerations: [
            {
              key: 'node.kubernetes.io/unreachable',
              operator: 'Exists',
              effect: 'NoExecute',
              tolerationSeconds,
            },
          ],
        }),
  },
  status: { phase: 'Pending' },
});

const node = (w: TestWorld, name: string): NodeObj => {
  const n = w.store.get<NodeObj>('nodes', undefined, name);
  if (n === undefined) throw new Error(name);
  return n;
};

describe('node lifecycle controller', () => {
  it('marks a lost node Unknown after the grace period, taints it and evicts its pods after 300 s', () => {
    const w = new TestWorld([nodeLifecycleController], {
      cluster:
        'cluster:\n  version: v1.31.4\n  nodes:\n    - name: worker-1\n      incidents: [{at: 60s, type: lost}]',
    });
    const a = w.apply(pod('web-a'));
    const b = w.apply(pod('web-b', 60));
    w.runPod(a, 'worker-1', '10.244.0.5');
    w.runPod(b, 'worker-1', '10.244.0.6');
    w.run(99_000);
    expect(node(w, 'worker-1').status.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    w.run(1_000);
    const n = node(w, 'worker-1');
    expect(
      n.status.conditions?.map((c) => [c.type, c.status, c.reason, c.message, c.lastTransitionTime]),
    ).toEqual(
      ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'].map((t) => [
        t,
        'Unknown',
        'NodeStatusUnknown',
        'Kubelet stopped posting node status.',
        '2026-01-01T00:01:40Z',
      ]),
    );
    expect(n.spec.taints).toEqual([
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:01:40Z' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:01:40Z' },
    ]);
    expect(w.pods().map((p) => p.status.conditions?.find((c) => c.type === 'Ready')?.status)).toEqual([
      'False',
      'False',
    ]);
    expect(w.eventLines('Node')).toEqual([
      'RegisteredNode: Node worker-1 event: Registered Node worker-1 in Controller',
      'NodeNotReady: Node worker-1 status is now: NodeNotReady',
    ]);
    expect(w.eventLines('Pod')).toEqual([
      'NodeNotReady: Node is not ready',
      'NodeNotReady: Node is not ready',
    ]);
    // web-b tolerates unreachable for 60 s; web-a gets the default 300 s.
    w.run(60_000);
    expect(w.store.get<PodObj>('pods', 'shop', 'web-b')?.metadata.deletionTimestamp).toBe(
      '2026-01-01T00:03:10Z',
    );
    expect(w.store.get<PodObj>('pods', 'shop', 'web-a')?.metadata.deletionTimestamp).toBeUndefined();
    w.run(240_000);
    const evicted = w.store.get<PodObj>('pods', 'shop', 'web-a');
    expect(evicted?.metadata.deletionTimestamp).toBe('2026-01-01T00:07:10Z');
    expect(evicted?.status.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'DeletionByTaintManager',
      message: 'Taint manager: deleting due to NoExecute taint',
    });
    expect(w.eventLines('Pod').filter((l) => l.startsWith('TaintManagerEviction'))).toEqual([
      'TaintManagerEviction: Marking for deletion Pod shop/web-b',
      'TaintManagerEviction: Marking for deletion Pod shop/web-a',
    ]);
  });

  it('uses the 50 s grace period from 1.32', () => {
    const w = new TestWorld([nodeLifecycleController], {
      cluster:
        'cluster:\n  version: v1.32.0\n  nodes:\n    - name: worker-1\n      incidents: [{at: 0s, type: lost}]',
    });
    w.run(49_000);
    expect(node(w, 'worker-1').status.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    w.run(1_000);
    expect(node(w, 'worker-1').status.conditions?.find((c) => c.type === 'Ready')?.status).toBe('Unknown');
  });

  it('reports not-ready, pressure and cordon as the kubelet does, and clears them on recover', () => {
    const w = new TestWorld([nodeLifecycleController], {
      cluster:
        'cluster:\n  nodes:\n    - name: worker-1\n      incidents:\n        - {at: 10s, type: not-ready, message: "PLEG is not healthy: pleg was last seen active 3m0.2s ago; threshold is 3m0s"}\n        - {at: 20s, type: memory-pressure}\n        - {at: 30s, type: cordon}\n        - {at: 40s, type: recover}',
    });
    w.run(35_000);
    let n = node(w, 'worker-1');
    const ready = n.status.conditions?.find((c) => c.type === 'Ready');
    expect([ready?.status, ready?.reason, ready?.message]).toEqual([
      'False',
      'KubeletNotReady',
      'PLEG is not healthy: pleg was last seen active 3m0.2s ago; threshold is 3m0s',
    ]);
    expect(n.status.conditions?.find((c) => c.type === 'MemoryPressure')?.reason).toBe(
      'KubeletHasInsufficientMemory',
    );
    expect(n.spec.unschedulable).toBe(true);
    expect(n.spec.taints?.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/not-ready:NoSchedule',
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/unschedulable:NoSchedule',
    ]);
    w.run(10_000);
    n = node(w, 'worker-1');
    expect(n.spec.taints).toBeUndefined();
    expect(n.spec.unschedulable).toBeUndefined();
    expect(n.status.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual([
      'MemoryPressure=False',
      'DiskPressure=False',
      'PIDPressure=False',
      'Ready=True',
    ]);
    expect(
      w.eventLines('Node').filter((l) => l.includes('kubelet') || !l.startsWith('Registered')),
    ).toContain('NodeHasInsufficientMemory: Node worker-1 status is now: NodeHasInsufficientMemory');
    expect(w.eventLines('Node')).toContain('NodeSchedulable: Node worker-1 status is now: NodeSchedulable');
  });
});
