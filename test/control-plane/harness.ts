/**
 * Starts a real Kubernetes control plane on 127.0.0.1 from the binaries build.sh made: etcd,
 * kube-apiserver (own CA and certificates from openssl, a service-account key pair, RBAC, the
 * usual admission plugins, an audit log), kube-controller-manager and kube-scheduler. Writes an
 * admin kubeconfig (client certificate in system:masters) and a kubeconfig for the ServiceAccount
 * kube-handoff/reader bound only to deploy/rbac.yaml's ClusterRole (token from the TokenRequest
 * API). No kubelet runs: fake-kubelet.ts writes Node objects, Leases, pod status and events.
 *
 * `stop()` ends every process it started, by pid; a process exit handler kills any left.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Api } from './api.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(HERE, '../..');

export interface Versions {
  readonly kubernetes: string;
  readonly etcd: string;
}

export function versions(): Versions {
  return JSON.parse(readFileSync(path.join(HERE, 'versions.json'), 'utf8')) as Versions;
}

/** Where build.sh puts the binaries (same rule as build.sh). */
export function binDir(env: NodeJS.ProcessEnv = process.env): string {
  const v = versions();
  const cache = env.KUBE_HANDOFF_CP_CACHE ?? path.join(os.homedir(), '.cache/kube-handoff/control-plane');
  return path.join(cache, `${v.kubernetes}-etcd${v.etcd}`, 'bin');
}

/** Serializable facts about a running control plane (handed from vitest's global setup to the tests). */
export interface ControlPlaneInfo {
  readonly version: string;
  readonly dir: string;
  readonly server: string;
  readonly adminKubeconfig: string;
  readonly readerKubeconfig: string;
  /** The reader ServiceAccount's user name as the API server's audit log records it. */
  readonly readerUser: string;
  readonly auditLog: string;
  readonly caFile: string;
  readonly adminCertFile: string;
  readonly adminKeyFile: string;
  /** A port on 127.0.0.1 where nothing listens: the fake nodes' kubelet port. */
  readonly closedPort: number;
  readonly logs: Readonly<Record<string, string>>;
}

export interface ControlPlane extends ControlPlaneInfo {
  readonly api: Api;
  stop(): Promise<void>;
}

interface Component {
  readonly name: string;
  readonly child: ChildProcess;
  readonly log: string;
  exited?: string;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => {
        resolve(port);
      });
    });
  });
}

