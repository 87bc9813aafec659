import { describe, expect, it } from 'vitest';
import { container, pod, testCluster } from '../../simulation-test-helpers.js';
import { ADMIN } from '../types.js';
import { globMatches } from './webhooks.js';

const sim = testCluster(
  [
    '  namespaces:',
    '    - name: shop',
    '    - name: payments',
    '  webhooks:',
    '    - name: validate.kyverno.svc-fail',
    '      deny: "image from docker.io is not allowed: use the internal mirror"',
    '      denyImages: "docker.io/*"',
    '      service: kyverno/kyverno-svc',
    '    - name: policy.example.com',
    '      unreachable: true',
    '      namespaces: [payments]',
    '      service: policy-system/policy-webhook',
    '    - name: soft.example.com',
    '      unreachable: true',
    '      failurePolicy: Ignore',
  ].join('\n'),
);

describe('admission webhooks', () => {
  it('matches globs against the name as written and normalised', () => {
    expect(globMatches('docker.io/*', 'docker.io/library/nginx:1.27')).toBe(true);
    expect(globMatches('docker.io/*', 'ghcr.io/acme/app:1')).toBe(false);
  });

  it('denies matching images with the webhook text', () => {
    const result = sim.api.create(
      pod('web', 'shop', { containers: [container({ image: 'nginx:1.27' })] }),
      ADMIN,
    );
    if (result.ok) throw new Error('expected a denial');
    expect(result.status.message).toBe(
      'admission webhook "validate.kyverno.svc-fail" denied the request: image from docker.io is not allowed: use the internal mirror',
    );
    expect(sim.api.create(pod('ok', 'shop'), ADMIN).ok).toBe(true);
  });

  it('fails closed on an unreachable webhook and open under Ignore', () => {
    const result = sim.api.create(pod('pay', 'payments'), ADMIN);
    if (result.ok) throw new Error('expected a failure');
    expect(result.status.code).toBe(500);
    expect(result.status.reason).toBe('InternalError');
    expect(result.status.message).toMatch(
      /^Internal error occurred: failed calling webhook "policy\.example\.com": failed to call webhook: Post "https:\/\/policy-webhook\.policy-system\.svc:443\/validate\?timeout=10s": dial tcp 10\.(9[6-9]|1[01]\d)\.\d+\.\d+:443: connect: connection refused$/,
    );
  });
});
