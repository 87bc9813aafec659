/**
 * The kubelet's container restart back-off (client-go flowcontrol.Backoff as kuberuntime uses
 * it): keyed per pod+container, starting at 10 s and doubling to 300 s. The first exit restarts
 * at once and arms the back-off; an entry whose last exit is older than twice the maximum
 * (a container that ran ~10 minutes) starts over.
 */
export const INITIAL_BACKOFF_MS = 10_000;
export const MAX_BACKOFF_MS = 300_000;

interface Entry {
  backoff: number;
  lastUpdate: number;
}

export class CrashBackoff {
  private readonly entries = new Map<string, Entry>();

  /** `IsInBackOffSince`: still backing off for an instance that finished at `finishedAt`. */
  inBackOff(key: string, finishedAt: number, now: number): boolean {
    const e = this.entries.get(key);
    if (e === undefined) return false;
    if (finishedAt - e.lastUpdate > 2 * MAX_BACKOFF_MS) return false;
    return now - finishedAt < e.backoff;
  }

  /** Current window, ms (for `back-off 40s restarting failed container=…`). */
  get(key: string): number {
    return this.entries.get(key)?.backoff ?? 0;
  }

  /** When the current back-off for an instance that finished at `finishedAt` ends. */
  until(key: string, finishedAt: number): number {
    return finishedAt + this.get(key);
  }

  /** `Next`: a restart happens now; the next one waits twice as long. */
  next(key: string, finishedAt: number): void {
    const e = this.entries.get(key);
    if (e === undefined || finishedAt - e.lastUpdate > 2 * MAX_BACKOFF_MS) {
      this.entries.set(key, { backoff: INITIAL_BACKOFF_MS, lastUpdate: finishedAt });
      return;
    }
    e.backoff = Math.min(e.backoff * 2, MAX_BACKOFF_MS);
    e.lastUpdate = finishedAt;
  }

  forget(prefix: string): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }
}