function openssl(dir: string, args: readonly string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** CA, serving certificate, client certificates, service-account key pair (all under dir/pki). */
function makePki(dir: string): Record<string, string> {
  const pki = path.join(dir, 'pki');
  mkdirSync(pki, { recursive: true });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(pki, [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '7',
    '-subj',
    '/CN=kube-handoff-test-ca',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const leaf = (name: string, subject: string, ext: string): void => {
    writeFileSync(path.join(pki, `${name}.ext`), ext);
    openssl(pki, ['req', '-new', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject]);
    openssl(pki, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.crt`,
      '-days',
      '7',
      '-extfile',
      `${name}.ext`,
    ]);
  };
  const client =
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n';
  leaf(
    'apiserver',
    '/CN=kube-apiserver',
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' +
      'subjectAltName=IP:127.0.0.1,IP:10.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,' +
      'DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local\n',
  );
  leaf('admin', '/O=system:masters/CN=kube-handoff-admin', client);
  leaf('controller-manager', '/CN=system:kube-controller-manager', client);
  leaf('scheduler', '/CN=system:kube-scheduler', client);
  openssl(pki, ['genrsa', '-out', 'sa.key', '2048']);
  openssl(pki, ['rsa', '-in', 'sa.key', '-pubout', '-out', 'sa.pub']);
  const f = (n: string): string => path.join(pki, n);
  return {
    ca: f('ca.crt'),
    apiserverCert: f('apiserver.crt'),
    apiserverKey: f('apiserver.key'),
    adminCert: f('admin.crt'),
    adminKey: f('admin.key'),
    kcmCert: f('controller-manager.crt'),
    kcmKey: f('controller-manager.key'),
    schedCert: f('scheduler.crt'),
    schedKey: f('scheduler.key'),
    saKey: f('sa.key'),
    saPub: f('sa.pub'),
  };
}

const b64 = (file: string): string => readFileSync(file).toString('base64');

export function writeKubeconfigFile(
  file: string,
  server: string,
  caFile: string,
  user: { certFile: string; keyFile: string } | { token: string },
  name = 'kube-handoff-test',
  namespace = 'default',
): string {
  const userLines =
    'token' in user
      ? [`    token: ${user.token}`]
      : [`    client-certificate-data: ${b64(user.certFile)}`, `    client-key-data: ${b64(user.keyFile)}`];
  writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      `current-context: ${name}`,
      'clusters:',
      `- name: ${name}`,
      '  cluster:',
      `    server: ${server}`,
      `    certificate-authority-data: ${b64(caFile)}`,
      'users:',
      `- name: ${name}`,
      '  user:',
      ...userLines,
      'contexts:',
      `- name: ${name}`,
      '  context:',
      `    cluster: ${name}`,
      `    user: ${name}`,
      `    namespace: ${namespace}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  return file;
}

const AUDIT_POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
  - level: Metadata
`;

export const ADMISSION_PLUGINS = [
  'NamespaceLifecycle',
  'LimitRanger',
  'ServiceAccount',
  'PodSecurity',
  'ResourceQuota',
  'DefaultStorageClass',
  'MutatingAdmissionWebhook',
  'ValidatingAdmissionWebhook',
];

function httpGet(url: string, opts: https.RequestOptions = {}): Promise<{ status: number; text: string }> {
  const mod = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.get(url, { timeout: 5000, ...opts }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export interface StartOptions {
  /** Progress lines (default: stderr). */
  readonly log?: (line: string) => void;
  /** Keep the run folder (certificates, etcd data, logs, audit log) after stop. */
  readonly keep?: boolean;
  readonly bin?: string;
  /**
   * Start kube-controller-manager and kube-scheduler (default true). Without them the API server
   * keeps exactly what is written to it: no controller adopts, garbage-collects, schedules, taints
   * or evicts, which is what loading a saved cluster (a golden fixture) into it needs.
   */
  readonly controllers?: boolean;
}

export async function startControlPlane(opts: StartOptions = {}): Promise<ControlPlane> {
  const log = opts.log ?? ((l: string) => process.stderr.write(`control-plane: ${l}\n`));
  const bin = opts.bin ?? binDir();
  const v = versions();
  for (const b of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'])
    if (!existsSync(path.join(bin, b)))
      throw new Error(`${path.join(bin, b)} is missing: run test/control-plane/build.sh first`);
  installExitHook();

  const dir = mkdtempSync(path.join(os.tmpdir(), 'kube-handoff-cp-'));
  const logDir = path.join(dir, 'logs');
  mkdirSync(logDir);
  log(`run folder ${dir}`);
  const components: Component[] = [];
  const t0 = Date.now();

  const launch = (name: string, args: readonly string[]): Component => {
    const logFile = path.join(logDir, `${name}.log`);
    const out = createWriteStream(logFile);
    const child = spawn(path.join(bin, name), args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    running.add(child);
    const c: Component = { name, child, log: logFile };
    child.on('exit', (code, signal) => {
      running.delete(child);
      c.exited = signal === null ? `exit code ${String(code)}` : `signal ${signal}`;
    });
    components.push(c);
    return c;
  };

  const stop = async (): Promise<void> => {
    for (const c of [...components].reverse()) {
      if (c.exited !== undefined) continue;
      const gone = new Promise<void>((r) =>
        c.child.once('exit', () => {
          r();
        }),
      );
      c.child.kill('SIGTERM');
      const t = setTimeout(() => c.child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(t);
    }
    if (opts.keep !== true && process.env.KUBE_HANDOFF_CP_KEEP === undefined)
      rmSync(dir, { recursive: true, force: true });
    else log(`kept ${dir}`);
  };

  const waitUp = async (c: Component, what: string, probe: () => Promise<boolean>, timeoutMs = 180_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (c.exited !== undefined)
        throw new Error(`${c.name} exited (${c.exited}) before ${what}:\n${tail(c.log)}`);
      if (await probe().catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${c.name} ${what}:\n${tail(c.log)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  try {
    const pki = makePki(dir);
    const p = (k: string): string => {
      const f = pki[k];
      if (f === undefined) throw new Error(`no pki file ${k}`);
      return f;
    };
    const taken = new Set<number>();
    const port = async (): Promise<number> => {
      for (;;) {
        const n = await freePort();
        if (!taken.has(n)) {
          taken.add(n);
          return n;
        }
      }
    };
    const etcdClient = await port();
    const etcdPeer = await port();
    const apiPort = await port();
    const kcmPort = await port();
    const schedPort = await port();
    const closedPort = await port();
    const etcdUrl = `http://127.0.0.1:${String(etcdClient)}`;

    const etcd = launch('etcd', [
      '--name=default',
      `--data-dir=${path.join(dir, 'etcd')}`,
      `--listen-client-urls=${etcdUrl}`,
      `--advertise-client-urls=${etcdUrl}`,
      `--listen-peer-urls=http://127.0.0.1:${String(etcdPeer)}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${String(etcdPeer)}`,
      `--initial-cluster=default=http://127.0.0.1:${String(etcdPeer)}`,
      '--unsafe-no-fsync',
      '--log-level=warn',
    ]);
    await waitUp(etcd, 'health', async () => (await httpGet(`${etcdUrl}/health`)).status === 200);
    log(`etcd up (${String(Date.now() - t0)} ms)`);

    const auditLog = path.join(dir, 'audit.log');
    writeFileSync(path.join(dir, 'audit-policy.yaml'), AUDIT_POLICY);
    const server = `https://127.0.0.1:${String(apiPort)}`;
    const apiserver = launch('kube-apiserver', [
      `--etcd-servers=${etcdUrl}`,
      '--bind-address=127.0.0.1',
      '--advertise-address=127.0.0.1',
      `--secure-port=${String(apiPort)}`,
      `--tls-cert-file=${p('apiserverCert')}`,
      `--tls-private-key-file=${p('apiserverKey')}`,
      `--client-ca-file=${p('ca')}`,
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      `--service-account-key-file=${p('saPub')}`,
      `--service-account-signing-key-file=${p('saKey')}`,
      '--service-cluster-ip-range=10.0.0.0/24',
      '--authorization-mode=Node,RBAC',
      `--enable-admission-plugins=${ADMISSION_PLUGINS.join(',')}`,
      '--allow-privileged=true',
      '--endpoint-reconciler-type=none',
      `--audit-policy-file=${path.join(dir, 'audit-policy.yaml')}`,
      `--audit-log-path=${auditLog}`,
      '--audit-log-format=json',
      '--audit-log-maxsize=0',
      '--profiling=false',
      '--v=1',
    ]);
    const ca = readFileSync(p('ca'), 'utf8');
    const api = new Api({
      server,
      ca,
      cert: readFileSync(p('adminCert'), 'utf8'),
      key: readFileSync(p('adminKey'), 'utf8'),
    });
    await waitUp(apiserver, '/readyz', async () => (await api.request('GET', '/readyz')).status === 200);
    log(`kube-apiserver up at ${server} (${String(Date.now() - t0)} ms)`);

    const adminKubeconfig = writeKubeconfigFile(path.join(dir, 'admin.kubeconfig'), server, p('ca'), {
      certFile: p('adminCert'),
      keyFile: p('adminKey'),
    });
    const kcmKubeconfig = writeKubeconfigFile(
      path.join(dir, 'controller-manager.kubeconfig'),
      server,
      p('ca'),
      {
        certFile: p('kcmCert'),
        keyFile: p('kcmKey'),
      },
    );
    const schedKubeconfig = writeKubeconfigFile(path.join(dir, 'scheduler.kubeconfig'), server, p('ca'), {
      certFile: p('schedCert'),
      keyFile: p('schedKey'),
    });

    if (opts.controllers !== false) {
      const kcm = launch('kube-controller-manager', [
        `--kubeconfig=${kcmKubeconfig}`,
        `--authentication-kubeconfig=${kcmKubeconfig}`,
        `--authorization-kubeconfig=${kcmKubeconfig}`,
        '--bind-address=127.0.0.1',
        `--secure-port=${String(kcmPort)}`,
        `--service-account-private-key-file=${p('saKey')}`,
        `--root-ca-file=${p('ca')}`,
        '--use-service-account-credentials=true',
        '--controllers=*',
        '--leader-elect=false',
        '--service-cluster-ip-range=10.0.0.0/24',
        '--profiling=false',
        '--v=1',
      ]);
      const sched = launch('kube-scheduler', [
        `--kubeconfig=${schedKubeconfig}`,
        `--authentication-kubeconfig=${schedKubeconfig}`,
        `--authorization-kubeconfig=${schedKubeconfig}`,
        '--bind-address=127.0.0.1',
        `--secure-port=${String(schedPort)}`,
        '--leader-elect=false',
        '--profiling=false',
        '--v=1',
      ]);
      const healthz = (port: number) => async () =>
        (await httpGet(`https://127.0.0.1:${String(port)}/healthz`, { rejectUnauthorized: false })).status ===
        200;
      await Promise.all([
        waitUp(kcm, '/healthz', healthz(kcmPort)),
        waitUp(sched, '/healthz', healthz(schedPort)),
      ]);
      // The controllers are working once the ServiceAccount controller made `default` in `default`.
      await waitUp(kcm, 'default ServiceAccount', async () => {
        return (
          (await api.request('GET', '/api/v1/namespaces/default/serviceaccounts/default')).status === 200
        );
      });
      log(`kube-controller-manager and kube-scheduler up (${String(Date.now() - t0)} ms)`);
    }

    // The reader: ServiceAccount kube-handoff/reader bound only to deploy/rbac.yaml's ClusterRole.
    const readerNs = 'kube-handoff';
    await api.create(
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: readerNs } },
      { ifExists: 'ignore' },
    );
    await api.create(
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'reader', namespace: readerNs } },
      { ifExists: 'ignore' },
    );
    await api.apply(readFileSync(path.join(REPO, 'deploy/rbac.yaml'), 'utf8'));
    await api.create(
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: 'kube-handoff-reader-test' },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'kube-handoff-reader' },
        subjects: [{ kind: 'ServiceAccount', name: 'reader', namespace: readerNs }],
      },
      { ifExists: 'ignore' },
    );
    const readerKubeconfig = await serviceAccountKubeconfig(api, {
      server,
      caFile: p('ca'),
      namespace: readerNs,
      name: 'reader',
      file: path.join(dir, 'reader.kubeconfig'),
    });
    log(`ready in ${String(Date.now() - t0)} ms`);

    return {
      version: v.kubernetes,
      dir,
      server,
      adminKubeconfig,
      readerKubeconfig,
      readerUser: `system:serviceaccount:${readerNs}:reader`,
      auditLog,
      caFile: p('ca'),
      adminCertFile: p('adminCert'),
      adminKeyFile: p('adminKey'),
      closedPort,
      logs: Object.fromEntries(components.map((c) => [c.name, c.log])),
      api,
      stop: async () => {
        api.close();
        await stop();
      },
    };
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
}

