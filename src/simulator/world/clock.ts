/** Simulated time: milliseconds since the Unix epoch, advanced only by the simulation loop. */
export class SimClock {
  private current: number;

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
    return new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  }

  /** RFC 3339 with microseconds, as metav1.MicroTime (eventTime, series.lastObservedTime). */
  microIso(at = this.current): string {
    return new Date(at).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  }

  /** Only the simulation loop calls this. */
  advanceTo(at: number): void {
    if (at < this.current) throw new Error(`simulated time cannot go back (${at} < ${this.current})`);
    this.current = at;
  }
}
