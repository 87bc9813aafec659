/**
 * The header a pipe cut off, rebuilt: which `kubectl get` commands print a table known here
 * (tableKind), how the header's names are laid over the first row's cells (headerOver), and how
 * far readUnderCutHeader reads.
 */
import { describe, expect, it } from 'vitest';
import { headerOver, readUnderCutHeader, tableKind } from './cut-header.js';
import type { BlockParser } from './common/types.js';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';

describe('tableKind: the table a command prints', () => {
  it.each([
    ['$ kubectl get ep | grep jaeger', 'Endpoints'],
    ['kubectl get ep | grep jaeger', 'Endpoints'],
    ['[root@node1 ~]# k get ep | grep jaeger', 'Endpoints'],
    ['$ oc get svc | grep web', 'Service'],
    ['$ /usr/local/bin/kubectl get deploy | grep api', 'Deployment'],
    ['$ ./cluster/kubectl.sh get pvc | grep data', 'PersistentVolumeClaim'],
    ['$ ./kubectl get nodes | grep NotReady', 'Node'],
    ['$ kubectl get svc -o wide | grep web', 'Service'],
    ['$ kubectl get svc --output=wide | grep web', 'Service'],
    ['$ kubectl get -A svc | grep web', 'Service'],
    ['$ kubectl get --no-headers ep', 'Endpoints'],
    ['$ kubectl get statefulset/web', 'StatefulSet'],
    ['$ kubectl get ep | grep jaeger; kubectl get svc jaeger -o yaml', 'Endpoints'],
    ['$ kubectl get ep | grep jaeger && kubectl get pods -o name', 'Endpoints'],
    ['$ kubectl get ep | grep -o "jaeger-[a-z]*"', 'Endpoints'],
    ['$ kubectl get ep |grep -o "jaeger-[a-z]*"', 'Endpoints'],
    ['$ kubectl get  svc | grep web', 'Service'],
  ])('%j prints a %s table', (command, kind) => {
    expect(tableKind(command)).toBe(kind);
  });

  it.each([
    '$ kubectl get ep -o name | grep a',
    '$ kubectl get ep -o yaml',
    '$ kubectl get svc --output=json',
    '$ helm get values web',
    '$ /usr/local/bin/helm get ep',
    '$ kubectl get pods | grep web',
    '$ kubectl get events',
    '$ kubectl get',
    '$ kubectl get -A',
    '$ kubectl describe ep jaeger',
    '$ kind get nodes',
  ])('%j prints no table known here', (command) => {
    expect(tableKind(command)).toBeUndefined();
  });
});

describe('headerOver: names placed over the first row', () => {
  it.each([
    [
      'wide cells: each name starts where its cell starts',
      'jaeger-operator     <none>                                   5h19m',
      ['NAME', 'ENDPOINTS', 'AGE'],
      `${'NAME'.padEnd(20)}${'ENDPOINTS'.padEnd(41)}AGE`,
    ],
    [
      'narrow cells: two spaces after a name longer than its cell',
      'a  b  c',
      ['NAME', 'ENDPOINTS', 'AGE'],
      'NAME  ENDPOINTS  AGE',
    ],
    ['a cell exactly two spaces after the name before', 'abcd  x', ['NAME', 'AGE'], 'NAME  AGE'],
    ['a cell one space short of that', 'abc  x', ['NAME', 'AGE'], 'NAME  AGE'],
    ['a cell one space further', 'abcde  x', ['NAME', 'AGE'], 'NAME   AGE'],
    [
      'an indented row: the first name under its cell too',
      '   web   ClusterIP',
      ['NAME', 'TYPE'],
      '   NAME  TYPE',
    ],
  ])('%s', (_, row, names, header) => {
    expect(headerOver(row, names)).toBe(header);
  });

  it('the row must have as many cells as there are names', () => {
    expect(headerOver('web   ClusterIP', ['NAME', 'TYPE', 'CLUSTER-IP'])).toBeUndefined();
  });
});

