import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../errors/index.js';

export interface Source {
  /** File path, or "(stdin)". */
  readonly name: string;
  readonly text: string;
}

/** Extensions read when a directory is given; single files are read whatever their name. */
const DIR_EXTENSIONS = /\.(json|ya?ml|txt|log)$/i;
export const STDIN_NAME = '(stdin)';

/** Rejects input that is empty or is not text (a NUL byte, or mostly undecodable bytes). */
export function checkText(name: string, bytes: Buffer): string {
  if (bytes.length === 0)
    throw new InputError(
      name,
      undefined,
      'is empty',
      'give a file with Kubernetes objects or kubectl output',
    );
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.includes(0)) {
    throw new InputError(
      name,
      undefined,
      'is binary, not text',
      'give JSON or YAML (kubectl get -o yaml), or kubectl output',
    );
  }
  const text = bytes.toString('utf8');
  const head = text.slice(0, 64 * 1024);
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

async function readStdin(stdin: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) await walk(path, out);
    else if (e.isFile() && DIR_EXTENSIONS.test(e.name)) out.push(path);
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

/** Reads every path (files, directories recursively, "-" for stdin) as text. */
export async function readSources(paths: readonly string[], stdin: NodeJS.ReadableStream): Promise<Source[]> {
  const out: Source[] = [];
  let stdinUsed = false;
  for (const path of paths) {
    if (path === '-') {
      if (stdinUsed)
        throw new InputError(STDIN_NAME, undefined, 'given more than once', 'pass -f - only once');
      stdinUsed = true;
      out.push({ name: STDIN_NAME, text: checkText(STDIN_NAME, await readStdin(stdin)) });
      continue;
    }
    let files: string[];
    try {
      const st = await stat(path);
      if (st.isDirectory()) {
        files = [];
        await walk(path, files);
        if (files.length === 0) {
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
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (err) {
        throw new InputError(file, undefined, describeFsError(err));
      }
      out.push({ name: file, text: checkText(file, bytes) });
    }
  }
  return out;
}
