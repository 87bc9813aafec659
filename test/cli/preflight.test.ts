/** `handoff preflight`: input handling, exit codes and every output format, in-process. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'preflight-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** A pod asking for more cpu than any worker of the insufficient-cpu scenario has. */
const BIG_POD = `apiVersion: v1
kind: Pod
metadata:
  name: trainer
  namespace: ml
spec:
  containers:
    - name: main
      image: registry.example/trainer:1.0
      resources:
        requests: { cpu: '64' }
`;
const SMALL_DEPLOY = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: web
          image: registry.example/web:2.1
          resources:
            requests: { cpu: 100m }
`;

describe('handoff preflight', () => {
  it('names the scheduling failure of a pod no node can hold, exit 1, with the manifest line', async () => {
    const path = file('big.yaml', `# a comment line\n---\n${BIG_POD}`);
    const r = await runCli(['preflight', '-f', path, '--sim', 'insufficient-cpu']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('1 target: 1 would fail, 0 cannot tell, 0 would pass');
    expect(r.stdout).toMatch(/WOULD FAIL +pod ml\/trainer +scheduling · InsufficientResources/);
    expect(r.stdout).toContain('Insufficient cpu');
    expect(r.stdout).toContain(`manifest: ${path}:3`);
  });

  it('exits 0 when nothing would fail, and says what it cannot tell', async () => {
    const path = file('small.yaml', SMALL_DEPLOY);
    const r = await runCli(['preflight', '-f', path, '--sim', 'insufficient-cpu', '-n', 'ml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 would fail/);
    expect(r.stdout).not.toContain('WOULD FAIL');
  });

  it('-o json is a PreflightReport whose targets carry the prediction', async () => {
    const path = file('both.yaml', `${BIG_POD}---\n${SMALL_DEPLOY}`);
    const r = await runCli(['preflight', '-f', path, '--sim', 'insufficient-cpu', '-n', 'ml', '-o', 'json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      kind: string;
      source: { type: string; scenario: string };
      diagnoses: {
        target: { kind: string; name: string; namespace: string };
        verdict: string;
        stage: string | null;
        reason: string | null;
        preflight: { verdict: string; file: string; line: number };
      }[];
    };
    expect(doc.kind).toBe('PreflightReport');
    expect(doc.source).toMatchObject({ type: 'simulator', scenario: 'insufficient-cpu' });
    const byName = new Map(doc.diagnoses.map((d) => [d.target.name, d]));
    expect(byName.get('trainer')).toMatchObject({
      verdict: 'failed',
      stage: 'scheduling',
      reason: 'InsufficientResources',
      preflight: { verdict: 'would-fail', file: path, line: 1 },
    });
    expect(byName.get('web')?.target).toEqual({ kind: 'Deployment', namespace: 'ml', name: 'web' });
    expect(byName.get('web')?.preflight.verdict).not.toBe('would-fail');
    expect(byName.get('web')?.preflight.line).toBe(13);
  });

  it('-o junit fails the case that would fail', async () => {
    const path = file('big2.yaml', BIG_POD);
    const r = await runCli(['preflight', '-f', path, '--sim', 'insufficient-cpu', '-o', 'junit']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /<testcase[^>]*name="Pod\/trainer"[^>]*>\s*<failure[^>]*type="scheduling\/InsufficientResources"/,
    );
  });

  it('--annotations github puts an error on the manifest file and line', async () => {
    const path = file('big3.yaml', `---\n${BIG_POD}`);
    const r = await runCli(['preflight', '-f', path, '--sim', 'insufficient-cpu', '--annotations', 'github']);
    expect(r.code).toBe(1);
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error '));
    expect(error).toContain(`file=${path.replaceAll(':', '%3A').replaceAll(',', '%2C')},line=2,`);
    expect(error).toContain('would fail at scheduling');
  });

  it('reads manifests from standard input', async () => {
    const r = await runCli(['preflight', '-f', '-', '--sim', 'insufficient-cpu'], { stdin: BIG_POD });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('manifest: (stdin):1');
  });

  it.each([
    ['no -f', [], /-f\/--file PATH is required/],
    ['a missing file', ['-f', join(dir, 'nope.yaml')], /nope\.yaml/],
    ['invalid YAML', ['-f', 'BAD:bad.yaml'], /bad\.yaml:\d+: invalid YAML/],
    ['a misspelt kind', ['-f', 'BAD:kind.yaml'], /kind\.yaml:1: unknown kind "Deploymnet" in apps\/v1/],
    [
      'an object without a name',
      ['-f', 'BAD:noname.yaml'],
      /noname\.yaml:1: Deployment has no metadata\.name/,
    ],
    ['no workload at all', ['-f', 'BAD:cm.yaml'], /no workload to judge/],
    [
      'a container without an image',
      ['-f', 'BAD:noimage.yaml'],
      /noimage\.yaml:5: Deployment\.apps "web" is invalid: spec\.template\.spec\.containers\[0\]\.image: Required value/,
    ],
    [
      'a selector that does not match the template',
      ['-f', 'BAD:selector.yaml'],
      /selector\.yaml:1: Deployment\.apps "web" is invalid: spec\.template\.metadata\.labels: .*`selector` does not match template `labels`/,
    ],
    [
      'two cluster states',
      ['-f', 'BAD:cm.yaml', '--against', 'x.yaml'],
      /--sim, --against and --kubeconfig\/--context each name the cluster/,
    ],
  ])('%s is a usage error (exit 2) naming the file and line', async (_name, args, message) => {
    const files: Record<string, string> = {
      'bad.yaml': 'kind: Pod\nmetadata: { name: [unclosed\n',
      'kind.yaml': 'apiVersion: apps/v1\nkind: Deploymnet\nmetadata: { name: web }\n',
      'noname.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {}\n',
      'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: settings }\ndata: { a: b }\n',
      'noimage.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\n---\n${SMALL_DEPLOY.replace(/ +image: .*\n/, '')}`,
      'selector.yaml': SMALL_DEPLOY.replace('matchLabels: { app: web }', 'matchLabels: { app: other }'),
    };
    const real = args.map((a) => (a.startsWith('BAD:') ? file(a.slice(4), files[a.slice(4)] ?? '') : a));
    const r = await runCli(['preflight', ...real, '--sim', 'insufficient-cpu']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('skips custom resources with a note instead of refusing them', async () => {
    const path = file(
      'crd.yaml',
      `apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata: { name: tls }\n---\n${BIG_POD}`,
    );
    const r = await runCli(['preflight', '-f', path, '--sim', 'insufficient-cpu']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${path}:1: Certificate tls (cert-manager.io/v1) is not judged`);
  });
});
