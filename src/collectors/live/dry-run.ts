/**
 * `handoff preflight --server-dry-run`: each object sent to the API server as a create with
 * `dryRun=All` (Connection.dryRunCreate), which runs authentication, RBAC, every admission
 * plugin and webhook, and validation, and stores nothing. The answer is read back as admitted,
 * refused (with the server's Status message), already there, or not decided.
 */
import type { Connection } from './connection.js';

/** One object to send, with where its resource is served. */
export interface DryRunRequest {
  readonly object: Readonly<Record<string, unknown>>;
  /** API group ('' for core) and version. */
  readonly group: string;
  readonly version: string;
  /** Plural resource name in the URL. */
  readonly resource: string;
  /** The object's namespace, for a namespaced resource. */
  readonly namespace?: string;
}

export type DryRunAnswer =
  | { readonly outcome: 'admitted' }
  /** The API server refused it: admission, validation, quota, a webhook. */
  | { readonly outcome: 'refused'; readonly code: number; readonly reason: string; readonly message: string }
  /** An object of that name exists; a create says nothing about an update. */
  | { readonly outcome: 'exists'; readonly message: string }
  /** No decision: the user may not create it, a webhook does not support dry runs, a server error. */
  | { readonly outcome: 'undecided'; readonly code: number; readonly message: string };

export function dryRunPath(r: DryRunRequest): string {
  const base = r.group === '' ? `/api/${r.version}` : `/apis/${r.group}/${r.version}`;
  const ns = r.namespace === undefined ? '' : `/namespaces/${encodeURIComponent(r.namespace)}`;
  return `${base}${ns}/${r.resource}`;
}

function statusOf(body: Buffer): { reason: string; message: string } {
  try {
    const s = JSON.parse(body.toString('utf8')) as { reason?: unknown; message?: unknown };
    return {
      reason: typeof s.reason === 'string' ? s.reason : '',
      message: typeof s.message === 'string' ? s.message : body.toString('utf8').slice(0, 500),
    };
  } catch {
    return { reason: '', message: body.toString('utf8').slice(0, 500) };
  }
}

/** Reads one answer; exported for tests. */
export function readAnswer(code: number, body: Buffer): DryRunAnswer {
  if (code === 200 || code === 201 || code === 202) return { outcome: 'admitted' };
  const { reason, message } = statusOf(body);
  if (code === 409 && reason === 'AlreadyExists') return { outcome: 'exists', message };
  // RBAC's refusal names the verb the user lacks; admission's names the object it refuses.
  if (code === 403 && /cannot create resource/.test(message)) return { outcome: 'undecided', code, message };
  if (/does not support dry run/.test(message)) return { outcome: 'undecided', code, message };
  if (code >= 400 && code < 500) return { outcome: 'refused', code, reason, message };
  return { outcome: 'undecided', code, message };
}

/** Sends every request, one after the other (they are few: the input's objects and pods). */
export async function dryRunCreates(
  connection: Connection,
  requests: readonly DryRunRequest[],
): Promise<DryRunAnswer[]> {
  if (connection.dryRunCreate === undefined) throw new Error('this connection cannot send dry-run creates');
  const out: DryRunAnswer[] = [];
  for (const r of requests) {
    const res = await connection.dryRunCreate(dryRunPath(r), r.object);
    out.push(readAnswer(res.status, res.body));
  }
  return out;
}
