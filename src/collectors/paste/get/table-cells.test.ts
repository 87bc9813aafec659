import { describe, expect, it } from 'vitest';
import { alignRow, cellsOf, parseLabels, readHeader } from './table.js';

/** A `kubectl get` table line: cells padded to the column widths (tabwriter, padding 3). */
const line = (widths: number[], cells: string[]) =>
  cells.map((c, i) => (i < cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c)).join('');

describe('cellsOf', () => {
  it.each([
    [
      'NAME    READY   STATUS',
      [
        ['NAME', 0, 4],
        ['READY', 8, 13],
        ['STATUS', 16, 22],
      ],
    ],
    [
      '  web-1   1/1',
      [
        ['web-1', 2, 7],
        ['1/1', 10, 13],
      ],
    ],
    [
      'web-1   1/1   ',
      [
        ['web-1', 0, 5],
        ['1/1', 8, 11],
      ],
    ],
    [
      'web-1   1/1 ',
      [
        ['web-1', 0, 5],
        ['1/1', 8, 11],
      ],
    ],
    [
      'web-1 \t1/1',
      [
        ['web-1', 0, 5],
        ['1/1', 7, 10],
      ],
    ],
    [
      'web-1\t1/1\tRunning',
      [
        ['web-1', 0, 5],
        ['1/1', 6, 9],
        ['Running', 10, 17],
      ],
    ],
    [
      'LAST SEEN   TYPE',
      [
        ['LAST SEEN', 0, 9],
        ['TYPE', 12, 16],
      ],
    ],
    ['   ', []],
    ['', []],
  ])('%j', (text, want) => {
    expect(cellsOf(text).map((c) => [c.text, c.start, c.end])).toEqual(want);
  });
});

describe('readHeader', () => {
  it.each([
    ['NAME' + ' '.repeat(590) + 'STATUS', true],
    ['NAME' + ' '.repeat(591) + 'STATUS', false],
    ['NAME', false],
    ['NAME   web-1', false],
    ['web-1   NAME', false],
    ['NAME   READY   STATUS    RESTARTS   AGE', true],
  ])('%# accepted=%s', (text, ok) => {
    expect(readHeader(text) !== undefined).toBe(ok);
  });

  it('keys drop the spaces of two-word names and keep offsets; tabs are noted', () => {
    expect(readHeader('LAST SEEN   TYPE      REASON')).toEqual({
      columns: [
        { key: 'LASTSEEN', start: 0 },
        { key: 'TYPE', start: 12 },
        { key: 'REASON', start: 22 },
      ],
      tabs: false,
    });
    expect(readHeader('NAME\tREADY')?.tabs).toBe(true);
  });
});

describe('alignRow by offsets (kubectl get pv with empty CLAIM, STORAGECLASS and REASON)', () => {
  const w = [10, 11, 15, 17, 12, 15, 15, 9];
  const header = readHeader(
    line(w, [
      'NAME',
      'CAPACITY',
      'ACCESS MODES',
      'RECLAIM POLICY',
      'STATUS',
      'CLAIM',
      'STORAGECLASS',
      'REASON',
      'AGE',
    ]),
  );
  const want = {
    NAME: 'pv-data',
    CAPACITY: '10Gi',
    ACCESSMODES: 'RWO',
    RECLAIMPOLICY: 'Retain',
    STATUS: 'Available',
    CLAIM: '',
    STORAGECLASS: '',
    REASON: '',
    AGE: '5m',
  };
  const row = line(w, ['pv-data', '10Gi', 'RWO', 'Retain', 'Available', '', '', '', '5m']);
  it.each([
    ['as printed', row],
    ['indented by two', '  ' + row],
    ['indented by five', '     ' + row],
  ])('%s', (_, text) => {
    if (header === undefined) throw new Error('no header');
    expect(Object.fromEntries(alignRow(header, text))).toEqual(want);
  });

  it('a cell one space left of its column still belongs to it; two spaces left does not', () => {
    if (header === undefined) throw new Error('no header');
    const at = row.indexOf('5m');
    const oneLeft = row.slice(0, at - 1) + '5m';
    expect(alignRow(header, oneLeft).get('AGE')).toBe('5m');
    const bound = line(w, [
      'pv-data',
      '10Gi',
      'RWO',
      'Retain',
      'Bound',
      'default/data',
      'standard',
      '',
      '5m',
    ]);
    expect(Object.fromEntries(alignRow(header, bound))).toEqual({
      ...want,
      STATUS: 'Bound',
      CLAIM: 'default/data',
      STORAGECLASS: 'standard',
    });
  });

  it('a header indented by four (as quoted in a message) still lines up with rows at the margin', () => {
    const indented = readHeader(
      '    ' +
        line(w, [
          'NAME',
          'CAPACITY',
          'ACCESS MODES',
          'RECLAIM POLICY',
          'STATUS',
          'CLAIM',
          'STORAGECLASS',
          'REASON',
          'AGE',
        ]),
    );
    if (indented === undefined) throw new Error('no header');
    expect(Object.fromEntries(alignRow(indented, row))).toEqual(want);
  });

  it('equal cell and column counts map one to one', () => {
    const h = readHeader('NAME    READY   STATUS    RESTARTS   AGE');
    if (h === undefined) throw new Error('no header');
    expect(Object.fromEntries(alignRow(h, 'web-1   1/1     Running   0          3d'))).toEqual({
      NAME: 'web-1',
      READY: '1/1',
      STATUS: 'Running',
      RESTARTS: '0',
      AGE: '3d',
    });
  });
});

describe('parseLabels', () => {
  it.each([
    ['app=web,tier=fe', { app: 'web', tier: 'fe' }],
    ['app=', { app: '' }],
    ['app=web', { app: 'web' }],
    ['<none>', undefined],
    ['=web', undefined],
    ['app', undefined],
    ['app=web,tier', undefined],
    ['app=a b', undefined],
  ])('%j', (text, want) => {
    expect(parseLabels(text)).toEqual(want);
  });
});
