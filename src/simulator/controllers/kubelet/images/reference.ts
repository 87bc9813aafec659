/**
 * Image references as the kubelet reads them (distribution/reference's ParseNormalizedNamed,
 * then applyDefaultImageTag): `nginx` is docker.io/library/nginx:latest. Invalid references
 * give the exact error text the kubelet quotes in `Failed to apply default image tag`.
 */
export interface ImageRef {
  /** docker.io, registry.example.com, localhost:5000 */
  readonly domain: string;
  /** library/nginx, shop/web */
  readonly path: string;
  readonly tag?: string;
  readonly digest?: string;
  /** Fully qualified, with the default tag applied: docker.io/library/nginx:latest. */
  readonly canonical: string;
}

export type ParsedImage =
  { readonly ok: true; readonly ref: ImageRef } | { readonly ok: false; readonly error: string };

const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const DOMAIN =
  /^(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])(?:\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*(?::[0-9]+)?$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const HEX64 = /^[a-f0-9]{64}$/;

/** splitDockerDomain: the first component is a registry only if it looks like a host. */
function splitDomain(name: string): [string, string] {
  const i = name.indexOf('/');
  const first = i < 0 ? '' : name.slice(0, i);
  if (i < 0 || (!/[.:]/.test(first) && first !== 'localhost' && first.toLowerCase() === first)) {
    const rest = name;
    return ['docker.io', rest.includes('/') ? rest : `library/${rest}`];
  }
  const domain = first === 'index.docker.io' ? 'docker.io' : first;
  const rest = name.slice(i + 1);
  return [domain, domain === 'docker.io' && !rest.includes('/') ? `library/${rest}` : rest];
}

// Clusters run the same few images in many pods: parse each reference text once. The results
// are immutable; the cache is bounded so arbitrary inputs cannot grow it without limit.
const parsedCache = new Map<string, ParsedImage>();
const PARSED_CACHE_LIMIT = 10_000;

export function parseImage(image: string): ParsedImage {
  const hit = parsedCache.get(image);
  if (hit !== undefined) return hit;
  const parsed = parseImageUncached(image);
  if (parsedCache.size >= PARSED_CACHE_LIMIT) parsedCache.clear();
  parsedCache.set(image, parsed);
  return parsed;
}

function parseImageUncached(image: string): ParsedImage {
  const fail = (why: string): ParsedImage => ({
    ok: false,
    error: `couldn't parse image name "${image}": ${why}`,
  });
  if (HEX64.test(image))
    return fail(`invalid repository name (${image}), cannot specify 64-byte hexadecimal strings`);
  if (image === '') return fail('repository name must have at least one component');
  const [domain, remainder] = splitDomain(image);
  const tagSep = remainder.indexOf(':');
  const remote = tagSep < 0 ? (remainder.split('@')[0] ?? remainder) : remainder.slice(0, tagSep);
  if (remote.toLowerCase() !== remote)
    return fail(`invalid reference format: repository name (${remote}) must be lowercase`);
  let rest = remainder;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!DIGEST.test(digest)) return fail('invalid reference format');
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon >= 0 && !rest.slice(colon).includes('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!TAG.test(tag)) return fail('invalid reference format');
  }
  if (!DOMAIN.test(domain) || !rest.split('/').every((c) => COMPONENT.test(c)))
    return fail('invalid reference format');
  if (domain.length + 1 + rest.length > 255)
    return fail('repository name must not be more than 255 characters');
  if (tag === undefined && digest === undefined) tag = 'latest';
  const canonical = `${domain}/${rest}${tag === undefined ? '' : `:${tag}`}${digest === undefined ? '' : `@${digest}`}`;
  return {
    ok: true,
    ref: {
      domain,
      path: rest,
      ...(tag === undefined ? {} : { tag }),
      ...(digest === undefined ? {} : { digest }),
      canonical,
    },
  };
}

/** Canonical name, or the text itself when it does not parse (for matching registry entries). */
export function canonicalName(image: string): string {
  const p = parseImage(image);
  return p.ok ? p.ref.canonical : image;
}

/** The API server's default: Always for :latest or no tag, else IfNotPresent. */
export function defaultPullPolicy(image: string): 'Always' | 'IfNotPresent' {
  const p = parseImage(image);
  if (!p.ok) return 'IfNotPresent';
  return p.ref.digest === undefined && p.ref.tag === 'latest' ? 'Always' : 'IfNotPresent';
}

/** The host the registry API answers on (Docker Hub's API is registry-1.docker.io). */
export function registryHost(ref: ImageRef): string {
  return ref.domain === 'docker.io' ? 'registry-1.docker.io' : ref.domain;
}
