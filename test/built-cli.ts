/** The built CLI (dist/), for tests that run `handoff` as a process, as users do. */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** dist must hold the current sources: build when any source is newer than the build. */
export function ensureBuilt(): void {
  let built: number;
  try {
    built = statSync(join(ROOT, 'dist/cli/bin.js')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built < newestMtime(join(ROOT, 'src')))
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore', timeout: 180_000 });
}
