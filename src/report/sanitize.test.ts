import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitize, sanitizeDeep } from './sanitize.js';

describe('sanitize', () => {
  it('strips CSI, OSC and single-character escapes and other control characters', () => {
    expect(sanitize('a\u001b[31mred\u001b[0m b')).toBe('ared b');
    expect(sanitize('\u001b]0;title\u0007x')).toBe('x');
    expect(sanitize('\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
    expect(sanitize('\u001bcreset')).toBe('reset');
    expect(sanitize('bell\u0007 back\bspace \u009b2Jc1')).toBe('bell backspace c1');
  });

  it('keeps newlines, tabs and ordinary Unicode', () => {
    expect(sanitize('line1\n\tline2 — ünïcode ✓')).toBe('line1\n\tline2 — ünïcode ✓');
  });

  it('leaves no control characters behind, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        // eslint-disable-next-line no-control-regex
        expect(sanitize(s)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      }),
    );
  });

  it('sanitises every string of a structure, keys included', () => {
    expect(sanitizeDeep({ 'k\u001b[1m': ['v\u0007', 1, null] })).toEqual({ k: ['v', 1, null] });
  });
});
