import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

interface JsonReport {
  source: { type: string; scenario?: string };
  diagnoses: {
    target: { kind: string; name: string };
    verdict: string;
    stage: string | null;
    reason: string | null;
  }[];
}

describe('handoff sim list', () => {
  it('lists the library, one scenario a line with a description, including the named ones', async () => {
    const r = await runCli(['sim', 'list']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(40);
    const names = lines.map((l) => l.split(/\s+/)[0]);
    for (const name of [
      'default',
      'healthy-rollout',
      'image-pull-not-found',
      'slow-image-pull',
      'crashloop-exit-1',
    ])
      expect(names).toContain(name);
    for (const line of lines) expect(line).toMatch(/^\S+ {2,}\S.{10,}$/);
  });
});

describe('handoff sim run / --sim', () => {
  it('runs a scenario and diagnoses it like any evidence', async () => {
    const r = await runCli(['sim', 'run', 'image-pull-not-found', '-o', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.source).toMatchObject({ type: 'simulator', scenario: 'image-pull-not-found' });
    const failed = report.diagnoses.filter((d) => d.verdict === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((d) => d.stage === 'image-pull' && d.reason === 'ImageNotFound')).toBe(true);
  });

  it('--at shows an earlier moment: a slow pull is still progressing after 30 s', async () => {
    const early = await runCli(['--sim', 'slow-image-pull', '--at', '30s', '-o', 'json']);
    expect(early.code).toBe(0);
    const report = JSON.parse(early.stdout) as JsonReport;
    expect(report.diagnoses.some((d) => d.verdict === 'progressing')).toBe(true);
    expect(report.diagnoses.some((d) => d.verdict === 'failed')).toBe(false);
  });

  it('the demo cluster fails at many stages and keeps its healthy workloads healthy', async () => {
    const r = await runCli(['--sim', 'default', '-o', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as JsonReport;
    const stages = new Set(report.diagnoses.filter((d) => d.verdict === 'failed').map((d) => d.stage));
    expect(stages.size).toBeGreaterThanOrEqual(8);
    expect(report.diagnoses.some((d) => d.verdict === 'healthy')).toBe(true);
  });

  it('refuses an unknown scenario, a bad --at and --sim with -f, with exit 2', async () => {
    const unknown = await runCli(['--sim', 'no-such-scenario']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no scenario named "no-such-scenario"');
    const at = await runCli(['--sim', 'default', '--at', 'soon']);
    expect(at.code).toBe(2);
    expect(at.stderr).toContain('--at: "soon" is not a duration');
    const both = await runCli(['--sim', 'default', '-f', 'x.yaml']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--sim and -f/--file cannot be used together');
  });

  it('names the file and line of a mistake in a scenario file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'handoff-sim-'));
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'name: broken\ndescription: a typo\nexpect: {verdict: healthy}\nduraton: 5m\n');
    const r = await runCli(['sim', 'run', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:4: unknown field "duraton"`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
