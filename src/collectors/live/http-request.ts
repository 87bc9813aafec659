import http from 'node:http';
import https from 'node:https';

/** One raw answer from the API server. */
export interface HttpResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Per-request options of `Connection.request`. */
export interface RequestOptions {
  /** Accept header; JSON by default. */
  readonly accept?: string;
  /** Whole-request timeout (connect, headers and body); 30 s by default. */
  readonly timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** The kubeconfig's credentials could not be turned into request options (exec plugin failed, token file missing). */
export class CredentialError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CredentialError';
  }
}

/** A request that took longer than its timeout; `code` is ETIMEDOUT like a socket timeout. */
export class RequestTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`request timed out after ${ms / 1000}s`);
    this.name = 'RequestTimeoutError';
  }
}

export type QueryParams = Readonly<Record<string, string | number | boolean | undefined>>;

export function buildUrl(server: string, path: string, query: QueryParams | undefined): URL {
  const base = server.endsWith('/') ? server.slice(0, -1) : server;
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  return url;
}

/**
 * Sends one GET and buffers the body. `options` carries what client-node's
 * `applyToHTTPSOptions` produced (headers, CA, client certificate, agent); the timeout covers
 * the whole exchange, so a server that stalls mid-body fails too.
 */
export function httpGet(url: URL, options: https.RequestOptions, timeoutMs: number): Promise<HttpResponse> {
  return httpSend(url, { ...options, method: 'GET' }, timeoutMs);
}

/** One request (method in `options`), with an optional JSON body; buffers the answer. */
export function httpSend(
  url: URL,
  options: https.RequestOptions,
  timeoutMs: number,
  body?: string,
): Promise<HttpResponse> {
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const fail = (err: Error): void => {
      clearTimeout(timer);
      reject(err);
    };
    const req = send(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    const timer = setTimeout(() => req.destroy(new RequestTimeoutError(timeoutMs)), timeoutMs);
    req.on('error', fail);
    req.end(body);
  });
}
