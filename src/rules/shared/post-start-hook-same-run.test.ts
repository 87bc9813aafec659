import { describe, expect, it } from 'vitest';
import { hookFailedSince } from './post-start-hook.js';

describe('hookFailedSince', () => {
  const started = 1_000_000;
  it.each<[string, number, boolean]>([
    ['after the start', started + 2_000, true],
    ['at the start', started, true],
    ['exactly 10 s before the start', started - 10_000, true],
    ['just over 10 s before the start', started - 10_001, false],
  ])('%s', (_name, hookAt, same) => {
    expect(hookFailedSince(hookAt, started)).toBe(same);
  });
});
