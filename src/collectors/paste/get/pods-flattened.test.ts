import { describe, expect, it } from 'vitest';
import { parseFlattenedPods } from './pods-flattened.js';
import { flattenedPodTable } from './squeezed.js';
import { PASTE_PARSERS } from '../parsers.js';
import { parsePaste } from '../driver.js';

/** name, STATUS column and READY column of each pod read from the one line. */
const podsOf = (line: string) =>
  (parseFlattenedPods([line], 0)?.objects ?? []).map((o) => {
    const meta = o.raw.metadata as { name: string; namespace?: string; annotations: Record<string, string> };
    return [
      meta.namespace ?? '',
      meta.name,
      meta.annotations['handoff.dev/status-column'],
      meta.annotations['handoff.dev/ready-column'],
    ];
  });

describe('a get pods table whose line breaks were lost', () => {
  it.each([
    [
      'after a root prompt, squeezed',
      '[root@node1 test]# kubectl get pods -n=test NAME READY STATUS RESTARTS AGE test-restartpolicy 2/2 Running 0 44s',
      [['', 'test-restartpolicy', 'Running', '2/2']],
    ],
    [
      'padded, two rows, a restart time',
      'NAME                     READY   STATUS             RESTARTS        AGE web-7d4b9c8f6d-x2x7k     0/1     CrashLoopBackOff   12 (2m31s ago)  40m web-7d4b9c8f6d-b8k2p     1/1     Running            0               40m',
      [
        ['', 'web-7d4b9c8f6d-x2x7k', 'CrashLoopBackOff', '0/1'],
        ['', 'web-7d4b9c8f6d-b8k2p', 'Running', '1/1'],
      ],
    ],
    [
      'all namespaces, -o wide, prose after it',
      'kubectl get pods -A -o wide NAMESPACE NAME READY STATUS RESTARTS AGE IP NODE NOMINATED NODE READINESS GATES kube-system coredns-5d78c9869d-4kx2p 0/1 ContainerCreating 0 12m <none> node1 <none> <none> 请问怎么解决?',
      [['kube-system', 'coredns-5d78c9869d-4kx2p', 'ContainerCreating', '0/1']],
    ],
    [
      'kubectl 1.9 -o wide (IP and NODE)',
      '$ kubectl get po -o wide NAME READY STATUS RESTARTS AGE IP NODE busybox 1/1 Running 0 13m 18.16.71.2 192.168.124.214',
      [['', 'busybox', 'Running', '1/1']],
    ],
    [
      'with labels',
      'NAME READY STATUS RESTARTS AGE LABELS openvpn-bf46cd-8m5gv 0/1 Pending 0 1s app=openvpn,release=grizzly',
      [['', 'openvpn-bf46cd-8m5gv', 'Pending', '0/1']],
    ],
  ])('%s', (_, line, want) => {
    expect(podsOf(line)).toEqual(want);
  });

  it.each([
    ['a header alone', 'kubectl get pods NAME READY STATUS RESTARTS AGE'],
    [
      'a header in prose, no row after it',
      'the columns are NAME READY STATUS RESTARTS AGE as usual, nothing else',
    ],
    ['a table on its own lines', 'NAME    READY   STATUS    RESTARTS   AGE'],
  ])('reads nothing from %s', (_, line) => {
    expect(flattenedPodTable(line)).toBeUndefined();
    expect(parseFlattenedPods([line], 0)).toBeUndefined();
  });

  it('cites the one line, and reads the table on a command line of a paste', () => {
    const text = [
      'my pod:',
      '[root@node1 test]# kubectl get pods NAME READY STATUS RESTARTS AGE web-1 0/1 Pending 0 5m',
    ].join('\n');
    const pods = parsePaste(text, PASTE_PARSERS).objects.filter((o) => o.raw.kind === 'Pod');
    expect(pods.map((o) => [o.line, (o.raw.metadata as { name: string }).name])).toEqual([[2, 'web-1']]);
  });

  it('reads the line it is given, not the first, and cites and ends after that one', () => {
    const line = 'NAME READY STATUS RESTARTS AGE web-1 0/1 Pending 0 5m';
    const read = parseFlattenedPods(['my pods:', 'x', line], 2);
    expect(read?.end).toBe(3);
    expect(read?.objects.map((o) => o.line)).toEqual([3]);
  });

  it('leaves a line longer than 20,000 characters alone', () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `web-${i} 0/1 Pending 0 5m`).join(' ');
    const line = `NAME READY STATUS RESTARTS AGE ${rows}`;
    expect(line.length).toBeGreaterThan(20_000);
    expect(parseFlattenedPods([line], 0)).toBeUndefined();
  });
});
