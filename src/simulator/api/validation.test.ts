import { describe, expect, it } from 'vitest';
import { container, pod, testCluster } from '../simulation-test-helpers.js';
import { ADMIN } from './types.js';
import type { KObject } from '../world/types.js';
import type { StatusObj } from './status.js';

const refuse = (obj: KObject): StatusObj => {
  const sim = testCluster('  namespaces:\n    - name: shop');
  const result = sim.api.create(obj, ADMIN);
  if (result.ok) throw new Error('expected a denial');
  return result.status;
};

describe('validation', () => {
  it('rejects names that are not RFC 1123 subdomains', () => {
    const s = refuse(pod('Web_1', 'shop'));
    expect(s.code).toBe(422);
    expect(s.reason).toBe('Invalid');
    expect(s.message).toBe(
      `Pod "Web_1" is invalid: metadata.name: Invalid value: "Web_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    );
    expect(s.details?.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        message: expect.stringContaining('Invalid value: "Web_1"') as string,
        field: 'metadata.name',
      },
    ]);
  });

  it('uses DNS-1035 labels for Services', () => {
    const s = refuse({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: '1web', namespace: 'shop' },
      spec: { ports: [{ port: 80 }] },
    });
    expect(s.message).toContain(
      'Service "1web" is invalid: metadata.name: Invalid value: "1web": a DNS-1035 label must consist of',
    );
  });

  it('checks containers, images and ports', () => {
    const s = refuse(
      pod('web', 'shop', {
        containers: [
          container({ image: ' nginx:1.27' }),
          { ...container(), ports: [{ containerPort: 70000 }] },
          { name: 'sidecar' },
        ],
      }),
    );
    expect(s.message).toBe(
      'Pod "web" is invalid: [spec.containers[0].image: Invalid value: " nginx:1.27": must not have leading or trailing whitespace, ' +
        'spec.containers[1].name: Duplicate value: "app", ' +
        'spec.containers[1].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive, ' +
        'spec.containers[2].image: Required value]',
    );
    expect(refuse(pod('web', 'shop', { containers: [] })).message).toBe(
      'Pod "web" is invalid: spec.containers: Required value',
    );
  });

  it('leaves image references to the kubelet', () => {
    const sim = testCluster('  namespaces:\n    - name: shop');
    expect(
      sim.api.create(pod('web', 'shop', { containers: [container({ image: 'nginx:1.27:bad' })] }), ADMIN).ok,
    ).toBe(true);
  });

  it('requires workload selectors to match the template labels', () => {
    const s = refuse({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'frontend', tier: 'web' } },
          spec: { containers: [container()] },
        },
      },
    });
    expect(s.message).toBe(
      'Deployment.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"frontend", "tier":"web"}: `selector` does not match template `labels`',
    );
    expect(s.details).toMatchObject({ name: 'web', group: 'apps', kind: 'Deployment' });
  });

  it('requires Jobs to restart Never or OnFailure', () => {
    const s = refuse({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'report', namespace: 'shop' },
      spec: { template: { spec: { containers: [container()] } } },
    });
    expect(s.message).toBe(
      'Job.batch "report" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"',
    );
  });
});
