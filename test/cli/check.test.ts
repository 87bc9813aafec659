/**
 * `handoff check` on simulator scenarios (simulated time, no waiting): the issue's proofs.
 */
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

interface JsonLine {
  readonly type: 'start' | 'progress' | 'result' | 'summary';
  readonly [key: string]: unknown;
}

function jsonLines(stdout: string): JsonLine[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as JsonLine);
}

function summaryOf(stdout: string): { exitCode: number; result: string; elapsedMs: number } {
  const last = jsonLines(stdout).at(-1);
  expect(last?.type).toBe('summary');
  return last as unknown as { exitCode: number; result: string; elapsedMs: number };
}

const tmp = (): string => mkdtempSync(join(tmpdir(), 'handoff-check-'));

interface TestCase {
  '@_classname': string;
  '@_name': string;
  failure?: { '@_message': string; '@_type': string; '#text': string };
}

describe('handoff check --sim (simulated time)', () => {
  it('healthy-rollout: every target Ready and settled -> exit 0', async () => {
    const r = await runCli(['check', '--sim', 'healthy-rollout']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^handoff check: scenario healthy-rollout, timeout 5m \(simulated\)\n/);
    expect(r.stdout).toMatch(/\[\+\d+s\] pod shop\/web-\S+ {2}waiting: progressing image-pull/);
    // Ready at ~9s, then Ready for the 10s settle window (by the Ready condition's time).
    expect(r.stdout).toMatch(/result: all 3 targets ready after 1[89]s \(simulated\)/);
    expect(r.stdout).toContain('3 targets: 0 failed, 0 progressing, 3 healthy');
  });

  it('image-pull-not-found: exit 1 soon after the failure is definite, with a JUnit report naming image-pull', async () => {
    const dir = tmp();
    const junit = join(dir, 'junit.xml');
    const r = await runCli([
      'check',
      '--sim',
      'image-pull-not-found',
      '--report',
      `junit=${junit}`,
      '-o',
      'json',
    ]);
    expect(r.code).toBe(1);
    const summary = summaryOf(r.stdout);
    // The first pull fails at ~2s; the kubelet's first back-off is 10s, so the retry fails at
    // ~12s. Definite then (two failed pulls), and the check stops within one 1s step of it.
    expect(summary.elapsedMs).toBeGreaterThanOrEqual(10_000);
    expect(summary.elapsedMs).toBeLessThanOrEqual(2_000 + 10_000 + 1_000);
    expect(summary.result).toMatch(/^2 targets failed, definite after 1\ds \(simulated\)$/);

    const xml = readFileSync(junit, 'utf8');
    // fast-xml-parser 5 marks its validator deprecated in favour of fast-xml-validator, which is
    // not a dependency; it still validates well-formedness.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      isArray: (name) => name === 'testcase',
    }).parse(xml) as {
      testsuites: { testsuite: { '@_tests': string; '@_failures': string; testcase: TestCase[] } };
    };
    const suite = doc.testsuites.testsuite;
    expect(suite['@_tests']).toBe('2');
    expect(suite['@_failures']).toBe('2');
    for (const c of suite.testcase) {
      expect(c['@_classname']).toBe('shop');
      expect(c['@_name']).toMatch(/^Pod\/web-6896db467d-\w{5}$/);
      expect(c.failure?.['@_type']).toBe('image-pull/ImageNotFound');
      expect(c.failure?.['@_message']).toMatch(/^image-pull: ImageNotFound — /);
      expect(c.failure?.['#text']).toContain('Failed to pull image "registry.example.com/shop/web:1.4.2"');
    }
  });

  it('slow-image-pull: a two-minute pull is progress, not failure -> exit 0', async () => {
    const r = await runCli(['check', '--sim', 'slow-image-pull']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/result: the 1 target is ready after 2m5\ds \(simulated\)/);
  });

  it('still progressing at --timeout -> exit 4, with the latest diagnosis printed', async () => {
    const r = await runCli(['check', '--sim', 'slow-image-pull', '--timeout', '30s']);
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('result: timed out after 30s (simulated) with 1 target still progressing');
    expect(r.stdout).toMatch(/… PROGRESSING {2}pod ml\/inference-\S+ {2}image-pull/);
    expect(r.stdout).toContain('Image pull in progress (created 30s ago)');
  });

  it('a crash loop does not pass on its first Ready moment: it waits for 3 restarts -> exit 1', async () => {
    const r = await runCli(['check', '--sim', 'crashloop-exit-1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('waiting: Ready; settling for 10s');
    expect(r.stdout).toMatch(/not definite yet: restarted 1 time\(s\); definite after 3/);
    expect(r.stdout).toMatch(/FAILED crash CrashLoopBackOff — definite: restarted 3 times/);
  });

  it('a failure that mends before it is definite does not fail the check (ConfigMap applied 40s late)', async () => {
    const r = await runCli(['check', '--sim', 'healthy-recovered-configmap']);
    expect(r.stdout).toMatch(/failed volumes VolumeSourceNotFound — not definite yet/);
    expect(r.code).toBe(0);
  });

  it('Jobs must complete: a completed Job passes, one that exhausts its backoffLimit fails', async () => {
    const ok = await runCli(['check', '--sim', 'healthy-job-completed']);
    expect(ok.stdout).toContain("waiting: running; a Job's pods must complete");
    expect(ok.code).toBe(0);
    const bad = await runCli(['check', '--sim', 'job-backoff-limit', 'job/export-orders', '-n', 'batch']);
    expect(bad.stdout).toMatch(/not definite yet: the pod failed; Job export-orders may still retry/);
    expect(bad.stdout).toMatch(/definite: Job export-orders has failed/);
    expect(bad.code).toBe(1);
  });

  it('--fail-fast stops at the first definite failure', async () => {
    const r = await runCli(['check', '--sim', 'default', '--fail-fast', '-o', 'json']);
    expect(r.code).toBe(1);
    expect(summaryOf(r.stdout).result).toMatch(/stopped at the first \(--fail-fast\)$/);
  });

  it('-o json prints JSON lines: start, progress, one result per target, summary', async () => {
    const r = await runCli(['check', '--sim', 'image-pull-not-found', '-o', 'json']);
    const lines = jsonLines(r.stdout);
    expect(lines[0]).toMatchObject({
      type: 'start',
      source: 'scenario image-pull-not-found',
      time: 'simulated',
    });
    expect(lines.filter((l) => l.type === 'progress').length).toBeGreaterThanOrEqual(4);
    const results = lines.filter((l) => l.type === 'result');
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({
      state: 'definite',
      definite: true,
      diagnosis: { verdict: 'failed', stage: 'image-pull', reason: 'ImageNotFound' },
    });
  });

  it('--slo startup=2s fails a pod whose startup (without pulls and init) took longer, and shows the breakdown', async () => {
    const r = await runCli(['check', '--sim', 'healthy-statefulset', '--slo', 'startup=2s']);
    expect(r.code).toBe(1);
    // db-0 took 1.5s by the SLO definition (5s total, 3.5s pulling); db-1 3s waiting for its volume.
    expect(r.stdout).toMatch(
      /pod shop\/db-0 {2}ready — startup 5\.0s \(image pulls 3\.5s, init 0\.0s; 1\.5s by the SLO definition\)/,
    );
    expect(r.stdout).toMatch(/✗ FAILED {7}pod shop\/db-1 {2}scheduling\n/);
    expect(r.stdout).toContain(
      'Startup took 3.0s by the SLO definition (excluding image pulls and init containers), over the 2.0s budget; most time went to scheduling.',
    );
    expect(r.stdout).toContain(
      'startup 3.0s total − 0.0s image pulls − 0.0s init containers = 3.0s (budget 2.0s)',
    );
    const relaxed = await runCli(['check', '--sim', 'healthy-statefulset', '--slo', 'startup=5s']);
    expect(relaxed.code).toBe(0);
  });
});

