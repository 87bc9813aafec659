import type { ReasonOf } from '../../model/index.js';
import { normaliseMessage } from '../shared/text-scan.js';

/**
 * Classifies image pull failures: the kubelet's waiting reasons (pkg/kubelet/images/types.go)
 * and the CRI error text it quotes in `Failed to pull image "x": <err>` events and in
 * `state.waiting.message`. Wording differs between containerd, CRI-O, dockershim and
 * registries, so the patterns match the stable fragments, not whole messages.
 */
export type ImagePullCode = ReasonOf<'image-pull'>;

/** Waiting reasons set by the kubelet's image manager; ErrImageNotEnsured is version-dependent. */
export const IMAGE_PULL_WAITING_REASONS = [
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'ErrImageNeverPull',
  'ImageInspectError',
  'RegistryUnavailable',
  'SignatureValidationFailed',
  'ErrImageNotEnsured',
] as const;
export type ImagePullWaitingReason = (typeof IMAGE_PULL_WAITING_REASONS)[number];

const WAITING_SET = new Set<string>(IMAGE_PULL_WAITING_REASONS);

export function isImagePullWaitingReason(reason: string | undefined): reason is ImagePullWaitingReason {
  return reason !== undefined && WAITING_SET.has(reason);
}

/** Waiting reasons that name their cause by themselves; the others need the message. */
const REASON_CODE: Readonly<Partial<Record<ImagePullWaitingReason, ImagePullCode>>> = {
  InvalidImageName: 'InvalidImageName',
  ErrImageNeverPull: 'NeverPullMissing',
  RegistryUnavailable: 'RegistryUnreachable',
  // The image is on the node but was pulled with credentials this pod does not have.
  ErrImageNotEnsured: 'RegistryUnauthorized',
};

export function codeForWaitingReason(reason: string | undefined): ImagePullCode | undefined {
  return isImagePullWaitingReason(reason) ? REASON_CODE[reason] : undefined;
}

/**
 * First match wins, so the order encodes precedence: a 429 page that also says "manifests"
 * is a rate limit; Docker Hub's "pull access denied, repository does not exist or may
 * require authorization" is an authorization answer (see mayBeMissingOrPrivate).
 */
const CAUSES: readonly (readonly [ImagePullCode, RegExp])[] = [
  // Same code twice: the first names the parse error, the second only that parsing failed.
  ['InvalidImageName', /invalid reference format(?:: [\w ]+)?/i],
  [
    'InvalidImageName',
    /Failed to apply default image tag|couldn't parse image (?:reference|name)|InvalidImageName/i,
  ],
  ['NeverPullMissing', /not present with pull policy of Never|ErrImageNeverPull/i],
  [
    'RateLimited',
    /toomanyrequests|429 Too Many Requests|too many requests|pull rate limit|rate limit exceeded/i,
  ],
  [
    'RegistryTLS',
    /x509: [^:]*|certificate signed by unknown authority|tls: failed to verify[^:]*|server gave HTTP response to HTTPS client|remote error: tls: [a-z ]+|certificate has expired|certificate is not valid for/i,
  ],
  [
    'RegistryUnauthorized',
    /pull access denied|no pull access|\bunauthorized\b|authentication required|insufficient_scope|403 Forbidden|status(?: code)?:? 403\b|\bdenied: [^:]*|no basic auth credentials|requested access to the resource is denied|not authorized/i,
  ],
  [
    'ImageNotFound',
    /manifest unknown|manifest_unknown|manifest for \S+ not found|repository does not exist|name unknown|name_unknown|no such image|was deleted or has expired|\bnot found\b/i,
  ],
  [
    'RegistryUnreachable',
    /no such host|server misbehaving|temporary failure in name resolution|i\/o timeout|connection timed out|proxyconnect tcp|connection refused|connection reset by peer|no route to host|network is unreachable|context deadline exceeded|timeout exceeded[^:]*|handshake timeout|registry is unavailable|RegistryUnavailable|request canceled[^:]*|\b50[0-4] (?:Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time-?out)/i,
  ],
];

export interface PullErrorClass {
  readonly code: ImagePullCode;
  /** The fragment that decided it, e.g. "toomanyrequests" or "no such host". */
  readonly matched: string;
}

/** Classifies a CRI pull error (or a whole kubelet pull message); undefined when no cause is recognisable. */
export function classifyPullError(message: string): PullErrorClass | undefined {
  const text = normaliseMessage(message);
  if (text === '') return undefined;
  for (const [code, pattern] of CAUSES) {
    const m = pattern.exec(text);
    if (m !== null) return { code, matched: m[0].trim() };
  }
  return undefined;
}

export function classifyPullMessage(message: string): ImagePullCode | undefined {
  return classifyPullError(message)?.code;
}

/**
 * Docker Hub (and old docker daemons) answer a pull of a repository that does not exist and of
 * a private one without credentials the same way, on purpose. Such a message is classified
 * RegistryUnauthorized (the registry answered with an authorization error) and rules name both causes.
 */
export function mayBeMissingOrPrivate(message: string): boolean {
  return /may require authorization|does not exist or no pull access|repository does not exist or may require/i.test(
    normaliseMessage(message),
  );
}

/** The image named in a kubelet image event (`Pulling image "x"`, `Failed to pull image "x": …`, `Container image "x" …`). */
export function imageInMessage(message: string): string | undefined {
  const m = /\bimage(?: tag)? "([^"]+)"/i.exec(message);
  return m?.[1];
}

/** The error after `Failed to pull image "x": ` (or inspect / apply default tag), else the message itself. */
export function pullErrorTail(message: string): string {
  const m = /^\s*Failed to (?:pull image|inspect image|apply default image tag) "[^"]*":\s*([\s\S]*)$/i.exec(
    message,
  );
  return normaliseMessage(m?.[1] ?? message);
}

/**
 * Canonical form of an image reference for comparison: `nginx`, `library/nginx:latest` and
 * `docker.io/library/nginx:latest` are the same image.
 */
export function canonicalImage(image: string): string {
  let ref = image.trim().replace(/^(?:index\.)?docker\.io\//, '');
  if (!ref.includes('/')) ref = `library/${ref}`;
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  if (!last.includes(':') && !last.includes('@')) ref = `${ref}:latest`;
  return ref;
}

export function sameImage(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined || a === '' || b === '') return false;
  return canonicalImage(a) === canonicalImage(b);
}
