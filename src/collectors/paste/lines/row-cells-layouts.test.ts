import { describe, expect, it } from 'vitest';
import { readRowCells, type RowCells } from './row-cells.js';

/**
 * readRowCells on the text that stands before a message in each layout kubectl (and oc) prints
 * event rows in, and on text that is no event row (a get pods row, a logger's prefix): the exact
 * cells read, how many columns, whether prose came first and where the rest begins.
 */
describe('readRowCells: the cells of each event-row layout', () => {
  it.each<[string, string, RowCells]>([
    [
      'describe 1.14+, one age',
      '  Normal   Scheduled  2m   default-scheduler  ',
      {
        columns: 4,
        restAt: 44,
        prose: false,
        type: 'Normal',
        reason: 'Scheduled',
        last: 120,
        source: 'default-scheduler',
      },
    ],
    [
      'describe, an age with its count (2 digits)',
      '  Warning  BackOff    3m (x12 over 10m)  kubelet  ',
      {
        columns: 4,
        restAt: 48,
        prose: false,
        type: 'Warning',
        reason: 'BackOff',
        last: 180,
        first: 600,
        count: 12,
        source: 'kubelet',
      },
    ],
    [
      'describe, an age <unknown>',
      '  Warning  FailedScheduling  <unknown>  default-scheduler  ',
      {
        columns: 4,
        restAt: 57,
        prose: false,
        type: 'Warning',
        reason: 'FailedScheduling',
        last: undefined,
        source: 'default-scheduler',
      },
    ],
    [
      'describe 1.0-1.9: FirstSeen LastSeen Count From SubobjectPath Type Reason (1-digit count)',
      '  10m\t\t2m\t\t5\t{kubelet node-1}\tspec.containers{app}\tWarning\t\tBackOff\t\t',
      {
        columns: 7,
        restAt: 67,
        prose: false,
        first: 600,
        last: 120,
        count: 5,
        source: '{kubelet node-1}',
        fieldPath: 'spec.containers{app}',
        type: 'Warning',
        reason: 'BackOff',
      },
    ],
    [
      'describe 1.0-1.9 with a 2-digit count',
      '  10m\t\t2m\t\t12\t{kubelet node-1}\tspec.containers{app}\tWarning\t\tBackOff\t\t',
      {
        columns: 7,
        restAt: 68,
        prose: false,
        first: 600,
        last: 120,
        count: 12,
        source: '{kubelet node-1}',
        fieldPath: 'spec.containers{app}',
        type: 'Warning',
        reason: 'BackOff',
      },
    ],
    [
      'describe, a CSI driver as From',
      '  Warning  ProvisioningFailed  3m (x5 over 10m)  ebs.csi.aws.com_ebs-csi-controller-6d8f9c7b4-2xkqz_7c1e9a3b  ',
      {
        columns: 4,
        restAt: 108,
        prose: false,
        type: 'Warning',
        reason: 'ProvisioningFailed',
        last: 180,
        first: 600,
        count: 5,
        source: 'ebs.csi.aws.com_ebs-csi-controller-6d8f9c7b4-2xkqz_7c1e9a3b',
      },
    ],
    [
      'get events 1.14+: LAST SEEN TYPE REASON OBJECT',
      '5m          Warning   FailedMount   pod/web-1   ',
      {
        columns: 4,
        restAt: 45,
        prose: false,
        last: 300,
        type: 'Warning',
        reason: 'FailedMount',
        kind: 'Pod',
        name: 'web-1',
      },
    ],
    [
      'get events -o wide: ... OBJECT SUBOBJECT SOURCE',
      '5m   Warning   Failed   pod/web-1   spec.containers{app}   kubelet, node-1   ',
      {
        columns: 6,
        restAt: 74,
        prose: false,
        last: 300,
        type: 'Warning',
        reason: 'Failed',
        kind: 'Pod',
        name: 'web-1',
        fieldPath: 'spec.containers{app}',
        source: 'kubelet, node-1',
      },
    ],
    [
      'get events 1.9: LASTSEEN FIRSTSEEN COUNT NAME KIND SUBOBJECT TYPE REASON SOURCE',
      '1m        1m         1         web-7d4-x2x9k   Pod       spec.containers{app}   Normal    Pulled    kubelet, node-1   ',
      {
        columns: 8,
        restAt: 115,
        prose: false,
        last: 60,
        first: 60,
        count: 1,
        nameCell: 'web-7d4-x2x9k',
        kind: 'Pod',
        fieldPath: 'spec.containers{app}',
        type: 'Normal',
        reason: 'Pulled',
        source: 'kubelet, node-1',
      },
    ],
    [
      // A dotted object name is no `driver.csi.example.com` source: the domain must start the cell.
      'get events, an Ingress with a dotted name',
      '5m          Warning   FailedBuildModel   ingress/shop.example.com   ',
      {
        columns: 4,
        restAt: 65,
        prose: false,
        last: 300,
        type: 'Warning',
        reason: 'FailedBuildModel',
        kind: 'Ingress',
        name: 'shop.example.com',
      },
    ],
    [
      'a bare KIND cell (no name)',
      '  Warning  FailedMount  5m  Pod  ',
      {
        columns: 4,
        restAt: 31,
        prose: false,
        type: 'Warning',
        reason: 'FailedMount',
        last: 300,
        kind: 'Pod',
      },
    ],
    [
      'oc status, reason with a colon',
      'FailedCreate: ',
      { columns: 1, restAt: 13, prose: false, reason: 'FailedCreate' },
    ],
    [
      'oc status, an arrow then the reason and the name',
      '-->  FailedCreate: rails-ex-1 ',
      { columns: 1, restAt: 29, prose: true, reason: 'FailedCreate', nameCell: 'rails-ex-1' },
    ],
  ])('%s', (_label, text, expected) => {
    expect(readRowCells(text)).toStrictEqual(expected);
  });
});

