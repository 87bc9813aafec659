/** joinLines: a message's first line and its continuation lines, as the readers join them. */
import { describe, expect, it } from 'vitest';
import { continuedByHand, joinLines } from './text.js';

describe('joinLines', () => {
  it.each<[string, string, string[], boolean[], string]>([
    [
      'by a space',
      'Back-off',
      ['restarting', 'failed container'],
      [false, false],
      'Back-off restarting failed container',
    ],
    [
      'by nothing where the terminal cut a word',
      'secrets "x" not f',
      ['ound'],
      [true],
      'secrets "x" not found',
    ],
    [
      'a writer\'s " \\" dropped',
      'Error creating: \\',
      ['failed calling webhook'],
      [false],
      'Error creating: failed calling webhook',
    ],
    ['every hand-continued line', 'a \\', ['b \\', 'c'], [false, false], 'a b c'],
    ['a backslash inside a word kept', 'C:\\dir\\', ['next'], [false], 'C:\\dir\\ next'],
    ['a line whose last but one character is a space is kept whole', 'x y', ['z'], [false], 'x y z'],
    [
      'no space before the first text when the first line is empty',
      '',
      ['', 'x', 'y'],
      [false, false, false],
      'x y',
    ],
    ['no lines to join', 'alone \\', [], [], 'alone \\'],
  ])('%s', (_name, first, rest, cuts, joined) => {
    expect(joinLines(first, rest, (i) => cuts[i] ?? false)).toBe(joined);
  });

  it('joins by spaces when told of no cut', () => {
    expect(joinLines('a', ['b', 'c'])).toBe('a b c');
  });

  it.each([
    ['ends in space backslash', 'x \\', true],
    ['ends in tab backslash', 'x\t\\', true],
    ['a path ending in a backslash', 'C:\\dir\\', false],
    ['a lone backslash', '\\', false],
    ['no backslash, space before the end', 'x y', false],
  ])('continuedByHand: %s', (_name, line, continued) => {
    expect(continuedByHand(line)).toBe(continued);
  });
});
