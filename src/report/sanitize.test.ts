import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitize, sanitizeDeep } from './sanitize.js';

// eslint-disable-next-line no-control-regex -- the characters that must not survive
const LEFT_OVER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('sanitize', () => {
  it('strips CSI, OSC and single-character escapes and other control characters', () => {
    expect(sanitize('a\u001b[31mred\u001b[0m b')).toBe('ared b');
    expect(sanitize('\u001b]0;title\u0007x')).toBe('x');
    expect(sanitize('\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
    expect(sanitize('\u001bcreset')).toBe('reset');
    expect(sanitize('bell\u0007 back\bspace \u009b2Jc1')).toBe('bell backspace c1');
  });

  it('strips bidirectional overrides, embeddings, isolates and marks (Trojan Source)', () => {
    const bidi = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
    ];
    for (const c of bidi) expect(sanitize(`pod ${c}evil${c} ok`)).toBe('pod evil ok');
    expect(sanitize('image "\u202egnp.exe"')).toBe('image "gnp.exe"');
  });

  it('keeps newlines, tabs and ordinary Unicode', () => {
    expect(sanitize('line1\n\tline2 — ünïcode ✓')).toBe('line1\n\tline2 — ünïcode ✓');
  });

  it('leaves no control characters behind, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expect(sanitize(s)).not.toMatch(LEFT_OVER);
      }),
    );
  });

  it('sanitises every string of a structure, keys included', () => {
    expect(sanitizeDeep({ 'k\u001b[1m': ['v\u0007', 1, null] })).toEqual({ k: ['v', 1, null] });
  });
});
