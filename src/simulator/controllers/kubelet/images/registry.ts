/**
 * The registry as the scenario declares it, and what containerd answers when it pulls from
 * it: the CRI error texts of containerd 1.7 (`rpc error: code = … desc = failed to pull and
 * unpack image …`) that the kubelet quotes in `Failed to pull image "x": <err>`.
 */
import { createHash } from 'node:crypto';
import { parseQuantity } from '../../../../k8s/index.js';
import { DEFAULT_BEHAVIOR } from '../../../scenario/schema/images.js';
import type { ContainerBehavior, ImageSpec, RegistrySpec } from '../../../scenario/types.js';
import { canonicalName, registryHost, type ImageRef } from './reference.js';

interface ImageIndex {
  readonly size: number;
  readonly byName: ReadonlyMap<string, ImageSpec>;
}

// Every container start asks for its image's entry: index the registry by canonical name once
// (per images array) instead of parsing every entry on every lookup.
const indexes = new WeakMap<readonly ImageSpec[], ImageIndex>();

function imageIndex(images: readonly ImageSpec[]): ReadonlyMap<string, ImageSpec> {
  const cached = indexes.get(images);
  if (cached?.size === images.length) return cached.byName;
  const byName = new Map<string, ImageSpec>();
  // The first entry for a name wins, as a linear find would.
  for (const i of images) {
    const name = canonicalName(i.name);
    if (!byName.has(name)) byName.set(name, i);
  }
  indexes.set(images, { size: images.length, byName });
  return byName;
}

export function findImage(registry: RegistrySpec, image: string): ImageSpec | undefined {
  return imageIndex(registry.images).get(canonicalName(image));
}

export function imageSize(registry: RegistrySpec, spec: ImageSpec | undefined): number {
  return Math.round(parseQuantity(spec?.size ?? registry.defaultSize) ?? 50 * 2 ** 20);
}

export function behaviorOf(registry: RegistrySpec, image: string): ContainerBehavior {
  return findImage(registry, image)?.run ?? DEFAULT_BEHAVIOR;
}

/** A stable content digest for an image name, so node status and imageIDs look real. */
export function digestOf(canonical: string): string {
  return `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
}

/** What the pull has to offer the registry: credentials from an imagePullSecret that exists. */
export interface PullContext {
  readonly hasCredentials: boolean;
}

export type PullOutcome =
  | { readonly ok: true; readonly duration: number; readonly size: number }
  | { readonly ok: false; readonly duration: number; readonly error: string };

/** How long a pull takes when nothing is in the way: the manifest round trips plus the layers. */
export function pullDuration(registry: RegistrySpec, spec: ImageSpec | undefined, size: number): number {
  if (spec?.pullTime !== undefined) return spec.pullTime;
  return 350 + Math.round((size / Math.max(1, registry.bandwidth)) * 1000);
}

/** What pulling `ref` from the registry gives (failures take the time containerd spends failing). */
export function pull(registry: RegistrySpec, ref: ImageRef, ctx: PullContext, present: boolean): PullOutcome {
  const spec = findImage(registry, ref.canonical);
  const r = ref.canonical;
  const host = registryHost(ref);
  const manifest = `https://${host}/v2/${ref.path}/manifests/${ref.digest ?? ref.tag ?? 'latest'}`;
  const prefix = `failed to pull and unpack image "${r}"`;
  if (spec?.unreachable === true) {
    const port = /:(\d+)$/.exec(ref.domain)?.[1] ?? '443';
    return {
      ok: false,
      duration: 30_000,
      error: `rpc error: code = Unknown desc = ${prefix}: failed to resolve reference "${r}": failed to do request: Head "${manifest}": dial tcp ${addressOf(host)}:${port}: i/o timeout`,
    };
  }
  if (spec?.badTLS === true) {
    return {
      ok: false,
      duration: 300,
      error: `rpc error: code = Unknown desc = ${prefix}: failed to resolve reference "${r}": failed to do request: Head "${manifest}": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
    };
  }
  if (spec?.auth === true && !ctx.hasCredentials) {
    const why =
      ref.domain === 'docker.io'
        ? 'pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed'
        : `failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://${host}/token?scope=repository%3A${encodeURIComponent(ref.path)}%3Apull&service=${host}: 401 Unauthorized`;
    return {
      ok: false,
      duration: 600,
      error: `rpc error: code = Unknown desc = ${prefix}: failed to resolve reference "${r}": ${why}`,
    };
  }
  if (spec?.exists === false) {
    return {
      ok: false,
      duration: 700,
      error: `rpc error: code = NotFound desc = ${prefix}: failed to resolve reference "${r}": ${r}: not found`,
    };
  }
  if (spec?.rateLimited === true) {
    // The tag resolves (HEAD is not counted); fetching the manifest by digest is refused.
    const byDigest = `https://${host}/v2/${ref.path}/manifests/${digestOf(r)}`;
    return {
      ok: false,
      duration: 900,
      error: `rpc error: code = Unknown desc = ${prefix}: failed to copy: httpReadSeeker: failed open: unexpected status code ${byDigest}: 429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit`,
    };
  }
  const size = imageSize(registry, spec);
  // A pull of an image whose layers are already there only resolves the manifest.
  const duration = present ? 350 + (ref.path.length % 7) * 40 : pullDuration(registry, spec, size);
  return { ok: true, duration, size };
}

/** A made-up but stable address for a registry host (what the dial error names). */
function addressOf(host: string): string {
  const h = createHash('sha256').update(host).digest();
  return `10.${20 + ((h[0] ?? 0) % 20)}.${h[1] ?? 0}.${1 + ((h[2] ?? 0) % 250)}`;
}
