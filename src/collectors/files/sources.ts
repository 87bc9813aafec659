import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, UsageError } from '../../errors/index.js';
import { formatBytes, parseQuantity } from '../../k8s/index.js';

export interface Source {
  /** File path, or "(stdin)". */
  readonly name: string;
  readonly text: string;
  /** The directory given with -f in which this file was found; absent for files named on their own. */
  readonly directory?: string;
}

/**
 * A file found in a directory that could not be read. Unlike a file named on its own, it does not
 * stop the run: it becomes a note, and the rest of the directory is read.
 */
export interface Unread {
  readonly directory: string;
  /** Names the file (and line), and why it was not read. */
  readonly error: InputError;
}

export interface ReadResult {
  readonly sources: Source[];
  readonly unread: Unread[];
}

/** Extensions read when a directory is given; single files are read whatever their name. */
const DIR_EXTENSIONS = /\.(json|ya?ml|txt|log)$/i;
export const STDIN_NAME = '(stdin)';

/**
 * The most one source (a file, a directory entry, stdin) may hold. Far above the largest real
 * dump, it exists so that endless input (`-f /dev/zero`, `yes | handoff -f -`) stops with a
 * message instead of growing without end.
 */
export const DEFAULT_INPUT_LIMIT = 512 * 2 ** 20;
/** The environment variable that overrides the input limit, as a Kubernetes quantity (2Gi, 800Mi). */
export const INPUT_LIMIT_ENV = 'HANDOFF_MAX_INPUT';
/** Bytes looked at to tell text from binary. */
const SNIFF_BYTES = 64 * 1024;

/** The input limit in bytes from HANDOFF_MAX_INPUT, else the default. */
export function inputLimit(env: Readonly<Record<string, string | undefined>> = {}): number {
  const text = env[INPUT_LIMIT_ENV];
  if (text === undefined || text.trim() === '') return DEFAULT_INPUT_LIMIT;
  const bytes = parseQuantity(text);
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 1) {
    throw new UsageError(
      `${INPUT_LIMIT_ENV}: "${text}" is not a size`,
      `give bytes or a quantity such as 2Gi or 800Mi (default ${formatBytes(DEFAULT_INPUT_LIMIT)})`,
    );
  }
  return Math.floor(bytes);
}

function tooLarge(name: string, limit: number): InputError {
  return new InputError(
    name,
    undefined,
    `is larger than the input limit of ${formatBytes(limit)} (${INPUT_LIMIT_ENV})`,
    `give only the objects that matter, or raise the limit, e.g. ${INPUT_LIMIT_ENV}=${formatBytes(limit * 2)}`,
  );
}

function rejectBinary(name: string, sample: Buffer): void {
  if (sample.includes(0)) {
    throw new InputError(
      name,
      undefined,
      'is binary, not text',
      'give JSON or YAML (kubectl get -o yaml), or kubectl output',
    );
  }
}

/** Rejects input that is empty or is not text (a NUL byte, or mostly undecodable bytes). */
export function checkText(name: string, bytes: Buffer): string {
  if (bytes.length === 0)
    throw new InputError(
      name,
      undefined,
      'is empty',
      'give a file with Kubernetes objects or kubectl output',
    );
  rejectBinary(name, bytes.subarray(0, SNIFF_BYTES));
  let text: string;
  try {
    text = bytes.toString('utf8');
  } catch {
    // Longer than the longest string the JavaScript engine can hold (about 512M characters).
    throw new InputError(
      name,
      undefined,
      `is too large to read as one text (${formatBytes(bytes.length)})`,
      'split it into several files, or give only the objects that matter',
    );
  }
  const head = text.slice(0, SNIFF_BYTES);
  let bad = 0;
  for (const ch of head) if (ch === '\uFFFD') bad++;
  if (bad > 16 && bad > head.length / 100) {
    throw new InputError(
      name,
      undefined,
      'is not UTF-8 text',
      'give JSON or YAML (kubectl get -o yaml), or kubectl output',
    );
  }
  if (text.trim() === '')
    throw new InputError(
      name,
      undefined,
      'holds only white space',
      'give a file with Kubernetes objects or kubectl output',
    );
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads a stream to its end, but stops at the input limit and, for binary input, at the first
 * block: leaving the loop early closes the stream (so `yes` gets SIGPIPE and /dev/zero is closed).
 */
async function readBounded(
  name: string,
  stream: AsyncIterable<Buffer | string>,
  limit: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = false;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > limit) throw tooLarge(name, limit);
    chunks.push(bytes);
    if (!sniffed && size >= SNIFF_BYTES) {
      sniffed = true;
      rejectBinary(name, Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
    }
  }
  return Buffer.concat(chunks, size);
}