/** Reads every row under any header: one object per row, named by its first cell. */
const rows: BlockParser = (lines, start) =>
  lines.length > start + 1
    ? {
        end: lines.length,
        objects: lines.slice(start + 1).map((l, i) => ({
          raw: { kind: 'Endpoints', metadata: { name: l.trim().split(/\s+/)[0] } },
          line: start + 2 + i,
        })),
      }
    : undefined;

describe('readUnderCutHeader', () => {
  it('reads the rows up to the blank line, with their own line numbers', () => {
    const lines = [
      '$ kubectl get ep | grep a',
      'a-svc   <none>   1m',
      'a-db    10.0.0.3:5432   2m',
      '',
      'prose',
    ];
    expect(readUnderCutHeader(lines, 1, lines[0] ?? '', [rows])).toEqual({
      end: 3,
      objects: [
        { raw: { kind: 'Endpoints', metadata: { name: 'a-svc' } }, line: 2 },
        { raw: { kind: 'Endpoints', metadata: { name: 'a-db' } }, line: 3 },
      ],
    });
  });

  it('nothing past the last line', () => {
    expect(readUnderCutHeader(['$ kubectl get ep'], 1, '$ kubectl get ep', [rows])).toBeUndefined();
  });

  it.each([
    ['one cell', 'a-svc', undefined],
    ['two cells', 'a-svc   <none>', 1],
    ['three cells', 'a-svc   <none>   1m', 1],
    ['more cells than the table has columns', 'a-svc   <none>   1m   x', undefined],
  ])('a first row of %s', (_, row, count) => {
    const r = readUnderCutHeader([row], 0, '$ kubectl get ep | grep a', [rows]);
    expect(r?.objects.length).toBe(count);
  });

  it('passes over a parser that reads only the header or finds no object, and takes the next', () => {
    const headerOnly: BlockParser = () => ({ end: 1, objects: [{ raw: { kind: 'Endpoints' }, line: 1 }] });
    const none: BlockParser = (lines) => ({ end: lines.length, objects: [] });
    const r = readUnderCutHeader(['x', 'a-svc   <none>   1m'], 1, '$ kubectl get ep', [
      headerOnly,
      none,
      rows,
    ]);
    expect(r).toEqual({
      end: 2,
      objects: [{ raw: { kind: 'Endpoints', metadata: { name: 'a-svc' } }, line: 2 }],
    });
  });

  it.each([
    [19_999, 19_999],
    [20_000, 20_000],
    [20_001, 20_000],
  ])('%i rows: reads %i of them at most', (count, read) => {
    const lines = ['$ kubectl get ep', ...Array.from({ length: count }, (_, i) => `ep-${i}   <none>   1m`)];
    const r = readUnderCutHeader(lines, 1, '$ kubectl get ep', [rows]);
    expect(r?.end).toBe(1 + read);
    expect(r?.objects).toHaveLength(read);
  });
});

describe('rows of kubectl get --no-headers, through the whole paste', () => {
  const names = (text: string) =>
    parsePaste(text, PASTE_PARSERS).objects.map((o) => [
      o.raw.kind,
      (o.raw.metadata as { name?: string; namespace?: string }).namespace,
      (o.raw.metadata as { name?: string }).name,
    ]);
  it.each([
    ['$ kubectl get svc --no-headers -A', [['Service', 'shop', 'web']]],
    ['$ kubectl get svc -A --no-headers', [['Service', 'shop', 'web']]],
    ['$ kubectl get svc --all-namespaces --no-headers', [['Service', 'shop', 'web']]],
    ['$ kubectl get svc --no-headers --all-namespaces=true', [['Service', 'shop', 'web']]],
  ])('%j: the first cell is the namespace', (command, expected) => {
    const text = `${command}\nshop   web    ClusterIP   10.96.0.12   <none>   80/TCP   3d`;
    expect(names(text)).toEqual(expected);
  });

  it('an error instead of rows is no table', () => {
    const text =
      '$ kubectl get -A\nerror: You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.';
    expect(parsePaste(text, PASTE_PARSERS).objects).toEqual([]);
  });
});
