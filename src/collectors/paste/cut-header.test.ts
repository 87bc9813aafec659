import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';

const paste = (t: string) => parsePaste(t, PASTE_PARSERS).objects;
const names = (t: string) => paste(t).map((o) => [o.raw.kind, (o.raw.metadata as { name?: string }).name]);

describe('rows whose header a pipe cut off', () => {
  it.each([
    [
      'endpoints',
      '[root@node1 ~]# k get ep | grep jaeger\njaeger-operator     <none>                                   5h19m\njaeger-query        10.233.71.56:16686                       5h19m',
      [
        ['Endpoints', 'jaeger-operator'],
        ['Endpoints', 'jaeger-query'],
      ],
    ],
    [
      'services',
      '$ kubectl get svc | grep web\nweb    ClusterIP   10.96.0.12   <none>        80/TCP    3d',
      [['Service', 'web']],
    ],
    [
      'services -o wide, all namespaces',
      '$ kubectl get svc -A -o wide | grep web\nshop   web    ClusterIP   10.96.0.12   <none>   80/TCP   3d   app=web',
      [['Service', 'web']],
    ],
    [
      'deployments',
      '$ kubectl get deploy | grep api\napi   0/3     3            0           12m',
      [['Deployment', 'api']],
    ],
    [
      'persistent volume claims',
      '$ kubectl get pvc | grep data\ndata-db-0   Pending                                      standard       5m',
      [['PersistentVolumeClaim', 'data-db-0']],
    ],
  ])('%s', (_, text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it('keeps the line numbers of the rows', () => {
    expect(paste('$ kubectl get ep | grep a\n\na-svc   <none>   1m').map((o) => o.line)).toEqual([3]);
  });

  it('reads nothing under a command that prints no such table', () => {
    expect(paste('$ kubectl get ep -o name | grep a\na-svc   <none>   1m')).toEqual([]);
    expect(paste('$ helm list | grep a\na-svc   <none>   1m')).toEqual([]);
  });

  it('only right after the command', () => {
    expect(paste('$ kubectl get ep | grep a\nsome prose here\na-svc   <none>   1m')).toEqual([]);
  });
});
