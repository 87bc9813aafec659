import { describe, expect, it } from 'vitest';
import { between, isDigit, normaliseMessage, quoted, trimEnd, until } from './text-scan.js';

describe('normaliseMessage', () => {
  it('folds wrapped lines and trims both ends', () => {
    expect(normaliseMessage('  0/3 nodes are available:\n   3 Insufficient cpu.  \n')).toBe(
      '0/3 nodes are available: 3 Insufficient cpu.',
    );
  });
});

describe('isDigit', () => {
  it.each<[string | undefined, boolean]>([
    ['0', true],
    ['9', true],
    ['5', true],
    ['/', false],
    [':', false],
    ['a', false],
    [undefined, false],
  ])('%s -> %s', (c, digit) => {
    expect(isDigit(c)).toBe(digit);
  });
});

describe('trimEnd', () => {
  it.each<[string, string]>([
    ['cpu..', 'cpu'],
    ['x, ', 'x'],
    ['.. ,:', ''],
    ['.', ''],
    ['', ''],
    ['memory', 'memory'],
  ])('%j -> %j', (s, out) => {
    expect(trimEnd(s)).toBe(out);
  });
});

describe('quoted', () => {
  it.each<[string, number | undefined, string]>([
    ['secret "db-pass" not found', undefined, 'db-pass'],
    ['"app" is waiting', undefined, 'app'],
    ['no quotes here', undefined, ''],
    ['configmap "a" not found', 13, ''],
    ['unterminated "abc', undefined, ''],
    ['a "b" then "c"', 5, 'c'],
  ])('%j from %s -> %j', (text, from, out) => {
    expect(from === undefined ? quoted(text) : quoted(text, from)).toBe(out);
  });
});

describe('until and between', () => {
  it.each<[string, readonly string[], string]>([
    ['.x', ['.'], ''],
    ['abc; def, ghi', [',', ';'], 'abc'],
    ['abc, def; ghi', [';', ','], 'abc'],
    ['  whole text  ', ['|'], 'whole text'],
  ])('until(%j, %j) -> %j', (text, ends, out) => {
    expect(until(text, ...ends)).toBe(out);
  });
  it('reads after a marker up to the first end, or nothing when the marker is absent', () => {
    expect(between('node(s) had taint {key: value}, that', 'taint ', ',')).toBe('{key: value}');
    expect(between('no marker', 'taint ', ',')).toBe('');
  });
});
