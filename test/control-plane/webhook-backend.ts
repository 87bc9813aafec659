/**
 * A validating admission webhook backend in the test process, for the real kube-apiserver to call:
 * HTTPS on 127.0.0.1 with a certificate from a CA of its own (openssl), answering every
 * AdmissionReview with a denial (or an allowance). `webhookConfiguration()` writes the
 * ValidatingWebhookConfiguration that points the API server at it (URL and caBundle), limited to
 * pod CREATE in one namespace, and `waitUntilEnforced()` waits until the API server's webhook
 * informer has picked it up (a dry-run pod create is answered by it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Api } from './api.js';

export interface WebhookCa {
  readonly dir: string;
  readonly caPem: string;
  readonly certPem: string;
  readonly keyPem: string;
}

/** A CA and a serving certificate for IP 127.0.0.1, in a temporary folder. */
export function makeWebhookCa(): WebhookCa {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-webhook-'));
  const run = (args: readonly string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=handoff-webhook-ca',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  writeFileSync(
    path.join(dir, 'server.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1\n',
  );
  run(['req', '-new', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  run([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  ]);
  const read = (f: string): string => readFileSync(path.join(dir, f), 'utf8');
  return { dir, caPem: read('ca.crt'), certPem: read('server.crt'), keyPem: read('server.key') };
}

export interface WebhookBackend {
  readonly url: string;
  readonly caBundle: string;
  /** AdmissionReview requests answered so far. */
  readonly calls: () => number;
  close(): Promise<void>;
}

/** Serves AdmissionReview v1: every request denied with `deny` (HTTP 403 status), or allowed when undefined. */
export function startWebhookBackend(ca: WebhookCa, deny: string | undefined): Promise<WebhookBackend> {
  let calls = 0;
  const server = https.createServer({ cert: ca.certPem, key: ca.keyPem }, (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      calls++;
      let uid = '';
      try {
        uid = (JSON.parse(body) as { request?: { uid?: string } }).request?.uid ?? '';
      } catch {
        // not a review: answer with an empty uid, the API server reports it
      }
      const response =
        deny === undefined
          ? { uid, allowed: true }
          : { uid, allowed: false, status: { code: 403, reason: 'Forbidden', message: deny } };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }));
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      resolve({
        url: `https://127.0.0.1:${String(port)}/validate`,
        caBundle: Buffer.from(ca.caPem).toString('base64'),
        calls: () => calls,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => {
              r();
            });
          }),
      });
    });
  });
}

/** A ValidatingWebhookConfiguration for pod CREATE in one namespace, calling `url`. */
export function webhookConfiguration(o: {
  name: string;
  webhook: string;
  url: string;
  caBundle: string;
  namespace: string;
  failurePolicy: 'Fail' | 'Ignore';
  timeoutSeconds?: number;
}): string {
  return `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: ${o.name}}
webhooks:
  - name: ${o.webhook}
    admissionReviewVersions: [v1]
    sideEffects: None
    failurePolicy: ${o.failurePolicy}
    timeoutSeconds: ${String(o.timeoutSeconds ?? 5)}
    clientConfig:
      url: ${o.url}
      caBundle: ${o.caBundle}
    rules:
      - {apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [pods], scope: Namespaced}
    namespaceSelector:
      matchLabels: {kubernetes.io/metadata.name: ${o.namespace}}
`;
}

/**
 * Waits until the API server enforces the namespace's webhook: a dry-run pod create is refused
 * with a text naming it (webhooks with sideEffects None are called on dry runs).
 */
export async function waitUntilEnforced(api: Api, namespace: string, webhook: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'webhook-probe', namespace },
    spec: { containers: [{ name: 'c', image: 'registry.example/probe:1' }] },
  };
  for (;;) {
    const r = await api.request('POST', `/api/v1/namespaces/${namespace}/pods?dryRun=All`, pod);
    if (r.status >= 400 && r.text.includes(webhook)) return r.text;
    if (Date.now() > deadline)
      throw new Error(
        `webhook ${webhook} not enforced in ${namespace} after 60 s: HTTP ${String(r.status)} ${r.text}`,
      );
    await new Promise((res) => setTimeout(res, 500));
  }
}

export function removeWebhookCa(ca: WebhookCa): void {
  rmSync(ca.dir, { recursive: true, force: true });
}
