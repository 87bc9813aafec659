import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterError } from '../../src/errors/index.js';
import { collectLive, loadConnection } from '../../src/collectors/live/index.js';

// A self-signed certificate for 127.0.0.1, made for these tests only (openssl req -x509 … -days 36500).
const fixtures = path.join(import.meta.dirname, 'fixtures');
const cert = readFileSync(path.join(fixtures, 'server-cert.pem'));
const key = readFileSync(path.join(fixtures, 'server-key.pem'));

const seen: { path: string; authorization: string | undefined }[] = [];
let server: https.Server;
let url: string;

beforeAll(async () => {
  server = https.createServer({ cert, key }, (req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ kind: 'List', metadata: {}, items: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A kubeconfig whose user gets its token from an exec credential plugin (a node script). */
function kubeconfig(withCa: boolean): { file: string; pluginRuns: () => number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-https-'));
  const plugin = path.join(dir, 'plugin.mjs');
  writeFileSync(
    plugin,
    `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(path.join(dir, 'runs'))}, 'run\\n');\nprocess.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 'from-exec-plugin' } }));\n`,
  );
  const file = path.join(dir, 'config');
  writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      'current-context: secure',
      'clusters:',
      '- name: secure',
      '  cluster:',
      `    server: ${url}`,
      ...(withCa ? [`    certificate-authority-data: ${cert.toString('base64')}`] : []),
      'users:',
      '- name: exec-user',
      '  user:',
      '    exec:',
      '      apiVersion: client.authentication.k8s.io/v1',
      `      command: ${JSON.stringify(process.execPath)}`,
      `      args: [${JSON.stringify(plugin)}]`,
      '      interactiveMode: Never',
      'contexts:',
      '- name: secure',
      '  context: {cluster: secure, user: exec-user, namespace: shop}',
      '',
    ].join('\n'),
  );
  const runs = path.join(dir, 'runs');
  return {
    file,
    pluginRuns: () => (existsSync(runs) ? readFileSync(runs, 'utf8').split('\n').length - 1 : 0),
  };
}

describe('https clusters', () => {
  it('verifies the server against the kubeconfig CA and sends the exec plugin token', async () => {
    const kc = kubeconfig(true);
    const conn = loadConnection({ kubeconfig: kc.file, env: {} });
    const snap = await collectLive(conn, { allNamespaces: false, targets: [] }, { now: () => new Date(0) });
    expect(snap.missing).toEqual([]);
    // 16 lists, the events once through core/v1.
    expect(seen.length).toBe(16);
    expect(seen.every((r) => r.authorization === 'Bearer from-exec-plugin')).toBe(true);
    expect(seen.some((r) => r.path.startsWith('/api/v1/namespaces/shop/pods?'))).toBe(true);
    // One plugin run shared by all 16 requests, 6 of them concurrent.
    expect(kc.pluginRuns()).toBe(1);
  });

  it('an untrusted certificate is one ClusterError (exit 3) naming context and server', async () => {
    const conn = loadConnection({ kubeconfig: kubeconfig(false).file, env: {} });
    const failure = collectLive(conn, { allNamespaces: false, targets: [] });
    await expect(failure).rejects.toBeInstanceOf(ClusterError);
    await expect(failure).rejects.toThrow(
      `TLS handshake with the cluster "secure" at ${url} failed: self-signed certificate`,
    );
  });
});
