import { describe, expect, it } from 'vitest';
import { defaultPullPolicy, qosClass } from './pod-defaults.js';
import { container, pod, testCluster } from '../simulation-test-helpers.js';
import { ADMIN } from './types.js';
import type { KObject } from '../world/types.js';

const create = (obj: KObject): KObject => {
  const sim = testCluster('  namespaces:\n    - name: shop');
  const result = sim.api.create(obj, ADMIN);
  if (!result.ok) throw new Error(result.status.message);
  return result.object;
};

describe('pod defaulting', () => {
  it('chooses the pull policy from the tag', () => {
    expect(defaultPullPolicy('nginx')).toBe('Always');
    expect(defaultPullPolicy('nginx:latest')).toBe('Always');
    expect(defaultPullPolicy('registry.example.com:5000/app')).toBe('Always');
    expect(defaultPullPolicy('nginx:1.27')).toBe('IfNotPresent');
    expect(defaultPullPolicy('nginx@sha256:abc')).toBe('IfNotPresent');
  });

  it('fills the fields a real apiserver fills', () => {
    const p = create(
      pod('web', 'shop', { containers: [container({ limits: { cpu: '1', memory: '1Gi' } })] }),
    );
    expect(p.spec).toMatchObject({
      restartPolicy: 'Always',
      dnsPolicy: 'ClusterFirst',
      schedulerName: 'default-scheduler',
      terminationGracePeriodSeconds: 30,
      serviceAccountName: 'default',
      serviceAccount: 'default',
      enableServiceLinks: true,
      priority: 0,
      securityContext: {},
      tolerations: [
        {
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
        {
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
      ],
      containers: [
        {
          imagePullPolicy: 'IfNotPresent',
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1', memory: '1Gi' } },
        },
      ],
    });
    expect(p.status).toEqual({ phase: 'Pending', qosClass: 'Guaranteed' });
  });

  it('computes the QoS class', () => {
    expect(qosClass({ containers: [container()] })).toBe('BestEffort');
    expect(qosClass({ containers: [container({ requests: { cpu: '100m' } })] })).toBe('Burstable');
    expect(
      qosClass({
        containers: [
          container({ requests: { cpu: '1000m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }),
        ],
      }),
    ).toBe('Guaranteed');
  });
});

describe('object defaulting', () => {
  it('allocates cluster IPs in 10.96.0.0/12 and defaults ports', () => {
    const svc = create({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'shop' },
      spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
    });
    const spec = svc.spec as { clusterIP: string; clusterIPs: string[]; type: string; ports: unknown[] };
    expect(spec.clusterIP).toMatch(/^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/);
    expect(spec.clusterIPs).toEqual([spec.clusterIP]);
    expect(spec.type).toBe('ClusterIP');
    expect(spec.ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 80 }]);
    // Same name, same IP: the allocation does not depend on the seed or on creation order.
    const again = create({ ...svc, metadata: { name: 'web', namespace: 'shop' } });
    expect((again.spec as { clusterIP: string }).clusterIP).toBe(spec.clusterIP);
  });

  it('never hands out an IP or node port twice', () => {
    const sim = testCluster('  namespaces:\n    - name: shop');
    const ips = new Set<string>();
    const ports = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const r = sim.api.create(
        {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: `svc-${i}`, namespace: 'shop' },
          spec: {
            type: 'NodePort',
            clusterIP: i === 0 ? '10.96.0.10' : undefined,
            ports: [{ port: 80 }, { port: 443 }],
          },
        },
        ADMIN,
      );
      if (!r.ok) throw new Error(r.status.message);
      const spec = r.object.spec as unknown as { clusterIP: string; ports: { nodePort: number }[] };
      ips.add(spec.clusterIP);
      for (const p of spec.ports) ports.add(p.nodePort);
    }
    expect(ips.size).toBe(60);
    expect(ips.has('10.96.0.10')).toBe(true);
    expect(ports.size).toBe(120);
    expect([...ports].every((p) => p >= 30000 && p <= 32767)).toBe(true);
  });

  it('defaults Deployments and Jobs as the apps and batch APIs do', () => {
    const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [container()] } };
    const d = create({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop' },
      spec: { selector: { matchLabels: { app: 'web' } }, template },
    });
    expect(d.spec).toMatchObject({
      replicas: 1,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      template: { spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' } },
    });
    expect(d.status).toEqual({});
    const job = create({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'report', namespace: 'shop' },
      spec: { template: { spec: { restartPolicy: 'Never', containers: [container()] } } },
    });
    const uid = job.metadata.uid ?? '';
    expect(uid).not.toBe('');
    expect(job.spec).toMatchObject({
      backoffLimit: 6,
      completions: 1,
      parallelism: 1,
      completionMode: 'NonIndexed',
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
      template: {
        metadata: {
          labels: {
            'batch.kubernetes.io/controller-uid': uid,
            'batch.kubernetes.io/job-name': 'report',
            'controller-uid': uid,
            'job-name': 'report',
          },
        },
      },
    });
  });

  it('gives claims the default StorageClass and Filesystem mode', () => {
    const pvc = create({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data', namespace: 'shop' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    expect(pvc.spec).toMatchObject({ storageClassName: 'standard', volumeMode: 'Filesystem' });
    expect(pvc.status).toEqual({ phase: 'Pending' });
  });
});
