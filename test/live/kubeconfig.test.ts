import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClusterError, InputError, UsageError } from '../../src/errors/index.js';
import { loadConnection } from '../../src/collectors/live/index.js';
import { startFakeApi, type FakeApi } from './fake-api.js';
import { writeKubeconfig } from './kubeconfig-files.js';
import { runCli } from '../run-cli.js';

const emptyHome = (): string => mkdtempSync(path.join(os.tmpdir(), 'handoff-home-'));

describe('loadConnection', () => {
  let api: FakeApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('uses --kubeconfig, its current context, and sends that user token', async () => {
    api = await startFakeApi();
    const file = writeKubeconfig(
      [
        { name: 'dev', server: 'http://127.0.0.1:1' },
        { name: 'prod', server: api.url, token: 'secret-prod', namespace: 'shop' },
      ],
      'prod',
    );
    const conn = loadConnection({ kubeconfig: file, env: { HOME: emptyHome() } });
    expect(conn).toMatchObject({ context: 'prod', server: api.url, namespace: 'shop', origin: file });
    const res = await conn.request('/api/v1/namespaces/shop/pods', { limit: 5, continue: undefined });
    expect(res.status).toBe(200);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.authorization).toBe('Bearer secret-prod');
    expect(api.requests[0]?.query.get('limit')).toBe('5');
    expect(api.requests[0]?.query.has('continue')).toBe(false);
  });

  it('--kubeconfig wins over KUBECONFIG', () => {
    const a = writeKubeconfig([{ name: 'from-flag', server: 'http://127.0.0.1:1' }]);
    const b = writeKubeconfig([{ name: 'from-env', server: 'http://127.0.0.1:2' }]);
    const conn = loadConnection({ kubeconfig: a, env: { KUBECONFIG: b, HOME: emptyHome() } });
    expect(conn.context).toBe('from-flag');
  });

  it('merges the files of KUBECONFIG as kubectl does: the first to define a name or current-context wins', () => {
    const first = writeKubeconfig([{ name: 'alpha', server: 'http://10.0.0.1:1' }], 'alpha');
    const second = writeKubeconfig(
      [
        { name: 'alpha', server: 'http://10.9.9.9:9' },
        { name: 'beta', server: 'http://10.0.0.2:2' },
      ],
      'beta',
    );
    const env = {
      KUBECONFIG: [first, '/nonexistent/skipped', second].join(path.delimiter),
      HOME: emptyHome(),
    };
    const current = loadConnection({ env });
    expect(current).toMatchObject({ context: 'alpha', server: 'http://10.0.0.1:1' });
    const beta = loadConnection({ env, context: 'beta' });
    expect(beta).toMatchObject({ context: 'beta', server: 'http://10.0.0.2:2' });
  });

  it('falls back to ~/.kube/config', () => {
    const file = writeKubeconfig([{ name: 'home', server: 'http://10.0.0.3:3' }], 'home');
    const home = emptyHome();
    mkdirSync(path.join(home, '.kube'));
    copyFileSync(file, path.join(home, '.kube', 'config'));
    expect(loadConnection({ env: { HOME: home } }).context).toBe('home');
  });

  it('inside a pod, without any kubeconfig, uses the service account', () => {
    // client-node reads the service host and port from process.env itself.
    vi.stubEnv('KUBERNETES_SERVICE_HOST', '10.96.0.1');
    vi.stubEnv('KUBERNETES_SERVICE_PORT', '443');
    try {
      const conn = loadConnection({ env: { HOME: emptyHome(), KUBERNETES_SERVICE_HOST: '10.96.0.1' } });
      expect(conn).toMatchObject({
        context: 'inClusterContext',
        server: 'https://10.96.0.1:443',
        origin: 'the in-cluster service account',
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('rejects an unknown --context, naming it and the available ones (exit 2)', () => {
    const file = writeKubeconfig([
      { name: 'dev', server: 'http://127.0.0.1:1' },
      { name: 'prod', server: 'http://127.0.0.1:2' },
    ]);
    const load = () => loadConnection({ kubeconfig: file, context: 'staging', env: {} });
    expect(load).toThrow(UsageError);
    expect(load).toThrow(/context "staging" not found in .*; available contexts: dev, prod/);
  });

  it('a kubeconfig without current-context asks for --context, listing the contexts', () => {
    const file = writeKubeconfig([{ name: 'dev', server: 'http://127.0.0.1:1' }], '""');
    let caught: unknown;
    try {
      loadConnection({ kubeconfig: file, env: {} });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ClusterError);
    expect((caught as ClusterError).message).toBe(`${file} sets no current context`);
    expect((caught as ClusterError).hint).toMatch(/--context NAME; available contexts: dev/);
    expect(loadConnection({ kubeconfig: file, context: 'dev', env: {} }).context).toBe('dev');
  });

  it('without any configuration is a ClusterError (exit 3) with a hint', () => {
    let caught: unknown;
    try {
      loadConnection({ env: { HOME: emptyHome() } });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ClusterError);
    const err = caught as ClusterError;
    expect(err.exitCode).toBe(3);
    expect(err.message).toMatch(/no kubeconfig: .*KUBECONFIG is not set/);
    expect(err.hint).toMatch(/--kubeconfig/);
  });

  it('a malformed kubeconfig is one clean line naming the file and the YAML error line (exit 2)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-kubeconfig-'));
    const file = path.join(dir, 'config');
    // An escape sequence inside a broken flow mapping: js-yaml quotes the line back in a frame.
    writeFileSync(
      file,
      'apiVersion: v1\nclusters:\n- name: a\n  cluster: {server: "http://x\u001b[31mRED\n  bad: [unclosed\n',
    );
    let caught: unknown;
    try {
      loadConnection({ kubeconfig: file, env: {} });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InputError);
    const err = caught as InputError;
    expect(err.exitCode).toBe(2);
    expect(err.file).toBe(file);
    expect(err.line).toBe(4);
    expect(err.message.startsWith(`${file}:4: `)).toBe(true);
    expect(err.message).toMatch(/not a valid kubeconfig: .*expected valid JSON character/);
    expect(err.message).not.toContain('\n');
    expect(err.message).not.toContain('\u001b');

    const res = await runCli(['--kubeconfig', file, '-o', 'json']);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).not.toContain('\u001b');
    const lines = res.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`handoff: error: ${err.message}`);
    expect(lines.filter((l) => !l.startsWith('  hint: '))).toHaveLength(1);
  });

  it('a kubeconfig that is YAML but not a mapping of clusters, users and contexts names the file (exit 2)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-kubeconfig-'));
    const empty = path.join(dir, 'empty');
    writeFileSync(empty, '');
    expect(() => loadConnection({ kubeconfig: empty, env: {} })).toThrow(InputError);
    expect(() => loadConnection({ kubeconfig: empty, env: {} })).toThrow(
      `${empty}: not a kubeconfig: expected a YAML mapping with clusters, users and contexts`,
    );
    const badEntry = path.join(dir, 'bad-entry');
    writeFileSync(badEntry, 'apiVersion: v1\nclusters:\n- cluster: {server: http://x}\n');
    expect(() => loadConnection({ kubeconfig: badEntry, env: {} })).toThrow(
      `${badEntry}: not a valid kubeconfig: clusters[0].name is missing`,
    );
  });

  it('a missing --kubeconfig file is a ClusterError naming the path', () => {
    expect(() => loadConnection({ kubeconfig: '/nonexistent/kc.yaml', env: {} })).toThrow(
      /kubeconfig \/nonexistent\/kc.yaml \(from --kubeconfig\) does not exist/,
    );
  });
});
