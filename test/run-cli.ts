import { PassThrough, Readable } from 'node:stream';
import { main } from '../src/cli/main.js';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in-process with captured streams, a fixed clock and no TTY. */
export async function runCli(
  args: readonly string[],
  opts: {
    stdin?: string | Buffer | NodeJS.ReadableStream;
    env?: Record<string, string>;
    tty?: boolean;
  } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough();
  out.on('data', (c: Buffer) => (stdout += c.toString()));
  const err = new PassThrough();
  err.on('data', (c: Buffer) => (stderr += c.toString()));
  const stdinStream =
    opts.stdin === undefined || typeof opts.stdin === 'string' || Buffer.isBuffer(opts.stdin)
      ? Readable.from(
          opts.stdin === undefined
            ? []
            : [typeof opts.stdin === 'string' ? Buffer.from(opts.stdin) : opts.stdin],
        )
      : opts.stdin;
  const stdoutStream = Object.assign(out, { isTTY: opts.tty === true });
  const code = await main(args, {
    stdout: stdoutStream,
    stderr: err,
    stdin: stdinStream,
    env: opts.env ?? {},
    now: () => Date.parse('2030-01-01T00:00:00Z'),
  });
  await new Promise((r) => setImmediate(r));
  return { code, stdout, stderr };
}
