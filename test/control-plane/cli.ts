/** Runs the built CLI (`node bin/handoff.js`) as a black box against the real control plane. */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './harness.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ReportDiagnosis {
  readonly target: { readonly kind: string; readonly namespace: string; readonly name: string };
  readonly verdict: string;
  readonly stage: string | null;
  readonly reason: string | null;
  readonly ruleId: string | null;
  readonly summary: string;
  readonly evidence: readonly { readonly source: string; readonly text: string }[];
  readonly chain: readonly { readonly stage: string; readonly status: string }[];
}

export interface Report {
  readonly apiVersion: string;
  readonly kind: string;
  readonly source: Record<string, unknown>;
  readonly summary: Record<string, unknown>;
  readonly diagnoses: readonly ReportDiagnosis[];
}

const home = mkdtempSync(path.join(os.tmpdir(), 'handoff-cp-home-'));

export function handoff(args: readonly string[]): Promise<CliRun> {
  // A HOME of its own and no KUBECONFIG: only the kubeconfig named on the command line counts.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, CI: 'true', NO_COLOR: '1' };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO, 'bin/handoff.js'), ...args],
      { cwd: REPO, env, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `handoff -A --kubeconfig K -o json` parsed; throws with stderr when the CLI did not give a report. */
export async function diagnoseAll(
  kubeconfig: string,
  extra: readonly string[] = [],
): Promise<{ run: CliRun; report: Report }> {
  const run = await handoff(['-A', '--kubeconfig', kubeconfig, '-o', 'json', ...extra]);
  if (run.code !== 0 && run.code !== 1)
    throw new Error(`handoff exited ${String(run.code)}:\n${run.stderr}\n${run.stdout.slice(0, 2000)}`);
  return { run, report: JSON.parse(run.stdout) as Report };
}

/** `handoff: note: could not read …` lines: evidence the collector was refused or could not get. */
export function missingNotes(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.includes('could not read'));
}
