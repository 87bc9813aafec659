/**
 * Classifies the error a controller got when it tried to create a pod (`FailedCreate` event
 * "Error creating: <err>", StatefulSet "create Pod x in StatefulSet y failed error: <err>",
 * `ReplicaFailure` condition message) into an admission reason code and its parts.
 * Pure string scanning; never throws.
 */
import type { ReasonOf } from '../../model/index.js';
import { limitRange } from './limit-range-message.js';
import { between, quoted } from '../shared/text-scan.js';

export type AdmissionCode = ReasonOf<'admission'>;

export type AdmissionKind =
  | 'quotaExceeded'
  | 'quotaMustSpecify'
  | 'quotaScopes'
  | 'quotaOther'
  | 'limitMax'
  | 'limitMin'
  | 'limitMissing'
  | 'limitRatio'
  | 'requestAboveLimit'
  | 'podSecurity'
  | 'scc'
  | 'psp'
  | 'clusterPolicy'
  | 'webhookDenied'
  | 'webhookDeniedSilent'
  | 'webhookDeniedEmpty'
  | 'webhookUnavailable'
  | 'serviceAccountMissing'
  | 'serviceAccountToken'
  | 'rbac'
  | 'namespaceTerminating'
  | 'invalid'
  | 'rejected'
  | 'forbidden'
  | 'other'
  | 'unstated';

export interface AdmissionError {
  readonly code: AdmissionCode;
  readonly kind: AdmissionKind;
  /** The apiserver error without controller prefixes, e.g. `pods "web-" is forbidden: exceeded quota: ...`. */
  readonly error: string;
  /** The part after `is forbidden: ` (or the whole error). */
  readonly detail: string;
  /** Parsed parts: quota, requested, used, limited, resources, resource, scope, enforced, actual, field, level, webhook, cause, service, serviceAccount, namespace. */
  readonly fields: Readonly<Record<string, string>>;
}

const PREFIXES = ['(combined from similar events):', 'Error creating:', 'Error creating job:'] as const;
/** Errors that say nothing about admission: conflicts, timeouts, apiserver hiccups. */
const TRANSIENT = [
  'already exists',
  'the object has been modified',
  'etcdserver:',
  'request did not complete within requested timeout',
  'the server was unable to return a response',
  'too many requests',
  'client rate limiter',
  'http2: client connection lost',
  'tls handshake timeout',
] as const;

function stripPrefixes(message: string): string {
  let text = message.trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const p of PREFIXES) {
      if (text.startsWith(p)) {
        text = text.slice(p.length).trim();
        changed = true;
      }
    }
  }
  // StatefulSet: "create Pod web-0 in StatefulSet web failed error: <err>"
  const sts = text.indexOf(' failed error:');
  if (text.startsWith('create ') && sts >= 0) text = text.slice(sts + ' failed error:'.length).trim();
  return text;
}

type Make = (code: AdmissionCode, kind: AdmissionKind, fields?: Record<string, string>) => AdmissionError;

