import { describe, expect, it } from 'vitest';
import { parseGetEvents } from './events.js';

/**
 * Rows of a real layout whose cells were damaged in the paste (edited, retyped, cut): the table
 * stops at a row it cannot read rather than inventing an event from it.
 */
describe('an events table stops at a damaged row', () => {
  it.each([
    [
      'a TYPE that is not a word',
      'LAST SEEN   TYPE       REASON   OBJECT      MESSAGE',
      '5m          Warning    Failed   pod/web-1   Error: ErrImagePull',
      '4m          Warning!   Failed   pod/web-2   Error: ErrImagePull',
    ],
    [
      'a TYPE with a digit in it',
      'LAST SEEN   TYPE       REASON   OBJECT      MESSAGE',
      '5m          Warning    Failed   pod/web-1   Error: ErrImagePull',
      '4m          Warning2   Failed   pod/web-2   Error: ErrImagePull',
    ],
    [
      'a TYPE with a digit before it',
      'LAST SEEN   TYPE       REASON   OBJECT      MESSAGE',
      '5m          Warning    Failed   pod/web-1   Error: ErrImagePull',
      '4m          2Warning   Failed   pod/web-2   Error: ErrImagePull',
    ],
    [
      'a KIND in lower case (kubectl 1.14)',
      'LAST SEEN   TYPE      REASON   KIND   MESSAGE',
      '5m          Warning   Failed   Pod    Error: ErrImagePull',
      '4m          Warning   Failed   pod    Error: ErrImagePull',
    ],
    [
      'a KIND with a prefix (kubectl 1.14)',
      'LAST SEEN   TYPE      REASON   KIND     MESSAGE',
      '5m          Warning   Failed   Pod      Error: ErrImagePull',
      '4m          Warning   Failed   v1.Pod   Error: ErrImagePull',
    ],
    [
      'a KIND with a suffix (kubectl 1.14)',
      'LAST SEEN   TYPE      REASON   KIND     MESSAGE',
      '5m          Warning   Failed   Pod      Error: ErrImagePull',
      '4m          Warning   Failed   Pod/v1   Error: ErrImagePull',
    ],
  ])('%s', (_label, header, good, damaged) => {
    const r = parseGetEvents([header, good, damaged], 0);
    expect(r?.end).toBe(2);
    expect(r?.objects.map((o) => o.raw.message)).toEqual(['Error: ErrImagePull']);
  });
});

describe('a line under an events table that does not start with an age continues the message', () => {
  const HEADER = 'LAST SEEN   TYPE      REASON   OBJECT      MESSAGE';
  const ROW = '5m          Warning   Failed   pod/web-1   Error: ErrImagePull';
  it.each([
    ['a LAST SEEN cut off', HEADER, ROW, 'Warning   Failed   pod/web-2   Error: ErrImagePull'],
    [
      'a LAST SEEN that is not an age',
      HEADER,
      ROW,
      'soon   Warning   Failed   pod/web-2   Error: ErrImagePull',
    ],
    [
      'a NAMESPACE that is not a namespace',
      'NAMESPACE   LAST SEEN   TYPE      REASON   OBJECT      MESSAGE',
      'shop        5m          Warning   Failed   pod/web-1   Error: ErrImagePull',
      'Shop_1      4m          Warning   Failed   pod/web-2   Error: ErrImagePull',
    ],
  ])('%s', (_label, header, row, line) => {
    const r = parseGetEvents([header, row, line], 0);
    expect(r?.end).toBe(3);
    expect(r?.objects.map((o) => o.raw.message)).toEqual([`Error: ErrImagePull ${line}`]);
  });
});

describe('a damaged row without a header is not an event', () => {
  it.each([
    ['a LAST SEEN that is not an age', 'soon   Warning   Failed   pod/web-1   Error: ErrImagePull'],
    [
      'a TYPE that is not Normal or Warning',
      '5m   Warnings   Failed   pod/web-1   Warning: the image is deprecated',
    ],
    ['a REASON ending in punctuation', '5m   Warning   Failed!   pod/web-1   Error: ErrImagePull'],
    ['a REASON starting with a digit', '5m   Warning   2Failed   pod/web-1   Error: ErrImagePull'],
    ['a REASON of two words', '5m   Warning   Failed Pull   pod/web-1   Error: ErrImagePull'],
  ])('%s', (_label, line) => {
    expect(parseGetEvents([line], 0)).toBeUndefined();
  });
});
