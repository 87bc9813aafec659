/**
 * `handoff capture` writes no init container's secrets: an env value or a credential flag of an
 * init container (a database migration, a sidecar started as an init container) is redacted in
 * the written bundle, as an app container's is, and the bundle lists each field it took out.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from './run-cli.js';
import { startFakeApi, type FakeApi, type Obj } from './live/fake-api.js';
import { writeKubeconfig } from './live/kubeconfig-files.js';

const PLANTED = {
  initEnv: 'init-env-planted-p4ss',
  initFlag: 'init-flag-planted-tok',
  sidecarEnv: 'sidecar-env-planted-key',
  appEnv: 'app-env-planted-p4ss',
} as const;

const web: Obj = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop', uid: 'uid-web-1' },
  spec: {
    initContainers: [
      {
        name: 'migrate',
        image: 'registry.example/migrate:1.0',
        env: [
          { name: 'DB_PASSWORD', value: PLANTED.initEnv },
          { name: 'DB_USER', valueFrom: { secretKeyRef: { name: 'db', key: 'user' } } },
        ],
        args: [`--api-token=${PLANTED.initFlag}`, '--port', '5432'],
      },
      {
        name: 'proxy',
        image: 'registry.example/proxy:1.0',
        restartPolicy: 'Always',
        env: [{ name: 'PROXY_KEY', value: PLANTED.sidecarEnv }],
      },
    ],
    containers: [
      { name: 'app', image: 'registry.example/app:1.0', env: [{ name: 'STRIPE', value: PLANTED.appEnv }] },
    ],
  },
  status: {
    phase: 'Pending',
    initContainerStatuses: [
      {
        name: 'migrate',
        ready: false,
        restartCount: 0,
        state: { running: { startedAt: '2026-12-01T11:59:00Z' } },
      },
    ],
  },
};

describe('handoff capture of a pod with init containers', () => {
  let api: FakeApi;
  let kubeconfig: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-capture-init-'));
  beforeAll(async () => {
    api = await startFakeApi({ objects: { '/pods': [web] } });
    kubeconfig = writeKubeconfig([{ name: 'prod', server: api.url, namespace: 'shop' }]);
  });
  afterAll(async () => {
    await api.close();
  });

  it.each(['yaml', 'json'] as const)(
    'writes a %s bundle without their env values or credential flags',
    async (format) => {
      const out = path.join(dir, `web.bundle.${format}`);
      const r = await runCli(['capture', 'pod/web-1', '--kubeconfig', kubeconfig, '--out', out], {
        env: { HOME: dir },
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const text = readFileSync(out, 'utf8');
      for (const planted of Object.values(PLANTED)) expect(text).not.toContain(planted);
      const bundle = parse(text) as {
        objects: { kind?: string; spec?: { initContainers?: { env: unknown[]; args?: string[] }[] } }[];
        redacted: { object: string; field: string; what: string }[];
      };
      const pod = bundle.objects.find((o) => o.kind === 'Pod');
      expect(pod?.spec?.initContainers?.[0]?.env).toEqual([
        { name: 'DB_PASSWORD', value: 'REDACTED' },
        { name: 'DB_USER', valueFrom: { secretKeyRef: { name: 'db', key: 'user' } } },
      ]);
      expect(pod?.spec?.initContainers?.[0]?.args).toEqual(['--api-token=REDACTED', '--port', '5432']);
      expect(pod?.spec?.initContainers?.[1]?.env).toEqual([{ name: 'PROXY_KEY', value: 'REDACTED' }]);
      expect(bundle.redacted.map((x) => `${x.object} ${x.field}: ${x.what}`)).toEqual([
        'Pod shop/web-1 spec.containers[0].env[0].value: an environment variable value',
        'Pod shop/web-1 spec.initContainers[0].env[0].value: an environment variable value',
        'Pod shop/web-1 spec.initContainers[0].args[0]: the value of --api-token',
        'Pod shop/web-1 spec.initContainers[1].env[0].value: an environment variable value',
      ]);
    },
  );
});
