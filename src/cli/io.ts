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

/**
 * Writes pieces of output as they are produced, about 64 KiB at a time, waiting for the stream
 * to drain when it asks to: a report of 150,000 targets is never one string in memory.
 */
export async function writeChunks(out: NodeJS.WritableStream, chunks: Iterable<string>): Promise<void> {
  const LIMIT = 64 * 1024;
  let pending: string[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  for (const chunk of chunks) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= LIMIT) await flush();
  }
  await flush();
}
