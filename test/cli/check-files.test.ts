/** `handoff check -f`: a post-mortem on saved evidence, judged once (a bundle cannot progress). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const NOW = '2026-01-01T00:10:00Z';

function podYaml(name: string, status: string): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: shop
  creationTimestamp: "2026-01-01T00:00:00Z"
spec:
  nodeName: node-1
  containers:
    - name: web
      image: registry.example.com/shop/web:1.4.2
status:
${status}`;
}

const READY = `  phase: Running
  conditions:
    - {type: PodScheduled, status: "True", lastTransitionTime: "2026-01-01T00:00:01Z"}
    - {type: Ready, status: "True", lastTransitionTime: "2026-01-01T00:00:05Z"}
  containerStatuses:
    - name: web
      ready: true
      restartCount: 0
      started: true
      state: {running: {startedAt: "2026-01-01T00:00:04Z"}}
`;

const PULL_BACKOFF = `  phase: Pending
  conditions:
    - {type: PodScheduled, status: "True", lastTransitionTime: "2026-01-01T00:00:01Z"}
  containerStatuses:
    - name: web
      ready: false
      restartCount: 0
      state:
        waiting:
          reason: ImagePullBackOff
          message: 'Back-off pulling image "registry.example.com/shop/web:1.4.2"'
`;

const PULL_FAILED_EVENT = `---
apiVersion: v1
kind: Event
metadata: {name: bad.1, namespace: shop}
involvedObject:
  kind: Pod
  name: bad
  namespace: shop
  fieldPath: spec.containers{web}
reason: Failed
type: Warning
count: 4
firstTimestamp: "2026-01-01T00:00:02Z"
lastTimestamp: "2026-01-01T00:09:00Z"
source: {component: kubelet, host: node-1}
message: 'Failed to pull image "registry.example.com/shop/web:1.4.2": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/shop/web:1.4.2": failed to resolve reference "registry.example.com/shop/web:1.4.2": registry.example.com/shop/web:1.4.2: not found'
`;

const PULLING = `  phase: Pending
  conditions:
    - {type: PodScheduled, status: "True", lastTransitionTime: "2026-01-01T00:09:50Z"}
  containerStatuses:
    - name: web
      ready: false
      restartCount: 0
      state: {waiting: {reason: ContainerCreating}}
`;

function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'handoff-check-f-'));
  const p = join(dir, 'evidence.yaml');
  writeFileSync(p, text);
  return p;
}

describe('handoff check -f', () => {
  it('all Ready -> exit 0, without waiting or settling', async () => {
    const r = await runCli(['check', '-f', file(podYaml('ok', READY)), '--now', NOW]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('result: the 1 target is ready');
  });

  it('a failed target -> exit 1', async () => {
    const r = await runCli([
      'check',
      '-f',
      file(podYaml('bad', PULL_BACKOFF) + PULL_FAILED_EVENT),
      '--now',
      NOW,
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('result: 1 target failed\n');
    expect(r.stdout).toMatch(/✗ FAILED {7}pod shop\/bad {2}image-pull · ImageNotFound/);
  });

  it('a target still progressing in the evidence -> exit 4, saying a bundle cannot progress', async () => {
    const young = podYaml('young', PULLING).replace('2026-01-01T00:00:00Z', '2026-01-01T00:09:50Z');
    const r = await runCli(['check', '-f', file(young), '--now', NOW]);
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('a bundle cannot progress, so the check cannot wait for them');
  });
});

describe('handoff check with nothing to check does not pass', () => {
  const dir = mkdtempSync(join(tmpdir(), 'handoff-empty-'));
  const configMap = join(dir, 'cm.yaml');
  writeFileSync(configMap, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: shop}\n');
  const ready = join(dir, 'ready.yaml');
  writeFileSync(ready, podYaml('web-1', READY));

  it.each([
    ['a file with no pod, workload or Service', ['-f', configMap, '--now', NOW]],
    ['a namespace with nothing in it', ['-f', ready, '-n', 'nosuchns', '--now', NOW]],
    ['a selector that matches nothing', ['-f', ready, '-l', 'app=nothing', '--now', NOW]],
    ['a simulator namespace with nothing in it', ['--sim', 'healthy-rollout', '-n', 'nosuchns']],
  ])('%s: exit 5, saying nothing was checked; --allow-empty: exit 0', async (_, args) => {
    const empty = await runCli(['check', ...args]);
    expect(empty.stdout).toContain(
      'result: no targets in scope: nothing was checked (--allow-empty accepts that)',
    );
    expect(empty.code).toBe(5);
    const allowed = await runCli(['check', ...args, '--allow-empty']);
    expect(allowed.stdout).toContain('result: no targets in scope (accepted: --allow-empty)');
    expect(allowed.code).toBe(0);
  });

  it.each(['a=(b', 'A/B/c=d', 'a in (b', `a=${'x'.repeat(64)}`])(
    'an invalid selector %j is a usage error (exit 2) naming the flag',
    async (selector) => {
      const r = await runCli(['check', '-f', ready, '-l', selector, '--now', NOW]);
      expect(r.stderr).toMatch(/^handoff: error: -l\/--selector: /);
      expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(r.stderr.includes('hint') ? 2 : 1);
      expect(r.code).toBe(2);
    },
  );
});
