import { describe, expect, it } from 'vitest';
import { add, formatQuantity, parseQuantity, prettyPrint } from './quantity.js';

const fmt = (s: string): string => {
  const q = parseQuantity(s);
  if (q === undefined) throw new Error(`bad ${s}`);
  return formatQuantity(q);
};

describe('quantity', () => {
  it('prints canonical forms as resource.Quantity.String() does', () => {
    expect(fmt('1800m')).toBe('1800m');
    expect(fmt('2000m')).toBe('2');
    expect(fmt('0.5')).toBe('500m');
    expect(fmt('4')).toBe('4');
    expect(fmt('1024Mi')).toBe('1Gi');
    expect(fmt('1536Mi')).toBe('1536Mi');
    expect(fmt('1000')).toBe('1k');
    expect(fmt('512')).toBe('512');
    expect(fmt('0')).toBe('0');
    expect(fmt('1e3')).toBe('1k');
  });
  it('adds with the receiver format, a zero receiver taking the other', () => {
    const zero = parseQuantity('0');
    const mi = parseQuantity('512Mi');
    if (zero === undefined || mi === undefined) throw new Error('parse');
    expect(formatQuantity(add(add(zero, mi), mi))).toBe('1Gi');
  });
  it('rejects text that is not a quantity', () => {
    expect(parseQuantity('two')).toBeUndefined();
    expect(parseQuantity('')).toBeUndefined();
  });
  it('pretty-prints sorted key=value lists', () => {
    const m = new Map([
      ['requests.memory', { milli: 1073741824000n, format: 'BinarySI' as const }],
      ['requests.cpu', { milli: 500n, format: 'DecimalSI' as const }],
    ]);
    expect(prettyPrint(m)).toBe('requests.cpu=500m,requests.memory=1Gi');
  });
  it('parses a repeated text to the same value, and a bad one to undefined again', () => {
    for (const text of ['1536Mi', '250m', '1.5', 'two', '1536Mi', 'two', ' 2 ']) {
      const q = parseQuantity(text);
      expect(parseQuantity(text)).toEqual(q);
      expect(q === undefined ? 'undefined' : formatQuantity(q)).toBe(
        (
          { '1536Mi': '1536Mi', '250m': '250m', '1.5': '1500m', two: 'undefined', ' 2 ': '2' } as Record<
            string,
            string
          >
        )[text],
      );
    }
  });
});
