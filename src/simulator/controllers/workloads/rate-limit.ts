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
