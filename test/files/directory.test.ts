/**
 * Issue 13, item 11: in a directory, a file that cannot be read (malformed, binary, empty, of
 * another type) is a note naming it, and the rest is read; exit 2 only when nothing readable is left.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const pod = `apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: shop, uid: u1, creationTimestamp: "2026-01-01T00:00:00Z"}
spec: {nodeName: n1, containers: [{name: app, image: nginx}]}
status: {phase: Failed, reason: Evicted, message: "The node was low on resource: memory. "}
`;

function directory(files: Readonly<Record<string, string | Buffer>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'handoff-dir-'));
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
  }
  return dir;
}

const broken = {
  'bad.yaml': 'kind: Pod\nmetadata:\n  name: [x\n  y: 1\n',
  'zero.yaml': Buffer.from([0, 1, 2, 3]),
  'blob.bin': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]),
  'empty.json': '',
  'prose.txt': 'just some words\n',
};

describe('a directory with files that cannot be read', () => {
  it('notes each unreadable file, malformed or binary alike, and reads the rest', async () => {
    const dir = directory({ ...broken, 'sub/pod.yaml': pod, '.git/x.yaml': pod });
    const r = await runCli(['-f', dir, '-o', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { diagnoses: { target: { name: string }; reason: string }[] };
    expect(report.diagnoses.map((d) => [d.target.name, d.reason])).toEqual([['web-1', 'Evicted']]);
    const notes = r.stderr.split('\n').filter((l) => l.startsWith('handoff: note: skipped '));
    expect(notes).toEqual([
      `handoff: note: skipped ${join(dir, '.git')}: a hidden directory, not searched`,
      `handoff: note: skipped ${join(dir, 'bad.yaml')}:4: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`,
      `handoff: note: skipped ${join(dir, 'blob.bin')}: not a .json, .yaml, .yml, .txt or .log file`,
      `handoff: note: skipped ${join(dir, 'empty.json')}: is empty`,
      `handoff: note: skipped ${join(dir, 'prose.txt')}: holds no Kubernetes objects or kubectl output kube-handoff can read`,
      `handoff: note: skipped ${join(dir, 'zero.yaml')}: is binary, not text`,
    ]);
    expect(r.stderr).not.toMatch(/handoff: error/);
  });

  it('the text report lists the same notes', async () => {
    const dir = directory({ 'bad.yaml': broken['bad.yaml'], 'pod.yaml': pod });
    const r = await runCli(['-f', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`note: skipped ${join(dir, 'bad.yaml')}:4: invalid YAML`);
    expect(r.stdout).toContain('web-1');
  });

  it('exits 2 naming the directory and every file when nothing in it is readable', async () => {
    const dir = directory(broken);
    const r = await runCli(['-f', dir, '-o', 'json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const first = r.stderr.split('\n')[0] ?? '';
    expect(first).toMatch(new RegExp(`^handoff: error: ${dir}: no file in it could be read \\(5 files\\): `));
    for (const name of Object.keys(broken)) expect(first).toContain(join(dir, name));
  });

  it('a file named on its own is still an error, not a note', async () => {
    const dir = directory({ 'bad.yaml': broken['bad.yaml'], 'pod.yaml': pod });
    const r = await runCli(['-f', join(dir, 'bad.yaml'), '-f', join(dir, 'pod.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`handoff: error: ${join(dir, 'bad.yaml')}:4: invalid YAML`);
  });
});
