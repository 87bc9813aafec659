/**
 * workqueue.DefaultControllerRateLimiter's per-item part: after each failed sync the key is
 * requeued 5 ms later, doubling up to 1000 s; a successful sync forgets the failures.
 */
export class FailureBackoff {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly baseMs = 5,
    private readonly maxMs = 1_000_000,
  ) {}

  /** Records a failure and returns how long to wait before the retry. */
  next(key: string): number {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    return Math.min(this.baseMs * 2 ** n, this.maxMs);
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  count(key: string): number {
    return this.failures.get(key) ?? 0;
  }
}

/** Parses "v1.31.4" into [1, 31]; for wording that changed between releases. */
export function minorVersion(version: string): number {
  const m = /^v?(\d+)\.(\d+)/.exec(version);
  return m === null ? 0 : Number(m[1]) * 1000 + Number(m[2]);
}

export const atLeast = (version: string, major: number, minor: number): boolean =>
  minorVersion(version) >= major * 1000 + minor;
