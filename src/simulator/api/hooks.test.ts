import { describe, expect, it } from 'vitest';
import { admissionChain } from './hooks.js';
import { pod, testCluster } from '../simulation-test-helpers.js';
import { ADMIN, ADMIN_TOKEN } from './types.js';
import { resourceByKind } from '../world/resources.js';

const pods = resourceByKind('Pod');
if (pods === undefined) throw new Error('pods');

describe('the API server hooks', () => {
  it('runs the admission plugins in kube-apiserver order, ResourceQuota last', () => {
    const sim = testCluster();
    expect(admissionChain(sim).map((p) => `${p.phase} ${p.name}`)).toEqual([
      'mutating NamespaceLifecycle',
      'mutating LimitRanger',
      'mutating ServiceAccount',
      'mutating DefaultTolerationSeconds',
      'mutating DefaultStorageClass',
      'mutating MutatingAdmissionWebhook',
      'mutating PrepareForCreate',
      'validating LimitRanger',
      'validating PodSecurity',
      'validating ValidatingAdmissionWebhook',
      'validating ResourceQuota',
    ]);
  });

  it('authenticates and authorizes scenario users on writes', () => {
    const sim = testCluster(
      [
        '  namespaces:',
        '    - name: shop',
        '  users:',
        '    - name: dev',
        '      token: dev-secret',
        '      rules:',
        '        - {verbs: [get, list, watch], resources: [pods], apiGroups: [""], namespaces: [shop]}',
      ].join('\n'),
    );
    const dev = sim.api.authenticate('dev-secret');
    if (dev === undefined) throw new Error('dev');
    expect(sim.api.authenticate(ADMIN_TOKEN)).toBe(ADMIN);
    expect(sim.api.authenticate(undefined)).toBeUndefined();
    const result = sim.api.create(pod('web', 'shop'), dev);
    expect(result.ok ? '' : result.status.message).toBe(
      'pods is forbidden: User "dev" cannot create resource "pods" in API group "" in the namespace "shop"',
    );
    expect(sim.api.authorize({ user: dev, verb: 'list', resource: pods, namespace: 'shop' })).toBeUndefined();
  });

  it('keeps existing tolerations and an explicit empty storage class', () => {
    const sim = testCluster('  namespaces:\n    - name: shop');
    const created = sim.api.create(
      pod('web', 'shop', {
        tolerations: [
          {
            key: 'node.kubernetes.io/unreachable',
            operator: 'Exists',
            effect: 'NoExecute',
            tolerationSeconds: 30,
          },
        ],
      }),
      ADMIN,
    );
    if (!created.ok) throw new Error(created.status.message);
    expect((created.object.spec as { tolerations: unknown[] }).tolerations).toEqual([
      {
        key: 'node.kubernetes.io/unreachable',
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: 30,
      },
      {
        key: 'node.kubernetes.io/not-ready',
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: 300,
      },
    ]);
    const pvc = sim.api.create(
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'static', namespace: 'shop' },
        spec: {
          storageClassName: '',
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: '1Gi' } },
        },
      },
      ADMIN,
    );
    expect(pvc.ok && (pvc.object.spec as { storageClassName: string }).storageClassName).toBe('');
  });
});
