import { ClusterError } from '../../errors/index.js';
import { CredentialError, type HttpResponse, type QueryParams } from './http-request.js';
import type { Connection } from './kubeconfig.js';

/** What a GET came back with, once retries are done. 401 and network failures throw instead. */
export type GetResult<T> =
  | { readonly kind: 'ok'; readonly body: T }
  /** 403: RBAC said no. Not fatal; `message` is the apiserver's Status message. */
  | { readonly kind: 'forbidden'; readonly message: string }
  /** 410: e.g. an expired continue token. */
  | { readonly kind: 'gone'; readonly message: string }
  | { readonly kind: 'not-found'; readonly message: string }
  /** Any other status, including 429/5xx that outlived the retries. */
  | { readonly kind: 'error'; readonly status: number; readonly message: string };

export interface TransportOptions {
  /** Per-request timeout; 30 s by default. */
  readonly timeoutMs?: number;
  /** Attempts for 429, 5xx and reset connections; 4 by default. */
  readonly maxAttempts?: number;
  /** First back-off delay, doubled each retry; 250 ms by default. */
  readonly baseDelayMs?: number;
  /** Injected for tests. */
  readonly sleep?: (ms: number) => Promise<void>;
}

const MAX_RETRY_AFTER_MS = 60_000;
const RETRIED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO$)/;

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GETs against one Connection: retries 429 (honouring Retry-After) and 5xx with exponential
 * back-off, turns unreachable servers, TLS failures and rejected credentials into one
 * ClusterError naming the context and server, and hands every other status back as a value.
 */
export class Transport {
  /** GETs sent, retries included. */
  requests = 0;
  private readonly timeoutMs: number | undefined;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly connection: Connection,
    options: TransportOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs;
    this.maxAttempts = options.maxAttempts ?? 4;
    this.baseDelayMs = options.baseDelayMs ?? 250;
    this.sleep = options.sleep ?? realSleep;
  }

  async getJson(path: string, query?: QueryParams): Promise<GetResult<unknown>> {
    const res = await this.get(path, query, 'application/json');
    if (res.kind !== 'ok') return res;
    try {
      return { kind: 'ok', body: JSON.parse(res.body.toString('utf8')) as unknown };
    } catch {
      return { kind: 'error', status: 200, message: `${path}: the server did not answer with JSON` };
    }
  }

  async getText(path: string, query?: QueryParams): Promise<GetResult<string>> {
    const res = await this.get(path, query, 'text/plain, */*');
    return res.kind === 'ok' ? { kind: 'ok', body: res.body.toString('utf8') } : res;
  }

  private async get(
    path: string,
    query: QueryParams | undefined,
    accept: string,
  ): Promise<GetResult<Buffer>> {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= this.maxAttempts;
      let res: HttpResponse;
      try {
        this.requests++;
        res = await this.connection.request(path, query, {
          accept,
          ...(this.timeoutMs === undefined ? {} : { timeoutMs: this.timeoutMs }),
        });
      } catch (err) {
        if (!last && RETRIED_CODES.has(codeOf(err))) {
          await this.sleep(this.backoff(attempt));
          continue;
        }
        throw this.unreachable(err);
      }
      const { status } = res;
      if (status >= 200 && status < 300) return { kind: 'ok', body: res.body };
      if ((status === 429 || status >= 500) && !last) {
        await this.sleep(
          status === 429 ? (retryAfterMs(res) ?? this.backoff(attempt)) : this.backoff(attempt),
        );
        continue;
      }
      const message = statusMessage(res);
      if (status === 401) {
        throw new ClusterError(
          `the cluster ${this.where()} rejected the credentials (401 Unauthorized)${message ? `: ${message}` : ''}`,
          `the token or certificate of context "${this.connection.context}" is missing, wrong or expired; log in again`,
        );
      }
      if (status === 403) return { kind: 'forbidden', message: message || `forbidden: GET ${path}` };
      if (status === 404) return { kind: 'not-found', message: message || `not found: GET ${path}` };
      if (status === 410) return { kind: 'gone', message: message || `gone: GET ${path}` };
      return { kind: 'error', status, message: message || `GET ${path}: HTTP ${status}` };
    }
  }

  private backoff(attempt: number): number {
    return this.baseDelayMs * 2 ** (attempt - 1);
  }

  private where(): string {
    return `"${this.connection.context}" at ${this.connection.server}`;
  }

  private unreachable(err: unknown): ClusterError {
    const why = err instanceof Error ? err.message : String(err);
    if (err instanceof CredentialError) return new ClusterError(`${why} (server ${this.connection.server})`);
    const code = codeOf(err);
    if (TLS_CODE.test(code)) {
      return new ClusterError(
        `TLS handshake with the cluster ${this.where()} failed: ${why}`,
        'check certificate-authority(-data) and the server address in the kubeconfig',
      );
    }
    return new ClusterError(
      `cannot reach the cluster ${this.where()}: ${why}`,
      'check the server address, the VPN or proxy, and that the cluster is up (kubectl cluster-info)',
    );
  }
}

function codeOf(err: unknown): string {
  if (typeof err !== 'object' || err === null || !('code' in err)) return '';
  return typeof err.code === 'string' ? err.code : '';
}

function retryAfterMs(res: HttpResponse): number | undefined {
  const header = res.headers['retry-after'];
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
}

/** The `message` of a metav1.Status body, else the body's first line. */
function statusMessage(res: HttpResponse): string {
  const text = res.body.toString('utf8').trim();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'message' in parsed &&
      typeof parsed.message === 'string'
    ) {
      return parsed.message;
    }
  } catch {
    // not a Status
  }
  return text.split('\n', 1)[0]?.slice(0, 300) ?? '';
}
