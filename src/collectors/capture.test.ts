import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REDACTED, redactObject, renderBundle, writeBundle } from './capture.js';

const PLANTED = [
  'hunter2-db-password',
  'c2VjcmV0LXRva2Vu',
  'AKIAPLANTEDKEY',
  'sk_live_planted',
  'lastapplied-secret',
];

const secret = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'db', namespace: 'shop' },
  data: { password: PLANTED[1] },
  stringData: { token: PLANTED[0] },
};
const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web-1',
    namespace: 'shop',
    annotations: {
      'kubectl.kubernetes.io/last-applied-configuration': `{"env":"${PLANTED[4]}"}`,
      team: 'shop',
    },
    managedFields: [{ manager: 'kubectl' }],
  },
  spec: {
    initContainers: [{ name: 'init', image: 'busybox', env: [{ name: 'AWS_KEY', value: PLANTED[2] }] }],
    containers: [
      {
        name: 'web',
        image: 'nginx',
        env: [
          { name: 'STRIPE', value: PLANTED[3] },
          { name: 'FROM_SECRET', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
        ],
      },
    ],
  },
};
const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { template: { spec: { containers: [{ name: 'web', env: [{ name: 'K', value: PLANTED[0] }] }] } } },
};
const cronjob = {
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name: 'nightly', namespace: 'shop' },
  spec: {
    jobTemplate: {
      spec: { template: { spec: { containers: [{ name: 'c', env: [{ name: 'K', value: PLANTED[3] }] }] } } },
    },
  },
};

describe('bundle redaction', () => {
  const input = {
    capturedAt: '2026-01-01T00:00:00Z',
    source: { type: 'live' as const, context: 'prod', server: 'https://k8s.example:6443' },
    scope: { namespace: 'shop' },
    objects: [secret, pod, deployment, cronjob],
    logs: [],
    probes: [],
  };

  it('lets none of the planted secrets into the bundle, in YAML or JSON', () => {
    for (const format of ['yaml', 'json'] as const) {
      const text = renderBundle(input, format);
      for (const planted of PLANTED) expect(text).not.toContain(planted);
      expect(text).toContain(REDACTED);
    }
  });

  it('keeps what the diagnosis needs: names, env var names, references, other annotations', () => {
    const doc = parse(renderBundle(input)) as { kind: string; objects: Record<string, unknown>[] };
    expect(doc.kind).toBe('EvidenceBundle');
    const p = doc.objects[1] as typeof pod;
    expect(p.metadata.annotations.team).toBe('shop');
    expect(p.metadata).not.toHaveProperty('managedFields');
    expect(p.spec.containers[0]?.env[1]).toEqual(pod.spec.containers[0]?.env[1]);
    expect(p.spec.containers[0]?.env[0]).toEqual({ name: 'STRIPE', value: REDACTED });
    expect((doc.objects[0] as typeof secret).data).toEqual({ password: REDACTED });
  });

  it('does not change the objects it was given', () => {
    redactObject(pod);
    expect(pod.spec.containers[0]?.env[0]?.value).toBe(PLANTED[3]);
  });
});

describe('writeBundle', () => {
  it('never overwrites an existing file without force', () => {
    const dir = mkdtempSync(join(tmpdir(), 'handoff-capture-'));
    const path = join(dir, 'bundle.yaml');
    writeFileSync(path, 'precious');
    expect(() => {
      writeBundle(path, 'new', false);
    }).toThrow(/already exists; not overwriting it/);
    expect(readFileSync(path, 'utf8')).toBe('precious');
    writeBundle(path, 'new', true);
    expect(readFileSync(path, 'utf8')).toBe('new');
  });
});
