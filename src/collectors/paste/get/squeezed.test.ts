import { describe, expect, it } from 'vitest';
import { parsePaste } from '../driver.js';
import { PASTE_PARSERS } from '../parsers.js';
import { unsqueezeTables } from './squeezed.js';

/** The table as a rendered page gives it back: every run of spaces one space. */
const squeeze = (text: string): string => text.replace(/(?<=\S) {2,}/g, ' ');
const objects = (text: string) => parsePaste(text, PASTE_PARSERS).objects.map((o) => o.raw);

const TABLES: readonly [string, string][] = [
  [
    'get pods',
    `NAME                     READY   STATUS             RESTARTS        AGE
web-7d4b9c8f6d-x2x7k     0/1     CrashLoopBackOff   12 (2m31s ago)  40m
web-7d4b9c8f6d-b8k2p     1/1     Running            0               40m`,
  ],
  [
    'get pods -A -o wide',
    `NAMESPACE   NAME     READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES
shop        web-1    0/1     Pending   0          5m    <none>       <none>   <none>           <none>
shop        db-0     1/1     Running   3          2d    10.1.0.7     n2       <none>           <none>`,
  ],
  [
    'get pods -o wide of kubectl 1.9',
    `NAME      READY     STATUS    RESTARTS   AGE       IP           NODE
busybox   1/1       Running   0          13m       18.16.71.2   192.168.124.214`,
  ],
  [
    'get pods --show-labels',
    `NAME                  READY   STATUS    RESTARTS   AGE   LABELS
openvpn-bf46cd-8m5gv  1/1     Running   0          22m   app=openvpn,release=grizzly`,
  ],
  [
    'get events',
    `LAST SEEN   TYPE      REASON        OBJECT      MESSAGE
7m18s       Warning   FailedMount   pod/web-1   MountVolume.SetUp failed for volume "cfg" : secret "web-cfg" not found`,
  ],
  [
    'get svc and endpoints',
    `NAME   TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
web    ClusterIP   10.96.12.180   <none>        80/TCP    3d

NAME   ENDPOINTS   AGE
web    <none>      3d`,
  ],
  [
    'get nodes',
    `NAME     STATUS     ROLES           AGE   VERSION
node-1   NotReady   <none>          41d   v1.29.2`,
  ],
  [
    'get pods rows without their header',
    `operator-b58fbb9b5-z2ftz   1/1   Running   0     11m
operator-b58fbb9b5-zdmjx   0/1   Evicted   0     11m`,
  ],
];

describe('squeezed get tables read as kubectl padded them', () => {
  it.each(TABLES)('%s', (_, table) => {
    const want = objects(table);
    expect(want.length).toBeGreaterThan(0);
    expect(objects(squeeze(table))).toEqual(want);
  });

  it.each(TABLES)('%s with the padding kept is left as it is', (_, table) => {
    const lines = table.split('\n');
    expect(unsqueezeTables(lines)).toEqual(lines);
  });
});

describe('unsqueezeTables leaves other lines alone', () => {
  it.each([
    [
      'prose naming the columns',
      ['NAME READY STATUS RESTARTS AGE are the columns I see', 'and nothing else'],
    ],
    ['a header whose next line does not fit it', ['NAME READY STATUS RESTARTS AGE', 'the pod is not there']],
    ['a row with a word too many', ['NAME ENDPOINTS AGE', 'web <none> 3d ago']],
    ['a line only like a bare pod row', ['the web 0/1 pods restart 3 times']],
  ])('%s', (_, lines) => {
    expect(unsqueezeTables(lines)).toEqual(lines);
  });

  it('pads the rows that fit and stops at the first that does not', () => {
    expect(unsqueezeTables(['NAME ENDPOINTS AGE', 'web <none> 3d', 'That is all.'])).toEqual([
      'NAME   ENDPOINTS   AGE',
      'web    <none>      3d',
      'That is all.',
    ]);
  });
});
