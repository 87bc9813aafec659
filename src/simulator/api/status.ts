/** metav1.Status errors, as the API server returns them and clients print them. */
export interface StatusObj {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: StatusReason;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    causes?: { reason?: string; message: string; field?: string }[];
    retryAfterSeconds?: number;
  };
  code: number;
}

export type StatusReason =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'Gone'
  | 'Expired'
  | 'InternalError'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'TooManyRequests'
  | 'Timeout';

export function status(
  code: number,
  reason: StatusReason,
  message: string,
  details?: StatusObj['details'],
): StatusObj {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details === undefined ? {} : { details }),
    code,
  };
}

/** `pods "web" is forbidden: <why>` — the shape admission denials take. */
export function forbidden(resource: string, name: string, why: string, kind?: string): StatusObj {
  return status(403, 'Forbidden', `${resource} "${name}" is forbidden: ${why}`, {
    name,
    ...(kind === undefined ? {} : { kind: resource }),
  });
}

export function notFound(resource: string, name: string, group = ''): StatusObj {
  const qualified = group === '' ? resource : `${resource}.${group}`;
  return status(404, 'NotFound', `${qualified} "${name}" not found`, {
    name,
    ...(group === '' ? {} : { group }),
    kind: resource,
  });
}

export function alreadyExists(resource: string, name: string, group = ''): StatusObj {
  const qualified = group === '' ? resource : `${resource}.${group}`;
  return status(409, 'AlreadyExists', `${qualified} "${name}" already exists`, {
    name,
    ...(group === '' ? {} : { group }),
    kind: resource,
  });
}

/** `Pod "x" is invalid: spec.containers[0].image: Invalid value: …` with one cause per field. */
export function invalid(
  kind: string,
  name: string,
  causes: readonly { field: string; message: string }[],
): StatusObj {
  const text = causes.map((c) => `${c.field}: ${c.message}`).join(', ');
  return status(422, 'Invalid', `${kind} "${name}" is invalid: ${causes.length > 1 ? `[${text}]` : text}`, {
    name,
    kind: kind.toLowerCase() + 's',
    causes: causes.map((c) => ({ reason: 'FieldValueInvalid', message: c.message, field: c.field })),
  });
}

export const isStatus = (v: unknown): v is StatusObj =>
  typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'Status';
