import { describe, expect, it } from 'vitest';
import { alignRow, readHeader, type Header } from './table.js';
import { parseGetOther } from './other.js';
import { readWith, text } from '../common/parser-test-helpers.js';

function header(line: string): Header {
  const h = readHeader(line);
  if (h === undefined) throw new Error(`not a header: ${line}`);
  return h;
}

// An exec probe's output is printed as is after "Liveness probe failed: ", so a MESSAGE cell can
// hold runs of two spaces that split it into several cells.
const MESSAGE = 'Liveness probe failed: replica lag 12s  exceeds 10s  (check_lag.sh)';

describe('alignRow with a free MESSAGE column', () => {
  it('joins the cells of a split MESSAGE when MESSAGE is the last column', () => {
    const h = header('LAST SEEN   TYPE      REASON      OBJECT     MESSAGE');
    const line = `2m          Warning   Unhealthy   pod/db-0   ${MESSAGE}`;
    expect(Object.fromEntries(alignRow(h, line, { free: 'MESSAGE' }))).toStrictEqual({
      LASTSEEN: '2m',
      TYPE: 'Warning',
      REASON: 'Unhealthy',
      OBJECT: 'pod/db-0',
      MESSAGE,
    });
  });

  it.each([
    ['one split', 'Liveness probe failed: replica lag 12s  exceeds 10s'],
    ['two splits', MESSAGE],
    ['three splits', 'Liveness probe failed: lag  12s  limit  10s'],
  ])('-o wide: the columns after a MESSAGE with %s align from the end', (_what, message) => {
    // The tabwriter pads MESSAGE to the longest message of the table.
    const width = MESSAGE.length + 3;
    const h = header(
      `LAST SEEN   TYPE      REASON      OBJECT     SUBOBJECT                SOURCE            ${'MESSAGE'.padEnd(width)}FIRST SEEN   COUNT   NAME`,
    );
    const line = `2m          Warning   Unhealthy   pod/db-0   spec.containers{mysql}   kubelet, node-2   ${message.padEnd(width)}40m          12      db-0.17a2b3c4d5e6f7a8`;
    expect(Object.fromEntries(alignRow(h, line, { free: 'MESSAGE' }))).toStrictEqual({
      LASTSEEN: '2m',
      TYPE: 'Warning',
      REASON: 'Unhealthy',
      OBJECT: 'pod/db-0',
      SUBOBJECT: 'spec.containers{mysql}',
      SOURCE: 'kubelet, node-2',
      MESSAGE: message,
      FIRSTSEEN: '40m',
      COUNT: '12',
      NAME: 'db-0.17a2b3c4d5e6f7a8',
    });
  });

  it('joins a split MESSAGE of a tab-separated row instead of aligning it from the ends', () => {
    const h = header('LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE');
    const line = `2m\tWarning\tUnhealthy\tpod/db-0\t${MESSAGE}`;
    expect(Object.fromEntries(alignRow(h, line, { free: 'MESSAGE' }))).toStrictEqual({
      LASTSEEN: '2m',
      TYPE: 'Warning',
      REASON: 'Unhealthy',
      OBJECT: 'pod/db-0',
      MESSAGE,
    });
  });
});

describe('alignRow without a free column, more cells than columns', () => {
  // Cron fields may be separated by any run of blanks; kubectl prints the schedule as written.
  const h = header('NAMESPACE   NAME      SCHEDULE       TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE');
  const line = 'batch       nightly   0  2 * * *     <none>     False     0        5h              30d';

  it('places the cells of a split SCHEDULE by their offsets', () => {
    expect(Object.fromEntries(alignRow(h, line))).toStrictEqual({
      NAMESPACE: 'batch',
      NAME: 'nightly',
      SCHEDULE: '0  2 * * *',
      TIMEZONE: '<none>',
      SUSPEND: 'False',
      ACTIVE: '0',
      LASTSCHEDULE: '5h',
      AGE: '30d',
    });
  });

  it('reads the cronjob with its schedule as printed', () => {
    const objs = readWith(
      text`
        NAMESPACE   NAME      SCHEDULE       TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
        batch       nightly   0  2 * * *     <none>     False     0        5h              30d
      `,
      parseGetOther,
    );
    expect(objs.map((o) => o.raw)).toStrictEqual([
      {
        kind: 'CronJob',
        metadata: { name: 'nightly', namespace: 'batch' },
        spec: { schedule: '0  2 * * *', suspend: false },
        status: { active: 0 },
      },
    ]);
  });
});
