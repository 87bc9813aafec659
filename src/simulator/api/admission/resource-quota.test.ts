import { describe, expect, it } from 'vitest';
import { container, pod, testCluster } from '../../simulation-test-helpers.js';
import { ADMIN } from '../types.js';
import { resourceByKind } from '../../world/resources.js';

const quotaCluster = (): ReturnType<typeof testCluster> =>
  testCluster(
    '  namespaces:\n    - name: shop\n      quota: {requests.cpu: "2", limits.cpu: "4", pods: "10"}',
  );

const sized = (name: string, cpu: string): ReturnType<typeof pod> =>
  pod(name, 'shop', { containers: [container({ requests: { cpu }, limits: { cpu } })] });

describe('ResourceQuota', () => {
  it('denies a pod that would exceed the quota, with the plugin text', () => {
    const sim = quotaCluster();
    for (const [name, cpu] of [
      ['a', '1'],
      ['b', '800m'],
    ] as const)
      expect(sim.api.create(sized(name, cpu), ADMIN).ok).toBe(true);
    const result = sim.api.create(sized('c', '500m'), ADMIN);
    if (result.ok) throw new Error('expected a denial');
    expect(result.status.code).toBe(403);
    expect(result.status.message).toBe(
      'pods "c" is forbidden: exceeded quota: shop-quota, requested: requests.cpu=500m, used: requests.cpu=1800m, limited: requests.cpu=2',
    );
  });

  it('requires every container to state the quota-limited resources', () => {
    const sim = quotaCluster();
    const result = sim.api.create(
      pod('web', 'shop', {
        containers: [
          container({ requests: { cpu: '100m' } }),
          container({ name: 'proxy', limits: { cpu: '100m' } }),
        ],
      }),
      ADMIN,
    );
    if (result.ok) throw new Error('expected a denial');
    // The proxy's limit also defaults its request, so only the app lacks something.
    expect(result.status.message).toBe(
      'pods "web" is forbidden: failed quota: shop-quota: must specify limits.cpu for: app',
    );
    const bare = sim.api.create(pod('bare', 'shop'), ADMIN);
    expect(bare.ok ? '' : bare.status.message).toBe(
      'pods "bare" is forbidden: failed quota: shop-quota: must specify limits.cpu for: app; requests.cpu for: app',
    );
  });

  it('tracks usage in status.used and releases it when pods go', () => {
    const sim = quotaCluster();
    expect(sim.api.create(sized('a', '1500m'), ADMIN).ok).toBe(true);
    sim.runFor(1000);
    const used = (): unknown =>
      (sim.store.get('resourcequotas', 'shop', 'shop-quota')?.status as { used: unknown }).used;
    expect(used()).toEqual({ 'limits.cpu': '1500m', pods: '1', 'requests.cpu': '1500m' });
    const pods = resourceByKind('Pod');
    if (pods === undefined) throw new Error('pods');
    // Unscheduled pods are removed at once.
    sim.store.remove('pods', 'shop', 'a');
    sim.runFor(1000);
    expect(used()).toEqual({ 'limits.cpu': '0', pods: '0', 'requests.cpu': '0' });
    expect(sim.api.create(sized('b', '2'), ADMIN).ok).toBe(true);
  });

  it('counts pods created in the same instant', () => {
    const sim = testCluster('  namespaces:\n    - name: shop\n      quota: {pods: "2"}');
    expect(sim.api.create(pod('a', 'shop'), ADMIN).ok).toBe(true);
    expect(sim.api.create(pod('b', 'shop'), ADMIN).ok).toBe(true);
    const third = sim.api.create(pod('c', 'shop'), ADMIN);
    expect(third.ok ? '' : third.status.message).toBe(
      'pods "c" is forbidden: exceeded quota: shop-quota, requested: pods=1, used: pods=2, limited: pods=2',
    );
  });
});
