import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareStrings, formatTime, parseTime } from './time.js';

describe('parseTime', () => {
  it('reads the API form and agrees with Date.parse', () => {
    expect(parseTime('2026-01-02T03:04:05Z')).toBe(Date.parse('2026-01-02T03:04:05Z'));
    expect(parseTime('2026-01-02T03:04:05.123456Z')).toBe(Date.parse('2026-01-02T03:04:05.123Z'));
    expect(parseTime('2026-01-02T05:04:05+02:00')).toBe(Date.parse('2026-01-02T03:04:05Z'));
  });

  it('treats absent, invalid and zero times as unknown', () => {
    expect(parseTime(undefined)).toBeUndefined();
    expect(parseTime('')).toBeUndefined();
    expect(parseTime('2026-13-02T03:04:05Z')).toBeUndefined();
    expect(parseTime('20x6-01-02T03:04:05Z')).toBeUndefined();
    expect(parseTime('1970-01-01T00:00:00Z')).toBeUndefined();
    expect(parseTime('not a time')).toBeUndefined();
  });

  it('matches Date.parse on every second-precision UTC time', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1971-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const text = formatTime(Math.floor(d.getTime() / 1000) * 1000);
          expect(parseTime(text)).toBe(Date.parse(text));
        },
      ),
    );
  });
});

describe('compareStrings', () => {
  it('orders by code point', () => {
    expect(['b', 'B', 'a'].sort(compareStrings)).toEqual(['B', 'a', 'b']);
  });
});
