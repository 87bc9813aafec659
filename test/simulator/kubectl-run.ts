/** Runs a real kubectl against a kubeconfig, with a throwaway cache and home, for the tests. */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KubectlRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function kubectl(bin: string, kubeconfig: string, args: readonly string[]): Promise<KubectlRun> {
  return new Promise((resolve) => {
    execFile(
      bin,
      ['--kubeconfig', kubeconfig, ...args],
      {
        timeout: 30_000,
        env: { ...process.env, KUBECACHEDIR: join(tmpdir(), 'handoff-kubectl-cache-none'), HOME: tmpdir() },
      },
      (err, stdout, stderr) => {
        resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : 1, stdout, stderr });
      },
    );
  });
}