async function readFileBounded(file: string, limit: number): Promise<Buffer> {
  try {
    // A regular file's size is known: refuse it without reading. Devices and pipes are read up to the limit.
    const st = await stat(file);
    if (st.isFile() && st.size > limit) throw tooLarge(file, limit);
    return await readBounded(file, createReadStream(file), limit);
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(file, undefined, describeFsError(err));
  }
}

const OTHER_TYPE = 'not a .json, .yaml, .yml, .txt or .log file';

/** Files to read under `dir`, in name order; what is passed over goes to `unread` with the reason. */
async function walk(root: string, dir: string, out: string[], unread: Unread[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const path = join(dir, e.name);
    const passOver = (reason: string): void => {
      unread.push({ directory: root, error: new InputError(path, undefined, reason) });
    };
    if (e.isDirectory()) {
      if (e.name.startsWith('.')) passOver('a hidden directory, not searched');
      else await walk(root, path, out, unread);
    } else if (!DIR_EXTENSIONS.test(e.name)) {
      passOver(OTHER_TYPE);
    } else if (e.isFile()) {
      out.push(path);
    } else if (e.isSymbolicLink()) {
      // A link to a file is read; a link to a directory is not followed (it may lead back up).
      const target = await stat(path).catch(() => undefined);
      if (target?.isFile() === true) out.push(path);
      else
        passOver(
          target === undefined ? 'a broken symbolic link' : 'a symbolic link to a directory, not followed',
        );
    } else {
      passOver('not a regular file');
    }
  }
}

function describeFsError(err: unknown): string {
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return err instanceof Error ? err.message : String(err);
  }
}

/**
 * Reads every path (files, directories recursively, "-" for stdin) as text, each at most `limit`
 * bytes. A path named on its own that cannot be read is an error; a file found in a directory
 * that cannot be read is returned in `unread`.
 */
export async function readSources(
  paths: readonly string[],
  stdin: NodeJS.ReadableStream,
  limit: number = DEFAULT_INPUT_LIMIT,
): Promise<ReadResult> {
  const sources: Source[] = [];
  const unread: Unread[] = [];
  let stdinUsed = false;
  for (const path of paths) {
    if (path === '-') {
      if (stdinUsed)
        throw new InputError(STDIN_NAME, undefined, 'given more than once', 'pass -f - only once');
      stdinUsed = true;
      const bytes = await readBounded(STDIN_NAME, stdin as AsyncIterable<Buffer | string>, limit);
      sources.push({ name: STDIN_NAME, text: checkText(STDIN_NAME, bytes) });
      continue;
    }
    let files: string[];
    let directory: string | undefined;
    const passedOver: Unread[] = [];
    try {
      const st = await stat(path);
      if (st.isDirectory()) {
        directory = path;
        files = [];
        await walk(path, path, files, passedOver);
        if (files.length === 0 && passedOver.length === 0) {
          throw new InputError(path, undefined, 'directory holds no .json, .yaml, .yml, .txt or .log files');
        }
      } else {
        files = [path];
      }
    } catch (err) {
      if (err instanceof InputError) throw err;
      throw new InputError(path, undefined, describeFsError(err));
    }
    for (const file of files) {
      if (directory === undefined) {
        sources.push({ name: file, text: checkText(file, await readFileBounded(file, limit)) });
        continue;
      }
      try {
        sources.push({ name: file, text: checkText(file, await readFileBounded(file, limit)), directory });
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        passedOver.push({ directory, error: err });
      }
    }
    unread.push(...passedOver);
  }
  return { sources, unread };
}
