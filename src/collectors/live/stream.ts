import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { RequestTimeoutError } from './http-request.js';

/** Per-request options of `Connection.stream`. */
export interface StreamOptions {
  /** Aborts the request (and ends the body) when it fires. */
  readonly signal?: AbortSignal;
  /** Time allowed until the response headers arrive; 30 s by default. The body may last longer. */
  readonly headersTimeoutMs?: number;
}

/** A streamed answer: the status and headers, and the body as it arrives. */
export interface StreamResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Readable;
}

/**
 * Sends one GET and resolves once the headers arrived, leaving the body to stream (a watch).
 * `options` carries the same credentials as `httpGet`.
 */
export function httpStream(
  url: URL,
  options: https.RequestOptions,
  stream: StreamOptions = {},
): Promise<StreamResponse> {
  const send = url.protocol === 'https:' ? https.request : http.request;
  const headersTimeoutMs = stream.headersTimeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { ...options, method: 'GET', ...(stream.signal ? { signal: stream.signal } : {}) },
      (res) => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
      },
    );
    const timer = setTimeout(() => req.destroy(new RequestTimeoutError(headersTimeoutMs)), headersTimeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end();
  });
}

/** The JSON values of a newline-delimited stream, one per line; a line that is not JSON is skipped. */
export async function* jsonLines(body: Readable): AsyncGenerator {
  let buffered = '';
  for await (const chunk of body) {
    buffered += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (line !== '') {
        const value = parseLine(line);
        if (value !== undefined) yield value;
      }
      nl = buffered.indexOf('\n');
    }
  }
  const rest = buffered.trim();
  if (rest !== '') {
    const value = parseLine(rest);
    if (value !== undefined) yield value;
  }
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