describe('handoff check reports and annotations', () => {
  it('writes several reports at once; the markdown matches its snapshot', async () => {
    const dir = tmp();
    const md = join(dir, 'summary.md');
    const json = join(dir, 'report.json');
    const r = await runCli([
      'check',
      '--sim',
      'image-pull-not-found',
      '--report',
      `markdown=${md}`,
      '--report',
      `json=${json}`,
    ]);
    expect(r.code).toBe(1);
    expect(readFileSync(md, 'utf8')).toMatchSnapshot();
    const doc = JSON.parse(readFileSync(json, 'utf8')) as { kind: string; summary: { failed: number } };
    expect(doc).toMatchObject({ kind: 'DiagnosisReport', summary: { failed: 2 } });
  });

  it('--annotations github prints one ::error per failed target, escaped as workflow commands', async () => {
    const r = await runCli(['check', '--sim', 'image-pull-not-found', '--annotations', 'github']);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(
      /^::error title=handoff%3A image-pull\/ImageNotFound pod shop\/web-6896db467d-\w{5}::pod shop\/web-\S+: The image registry\.example\.com\/shop\/web:1\.4\.2 of container web does not exist in the registry \(not found\)\.%0Anext: kubectl describe pod /,
    );
  });

  it('a still-progressing target gets a ::warning, and a JUnit <error>', async () => {
    const dir = tmp();
    const junit = join(dir, 'j.xml');
    const r = await runCli([
      'check',
      '--sim',
      'slow-image-pull',
      '--timeout',
      '20s',
      '--annotations',
      'github',
      '--report',
      `junit=${junit}`,
    ]);
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/^::warning title=handoff%3A image-pull pod ml\/inference-\S+::/m);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<error message="still progressing at image-pull — [^"]*" type="Timeout">/,
    );
  });
});

