import { describe, expect, it } from 'vitest';
import { logEnd } from './log-end.js';

/**
 * How a log ends, read alone: the edges of the reader (repeats told apart from numbers, blank
 * lines, a negation only before the word it negates, an error after one wait).
 */
describe('logEnd', () => {
  it.each<[string, readonly string[], ReturnType<typeof logEnd>]>([
    [
      'a wait repeated with counters, then something else',
      ['waiting for db (1)', 'waiting for db (2)', 'still here'],
      'waiting',
    ],
    [
      'a wait repeated, indented differently',
      ['  waiting for db', 'waiting for db', 'still here'],
      'waiting',
    ],
    [
      'two different waits, then something else',
      ['waiting for db', 'waiting for cache', 'still here'],
      undefined,
    ],
    ['a wait then blank lines', ['waiting for db', '   ', ''], 'waiting'],
    ['one wait, then an error', ['waiting for db', 'error: boom'], 'error'],
    ['ready, with a negation after the word', ['connected', 'is ready now, no retries'], 'done'],
    ['ready, negated before it', ['connected', 'service not ready'], 'waiting'],
    ['nothing printed', ['', '  '], undefined],
  ])('%s', (_, lines, want) => {
    expect(logEnd(lines)).toBe(want);
  });
});
