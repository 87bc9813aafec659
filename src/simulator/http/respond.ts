/** Writing API responses: JSON bodies and metav1.Status errors, as the apiserver frames them. */
import type { ServerResponse } from 'node:http';
import { status, type StatusObj, type StatusReason } from '../api/status.js';

export function sendJson(
  res: ServerResponse,
  code: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(code, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendText(res: ServerResponse, code: number, body: string, contentType = 'text/plain'): void {
  res.writeHead(code, { 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

export function sendStatus(res: ServerResponse, s: StatusObj): void {
  sendJson(res, s.code, s);
}

/** A Status error raised anywhere while handling a request; the dispatcher turns it into a response. */
export class HttpError extends Error {
  constructor(readonly status: StatusObj) {
    super(status.message);
  }
}

export const fail = (code: number, reason: StatusReason, message: string): HttpError =>
  new HttpError(status(code, reason, message));

export const badRequest = (message: string): HttpError => fail(400, 'BadRequest', message);
