// Loaded with `node --import` by corpus-digest.mjs: pins the wall clock, so that evidence with no
// time of its own (a paste of ages, a bare message) gives the same report on every run.
const T = Date.parse('2026-12-01T12:00:00.000Z');
const RealDate = Date;
class FrozenDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(T);
    else super(...args);
  }
  static now() {
    return T;
  }
}
globalThis.Date = FrozenDate;
