/** Simulated time: milliseconds since the Unix epoch, advanced only by the simulation loop. */
export class SimClock {
  private current: number;
  /** The last second iso() formatted, and its text. */
  private isoSecond = Number.NaN;
  private isoText = '';
  /** The last instant microIso() formatted, and its text. */
  private microAt = Number.NaN;
  private microText = '';

  constructor(readonly start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  /** Time since the world began. */
  elapsed(): number {
    return this.current - this.start;
  }

  /** RFC 3339 with second precision, as the API serves metav1.Time. */
  iso(at = this.current): string {
    const second = Math.floor(at / 1000);
    // Most callers stamp the current instant, many times over: format each second once.
    if (second !== this.isoSecond) {
      this.isoSecond = second;
      this.isoText = new Date(second * 1000).toISOString().replace('.000Z', 'Z');
    }
    return this.isoText;
  }

  /** RFC 3339 with microseconds, as metav1.MicroTime (eventTime, series.lastObservedTime). */
  microIso(at = this.current): string {
    if (at !== this.microAt) {
      this.microAt = at;
      this.microText = new Date(at).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
    }
    return this.microText;
  }

  /** Only the simulation loop calls this. */
  advanceTo(at: number): void {
    if (at < this.current) throw new Error(`simulated time cannot go back (${at} < ${this.current})`);
    this.current = at;
  }
}
