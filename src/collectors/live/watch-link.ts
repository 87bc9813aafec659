/**
 * Whether a watch still hears from the API server: one Link for all the collections followed.
 * A collection whose request fails, or whose stream stalls (no answer within a bound), is lost;
 * while any is lost the watch is stale since the last time the server answered, and it is live
 * again once every lost collection answers. The state changes are reported once each (not per
 * retry), and reconnects wait a capped exponential back-off with jitter.
 */

/** What the watch shows about its connection. Times are epoch ms of the watch's clock. */
export type LinkState =
  | { readonly live: false; readonly since: number; readonly why: string }
  | { readonly live: true; readonly at: number; readonly staleMs: number };

export interface BackoffOptions {
  /** First wait; 1 s by default. */
  readonly baseMs?: number;
  /** Longest wait; 30 s by default. */
  readonly capMs?: number;
  /** A number in [0, 1); Math.random by default. Injected for tests. */
  readonly random?: () => number;
}

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (1 for the first): baseMs doubled per attempt, at
 * most capMs, times a random factor in [0.5, 1) so that many watchers (and the collections of one)
 * do not reconnect in step.
 */
export function backoffDelay(attempt: number, o: BackoffOptions = {}): number {
  const base = o.baseMs ?? BACKOFF_BASE_MS;
  const cap = o.capMs ?? BACKOFF_CAP_MS;
  const random = o.random ?? Math.random;
  const full = Math.min(cap, base * 2 ** Math.min(30, Math.max(0, attempt - 1)));
  return Math.round(full * (0.5 + random() / 2));
}

export interface LinkClocks {
  /** Wall-clock time for `since` and `at` (the watch's `now`). */
  readonly wall: () => number;
  /** A clock for durations (the system clock); the wall clock of tests may stand still. */
  readonly elapsed: () => number;
}

export class Link {
  private lastContactWall: number;
  private lastContactElapsed: number;
  private readonly lost = new Map<string, string>();
  private stale: { readonly since: number; readonly sinceElapsed: number; readonly why: string } | undefined;

  constructor(
    private readonly clocks: LinkClocks,
    private readonly onChange: (state: LinkState) => void,
  ) {
    this.lastContactWall = clocks.wall();
    this.lastContactElapsed = clocks.elapsed();
  }

  /** The collection heard from the server (response headers, an event, a bookmark, a clean end). */
  contact(collection: string): void {
    this.lastContactWall = this.clocks.wall();
    this.lastContactElapsed = this.clocks.elapsed();
    if (!this.lost.delete(collection) || this.lost.size > 0 || this.stale === undefined) return;
    const { sinceElapsed } = this.stale;
    this.stale = undefined;
    this.onChange({ live: true, at: this.lastContactWall, staleMs: this.lastContactElapsed - sinceElapsed });
  }

  /** The collection lost the server: its request failed or its stream stalled. */
  fail(collection: string, why: string): void {
    this.lost.set(collection, why);
    if (this.stale !== undefined) return;
    this.stale = { since: this.lastContactWall, sinceElapsed: this.lastContactElapsed, why };
    this.onChange({ live: false, since: this.stale.since, why });
  }

  /** While stale: since when (wall clock), why, and for how long (the elapsed clock). */
  staleness(): { readonly since: number; readonly why: string; readonly forMs: number } | undefined {
    if (this.stale === undefined) return undefined;
    const why = [...this.lost.values()].at(-1) ?? this.stale.why;
    return { since: this.stale.since, why, forMs: this.clocks.elapsed() - this.stale.sinceElapsed };
  }
}
