/**
 * A small REST client for the real kube-apiserver the harness starts: client-certificate or
 * bearer-token credentials, JSON in and out, and create/apply by kind for the objects the tests
 * use. It is test tooling, not the collector under test (that one is only run as `bin/handoff.js`).
 */
import https from 'node:https';
import { parseAllDocuments } from 'yaml';

export interface Credentials {
  readonly server: string;
  readonly ca: string;
  readonly cert?: string;
  readonly key?: string;
  readonly token?: string;
}

export interface ApiResponse {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

export type KubeObject = Record<string, unknown> & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string } & Record<string, unknown>;
};

/** kind → [API path prefix, plural, namespaced] for the kinds the tests create. */
const KINDS: Readonly<Record<string, readonly [string, string, boolean]>> = {
  Namespace: ['/api/v1', 'namespaces', false],
  Node: ['/api/v1', 'nodes', false],
  PersistentVolume: ['/api/v1', 'persistentvolumes', false],
  Pod: ['/api/v1', 'pods', true],
  Service: ['/api/v1', 'services', true],
  ServiceAccount: ['/api/v1', 'serviceaccounts', true],
  ResourceQuota: ['/api/v1', 'resourcequotas', true],
  LimitRange: ['/api/v1', 'limitranges', true],
  ConfigMap: ['/api/v1', 'configmaps', true],
  Secret: ['/api/v1', 'secrets', true],
  PersistentVolumeClaim: ['/api/v1', 'persistentvolumeclaims', true],
  Endpoints: ['/api/v1', 'endpoints', true],
  Event: ['/api/v1', 'events', true],
  Deployment: ['/apis/apps/v1', 'deployments', true],
  ReplicaSet: ['/apis/apps/v1', 'replicasets', true],
  StatefulSet: ['/apis/apps/v1', 'statefulsets', true],
  DaemonSet: ['/apis/apps/v1', 'daemonsets', true],
  Job: ['/apis/batch/v1', 'jobs', true],
  CronJob: ['/apis/batch/v1', 'cronjobs', true],
  ClusterRole: ['/apis/rbac.authorization.k8s.io/v1', 'clusterroles', false],
  ClusterRoleBinding: ['/apis/rbac.authorization.k8s.io/v1', 'clusterrolebindings', false],
  Role: ['/apis/rbac.authorization.k8s.io/v1', 'roles', true],
  RoleBinding: ['/apis/rbac.authorization.k8s.io/v1', 'rolebindings', true],
  StorageClass: ['/apis/storage.k8s.io/v1', 'storageclasses', false],
  Lease: ['/apis/coordination.k8s.io/v1', 'leases', true],
  ValidatingWebhookConfiguration: [
    '/apis/admissionregistration.k8s.io/v1',
    'validatingwebhookconfigurations',
    false,
  ],
  MutatingWebhookConfiguration: [
    '/apis/admissionregistration.k8s.io/v1',
    'mutatingwebhookconfigurations',
    false,
  ],
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    readonly text: string,
  ) {
    super(`${method} ${path}: HTTP ${status}: ${text.slice(0, 500)}`);
  }
}

export class Api {
  private readonly agent: https.Agent;

  constructor(readonly credentials: Credentials) {
    this.agent = new https.Agent({
      ca: credentials.ca,
      ...(credentials.cert === undefined ? {} : { cert: credentials.cert }),
      ...(credentials.key === undefined ? {} : { key: credentials.key }),
      keepAlive: true,
      maxSockets: 8,
    });
  }

  close(): void {
    this.agent.destroy();
  }

