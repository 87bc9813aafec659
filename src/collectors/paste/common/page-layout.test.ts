import { describe, expect, it } from 'vitest';
import { singleSpaced, withoutLineNumbers } from './page-layout.js';

describe('withoutLineNumbers', () => {
  it.each([
    ['spaces', ['1 $ kubectl get pods', '2 NAME    READY', '3 web-1   0/1']],
    ['right-aligned, past 9', [' 9 a', '10 b', '11 c']],
    ['tabs', ['1\ta', '2\tb', '3\tc']],
    ['bars', ['1 | a', '2 | b', '3 | c']],
    ['an empty numbered line', ['1 a', '2', '3 c']],
  ])('drops a gutter set with %s', (_, lines) => {
    const out = withoutLineNumbers(lines);
    expect(
      out.every(
        (l, k) => !/^\s*\d/.test(l) || /^\s*\d/.test((lines[k] ?? '').replace(/^\s*\d+\s?\|?\s?/, '')),
      ),
    ).toBe(true);
    expect(out.map((l) => l.trim())).toEqual(
      lines.map((l) => l.replace(/^ *\d+(?: ?\| ?| |\t|$)/, '').trim()),
    );
  });

  it.each([
    ['two numbered lines only', ['1 a', '2 b', 'c']],
    ['numbers that do not count up by one', ['3 a', '3 b', '3 c']],
    ['ages and times', ['2m  Warning  BackOff', '3m  Warning  BackOff', '4m  Warning  BackOff']],
    [
      'old events columns',
      ['  3m\t\t11s\t\t15\tdefault-scheduler', '  4m\t\t11s\t\t15\tx', '  5m\t\t1s\t\t1\ty'],
    ],
    ['clock times', ['12:00:01 a', '12:00:02 b', '12:00:03 c']],
  ])('keeps %s', (_, lines) => {
    expect(withoutLineNumbers(lines)).toEqual(lines);
  });
});

describe('singleSpaced', () => {
  it('drops the empty line between each two lines of a double-spaced run, and says where each line was', () => {
    const given = [
      'Events:',
      '',
      '  Type  Reason',
      '',
      '  ----  ------',
      '',
      '  Warning  Failed',
      '',
      'thanks',
    ];
    expect(singleSpaced(given)).toEqual({
      lines: ['Events:', '  Type  Reason', '  ----  ------', '  Warning  Failed', 'thanks'],
      origin: [0, 2, 4, 6, 8],
    });
  });

  it.each([
    ['paragraphs of prose', ['I ran it.', '', 'It failed:', '', 'NAME  READY', 'web   0/1']],
    ['two blank lines between blocks', ['a', '', '', 'b', '', '', 'c', '', '', 'd']],
    ['text with no blank lines', ['a', 'b', 'c', 'd']],
  ])('leaves %s alone', (_, lines) => {
    expect(singleSpaced(lines)).toBeUndefined();
  });
});
