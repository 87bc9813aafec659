/**
 * client-go's flowcontrol.Backoff as the kubelet uses it: per key, the first failure waits
 * `initial`, each further one doubles up to `max`; a key untouched for twice `max` starts over.
 * Times are simulated ms.
 */
export class Backoff {
  private readonly entries = new Map<string, { delay: number; lastUpdate: number }>();

  constructor(
    readonly initial: number,
    readonly max: number,
  ) {}

  /** Records a failure at `now` and returns the delay before the next attempt. */
  next(key: string, now: number): number {
    const e = this.entries.get(key);
    if (e === undefined || now - e.lastUpdate > 2 * this.max) {
      this.entries.set(key, { delay: this.initial, lastUpdate: now });
      return this.initial;
    }
    e.delay = Math.min(e.delay * 2, this.max);
    e.lastUpdate = now;
    return e.delay;
  }

  /** True while the delay since the last recorded failure has not passed. */
  inBackOffSinceUpdate(key: string, now: number): boolean {
    const e = this.entries.get(key);
    return e !== undefined && now - e.lastUpdate < e.delay;
  }

  /** The current delay for `key` (0 when it never failed). */
  delay(key: string): number {
    return this.entries.get(key)?.delay ?? 0;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}

/** Go's time.Duration.String() for whole milliseconds: "500ms", "2.31s", "1m5.2s", "1h0m0s". */
export function goDuration(ms: number): string {
  const total = Math.max(0, Math.trunc(ms));
  if (total === 0) return '0s';
  if (total < 1000) return `${total}ms`;
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = (total % 60_000) / 1000;
  const sec = `${trimFraction(s)}s`;
  if (h > 0) return `${h}h${m}m${sec}`;
  if (m > 0) return `${m}m${sec}`;
  return sec;
}

function trimFraction(s: number): string {
  return s.toFixed(3).replace(/\.?0+$/, '');
}