/** A kubeconfig holding a TokenRequest token (2 h) for an existing ServiceAccount. */
export async function serviceAccountKubeconfig(
  api: Api,
  o: { server: string; caFile: string; namespace: string; name: string; file: string },
): Promise<string> {
  const tr = await api.must<{ status: { token: string } }>(
    'POST',
    `/api/v1/namespaces/${o.namespace}/serviceaccounts/${o.name}/token`,
    { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 7200 } },
  );
  return writeKubeconfigFile(o.file, o.server, o.caFile, { token: tr.status.token }, 'kube-handoff-reader');
}

/** An admin API client in a test worker, from the facts the global setup handed over. */
export function adminApi(info: ControlPlaneInfo): Api {
  return new Api({
    server: info.server,
    ca: readFileSync(info.caFile, 'utf8'),
    cert: readFileSync(info.adminCertFile, 'utf8'),
    key: readFileSync(info.adminKeyFile, 'utf8'),
  });
}

export interface AuditEvent {
  readonly verb: string;
  readonly requestURI: string;
  readonly userAgent?: string;
  readonly user: { readonly username: string; readonly groups?: readonly string[] };
  readonly objectRef?: {
    readonly resource?: string;
    readonly subresource?: string;
    readonly namespace?: string;
    readonly name?: string;
    readonly apiGroup?: string;
  };
  readonly responseStatus?: { readonly code?: number };
  readonly stage: string;
  readonly auditID: string;
}

