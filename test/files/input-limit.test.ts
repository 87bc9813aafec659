/**
 * Issue 13, item 10: input is bounded. Each source (file, directory entry, stdin) may hold at most
 * the input limit (512Mi by default, HANDOFF_MAX_INPUT to change it); reading stops there with
 * exit 2 naming the source and the limit, and endless input never grows without end.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'handoff-limit-'));

const pod = `apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: shop, uid: u1, creationTimestamp: "2026-01-01T00:00:00Z"}
spec: {nodeName: n1, containers: [{name: app, image: nginx}]}
status: {phase: Failed, reason: Evicted, message: "The node was low on resource: memory. "}
`;

/** `yes`: "y\n" for ever (stopped at 64 MiB so that a reader without a limit still ends). */
function endlessYes(): { stream: Readable; pulled: () => number } {
  const chunk = Buffer.from('y\n'.repeat(32 * 1024));
  let pulled = 0;
  const stream = new Readable({
    read() {
      if (pulled >= 64 * 2 ** 20) {
        this.push(null);
        return;
      }
      pulled += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('input limit', () => {
  it('refuses a file larger than HANDOFF_MAX_INPUT with exit 2, naming the file and the limit', async () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, pod + `# ${'x'.repeat(100)}\n`.repeat(20_000));
    const r = await runCli(['-f', big, '-o', 'json'], { env: { HANDOFF_MAX_INPUT: '1Mi' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`handoff: error: ${big}: is larger than the input limit of 1Mi`);
    expect(r.stderr).toContain('HANDOFF_MAX_INPUT');
    // The same file under the default limit is read.
    expect((await runCli(['-f', big, '-o', 'json'])).code).toBe(1);
  });

  it('stops reading endless stdin (yes | handoff -f -) at the limit', async () => {
    const yes = endlessYes();
    const r = await runCli(['-f', '-'], { stdin: yes.stream, env: { HANDOFF_MAX_INPUT: '1Mi' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('(stdin): is larger than the input limit of 1Mi');
    expect(yes.pulled()).toBeLessThan(3 * 2 ** 20);
  });

  it('stops at the first block of -f /dev/zero: binary, exit 2, without reading on', async () => {
    const r = await runCli(['-f', '/dev/zero']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/dev/zero: is binary, not text');
  }, 20_000);

  it('rejects a HANDOFF_MAX_INPUT that is not a size, with exit 2', async () => {
    const r = await runCli(['-f', '-'], { stdin: pod, env: { HANDOFF_MAX_INPUT: 'lots' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('HANDOFF_MAX_INPUT: "lots" is not a size');
  });

  it('skips a ConfigMap of 10^6 keys unbuilt: the pod beside it is diagnosed, the note counts it', async () => {
    const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: big, namespace: shop}', 'data:'];
    for (let i = 0; i < 1e6; i++) lines.push(`  key${i}: value${i}`);
    const big = join(dir, 'configmap-and-pod.yaml');
    writeFileSync(big, `${lines.join('\n')}\n---\n${pod}`);
    const r = await runCli(['-f', big, '-o', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { diagnoses: { target: { name: string }; reason: string }[] };
    expect(report.diagnoses.map((d) => [d.target.name, d.reason])).toEqual([['web-1', 'Evicted']]);
    expect(r.stderr + r.stdout).toContain('skipped objects of kinds kube-handoff does not read: 1 ConfigMap');
  }, 30_000);
});
