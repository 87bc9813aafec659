/**
 * Errors a user can cause and fix (bad flag, bad file, unreachable cluster), kept apart from
 * bugs. The CLI prints `message` and `hint` — never a stack trace — and exits with `exitCode`.
 */
export abstract class UserError extends Error {
  abstract readonly exitCode: 2 | 3;
  readonly hint: string | undefined;

  constructor(message: string, hint?: string) {
    super(message);
    this.name = new.target.name;
    this.hint = hint;
  }
}

/** A flag, argument or combination the CLI does not accept. Exit 2. */
export class UsageError extends UserError {
  readonly exitCode = 2 as const;
}

/** Input that cannot be read or parsed; names the file and, when known, the line. Exit 2. */
export class InputError extends UserError {
  readonly exitCode = 2 as const;
  readonly file: string;
  readonly line: number | undefined;

  constructor(file: string, line: number | undefined, message: string, hint?: string) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${message}`, hint);
    this.file = file;
    this.line = line;
  }
}

/** The cluster cannot be reached, or rejected the credentials. Exit 3. */
export class ClusterError extends UserError {
  readonly exitCode = 3 as const;
}

export function isUserError(err: unknown): err is UserError {
  return err instanceof UserError;
}