  /** One request; never throws for an HTTP status (see `must`). */
  request(
    method: string,
    path: string,
    body?: unknown,
    contentType = 'application/json',
  ): Promise<ApiResponse> {
    const url = new URL(path, this.credentials.server);
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = https.request(
        url,
        {
          method,
          agent: this.agent,
          timeout: 30_000,
          headers: {
            accept: 'application/json',
            ...(payload === undefined ? {} : { 'content-type': contentType }),
            ...(this.credentials.token === undefined
              ? {}
              : { authorization: `Bearer ${this.credentials.token}` }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            let parsed: unknown = text;
            try {
              parsed = text === '' ? undefined : JSON.parse(text);
            } catch {
              // not JSON (e.g. /readyz): keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, text });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: timed out`)));
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /** A request that must succeed (2xx); returns the parsed body. */
  async must<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    contentType?: string,
  ): Promise<T> {
    const r = await this.request(method, path, body, contentType);
    if (r.status < 200 || r.status > 299) throw new ApiError(r.status, method, path, r.text);
    return r.body as T;
  }

  get<T = Record<string, unknown>>(path: string): Promise<T> {
    return this.must<T>('GET', path);
  }

  /** The collection path of a kind (in a namespace, where it is namespaced). */
  static collection(kind: string, namespace?: string): string {
    const k = KINDS[kind];
    if (k === undefined) throw new Error(`test/control-plane/api.ts: no path known for kind ${kind}`);
    const [prefix, plural, namespaced] = k;
    if (!namespaced) return `${prefix}/${plural}`;
    if (namespace === undefined) throw new Error(`${kind} needs a namespace`);
    return `${prefix}/namespaces/${namespace}/${plural}`;
  }

  static objectPath(kind: string, name: string, namespace?: string): string {
    return `${Api.collection(kind, namespace)}/${name}`;
  }

  /** Creates the object; with `ifExists: 'ignore'` a 409 AlreadyExists is not an error. */
  async create(
    obj: KubeObject,
    opts: { ifExists?: 'ignore' | 'fail' } = {},
  ): Promise<Record<string, unknown>> {
    const path = Api.collection(obj.kind, obj.metadata.namespace);
    const r = await this.request('POST', path, obj);
    if (r.status === 409 && opts.ifExists === 'ignore') return r.body as Record<string, unknown>;
    if (r.status < 200 || r.status > 299) throw new ApiError(r.status, 'POST', path, r.text);
    return r.body as Record<string, unknown>;
  }

  /** Creates every document of a YAML text (namespace filled in where a namespaced object has none). */
  async apply(yamlText: string, namespace?: string): Promise<void> {
    for (const obj of parseManifests(yamlText)) {
      const k = KINDS[obj.kind];
      if (k?.[2] === true && obj.metadata.namespace === undefined && namespace !== undefined)
        obj.metadata.namespace = namespace;
      await this.create(obj, { ifExists: 'ignore' });
    }
  }

  /** Strategic-merge patch of a subresource or the object itself. */
  patch(
    path: string,
    body: unknown,
    type: 'strategic' | 'merge' = 'strategic',
  ): Promise<Record<string, unknown>> {
    return this.must(
      'PATCH',
      path,
      body,
      type === 'strategic' ? 'application/strategic-merge-patch+json' : 'application/merge-patch+json',
    );
  }

  async delete(path: string): Promise<void> {
    const r = await this.request('DELETE', path);
    if (r.status !== 404 && (r.status < 200 || r.status > 299))
      throw new ApiError(r.status, 'DELETE', path, r.text);
  }

  async list(path: string): Promise<Record<string, unknown>[]> {
    const body = await this.get<{ items?: Record<string, unknown>[] }>(path);
    return body.items ?? [];
  }
}

export function parseManifests(yamlText: string): KubeObject[] {
  return parseAllDocuments(yamlText)
    .map((d) => d.toJS() as unknown)
    .filter((o): o is KubeObject => typeof o === 'object' && o !== null && 'kind' in o);
}

/** Polls `fn` until it returns something other than undefined, or throws with the last value seen. */
export async function eventually<T>(
  what: string,
  fn: () => Promise<T | undefined>,
  opts: { timeoutMs?: number; intervalMs?: number; describe?: () => Promise<string> | string } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  let lastError: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      const detail = opts.describe === undefined ? '' : `\n${await opts.describe()}`;
      const err = lastError instanceof Error ? `\nlast error: ${lastError.message}` : '';
      throw new Error(`timed out waiting for ${what}${err}${detail}`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 1000));
  }
}
