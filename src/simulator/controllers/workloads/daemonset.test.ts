import { describe, expect, it } from 'vitest';
import type { PodObj, WorkloadObj } from '../../world/types.js';
import { daemonSetController } from './daemonset.js';
import { TestWorld } from './workloads-test-helpers.js';

const cluster = `cluster:
  nodes:
    - {name: worker, count: 2}
    - name: control-plane
      labels: {node-role.kubernetes.io/control-plane: ''}
      taints: [{key: node-role.kubernetes.io/control-plane, effect: NoSchedule}]
    - {name: gpu, labels: {pool: gpu}}`;

const ds = (nodeSelector?: Record<string, string>): WorkloadObj =>
  ({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'node-exporter', namespace: 'shop' },
    spec: {
      selector: { matchLabels: { app: 'node-exporter' } },
      template: {
        metadata: { labels: { app: 'node-exporter' } },
        spec: {
          ...(nodeSelector === undefined ? {} : { nodeSelector }),
          containers: [{ name: 'node-exporter', image: 'quay.io/prometheus/node-exporter:v1.8.2' }],
        },
      },
    },
    status: {},
  }) as unknown as WorkloadObj;

describe('daemonset controller', () => {
  it('runs one pod per untainted node, pinned by a matchFields affinity term', () => {
    const w = new TestWorld([daemonSetController], { cluster });
    w.apply(ds());
    w.run(1000);
    const pods = w.pods();
    const targets = pods.map((p) => {
      const aff = p.spec.affinity as {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: { matchFields: { key: string; operator: string; values: string[] }[] }[];
          };
        };
      };
      const term = aff.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms;
      expect(term).toHaveLength(1);
      expect(term[0]?.matchFields[0]?.key).toBe('metadata.name');
      return term[0]?.matchFields[0]?.values[0];
    });
    expect(targets.sort()).toEqual(['gpu', 'worker-1', 'worker-2']);
    expect(pods[0]?.spec.tolerations?.map((t) => `${t.key ?? ''}:${t.effect ?? ''}`)).toEqual([
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule',
      'node.kubernetes.io/unschedulable:NoSchedule',
    ]);
    expect(
      w.eventLines('DaemonSet').every((l) => /^SuccessfulCreate: Created pod: node-exporter-\w{5}$/.test(l)),
    ).toBe(true);
    const status = w.store.get<WorkloadObj>('daemonsets', 'shop', 'node-exporter')?.status;
    expect(status).toMatchObject({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 3,
      numberReady: 0,
      numberMisscheduled: 0,
      numberUnavailable: 3,
    });
    pods.forEach((p, i) => {
      w.runPod(p, targets[i] ?? '', `10.244.${String(i)}.3`);
    });
    w.run(1000);
    expect(w.store.get<WorkloadObj>('daemonsets', 'shop', 'node-exporter')?.status).toMatchObject({
      numberReady: 3,
      numberAvailable: 3,
    });
  });

  it('honours the nodeSelector', () => {
    const w = new TestWorld([daemonSetController], { cluster });
    w.apply(ds({ pool: 'gpu' }));
    w.run(1000);
    expect(w.pods()).toHaveLength(1);
    expect(
      w.store.get<WorkloadObj>('daemonsets', 'shop', 'node-exporter')?.status.desiredNumberScheduled,
    ).toBe(1);
  });

  it('keeps its status right when syncs look only at the nodes whose pods changed', () => {
    const w = new TestWorld([daemonSetController], { cluster });
    w.apply(ds());
    w.run(1000);
    const status = (): WorkloadObj['status'] | undefined =>
      w.store.get<WorkloadObj>('daemonsets', 'shop', 'node-exporter')?.status;
    const [first, second, third] = w.pods();
    if (first === undefined || second === undefined || third === undefined)
      throw new Error('3 pods expected');
    const nodeOf = (p: PodObj): string =>
      (
        p.spec.affinity as {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: { matchFields: { values: string[] }[] }[];
            };
          };
        }
      ).nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]?.matchFields[0]
        ?.values[0] ?? '';
    w.runPod(first, nodeOf(first), '10.244.0.3');
    w.run(1000);
    expect(status()).toMatchObject({ numberReady: 1, numberAvailable: 1, numberUnavailable: 2 });
    w.runPod(second, nodeOf(second), '10.244.1.3');
    w.runPod(third, nodeOf(third), '10.244.2.3', false);
    w.run(1000);
    expect(status()).toMatchObject({ numberReady: 2, numberAvailable: 2, numberUnavailable: 1 });
    second.status.phase = 'Failed';
    w.store.update(second);
    w.run(1000);
    expect(w.eventLines('DaemonSet')).toContain(
      `FailedDaemonPod: Found failed daemon pod shop/${second.metadata.name} on node ${nodeOf(second)}, will try to kill it`,
    );
    expect(status()).toMatchObject({ currentNumberScheduled: 2, numberReady: 1, numberUnavailable: 2 });
  });
});
