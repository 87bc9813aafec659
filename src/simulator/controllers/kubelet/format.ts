/**
 * The kubelet's message formats, kept in one place so every event and status string matches
 * what upstream prints (see shared/reference/kubernetes-facts.md §3.4, §4.3, §4.4).
 */
import type { PodObj } from '../../world/types.js';

/** `format.Pod`: name_namespace(uid), as kubelet messages name a pod. */
export const formatPod = (pod: PodObj): string =>
  `${pod.metadata.name}_${pod.metadata.namespace ?? 'default'}(${pod.metadata.uid ?? ''})`;

/** Go's time.Duration String() for whole seconds: 10s, 1m20s, 5m0s. */
export function goDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  if (total < 60) return `${total}s`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h${m}m${s}s` : `${m}m${s}s`;
}

const BINARY: readonly [string, number][] = [
  ['Ei', 2 ** 60],
  ['Pi', 2 ** 50],
  ['Ti', 2 ** 40],
  ['Gi', 2 ** 30],
  ['Mi', 2 ** 20],
  ['Ki', 2 ** 10],
];

/** resource.Quantity String() of a binary-SI byte count: the largest suffix that divides exactly. */
export function quantityString(bytes: number): string {
  const n = Math.round(bytes);
  if (n === 0) return '0';
  for (const [suffix, size] of BINARY) if (n % size === 0) return `${n / size}${suffix}`;
  return String(n);
}

/** The CRI error containerd returns when runc cannot start the process (facts §4.3). */
export const ociStartError = (detail: string): string =>
  `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${detail}: unknown`;

/**
 * Turns a scenario's `startError` into runc's detail for the container's executable:
 * "executable not found" → exec: "x": executable file not found in $PATH (or stat … no such
 * file for an absolute path), "permission denied" → exec: "x": permission denied. Anything
 * else is taken as runc's own detail (or a full runtime message when it already is one).
 */
export function startErrorMessage(startError: string, executable: string): string {
  if (startError.startsWith('failed to ') || startError.includes('OCI runtime')) return startError;
  const lower = startError.toLowerCase();
  if (lower.includes('not found') || lower.includes('no such file'))
    return ociStartError(
      executable.startsWith('/')
        ? `exec: "${executable}": stat ${executable}: no such file or directory`
        : `exec: "${executable}": executable file not found in $PATH`,
    );
  if (lower.includes('permission denied')) return ociStartError(`exec: "${executable}": permission denied`);
  if (lower.includes('exec format')) return ociStartError(`exec: "${executable}": exec format error`);
  return ociStartError(startError);
}

/** A containerd container ID: `containerd://` and 64 hex characters. */
export const CONTAINER_ID_PREFIX = 'containerd://';

/** A stable image digest for imageID (the simulated registry has no real manifests). */
export function imageDigest(image: string): string {
  let h1 = 0x811c9dc5;
  let out = '';
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < image.length; i++) h1 = Math.imul(h1 ^ image.charCodeAt(i), 0x01000193) >>> 0;
    h1 = Math.imul(h1 ^ round, 0x01000193) >>> 0;
    out += h1.toString(16).padStart(8, '0');
  }
  return out;
}

/** `docker.io/library/nginx@sha256:…` for `nginx:1.27`, as containerd reports imageID. */
export function imageIdOf(image: string): string {
  const noTag = image.replace(/@.*$/, '').replace(/:[^/:]+$/, '');
  const parts = noTag.split('/');
  const first = parts[0] ?? '';
  const hasRegistry =
    parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost');
  const repo = hasRegistry ? noTag : `docker.io/${parts.length === 1 ? `library/${noTag}` : noTag}`;
  return `${repo}@sha256:${imageDigest(image)}`;
}