describe('readRowCells: an OBJECT cell that names no known kind, or no valid name, ends the cells', () => {
  it.each([
    ['a CRD kind (cert-manager)', '5m          Warning   Failed   certificate/web-tls   '],
    ['a name with capitals', '5m          Warning   Failed   pod/Web-1   '],
  ])('%s', (_label, text) => {
    expect(readRowCells(text)).toStrictEqual({
      columns: 3,
      restAt: 28,
      prose: false,
      last: 300,
      type: 'Warning',
      reason: 'Failed',
    });
  });
});

describe('readRowCells: text that is no event row', () => {
  it.each<[string, string, RowCells]>([
    // A JSON log line cut before its "msg" value: no closing brace, so no `{kubelet node}` source.
    [
      'a JSON logger prefix',
      '{"level":"error","ts":"2024-05-01T10:00:00Z","msg":"',
      { columns: 0, restAt: 0, prose: true },
    ],
    // A logger time stamp: a name-like date followed by one space starts no table.
    ['a logger time stamp', '2024-05-01 10:12:03,456 ', { columns: 0, restAt: 0, prose: true }],
    // get pods: STATUS is a container waiting / terminated reason, RESTARTS a number, neither a cell.
    [
      'get pods, CrashLoopBackOff and a 2-digit RESTARTS',
      'web-7d4-x2x9k   0/1     CrashLoopBackOff   12         ',
      { columns: 0, restAt: 0, prose: true, nameCell: 'web-7d4-x2x9k' },
    ],
    [
      'get pods indented, ContainerStatusUnknown',
      '  web-7d4-x2x9k   0/1     ContainerStatusUnknown   ',
      { columns: 0, restAt: 0, prose: true, nameCell: 'web-7d4-x2x9k' },
    ],
    // A name without a digit or hyphen is not kept as a name cell.
    [
      'get pods, a pod named nginx',
      'nginx   0/1     CrashLoopBackOff   ',
      { columns: 0, restAt: 0, prose: true },
    ],
    // get pods -A: the name is the second column, not a table's first.
    [
      'get pods -A',
      'default     web-7d4-x2x9k   0/1     CrashLoopBackOff   ',
      { columns: 0, restAt: 0, prose: true },
    ],
    // get pods -o wide of a Pending pod: the AGE is read, the <none> cells after it are no ages.
    [
      'get pods -o wide, <none> after the age',
      'web-7d4-x2x9k   0/1     Pending   0          5m    <none>   <none>   <none>           <none>',
      { columns: 1, restAt: 47, prose: true, nameCell: 'web-7d4-x2x9k', last: 300 },
    ],
    // get pods -o wide of a running pod: the IP after the age is no COUNT, only a name-like cell.
    [
      'get pods -o wide, an IP after the age',
      'web-7d4-x2x9k   0/1     CrashLoopBackOff   12         5m    10.244.1.5   node-1   <none>           <none>',
      { columns: 1, restAt: 79, prose: true, nameCell: 'web-7d4-x2x9k', last: 300 },
    ],
    ['a header row', 'LAST SEEN   TYPE      REASON   KIND   ', { columns: 0, restAt: 0, prose: true }],
    ['empty', '', { columns: 0, restAt: 0, prose: false }],
  ])('%s', (_label, text, expected) => {
    expect(readRowCells(text)).toStrictEqual(expected);
  });
});

describe('a kind word in prose is no OBJECT column', () => {
  it.each([
    'Message: Forbidden!Configured service account does not have access. Service account may have been revoked. ',
    'the Pod that I created says ',
    'the Job controller then logged ',
  ])('%s', (text) => {
    const cells = readRowCells(text);
    expect(cells.kind).toBeUndefined();
    expect(cells.columns).toBe(0);
  });

  it.each([
    ['Warning  FailedMount  Pod  ', 'Pod', 3],
    ['Pod  ', 'Pod', 1],
    ['3m   Warning   FailedCreate   Job   ', 'Job', 4],
  ])('a kind that is a table cell stays one: %s', (text, kind, columns) => {
    const cells = readRowCells(text);
    expect(cells.kind).toBe(kind);
    expect(cells.columns).toBe(columns);
  });
});
