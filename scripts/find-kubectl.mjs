// Finds the kubectl binaries the tests run (1.27 or newer): on PATH, and in the versioned install
// folder (gcloud's `kubectl.1.27` ... `kubectl.1.33` beside its kubectl, /usr/lib/google-cloud-sdk/bin,
// or KUBECTL_VERSIONED_DIR). Shared by the tests and .ci/run, so both look in the same places.
// Run: node scripts/find-kubectl.mjs  prints the kubectl to use, or one line on stderr and exit 1.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const MIN_MINOR = 27;
export const DEFAULT_VERSIONED_DIR = '/usr/lib/google-cloud-sdk/bin';
const VERSIONED = /^kubectl\.1\.(\d+)$/;

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The minor version `kubectl version --client` reports (every layout since 1.0), or undefined. */
export function clientMinor(bin) {
  let out;
  try {
    out = execFileSync(bin, ['version', '--client'], {
      encoding: 'utf8',
      timeout: 15_000,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KUBECONFIG: '/dev/null' },
    });
  } catch {
    return undefined;
  }
  const m = /GitVersion:"v1\.(\d+)|Client Version: v1\.(\d+)|Minor:"(\d+)/.exec(out);
  const minor = m === null ? NaN : Number(m[1] ?? m[2] ?? m[3]);
  return Number.isInteger(minor) ? minor : undefined;
}

/**
 * Every working kubectl 1.27+ found, one per minor version, oldest first. A versioned binary is
 * preferred to a plain `kubectl` of the same minor; PATH is searched in order.
 */
export function findKubectls(options = {}) {
  const path = options.path ?? process.env.PATH ?? '';
  const versionedDir = options.versionedDir ?? process.env.KUBECTL_VERSIONED_DIR ?? DEFAULT_VERSIONED_DIR;
  const onPath = path
    .split(delimiter)
    .filter((d) => d !== '')
    .map((d) => join(d, 'kubectl'))
    .filter(isFile);
  // The folder a PATH kubectl really lives in may hold its versioned siblings (gcloud's layout).
  const dirs = [versionedDir, ...onPath.map((p) => dirname(realpathSync(p)))];
  const byMinor = new Map();
  const seen = new Set();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      const m = VERSIONED.exec(f);
      const bin = join(dir, f);
      if (m === null || !isFile(bin) || seen.has(realpathSync(bin))) continue;
      seen.add(realpathSync(bin));
      // The name says the version; a binary that does not run is left out.
      const minor = clientMinor(bin);
      if (minor !== undefined && minor >= MIN_MINOR && !byMinor.has(minor))
        byMinor.set(minor, { name: `1.${minor}`, bin, minor, versioned: true });
    }
  }
  for (const bin of onPath) {
    if (seen.has(realpathSync(bin))) continue;
    seen.add(realpathSync(bin));
    const minor = clientMinor(bin);
    if (minor !== undefined && minor >= MIN_MINOR && !byMinor.has(minor))
      byMinor.set(minor, { name: `1.${minor}`, bin, minor, versioned: false });
  }
  return [...byMinor.values()].sort((a, b) => a.minor - b.minor);
}

/** The kubectl a test runs when one version is enough: the first 1.27+ on PATH, else the newest found. */
export function defaultKubectl(options = {}) {
  const path = options.path ?? process.env.PATH ?? '';
  for (const d of path.split(delimiter)) {
    if (d === '') continue;
    const bin = join(d, 'kubectl');
    if (!isFile(bin)) continue;
    const minor = clientMinor(bin);
    if (minor !== undefined && minor >= MIN_MINOR)
      return { name: `1.${minor}`, bin, minor, versioned: false };
  }
  return findKubectls(options).at(-1);
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const k = defaultKubectl();
  if (k === undefined) {
    process.stderr.write(
      `no kubectl 1.${MIN_MINOR}+ on PATH or in ${process.env.KUBECTL_VERSIONED_DIR ?? DEFAULT_VERSIONED_DIR}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${k.bin}\n`);
}