/** The audit log's size now: pass it as `from` to read only what later requests wrote. */
export function auditMark(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * The audit log's events (ResponseComplete stage, plus Panic), optionally for one user, one
 * user agent (kube-handoff sends `kube-handoff`) and only those written after `from` (auditMark).
 */
export function readAudit(
  file: string,
  user?: string,
  opts: { readonly from?: number; readonly userAgent?: string } = {},
): AuditEvent[] {
  const out: AuditEvent[] = [];
  const buf = readFileSync(file);
  const text = buf.subarray(Math.min(opts.from ?? 0, buf.length)).toString('utf8');
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let e: AuditEvent;
    try {
      e = JSON.parse(line) as AuditEvent;
    } catch {
      continue; // a line still being written
    }
    if (e.stage === 'ResponseStarted') continue; // watches log ResponseStarted and ResponseComplete
    if (user !== undefined && e.user.username !== user) continue;
    if (opts.userAgent !== undefined && e.userAgent !== opts.userAgent) continue;
    out.push(e);
  }
  return out;
}

/** The requests kube-handoff (user agent `kube-handoff`) sent since `from`, however authenticated. */
export function handoffRequests(file: string, from: number): AuditEvent[] {
  return readAudit(file, undefined, { from, userAgent: 'kube-handoff' });
}
