/**
 * scripts/find-kubectl.mjs, which the kubectl tests and .ci/run share: kubectl 1.27+ is found on
 * PATH and in the versioned install folder, an older one is never taken, and the command line
 * fails with one line when there is none.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientMinor, defaultKubectl, findKubectls } from '../scripts/find-kubectl.mjs';

const root = mkdtempSync(join(tmpdir(), 'handoff-find-kubectl-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A fake kubectl printing `version --client` as kubectl 1.28+ does, or in the version.Info layout of older ones. */
function fake(dir: string, file: string, minor: number, layout: 'new' | 'old' = 'new'): string {
  mkdirSync(dir, { recursive: true });
  const bin = join(dir, file);
  const text =
    layout === 'new'
      ? `Client Version: v1.${minor}.4\\nKustomize Version: v5.0.1`
      : `Client Version: version.Info{Major:"1", Minor:"${minor}", GitVersion:"v1.${minor}.3"}`;
  writeFileSync(bin, `#!/bin/sh\nprintf '${text}\\n'\n`);
  chmodSync(bin, 0o755);
  return bin;
}

const dir = (name: string) => join(root, name);
const oldOnPath = fake(dir('old'), 'kubectl', 20, 'old');
const newOnPath = fake(dir('new'), 'kubectl', 31);
const oldLayout127 = fake(dir('old-layout'), 'kubectl', 27, 'old');
fake(dir('sdk'), 'kubectl.1.27', 27, 'old');
fake(dir('sdk'), 'kubectl.1.33', 33);
fake(dir('sdk'), 'kubectl.1.26', 26, 'old');
const broken = join(dir('broken'), 'kubectl');
mkdirSync(dir('broken'));
writeFileSync(broken, '#!/bin/sh\nexit 1\n');
chmodSync(broken, 0o755);
const none = dir('empty');
mkdirSync(none);

const names = (path: string, versionedDir: string) =>
  findKubectls({ path, versionedDir }).map((k) => `${k.name} ${k.versioned ? 'versioned' : 'path'}`);

describe('findKubectls', () => {
  it('reads the client version in both layouts, and none from a binary that fails', () => {
    expect(clientMinor(newOnPath)).toBe(31);
    expect(clientMinor(oldLayout127)).toBe(27);
    expect(clientMinor(oldOnPath)).toBe(20);
    expect(clientMinor(broken)).toBeUndefined();
  });

  // [case, PATH dirs, versioned folder, found]
  const table: [string, string[], string, string[]][] = [
    ['on PATH only', [dir('new')], none, ['1.31 path']],
    ['in the versioned folder only', [none], dir('sdk'), ['1.27 versioned', '1.33 versioned']],
    ['both, oldest first', [dir('new')], dir('sdk'), ['1.27 versioned', '1.31 path', '1.33 versioned']],
    ['an older kubectl on PATH is never taken', [dir('old')], none, []],
    ['an older one first on PATH, a newer one after it', [dir('old'), dir('new')], none, ['1.31 path']],
    ['a kubectl that does not run is left out', [dir('broken')], none, []],
    ['nothing anywhere', [none], dir('missing'), []],
  ];
  it.each(table)('%s', (_, path, versioned, found) => {
    expect(names(path.join(delimiter), versioned)).toEqual(found);
  });

  it('runs the first 1.27+ kubectl on PATH when one version is enough, else the newest versioned one', () => {
    expect(
      defaultKubectl({ path: [dir('old'), dir('new')].join(delimiter), versionedDir: dir('sdk') })?.bin,
    ).toBe(newOnPath);
    expect(defaultKubectl({ path: dir('old'), versionedDir: dir('sdk') })?.bin).toBe(
      join(dir('sdk'), 'kubectl.1.33'),
    );
    expect(defaultKubectl({ path: dir('old'), versionedDir: none })).toBeUndefined();
  });
});

describe('node scripts/find-kubectl.mjs', () => {
  const script = join(import.meta.dirname, '..', 'scripts', 'find-kubectl.mjs');
  const run = (path: string[], versioned: string) =>
    spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { PATH: path.join(delimiter), KUBECTL_VERSIONED_DIR: versioned },
    });

  it('prints the kubectl to use', () => {
    expect(
      execFileSync(process.execPath, [script], {
        encoding: 'utf8',
        env: { PATH: dir('new'), KUBECTL_VERSIONED_DIR: none },
      }),
    ).toBe(`${newOnPath}\n`);
  });

  it('fails with one line when only an older kubectl exists', () => {
    const r = run([dir('old')], dir('missing'));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`no kubectl 1.27+ on PATH or in ${dir('missing')}\n`);
  });
});

describe('.ci/kubectl (sourced by .ci/run)', () => {
  const script = join(import.meta.dirname, '..', '.ci', 'kubectl');
  /** A bin folder with node and the few tools the install uses, and a curl that fetches `fetched`. */
  function tools(name: string, fetched: 'nothing' | 'old kubectl' | 'new kubectl'): string {
    const bin = dir(name);
    mkdirSync(bin, { recursive: true });
    symlinkSync(process.execPath, join(bin, 'node'));
    for (const t of ['mkdir', 'chmod', 'rm', 'uname']) symlinkSync(which(t), join(bin, t));
    writeFileSync(join(bin, 'sha256sum'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(bin, 'sha256sum'), 0o755);
    const minor = fetched === 'old kubectl' ? 20 : 33;
    const body =
      fetched === 'nothing'
        ? 'exit 22'
        : `out=""; while [ $# -gt 0 ]; do [ "$1" = -o ] && out="$2"; shift; done\n` +
          `[ -z "$out" ] && { echo abc; exit 0; }\n` +
          `printf '#!/bin/sh\\nprintf "Client Version: v1.${minor}.0\\\\n"\\n' > "$out"`;
    writeFileSync(join(bin, 'curl'), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, 'curl'), 0o755);
    return bin;
  }
  const which = (t: string) =>
    execFileSync('/bin/sh', ['-c', `command -v ${t}`], { encoding: 'utf8' }).trim();
  const run = (path: string[], install: string) =>
    spawnSync('/bin/bash', [script], {
      encoding: 'utf8',
      env: {
        PATH: path.join(delimiter),
        KUBECTL_VERSIONED_DIR: dir('missing'),
        KUBECTL_INSTALL_DIR: install,
      },
    });

  it('uses a kubectl 1.27+ already on PATH', () => {
    const r = run([tools('tools-ok', 'nothing'), dir('new')], dir('install-ok'));
    expect([r.status, r.stdout, r.stderr]).toEqual([0, `kubectl: ${newOnPath}\n`, '']);
  });

  // [case, what the download gives]
  const failing: [string, 'nothing' | 'old kubectl'][] = [
    ['only an older kubectl on PATH and the install fails', 'nothing'],
    ['only an older kubectl on PATH and the install brings an older one', 'old kubectl'],
  ];
  it.each(failing)('fails with one line: %s', (_, fetched) => {
    const name = fetched.replace(' ', '-');
    const r = run([tools(`tools-${name}`, fetched), dir('old')], dir(`install-${name}`));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `error: no kubectl 1.27+ on PATH or in ${dir('missing')}, and kubectl v1.33.1 could not be installed from dl.k8s.io\n`,
    );
  });

  it('installs kubectl when none is found, and puts it on PATH', () => {
    const install = dir('install-new');
    const r = run([tools('tools-new', 'new kubectl'), dir('old')], install);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(`kubectl: ${join(install, 'kubectl')}\n`);
  });
});
