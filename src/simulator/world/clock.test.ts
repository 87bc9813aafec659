import { describe, expect, it } from 'vitest';
import { SimClock } from './clock.js';

const START = Date.parse('2026-01-01T00:00:00Z');
const plainIso = (at: number): string =>
  new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const plainMicro = (at: number): string => new Date(at).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

describe('SimClock', () => {
  it('formats metav1.Time at second precision and MicroTime with microseconds', () => {
    const c = new SimClock(START);
    expect(c.iso()).toBe('2026-01-01T00:00:00Z');
    c.advanceTo(START + 5_250);
    expect(c.iso()).toBe('2026-01-01T00:00:05Z');
    expect(c.microIso()).toBe('2026-01-01T00:00:05.250000Z');
    expect(c.elapsed()).toBe(5_250);
  });

  it('gives the same text as formatting each time afresh, in any order of instants', () => {
    const c = new SimClock(START);
    const instants = [0, 999, 1000, 1000, 59_999, 3_600_000, 1, 1_500, 1_500, 86_400_123, 0].map(
      (d) => START + d,
    );
    for (const at of instants) {
      expect(c.iso(at)).toBe(plainIso(at));
      expect(c.microIso(at)).toBe(plainMicro(at));
    }
    for (const d of [0, 400, 1_000, 1_999, 2_000, 61_001]) {
      c.advanceTo(START + d);
      expect(c.iso()).toBe(plainIso(START + d));
      expect(c.microIso()).toBe(plainMicro(START + d));
    }
  });

  it('refuses to go back', () => {
    const c = new SimClock(START);
    c.advanceTo(START + 10);
    expect(() => {
      c.advanceTo(START);
    }).toThrow('simulated time cannot go back');
  });
});
