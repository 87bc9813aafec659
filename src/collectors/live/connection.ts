import http from 'node:http';
import type https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import {
  buildUrl,
  CredentialError,
  DEFAULT_TIMEOUT_MS,
  httpGet,
  httpSend,
  type HttpResponse,
  type QueryParams,
  type RequestOptions,
} from './http-request.js';
import { httpStream, type StreamOptions, type StreamResponse } from './stream.js';
import { systemClock } from '../../k8s/index.js';

/** A chosen context of a kubeconfig, able to send authenticated GETs to its API server. */
export interface Connection {
  readonly context: string;
  readonly server: string;
  /** The context's default namespace, when it names one. */
  readonly namespace?: string;
  /** Where the configuration came from (file paths or "in-cluster service account"). */
  readonly origin: string;
  request(path: string, query?: QueryParams, options?: RequestOptions): Promise<HttpResponse>;
  /** A GET whose body streams (watch); optional so that fakes need not provide it. */
  stream?(path: string, query?: QueryParams, options?: StreamOptions): Promise<StreamResponse>;
  /**
   * The one request that is not a read, for `handoff preflight --server-dry-run` only: a create
   * sent with `dryRun=All`, which the API server admits or refuses and never stores. The query
   * is fixed here, so no caller can send a create that persists.
   */
  dryRunCreate?(path: string, body: unknown, options?: RequestOptions): Promise<HttpResponse>;
}

/** How long resolved credentials (tokens, exec plugin output) are reused. */
const CREDENTIAL_TTL_MS = 60_000;

/**
 * A Connection over node:http/node:https with the credentials client-node derives from the
 * kubeconfig (bearer tokens, exec plugins, client certificates, CA).
 */
export function makeConnection(
  kc: KubeConfig,
  context: string,
  server: string,
  namespace: string | undefined,
  origin: string,
): Connection {
  const plain = server.startsWith('http://');
  // client-node refuses to build an agent for an http:// server unless TLS checks are off; there
  // is no TLS on plain HTTP, so ask it for the credentials of a copy that says so, and send
  // them through a plain keep-alive agent instead of its https one.
  const auth = plain ? plainHttpCopy(kc) : kc;
  const agent = plain ? new http.Agent({ keepAlive: true, maxSockets: 16 }) : undefined;
  // client-node runs an exec credential plugin on every call unless the credential carries an
  // expiry; client-go keeps it. Share one resolution between concurrent requests and reuse it
  // for a while, so a scan does not start a plugin (e.g. a cloud CLI) per request.
  let cached: { readonly at: number; readonly options: Promise<https.RequestOptions> } | undefined;
  const credentials = (): Promise<https.RequestOptions> => {
    if (cached === undefined || systemClock() - cached.at > CREDENTIAL_TTL_MS) {
      const opts: https.RequestOptions = {};
      const options = auth.applyToHTTPSOptions(opts).then(() => opts);
      const entry = { at: systemClock(), options };
      cached = entry;
      options.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.options;
  };
  const sendOptions = async (accept: string): Promise<https.RequestOptions> => {
    let opts: https.RequestOptions;
    try {
      opts = await credentials();
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new CredentialError(`cannot get credentials for context "${context}": ${why}`, { cause: err });
    }
    const headers: http.OutgoingHttpHeaders = {};
    if (opts.headers !== undefined && !Array.isArray(opts.headers)) {
      for (const [k, v] of Object.entries(opts.headers)) if (v !== undefined) headers[k] = v;
    }
    headers.Accept = accept;
    headers['User-Agent'] = 'kube-handoff';
    return plain
      ? { headers, ...(opts.auth ? { auth: opts.auth } : {}), ...(agent ? { agent } : {}) }
      : { ...opts, headers };
  };
  return {
    context,
    server,
    ...(namespace ? { namespace } : {}),
    origin,
    async request(p, query, options) {
      const send = await sendOptions(options?.accept ?? 'application/json');
      return httpGet(buildUrl(server, p, query), send, options?.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    },
    async stream(p, query, options) {
      return httpStream(buildUrl(server, p, query), await sendOptions('application/json'), options);
    },
    async dryRunCreate(p, body, options) {
      const send = await sendOptions('application/json');
      const text = JSON.stringify(body);
      // sendOptions builds the headers as a plain object (never the array form).
      const headers = { ...(send.headers as http.OutgoingHttpHeaders), 'Content-Type': 'application/json' };
      return httpSend(
        buildUrl(server, p, { dryRun: 'All', fieldManager: 'kube-handoff-preflight' }),
        { ...send, headers, method: 'POST' },
        options?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        text,
      );
    },
  };
}

function plainHttpCopy(kc: KubeConfig): KubeConfig {
  const copy = new KubeConfig();
  copy.loadFromOptions({
    clusters: kc.getClusters().map((c) => ({ ...c, skipTLSVerify: true })),
    users: kc.getUsers(),
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext(),
  });
  return copy;
}
