import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REDACTED, redactObject, renderBundle } from './capture.js';

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
    collected: ['pods' as const],
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

describe('credentials in arguments and annotations', () => {
  const CREDENTIALS = [
    'hunter2',
    'tok-123',
    'AKIAEXAMPLE',
    'pw-inline',
    'tok-quoted',
    's3cr3t-value',
    'ann-token',
    'ann-pass',
    'ann-key',
    'tpl-pass',
    'probe-pass',
  ];
  const app = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'api-1',
      namespace: 'shop',
      annotations: {
        'vault.example.com/agent-token': CREDENTIALS[6],
        'example.com/db-password': CREDENTIALS[7],
        'my-api-key': CREDENTIALS[8],
        team: 'shop',
        'deployment.kubernetes.io/revision': '3',
      },
    },
    spec: {
      containers: [
        {
          name: 'api',
          image: 'api:1',
          args: [
            '--password=hunter2',
            '--token',
            'tok-123',
            '--api-key=AKIAEXAMPLE',
            '--verbose',
            '-v=3',
            '--port',
            '8080',
          ],
          command: [
            'sh',
            '-c',
            "PASSWORD=pw-inline DB_TOKEN='tok-quoted' ./run --client-secret s3cr3t-value --port 80",
          ],
          livenessProbe: { exec: { command: ['check', '--password=probe-pass'] } },
        },
      ],
    },
  };
  const web = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { template: { spec: { containers: [{ name: 'web', args: ['--db-password', 'tpl-pass'] }] } } },
  };
  const input = {
    capturedAt: '2026-01-01T00:00:00Z',
    source: { type: 'live' as const },
    scope: { namespace: 'shop' },
    collected: ['pods' as const],
    objects: [app, web],
    logs: [],
    probes: [],
  };

  it('redacts values of flags and assignments whose names say secret, password, token or key', () => {
    for (const format of ['yaml', 'json'] as const) {
      const text = renderBundle(input, format);
      for (const value of CREDENTIALS) expect(text).not.toContain(value);
    }
    const doc = parse(renderBundle(input)) as { objects: (typeof app)[] };
    const c = doc.objects[0]?.spec.containers[0];
    expect(c?.args).toEqual([
      `--password=${REDACTED}`,
      '--token',
      REDACTED,
      `--api-key=${REDACTED}`,
      '--verbose',
      '-v=3',
      '--port',
      '8080',
    ]);
    expect(c?.command).toEqual([
      'sh',
      '-c',
      `PASSWORD=${REDACTED} DB_TOKEN=${REDACTED} ./run --client-secret ${REDACTED} --port 80`,
    ]);
    expect(doc.objects[0]?.metadata.annotations).toEqual({
      'vault.example.com/agent-token': REDACTED,
      'example.com/db-password': REDACTED,
      'my-api-key': REDACTED,
      team: 'shop',
      'deployment.kubernetes.io/revision': '3',
    });
  });

  it('says in the bundle what was redacted, the same after redacting twice', () => {
    const doc = parse(renderBundle(input)) as { redacted: { object: string; field: string; what: string }[] };
    expect(doc.redacted).toEqual(
      expect.arrayContaining([
        { object: 'Pod shop/api-1', field: 'spec.containers[0].args[0]', what: 'the value of --password' },
        { object: 'Pod shop/api-1', field: 'spec.containers[0].args[2]', what: 'the value of --token' },
        {
          object: 'Pod shop/api-1',
          field: 'spec.containers[0].command[2]',
          what: 'the values of PASSWORD, DB_TOKEN, --client-secret',
        },
        {
          object: 'Pod shop/api-1',
          field: 'spec.containers[0].livenessProbe.exec.command[1]',
          what: 'the value of --password',
        },
        {
          object: 'Pod shop/api-1',
          field: "metadata.annotations['my-api-key']",
          what: 'an annotation whose name says secret, password, token or key',
        },
        {
          object: 'Deployment shop/web',
          field: 'spec.template.spec.containers[0].args[1]',
          what: 'the value of --db-password',
        },
      ]),
    );
    expect(doc.redacted).toHaveLength(9);
    const twice = parse(
      renderBundle({ ...input, objects: input.objects.map((o) => redactObject(o)) }),
    ) as typeof doc;
    expect(twice.redacted).toEqual(doc.redacted);
  });

  it('lists env values, Secret data and last-applied annotations too', () => {
    const doc = parse(renderBundle({ ...input, objects: [secret, pod] })) as {
      redacted: { object: string; field: string }[];
    };
    expect(doc.redacted.map((r) => `${r.object} ${r.field}`)).toEqual([
      'Secret shop/db data.password',
      'Secret shop/db stringData.token',
      "Pod shop/web-1 metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']",
      'Pod shop/web-1 spec.containers[0].env[0].value',
      'Pod shop/web-1 spec.initContainers[0].env[0].value',
    ]);
  });
});
