import { describe, expect, it } from 'vitest';
import { container, pod, testCluster } from '../../simulation-test-helpers.js';
import { ADMIN } from '../types.js';
import { evaluatePod } from './pod-security.js';

const sim = testCluster(
  [
    '  namespaces:',
    '    - name: secure',
    '      labels: {pod-security.kubernetes.io/enforce: restricted}',
    '    - name: base',
    '      labels: {pod-security.kubernetes.io/enforce: baseline, pod-security.kubernetes.io/enforce-version: v1.31}',
  ].join('\n'),
);

const hardened = {
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'] },
  runAsNonRoot: true,
  seccompProfile: { type: 'RuntimeDefault' },
};

describe('PodSecurity', () => {
  it('denies an unhardened pod in a restricted namespace, naming every control', () => {
    const result = sim.api.create(pod('web', 'secure'), ADMIN);
    if (result.ok) throw new Error('expected a denial');
    expect(result.status.message).toBe(
      'pods "web" is forbidden: violates PodSecurity "restricted:latest": ' +
        'allowPrivilegeEscalation != false (container "app" must set securityContext.allowPrivilegeEscalation=false), ' +
        'unrestricted capabilities (container "app" must set securityContext.capabilities.drop=["ALL"]), ' +
        'runAsNonRoot != true (pod or container "app" must set securityContext.runAsNonRoot=true), ' +
        'seccompProfile (pod or container "app" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    );
  });

  it('admits a hardened pod', () => {
    expect(
      sim.api.create(pod('ok', 'secure', { containers: [container({ securityContext: hardened })] }), ADMIN)
        .ok,
    ).toBe(true);
  });

  it('runs baseline checks first, in file order, with the namespace version', () => {
    const result = sim.api.create(
      pod('agent', 'base', {
        hostNetwork: true,
        hostPID: true,
        volumes: [{ name: 'root', hostPath: { path: '/' } }],
        containers: [
          {
            ...container({
              securityContext: { privileged: true, capabilities: { add: ['SYS_ADMIN', 'NET_ADMIN'] } },
            }),
            ports: [{ containerPort: 9100, hostPort: 9100 }],
          },
        ],
      }),
      ADMIN,
    );
    if (result.ok) throw new Error('expected a denial');
    expect(result.status.message).toBe(
      'pods "agent" is forbidden: violates PodSecurity "baseline:v1.31": ' +
        'host namespaces (hostNetwork, hostPID), hostPath volumes (volume "root"), ' +
        'hostPort (container "app" uses hostPort 9100), privileged (container "app" must not set securityContext.privileged=true), ' +
        'non-default capabilities (container "app" must not include "NET_ADMIN", "SYS_ADMIN" in securityContext.capabilities.add)',
    );
  });

  it('reports explicit bad values and restricted volume types', () => {
    const results = evaluatePod('restricted', {
      securityContext: { runAsNonRoot: false, seccompProfile: { type: 'Unconfined' } },
      volumes: [
        { name: 'sock', hostPath: { path: '/var/run/docker.sock' } },
        { name: 'tmp', emptyDir: {} },
      ],
      containers: [
        { name: 'a', securityContext: { ...hardened, runAsNonRoot: undefined, seccompProfile: undefined } },
      ],
    });
    expect(results.map((r) => `${r.reason} (${r.detail})`)).toEqual([
      'hostPath volumes (volume "sock")',
      'restricted volume types (volumes ["sock"] have restricted types)',
      'runAsNonRoot != true (pod must not set securityContext.runAsNonRoot=false)',
      'seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")',
    ]);
  });
});
