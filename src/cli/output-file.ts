/**
 * Files the CLI writes (`check --report KIND=PATH`, `capture --out PATH`): never an existing file
 * without `--force`, never through a symbolic link at the final component, never into a folder
 * that does not exist (no parent is created behind the user's back). `checkOutputPath` runs before
 * anything is collected, so that a long check does not end in a refusal; `writeOutputFile`
 * enforces the same rules at write time (O_EXCL / O_NOFOLLOW), so that a race cannot break them.
 */
import { closeSync, constants, lstatSync, openSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError } from '../errors/index.js';

export interface OutputFileOptions {
  /** The flag that named the path, for messages (`--report junit=out.xml`, `--out`). */
  readonly flag: string;
  /** Replace an existing regular file. */
  readonly force: boolean;
}

function lstatOrUndefined(file: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

function refusal(
  file: string,
  o: OutputFileOptions,
  what: 'link' | 'directory' | 'exists' | 'no-parent',
): UsageError {
  const dir = path.dirname(file);
  switch (what) {
    case 'link':
      return new UsageError(
        `${o.flag}: ${file} is a symbolic link; kube-handoff does not write through links`,
        'name the file itself, or remove the link',
      );
    case 'directory':
      return new UsageError(
        `${o.flag}: ${file} is a directory`,
        'name a file in it, e.g. reports/handoff.xml',
      );
    case 'exists':
      return new UsageError(
        `${o.flag}: ${file} already exists; not overwriting it`,
        'choose another path, or pass --force to replace it',
      );
    case 'no-parent':
      return new UsageError(
        `${o.flag}: the directory ${dir} does not exist`,
        `create it first (mkdir -p ${dir}), or name a path in an existing directory`,
      );
  }
}

/** Refuses, up front, a path that `writeOutputFile` would refuse. */
export function checkOutputPath(file: string, o: OutputFileOptions): void {
  const st = lstatOrUndefined(file);
  if (st?.isSymbolicLink() === true) throw refusal(file, o, 'link');
  if (st?.isDirectory() === true) throw refusal(file, o, 'directory');
  if (st !== undefined && !o.force) throw refusal(file, o, 'exists');
  let parentIsDir = false;
  try {
    parentIsDir = statSync(path.dirname(path.resolve(file))).isDirectory();
  } catch {
    // Missing: refused below.
  }
  if (!parentIsDir) throw refusal(file, o, 'no-parent');
}

/** Writes `text` to `file` under the rules above. */
export function writeOutputFile(file: string, text: string, o: OutputFileOptions): void {
  const flags =
    constants.O_WRONLY |
    constants.O_CREAT |
    constants.O_NOFOLLOW |
    (o.force ? constants.O_TRUNC : constants.O_EXCL);
  let fd: number;
  try {
    // A regular file only: O_NOFOLLOW refuses a link at the final component, O_EXCL any existing
    // file, and a directory cannot be opened for writing (EISDIR).
    fd = openSync(file, flags, 0o644);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw refusal(file, o, lstatOrUndefined(file)?.isSymbolicLink() === true ? 'link' : 'exists');
    if (code === 'ELOOP') throw refusal(file, o, 'link');
    if (code === 'ENOENT') throw refusal(file, o, 'no-parent');
    if (code === 'EISDIR') throw refusal(file, o, 'directory');
    throw new InputError(file, undefined, `cannot write it: ${code ?? String(err)}`);
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}
