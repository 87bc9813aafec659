import { describe, expect, it } from 'vitest';
import { canonicalJson, computeHash, fnv32a, safeEncodeString } from './hash.js';

describe('pod-template-hash', () => {
  it('is FNV-1a 32 rendered through SafeEncodeString', () => {
    expect(fnv32a('')).toBe(0x811c9dc5);
    expect(fnv32a('a')).toBe(0xe40c292c);
    // '1' is 49, 49 % 27 = 22 → '5'; '2' → '6'; '3' → '7'.
    expect(safeEncodeString('123')).toBe('567');
    expect(computeHash({ a: 1 })).toBe(safeEncodeString(String(fnv32a('{"a":1}'))));
  });

  it('does not depend on key order, and changes with the template or the collision count', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(computeHash({ a: 1, b: 2 })).toBe(computeHash({ b: 2, a: 1 }));
    expect(computeHash({ a: 1 })).not.toBe(computeHash({ a: 2 }));
    expect(computeHash({ a: 1 }, 1)).not.toBe(computeHash({ a: 1 }));
  });

  it('rehashes a template object that was edited in place', () => {
    const template: { spec: { image: string } } = { spec: { image: 'nginx:1.27' } };
    const first = computeHash(template);
    expect(computeHash(template)).toBe(first);
    template.spec.image = 'nginx:1.28';
    expect(computeHash(template)).toBe(computeHash({ spec: { image: 'nginx:1.28' } }));
    expect(computeHash(template)).not.toBe(first);
    expect(computeHash(template, 2)).toBe(computeHash({ spec: { image: 'nginx:1.28' } }, 2));
  });
});
