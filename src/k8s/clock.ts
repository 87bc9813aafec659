/**
 * The one place outside the CLI that reads the wall clock. Everything else takes a `Clock` (or
 * a time) as a parameter, so that tests, replays and the simulator decide what "now" is; lint
 * bans `Date.now()` and `new Date()` elsewhere.
 */

/** Epoch milliseconds. */
export type Clock = () => number;

/** Real time. */
export const systemClock: Clock = () => Date.now();

/** The clock as a Date, for the collectors that stamp `capturedAt`. */
export const dateOf =
  (clock: Clock): (() => Date) =>
  () =>
    new Date(clock());
