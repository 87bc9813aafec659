import { describe, expect, it } from 'vitest';
import { cutWidth, rejoinCut } from './cut-lines.js';

/** The text as a terminal `width` columns wide that cuts lines rather than wrapping them shows it. */
const cutAt = (text: string, width: number): string[] =>
  text
    .split('\n')
    .flatMap((l) => (l.length <= width ? [l] : (l.match(new RegExp(`.{1,${width}}`, 'g')) ?? [l])));

const ROWS = [
  'NAMESPACE                        NAME                                              READY   STATUS        RESTARTS   AGE',
  'github-action-runners            runner-pool-pod-fhthp                             0/3     Terminating   0          4m50s',
  'github-actions-runner-operator   github-actions-runner-operator-59b9d486b5-t2p62   1/1     Running       0          5m26s',
].join('\n');

describe('cutWidth', () => {
  it.each([
    [80, 'repeated'],
    [100, 'repeated'],
    [118, 'repeated'],
  ])('finds the width of a table cut at %i columns (%s)', (width, proof) => {
    expect(cutWidth(cutAt(ROWS, width), 1000)).toEqual({ width, proof });
  });

  it.each([
    [
      'lines all narrower than a terminal',
      ['web-1   0/1   Pending   0   5m', 'web-2   0/1   Pending   0   5m'],
    ],
    ['one longest line followed by an empty one', ['x'.repeat(90), '', 'short']],
    [
      'one longest line followed by a field of its own',
      [`    containerID: ${'a'.repeat(80)}`, '    lastState:'],
    ],
    [
      'one longest line followed by a command',
      [`Warning  BackOff ${'b'.repeat(80)}`, 'kubectl get pods -o wide'],
    ],
    [
      'one longest line followed by a line of the same shape',
      [`Warning  BackOff ${'b'.repeat(80)}`, 'Normal  Pulled x'],
    ],
  ])('sees no cut in %s', (_, lines) => {
    expect(cutWidth(lines, 1000)).toBeUndefined();
  });

  it('only guesses at a cut after a long command line: what it printed follows it at the margin', () => {
    const lines = [
      `$ kubectl logs -p move2kube-0 -c change-perms -n ${'n'.repeat(40)}`,
      'postgres:5432 - no response',
    ];
    expect(cutWidth(lines, 1000)).toEqual({ width: lines[0]?.length, proof: 'guess' });
  });

  it.each([
    [
      'a message cut inside a word',
      [
        '  Warning  Unhealthy  2m (x40 over 1h)  kubelet, k8s-development-41339263-2  Liven',
        'ess probe failed: HTTP probe failed with statuscode: 404',
      ],
    ],
    [
      'a digest cut under a field',
      ['    Image ID:   docker-pullable://registry/app@sha256:fe0be8a', 'aa567db809a7a48f564f5b5c72464586'],
    ],
  ])('takes %s as torn', (_, lines) => {
    expect(cutWidth(lines, 1000)).toEqual({ width: lines[0]?.length, proof: 'torn' });
  });

  it('only guesses at a cut when a lower-case line follows a line without columns (prose, a squeezed row)', () => {
    const lines = [
      'web-7d4b9c8f6d-x2x7k 0/1 CrashLoopBackOff 12 (2m31s ago) 40m 10.1.2.3',
      'web-7d4b9c8f6d-b8k2p 1/1 Running 0 40m',
    ];
    expect(cutWidth(lines, 1000)).toEqual({ width: lines[0]?.length, proof: 'guess' });
  });

  it('sees lines of one width followed by lines as rows that may be cut', () => {
    const row = (i: number) =>
      `web-7d4b9c8f6d-abcd${i}   0/1   CrashLoopBackOff   12 (2m ago)   40m   10.244.1.${i}   worker-1`;
    expect(cutWidth([row(1), row(2), row(3)], 1000)).toEqual({ width: row(1).length, proof: 'repeated' });
  });

  it('takes a lone short word after the widest line as its end, a guess', () => {
    const lines = [
      'Error from server (BadRequest): container "es" in pod "es-1" is waiting to start: Pod',
      'Initializing',
    ];
    expect(cutWidth(lines, 1000)).toEqual({ width: lines[0]?.length, proof: 'guess' });
  });

  it('does not guess on text larger than a screen copy', () => {
    expect(cutWidth(cutAt(ROWS, 80), 2_000_000)).toBeUndefined();
  });
});

describe('rejoinCut', () => {
  it('joins every piece to the line it was cut from and says where each line began', () => {
    const lines = cutAt(ROWS, 100);
    const { lines: joined, origin } = rejoinCut(lines, 100);
    expect(joined).toEqual(ROWS.split('\n'));
    expect(origin).toEqual([0, 2, 4]);
  });

  it('joins a line cut more than once, and keeps empty lines', () => {
    const long = 'm'.repeat(250);
    const { lines, origin } = rejoinCut(['a', ...cutAt(long, 100), '', 'b'], 100);
    expect(lines).toEqual(['a', long, '', 'b']);
    expect(origin).toEqual([0, 1, 4, 5]);
  });

  it('drops the carriage return of a piece it joins', () => {
    const { lines } = rejoinCut([`${'c'.repeat(80)}\r`, 'dd\r'], 80);
    expect(lines).toEqual([`${'c'.repeat(80)}dd\r`]);
  });
});
