import { describe, expect, it } from 'vitest';
import { container, pod, testCluster } from '../../simulation-test-helpers.js';
import { ADMIN } from '../types.js';

const cluster = (items: string): ReturnType<typeof testCluster> =>
  testCluster(`  namespaces:\n    - name: shop\n      limitRange:\n${items}`);

describe('LimitRanger', () => {
  it('fills defaults and says so in the annotation', () => {
    const sim = cluster(
      '        - type: Container\n          default: {cpu: 500m, memory: 512Mi}\n          defaultRequest: {cpu: 100m}',
    );
    const result = sim.api.create(
      pod('web', 'shop', { containers: [container({ requests: { memory: '256Mi' } })] }),
      ADMIN,
    );
    if (!result.ok) throw new Error(result.status.message);
    const c = (result.object.spec as { containers: { resources: unknown }[] }).containers[0];
    expect(c?.resources).toEqual({
      requests: { memory: '256Mi', cpu: '100m' },
      limits: { cpu: '500m', memory: '512Mi' },
    });
    expect(result.object.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe(
      'LimitRanger plugin set: cpu request for container app; cpu, memory limit for container app',
    );
    expect((result.object.status as { qosClass: string }).qosClass).toBe('Burstable');
  });

  it('denies a container above the maximum', () => {
    const sim = cluster('        - type: Container\n          max: {cpu: "2"}');
    const result = sim.api.create(
      pod('web', 'shop', { containers: [container({ limits: { cpu: '4' } })] }),
      ADMIN,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status.code).toBe(403);
    expect(result.status.message).toBe(
      'pods "web" is forbidden: maximum cpu usage per Container is 2, but limit is 4',
    );
  });

  it('fills the limit from max, so a missing limit is not an error', () => {
    const sim = cluster('        - type: Container\n          max: {cpu: "2"}');
    expect(sim.api.create(pod('web', 'shop'), ADMIN).ok).toBe(true);
  });

  it('denies below the minimum, per Pod sums, and ratios; several at once in brackets', () => {
    const sim = cluster(
      [
        '        - type: Container',
        '          min: {memory: 128Mi}',
        '          maxLimitRequestRatio: {cpu: "2"}',
        '        - type: Pod',
        '          max: {cpu: "4"}',
      ].join('\n'),
    );
    const result = sim.api.create(
      pod('web', 'shop', {
        containers: [
          container({ requests: { cpu: '500m', memory: '64Mi' }, limits: { cpu: '3', memory: '64Mi' } }),
          container({
            name: 'sidecar',
            requests: { cpu: '1', memory: '128Mi' },
            limits: { cpu: '1800m', memory: '128Mi' },
          }),
        ],
      }),
      ADMIN,
    );
    if (result.ok) throw new Error('expected a denial');
    expect(result.status.message).toBe(
      'pods "web" is forbidden: [minimum memory usage per Container is 128Mi, but request is 64Mi, ' +
        'cpu max limit to request ratio per Container is 2, but provided ratio is 6.000000, ' +
        'maximum cpu usage per Pod is 4, but limit is 4800m]',
    );
  });

  it('bounds claim sizes per PersistentVolumeClaim', () => {
    const sim = cluster(
      '        - type: PersistentVolumeClaim\n          min: {storage: 1Gi}\n          max: {storage: 10Gi}',
    );
    const claim = (name: string, storage: string): Parameters<typeof sim.api.create>[0] => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name, namespace: 'shop' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } } },
    });
    const big = sim.api.create(claim('data', '20Gi'), ADMIN);
    expect(big.ok ? '' : big.status.message).toBe(
      'persistentvolumeclaims "data" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi',
    );
    expect(sim.api.create(claim('ok', '5Gi'), ADMIN).ok).toBe(true);
  });

  it('leaves a request above a defaulted limit to validation', () => {
    const sim = cluster('        - type: Container\n          max: {cpu: "16"}');
    const result = sim.api.create(
      pod('web', 'shop', { containers: [container({ requests: { cpu: '17' } })] }),
      ADMIN,
    );
    expect(result.ok ? '' : result.status.message).toBe(
      'Pod "web" is invalid: spec.containers[0].resources.requests[cpu]: Invalid value: "17": must be less than or equal to cpu limit of 16',
    );
  });
});
