import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { withoutFrameEnd, withoutWideEventTail } from './text.js';

// The regexes the two helpers replace (quadratic on long runs of spaces): on short text the
// helpers must answer exactly as they did.
const FRAME = /\s*[│┃|]\s*$/;
const WIDE_TAIL = /\s{2,}\S+\s+\d+\s+\S+\.[0-9a-f]{10,}\s*$/;

/** Text built from the pieces these line ends are made of, so that matches are frequent. */
const pieces = fc.constantFrom(
  ' ',
  '  ',
  '\t',
  '│',
  '┃',
  '|',
  'x',
  '5m',
  '12',
  '.',
  'web-1.17a2b3c4d5e6f7a8',
  '.0123456789',
  'abc',
);
const text = fc.array(pieces, { maxLength: 14 }).map((p) => p.join(''));

describe('withoutFrameEnd', () => {
  it.each([
    ['Back-off restarting failed container  │', 'Back-off restarting failed container'],
    ['msg ┃   ', 'msg'],
    ['msg|', 'msg'],
    ['a ││', 'a │'],
    ['no frame  ', 'no frame  '],
    ['│', ''],
    ['', ''],
    ['   ', '   '],
  ])('%j -> %j', (input, want) => {
    expect(withoutFrameEnd(input)).toBe(want);
  });

  it('answers as /\\s*[│┃|]\\s*$/ did', () => {
    fc.assert(
      fc.property(text, (s) => withoutFrameEnd(s) === s.replace(FRAME, '')),
      { numRuns: 3000 },
    );
  });
});

describe('withoutWideEventTail', () => {
  it.each([
    // kubectl get events -o wide: ... MESSAGE  FIRST SEEN  COUNT  NAME
    [
      'Back-off restarting failed container   10m   12   web-1.17a2b3c4d5e6f7a8',
      'Back-off restarting failed container',
    ],
    ['msg  5m 1 web-1.0123456789ab  ', 'msg'],
    // FIRST SEEN needs two spaces before it (a column gap), COUNT digits, NAME a `.hex` suffix.
    ['msg 5m 1 web-1.0123456789ab', 'msg 5m 1 web-1.0123456789ab'],
    ['msg  5m x web-1.0123456789ab', 'msg  5m x web-1.0123456789ab'],
    ['msg  5m 1 web-1.012345678', 'msg  5m 1 web-1.012345678'],
    ['msg  5m 1 web-1.0123456789AB', 'msg  5m 1 web-1.0123456789AB'],
    ['5m 1 web-1.0123456789ab', '5m 1 web-1.0123456789ab'],
    ['', ''],
  ])('%j -> %j', (input, want) => {
    expect(withoutWideEventTail(input)).toBe(want);
  });

  it('answers as the wide-tail regex did', () => {
    fc.assert(
      fc.property(text, (s) => withoutWideEventTail(s) === s.replace(WIDE_TAIL, '')),
      {
        numRuns: 3000,
      },
    );
  });
});
