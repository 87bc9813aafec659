import { describe, expect, it } from 'vitest';
import { joinedMessage } from './wrap.js';

/**
 * A message on a line of its own that the terminal wrapped: a word cut at the terminal's edge goes
 * on without a space. The edge is the paste's longest line (80 columns or more) when two lines reach
 * it; one longest line alone may be a long line followed by the reporter's words.
 */
const MSG = 'MountVolume.SetUp failed for volume "ca" : secrets "elasticsearch-sample" not found';
const ROW = ` Warning  FailedMount  42s (x8 over 1m)  kubelet, gke-dev-default-pool-21911173-dwvq  ${MSG}`;

/** Joins the first line with what follows as the floor does: the row reader hands in its message, trimmed. */
function joined(lines: string[]): string {
  const first = (lines[0] ?? '').slice(ROW.length - MSG.length).trim();
  return joinedMessage(lines, 0, lines.length, first);
}

describe('joinedMessage: words cut at the terminal edge', () => {
  it.each([
    ['mid-word', 4],
    ['after a hyphen', MSG.length - MSG.indexOf('sample')],
    ['before a quote', MSG.length - MSG.indexOf('" not')],
  ])('%s, the first line as long as another, the longest: no space', (_, tail) => {
    const edge = ROW.slice(0, ROW.length - tail);
    const lines = [edge, ROW.slice(ROW.length - tail), 'y'.repeat(edge.length)];
    expect(joinedMessage(lines, 0, 2, edge.slice(ROW.length - MSG.length).trim())).toBe(MSG);
  });

  it('one longest line alone is no edge: a space', () => {
    expect(joined([ROW.slice(0, -4), 'ound'])).toBe(`${MSG.slice(0, -4)} ound`);
  });

  it('a line that starts with a comma goes on without a space, at any width', () => {
    expect(joinedMessage(['Error: a "x"', ', and b'], 0, 2, 'Error: a "x"')).toBe('Error: a "x", and b');
  });

  it.each([
    ['the next line starts with a capital', [ROW.slice(0, -4), 'Ound'], `${MSG.slice(0, -4)} Ound`],
    ['the next line is indented', [ROW.slice(0, -4), '  ound'], `${MSG.slice(0, -4)} ound`],
    ['the first line ends in a blank', [ROW.slice(0, -5), 'found'], MSG],
    [
      'a longer line elsewhere in the paste: the first is not at the edge',
      [ROW.slice(0, -4), 'ound', 'x'.repeat(ROW.length + 5)],
      `${MSG.slice(0, -4)} ound ${'x'.repeat(ROW.length + 5)}`,
    ],
  ])('%s: a space', (_, lines, want) => {
    expect(joined(lines)).toBe(want);
  });

  it('a paste narrower than 80 columns has no terminal edge', () => {
    const short = 'Error: secret "db" not found';
    expect(joinedMessage([short.slice(0, -4), 'ound'], 0, 2, short.slice(0, -4))).toBe(
      'Error: secret "db" not f ound',
    );
  });
});
