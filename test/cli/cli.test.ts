import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'handoff-cli-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const evicted = `apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: shop, uid: u1, creationTimestamp: "2026-01-01T00:00:00Z", labels: {app: web}}
spec: {nodeName: n1, containers: [{name: app, image: nginx}]}
status: {phase: Failed, reason: Evicted, message: "The node was low on resource: memory. "}
---
apiVersion: v1
kind: Pod
metadata: {name: api-1, namespace: other, uid: u2, creationTimestamp: "2026-01-01T00:00:00Z", labels: {app: api}}
spec: {nodeName: n1, containers: [{name: app, image: nginx}]}
status:
  phase: Running
  conditions: [{type: Ready, status: "True", lastTransitionTime: "2026-01-01T00:00:05Z"}]
  containerStatuses: [{name: app, ready: true, restartCount: 0, state: {running: {startedAt: "2026-01-01T00:00:03Z"}}}]
`;

describe('handoff CLI', () => {
  it('exits 1 when a target failed, and prints the stage in text', async () => {
    const r = await runCli(['-f', file('a.yaml', evicted)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('2 targets: 1 failed, 0 progressing, 1 healthy');
    expect(r.stdout).toMatch(/FAILED\s+pod shop\/web-1\s+node · Evicted/);
    expect(r.stderr).toBe('');
  });

  it('exits 0 when nothing failed, and -n narrows the scope', async () => {
    const r = await runCli(['-f', file('b.yaml', evicted), '-n', 'other']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 target: 0 failed, 0 progressing, 1 healthy');
  });

  it('selects targets by name and by -l, and fails clearly on a target not in the evidence', async () => {
    const path = file('c.yaml', evicted);
    expect((await runCli(['-f', path, 'pod/api-1'])).code).toBe(0);
    expect((await runCli(['-f', path, '-l', 'app=web'])).code).toBe(1);
    const missing = await runCli(['-f', path, 'deploy/nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('handoff: error: deploy/nope: not found in the evidence');
  });

  it('writes the JSON contract', async () => {
    const r = await runCli(['-f', file('d.yaml', evicted), '-o', 'json']);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['apiVersion', 'kind', 'generatedAt', 'source', 'summary', 'diagnoses']);
    expect(doc).toMatchObject({
      apiVersion: 'handoff/v1',
      kind: 'DiagnosisReport',
      generatedAt: '2030-01-01T00:00:00.000Z',
      source: { type: 'file', referenceTime: '2026-01-01T00:00:05.000Z' },
      summary: { targets: 2, healthy: 1, progressing: 0, failed: 1, unknown: 0, byStage: { node: 1 } },
    });
    const [first] = doc.diagnoses as Record<string, unknown>[];
    expect(Object.keys(first ?? {})).toEqual([
      'target',
      'verdict',
      'stage',
      'reason',
      'ruleId',
      'container',
      'summary',
      'confidence',
      'evidence',
      'nextSteps',
      'chain',
    ]);
    expect(first).toMatchObject({
      target: { kind: 'Pod', namespace: 'shop', name: 'web-1', uid: 'u1' },
      verdict: 'failed',
      stage: 'node',
      reason: 'Evicted',
    });
  });

  it('writes YAML with the same content', async () => {
    const r = await runCli(['-f', file('e.yaml', evicted), '-o', 'yaml']);
    expect(r.stdout).toContain('apiVersion: handoff/v1');
    expect(r.stdout).toContain('kind: DiagnosisReport');
    expect(r.stdout).toContain('reason: Evicted');
  });

  it('reads stdin with -f -', async () => {
    const r = await runCli(['-f', '-', '-o', 'json'], { stdin: evicted });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ summary: { targets: 2 } });
  });

  it('gives one clear message and exit 2 for bad input, naming file and line', async () => {
    const bad = await runCli(['-f', file('bad.yaml', 'kind: Pod\nmetadata:\n  name: [x\n  y: 1\n')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^handoff: error: .*bad\.yaml:\d+: invalid YAML/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const empty = await runCli(['-f', file('empty.yaml', '')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('empty.yaml: is empty');
    const binary = await runCli(['-f', '-'], { stdin: Buffer.from([0, 1, 2, 3]) });
    expect(binary.code).toBe(2);
    expect(binary.stderr).toContain('(stdin): is binary, not text');
    const nothing = await runCli(['-f', file('prose.txt', 'just some words\n')]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('holds no Kubernetes objects or kubectl output kube-handoff can read');
    const missing = await runCli(['-f', join(dir, 'does-not-exist.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does-not-exist.yaml: no such file or directory');
  });

  it('rejects bad flags with exit 2', async () => {
    expect((await runCli(['--bogus'])).code).toBe(2);
    const format = await runCli(['-f', file('f.yaml', evicted), '-o', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("argument 'xml' is invalid");
    const now = await runCli(['-f', file('g.yaml', evicted), '--now', 'yesterday']);
    expect(now.code).toBe(2);
    expect(now.stderr).toContain('--now: "yesterday" is not a time');
    const sel = await runCli(['-f', file('h.yaml', evicted), '-l', 'a in (b']);
    expect(sel.code).toBe(2);
    const both = await runCli(['-f', file('i.yaml', evicted), '-n', 'x', '-A']);
    expect(both.code).toBe(2);
    const kind = await runCli(['-f', file('j.yaml', evicted), 'widget/x']);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain('unknown kind "widget"');
    // No files, no scenario and no kubeconfig anywhere: the live cluster cannot be found (exit 3).
    const none = await runCli([], { env: { HOME: '/nonexistent-home' } });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('--sim SCENARIO');
    expect(none.stderr).not.toMatch(/\n\s+at /);
  });

  it('prints help and version with exit 0', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: handoff');
    expect(help.stdout).toContain('Exit codes');
    expect((await runCli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('strips terminal control sequences from cluster text', async () => {
    const nasty = evicted.replace(
      'The node was low on resource: memory. ',
      'The node was low on resource: memory. \\u001b[2J\\u001b]0;pwned\\u0007',
    );
    const r = await runCli(['-f', file('k.yaml', nasty.replace('message: "', 'message: "'))]);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).not.toContain('\u0007');
    const j = await runCli(['-f', file('l.yaml', nasty), '-o', 'json']);
    expect(j.stdout).not.toMatch(/\\u001b|\\u0007/);
  });

  it('strips bidirectional overrides from cluster text in every output', async () => {
    const bidi = evicted.replace(
      'The node was low on resource: memory. ',
      'low memory \\u202Etxt.exe\\u202C \\u2066x\\u2069',
    );
    for (const format of ['text', 'json', 'yaml', 'markdown', 'junit']) {
      const r = await runCli(['-f', file(`bidi-${format}.yaml`, bidi), '-o', format]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('txt.exe');
      expect(r.stdout).not.toMatch(/[\u202a-\u202e\u2066-\u2069]|\\u202[a-e]|\\u206[6-9]/i);
    }
  });

  it('colours only on a TTY and never with NO_COLOR', async () => {
    const path = file('m.yaml', evicted);
    expect((await runCli(['-f', path], { tty: true })).stdout).toContain('\u001b[');
    expect((await runCli(['-f', path], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(
      '\u001b[',
    );
    expect((await runCli(['-f', path])).stdout).not.toContain('\u001b[');
  });

  it('lists the rule catalogue and explains one rule', async () => {
    const list = await runCli(['rules']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^node\/evicted\s+Pod evicted/m);
    const one = await runCli(['rules', 'node/evicted']);
    expect(one.stdout).toContain('stage:        node');
    expect(one.stdout).toContain('reason codes: Evicted');
    const bad = await runCli(['rules', 'evicted']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('did you mean: node/evicted');
  });
});