/** Classifies one pod-creation error; undefined for empty or transient errors that say nothing about admission. */
const CLIENT_VALIDATION = /^error validating "[^"]*": error validating data: /;
const APPLY_INVALID = /^The (?!Pod ")\w+ "[^"]+" is invalid: /;

export function classifyAdmissionError(message: string): AdmissionError | undefined {
  const error = stripPrefixes(typeof message === 'string' ? message : '');
  if (error === '') return undefined;
  const forbiddenAt = error.indexOf(' is forbidden: ');
  const detail = forbiddenAt >= 0 ? error.slice(forbiddenAt + ' is forbidden: '.length).trim() : error;
  const lower = error.toLowerCase();
  const make: Make = (code, kind, fields = {}) => ({ code, kind, error, detail, fields });

  // First match wins: the order is the precedence between admission plugins' texts.
  const named =
    webhookError(error, make) ??
    quotaError(detail, make) ??
    policyError(error, lower, make) ??
    limitRangeError(error, detail, make) ??
    serviceAccountError(error, lower, make);
  if (named !== undefined) return named;
  if (TRANSIENT.some((t) => lower.includes(t))) return undefined;
  if (detail.includes('because it is being terminated')) return make('Forbidden', 'namespaceTerminating');
  if (forbiddenAt >= 0 && (detail.includes('cannot create resource') || detail.startsWith('User "')))
    return make('Forbidden', 'rbac');
  if (forbiddenAt >= 0) return make('Forbidden', 'forbidden');
  // The workload itself refused when applied: kubectl's own schema validation, or the API
  // server's `The Deployment "web" is invalid: ...` (a controller's pod is `Pod "x" is invalid`).
  if (CLIENT_VALIDATION.test(error) || APPLY_INVALID.test(error)) return make('Forbidden', 'rejected');
  if (error.includes(' is invalid: ')) return make('Forbidden', 'invalid');
  return make('Forbidden', 'other');
}

/** A validating or mutating webhook denied the pod, or could not be called. */
function webhookError(error: string, make: Make): AdmissionError | undefined {
  if (error.includes('admission webhook "') && error.includes('denied the request')) {
    const webhook = quoted(error, error.indexOf('admission webhook "'));
    const msg = between(error, 'denied the request:');
    return msg === ''
      ? make('WebhookDenied', 'webhookDeniedSilent', { webhook })
      : make('WebhookDenied', 'webhookDenied', { webhook, message: msg });
  }
  // Before 1.14 the API server wrote "failed calling admission webhook" (Istio's injection docs quote it).
  const calling = /failed (?:calling (?:admission )?webhook|to call webhook)/.exec(error);
  if (calling !== null) {
    const named = /failed calling (?:admission )?webhook "/.exec(error)?.index ?? -1;
    const webhook = named < 0 ? '' : quoted(error, named);
    const host = between(error, 'https://', ':', '/', '"', ' ');
    const parts = host.split('.');
    const service = error.includes('service "')
      ? quoted(error, error.indexOf('service "'))
      : host.includes('.svc') && parts.length >= 3
        ? `${parts[1] ?? ''}/${parts[0] ?? ''}`
        : '';
    const cause = error.slice(error.lastIndexOf(': ') + 2).trim();
    return make('WebhookUnavailable', 'webhookUnavailable', { webhook, service, cause });
  }
  return undefined;
}

/**
 * The quota admission plugin's messages as current releases write them: before Go's lower-case
 * error style reached it (Kubernetes 1.4 and OpenShift 1.x/3.x of that time) they began with a
 * capital ("Exceeded quota: q, requested: ...", "Failed quota: q: must specify ...").
 */
function lowerQuotaPrefix(detail: string): string {
  return detail.replace(/\b(Exceeded|Failed) quota: /, (m) => m.toLowerCase());
}

/** ResourceQuota: exceeded, a resource the quota requires left unspecified, scopes, unknown status. */
function quotaError(message: string, make: Make): AdmissionError | undefined {
  const detail = lowerQuotaPrefix(message);
  if (detail.includes('exceeded quota: ')) {
    return make('QuotaExceeded', 'quotaExceeded', {
      quota: between(detail, 'exceeded quota: ', ','),
      requested: between(detail, ', requested: ', ', used: '),
      used: between(detail, ', used: ', ', limited: '),
      limited: between(detail, ', limited: '),
    });
  }
  if (detail.includes('failed quota: ')) {
    const rest = between(detail, 'failed quota: ');
    const colon = rest.indexOf(':');
    return make('QuotaExceeded', 'quotaMustSpecify', {
      quota: colon < 0 ? rest : rest.slice(0, colon),
      resources: between(rest, 'must specify '),
    });
  }
  if (detail.includes('insufficient quota to match these scopes'))
    return make('QuotaExceeded', 'quotaScopes');
  if (detail.includes('status unknown for quota'))
    return make('QuotaExceeded', 'quotaOther', { quota: between(detail, 'status unknown for quota: ', ',') });
  return undefined;
}

/** Pod Security admission, OpenShift SCCs and the old PodSecurityPolicy. */
function policyError(error: string, lower: string, make: Make): AdmissionError | undefined {
  const psa = error.indexOf('violates PodSecurity');
  if (psa >= 0) {
    const rest = error.slice(psa + 'violates PodSecurity'.length);
    const level = rest.startsWith(' "') ? quoted(rest) : '';
    const colon = rest.indexOf(': ');
    return make('PodSecurityViolation', 'podSecurity', {
      level,
      violations: colon < 0 ? '' : rest.slice(colon + 2).trim(),
    });
  }
  if (lower.includes('unable to validate against any security context constraint'))
    return make('PolicyForbidden', 'scc');
  if (
    lower.includes('unable to validate against any pod security policy') ||
    lower.includes('no providers available to validate pod request')
  ) {
    return make('PolicyForbidden', 'psp');
  }
  // The API server's own pod validation against its --allow-privileged and privileged-sources
  // settings (privileged containers, hostNetwork/hostPID/hostIPC): "<field>: Forbidden: disallowed
  // by cluster policy", one per offending field, inside a "Pod ... is invalid: [...]" error.
  if (lower.includes('disallowed by cluster policy')) {
    const fields = [
      ...error.matchAll(/((?:\w+(?:\[\d+\])?\.)*\w+): Forbidden: disallowed by cluster policy/gi),
    ].map((m) => m[1] ?? '');
    return make('PolicyForbidden', 'clusterPolicy', { fields: [...new Set(fields)].join(', ') });
  }
  return undefined;
}

/** LimitRanger bounds and ratios, and the API's own request-above-limit validation. */
function limitRangeError(error: string, detail: string, make: Make): AdmissionError | undefined {
  if (detail.includes(' usage per ') || detail.includes(' max limit to request ratio per ')) {
    const { kind, ...fields } = limitRange(detail);
    if (kind !== 'other') return make('LimitRangeViolation', kind, fields);
  }
  if (error.includes('must be less than or equal to') && error.includes(' limit')) {
    const resource = between(error, 'less than or equal to ', ' limit');
    return make('LimitRangeViolation', 'requestAboveLimit', { resource });
  }
  return undefined;
}

/** The ServiceAccount admission plugin: the pod's service account (or its token) does not exist yet. */
function serviceAccountError(error: string, lower: string, make: Make): AdmissionError | undefined {
  if (
    lower.includes('error looking up service account') ||
    lower.includes('was not found, retry after the service account is created')
  ) {
    const ref = between(error, 'service account ', ':', ' ');
    const slash = ref.indexOf('/');
    return make('ServiceAccountMissing', 'serviceAccountMissing', {
      namespace: slash < 0 ? '' : ref.slice(0, slash),
      serviceAccount: slash < 0 ? quoted(error, error.indexOf('serviceaccount "')) : ref.slice(slash + 1),
    });
  }
  if (error.includes('No API token found for service account')) {
    return make('ServiceAccountMissing', 'serviceAccountToken', {
      serviceAccount: quoted(error, error.indexOf('service account')),
    });
  }
  return undefined;
}

/**
 * A `ReplicaFailure=True` condition whose message is not in the evidence (`kubectl describe`
 * prints only its type, status and reason): the controller's pod creation was refused, and only
 * its FailedCreate events say why.
 */
export function unstatedAdmissionError(reason: string | undefined, text?: string): AdmissionError {
  const error = text ?? `ReplicaFailure: ${reason || 'FailedCreate'}`;
  return { code: 'Forbidden', kind: 'unstated', error, detail: error, fields: {} };
}

/**
 * A controller's FailedCreate whose error is empty ("Error creating: " and nothing after it).
 * Every built-in admission plugin and validation error has text; only an admission webhook's
 * denial can be empty (API servers before the "denied the request without explanation" wrapper
 * passed the webhook's Status through as it was), so it is read as a webhook denial of unknown
 * name.
 */
export function emptyCreateError(message: string): AdmissionError | undefined {
  if (typeof message !== 'string' || message.trim() === '' || stripPrefixes(message) !== '') return undefined;
  const error = 'FailedCreate with an empty error message';
  return {
    code: 'WebhookDenied',
    kind: 'webhookDeniedEmpty',
    error,
    detail: error,
    fields: {},
  };
}

/** A stable key for "the same failure": code, kind and the detail without the generated pod name. */
export function admissionKey(e: AdmissionError): string {
  return `${e.code}|${e.kind}|${e.detail}`;
}
