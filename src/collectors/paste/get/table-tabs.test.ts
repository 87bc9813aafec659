import { describe, expect, it } from 'vitest';
import { alignRow, readHeader } from './table.js';

// `kubectl get pv` pasted through a tool that turned the tabwriter padding into tabs: offsets are
// gone, so the leading columns align from the start and the rest from the end.
const PV = [
  'NAME',
  'CAPACITY',
  'ACCESS MODES',
  'RECLAIM POLICY',
  'STATUS',
  'CLAIM',
  'STORAGECLASS',
  'REASON',
  'AGE',
];
const ROW = 'pv-data\t10Gi\tRWO\tRetain\tAvailable\t5m';

describe('alignRow when tabs replaced the padding', () => {
  const tabbed = readHeader(PV.join('\t'));
  const spaced = readHeader(PV.join('   '));

  it.each([
    ['tabbed header, lead 5', tabbed, 5],
    ['spaced header, tabbed row, lead 5', spaced, 5],
  ])('%s', (_, header, lead) => {
    if (header === undefined) throw new Error('no header');
    expect(Object.fromEntries(alignRow(header, ROW, { lead }))).toEqual({
      NAME: 'pv-data',
      CAPACITY: '10Gi',
      ACCESSMODES: 'RWO',
      RECLAIMPOLICY: 'Retain',
      STATUS: 'Available',
      CLAIM: '',
      STORAGECLASS: '',
      REASON: '',
      AGE: '5m',
    });
  });

  it('with the default lead of one, the cells after the first align from the end', () => {
    if (tabbed === undefined) throw new Error('no header');
    expect(Object.fromEntries(alignRow(tabbed, 'pv-data\tdefault/data\tstandard\t5m'))).toEqual({
      NAME: 'pv-data',
      CAPACITY: '',
      ACCESSMODES: '',
      RECLAIMPOLICY: '',
      STATUS: '',
      CLAIM: '',
      STORAGECLASS: 'default/data',
      REASON: 'standard',
      AGE: '5m',
    });
  });
});