describe('handoff check usage errors (exit 2, one message)', () => {
  it.each([
    [['--report', 'junit'], /--report: "junit" is not KIND=PATH/],
    [['--report', 'html=out.html'], /--report: "html=out.html" is not KIND=PATH/],
    [['--slo', 'memory=5s'], /--slo: "memory=5s" is not an SLO/],
    [['--slo', 'startup=fast'], /--slo startup: "fast" is not a duration/],
    [['--timeout', 'soon'], /--timeout: "soon" is not a duration/],
    [['--settle', 'x'], /--settle: "x" is not a duration/],
    [['deploy/nope'], /deploy\/nope: not found in the evidence/],
    [['--sim', 'healthy-rollout', '-f', 'x.yaml'], /--sim and -f\/--file cannot be used together/],
    [['--now', '2026-01-01T00:00:00Z'], /--now only applies to -f/],
    [['--annotations', 'github', '-o', 'json'], /would break the JSON lines of -o json/],
  ])('%j', async (args, message) => {
    const r = await runCli([
      'check',
      ...(args.includes('--sim') ? [] : ['--sim', 'healthy-rollout']),
      ...args,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses -o junit (reports are files) and a report path that is a directory or an input', async () => {
    const dir = tmp();
    const o = await runCli(['check', '--sim', 'healthy-rollout', '-o', 'junit']);
    expect(o.code).toBe(2);
    const d = await runCli(['check', '--sim', 'healthy-rollout', '--report', `junit=${dir}`]);
    expect(d.code).toBe(2);
    expect(d.stderr).toContain('is a directory');
    const input = join(dir, 'in.yaml');
    const f = await runCli(['check', '-f', input, '--report', `markdown=${input}`]);
    expect(f.code).toBe(2);
    expect(f.stderr).toContain('is one of the -f inputs');
  });

  it.each([
    ['an existing file', 'existing', [], /existing\.xml already exists; not overwriting it/],
    ['a symbolic link to a file', 'link', [], /link\.xml is a symbolic link/],
    ['a symbolic link, with --force', 'link', ['--force'], /link\.xml is a symbolic link/],
    ['a file in a folder that does not exist', 'missing', [], /the directory .*absent does not exist/],
  ] as const)(
    'refuses %s as a --report path up front: exit 2, nothing written',
    async (_, which, extra, why) => {
      const dir = tmp();
      const existing = join(dir, 'existing.xml');
      writeFileSync(existing, 'precious');
      const link = join(dir, 'link.xml');
      symlinkSync(existing, link);
      const paths = { existing, link, missing: join(dir, 'absent', 'r.xml') };
      const r = await runCli([
        'check',
        '--sim',
        'healthy-rollout',
        '--report',
        `junit=${paths[which]}`,
        ...extra,
      ]);
      expect(r.stderr).toMatch(why);
      expect(r.stdout).toBe('');
      expect(r.code).toBe(2);
      expect(readFileSync(existing, 'utf8')).toBe('precious');
      expect(existsSync(join(dir, 'absent'))).toBe(false);
    },
  );

  it('replaces an existing --report file with --force', async () => {
    const file = join(tmp(), 'existing.xml');
    writeFileSync(file, 'precious');
    const r = await runCli(['check', '--sim', 'healthy-rollout', '--report', `junit=${file}`, '--force']);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<\?xml/);
  });
});

describe('handoff -o junit / -o markdown (diagnose)', () => {
  it('prints the same renderers on stdout', async () => {
    const junit = await runCli(['--sim', 'image-pull-not-found', '-o', 'junit']);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="kube-handoff" tests="2" failures="2"/,
    );
    const md = await runCli(['--sim', 'healthy-rollout', '-o', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/^## kube-handoff\n\n\| Verdict \| Targets \|/);
    expect(md.stdout).toContain('| ✅ healthy | 3 |');
  });
});
