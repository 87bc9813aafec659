/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIO {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Wall clock, epoch ms (injected so tests are deterministic). */
  readonly now: () => number;
}

export function processIO(): CliIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    now: () => Date.now(),
  };
}

/** Exit codes, docs/architecture.md §4. */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  cluster: 3,
  timeout: 4,
  /** `handoff check` found nothing to check (no targets in scope) and --allow-empty was not given. */
  empty: 5,
} as const;
