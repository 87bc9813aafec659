import { describe, expect, it } from 'vitest';
import { pod, testCluster } from '../../simulation-test-helpers.js';
import { ADMIN } from '../types.js';

describe('ServiceAccount', () => {
  const sim = testCluster('  namespaces:\n    - name: shop\n      serviceAccounts: [deployer]');

  it('denies pods that run as a missing service account', () => {
    const result = sim.api.create(pod('web', 'shop', { serviceAccountName: 'builder' }), ADMIN);
    if (result.ok) throw new Error('expected a denial');
    expect(result.status.message).toBe(
      'pods "web" is forbidden: error looking up service account shop/builder: serviceaccount "builder" not found',
    );
    expect(result.status.code).toBe(403);
  });

  it('names the generateName prefix: the plugin is mutating and runs before the name is generated', () => {
    const p = pod('', 'shop', { serviceAccountName: 'builder' });
    const unnamed = { ...p, metadata: { namespace: 'shop', generateName: 'build-4711-' } };
    const result = sim.api.create(unnamed as unknown as typeof p, ADMIN);
    if (result.ok) throw new Error('expected a denial');
    // kube-apiserver v1.37.2 (test/control-plane/MISMATCHES.md, service-account)
    expect(result.status.message).toBe(
      'pods "build-4711-" is forbidden: error looking up service account shop/builder: serviceaccount "builder" not found',
    );
  });

  it('admits existing ones and defaults to `default`', () => {
    expect(sim.api.create(pod('a', 'shop', { serviceAccountName: 'deployer' }), ADMIN).ok).toBe(true);
    const b = sim.api.create(pod('b', 'shop'), ADMIN);
    expect(b.ok && (b.object.spec as { serviceAccountName: string }).serviceAccountName).toBe('default');
  });
});
