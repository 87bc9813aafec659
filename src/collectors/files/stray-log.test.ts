/** runc's exec failure pasted on its own is the log of the one pasted pod whose container keeps failing. */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from './index.js';

const read = (text: string) => snapshotFromSources([{ name: 'p.txt', text }], ['p.txt'], { now: 0 });

const ROW = (name: string, status: string) => `${name}   0/1   ${status}   157 (2m38s ago)   13h`;

describe('a stray runc exec failure line', () => {
  it.each([
    'exec /app/bin/AdService: exec format error',
    'standard_init_linux.go:228: exec user process caused: exec format error',
    'standard_init_linux.go:190: exec user process caused "no such file or directory"',
    'exec /docker-entrypoint.sh: permission denied',
  ])('%s is the log of the one crash-looping pod', (line) => {
    const s = read(
      `${ROW('ads-766c9-x27c4', 'CrashLoopBackOff')}\n${ROW('web-5d4-abcde', 'Running')}\n\n${line}\n`,
    );
    expect(s.logs.map((l) => [l.pod, l.lines])).toEqual([['ads-766c9-x27c4', [line]]]);
  });

  it.each([
    ['two pods keep failing', [ROW('a-1', 'CrashLoopBackOff'), ROW('b-1', 'Error')]],
    ['no pod keeps failing', [ROW('a-1', 'Running')]],
  ])('belongs to nobody when %s', (_, rows) => {
    const s = read(`${rows.join('\n')}\n\nexec /app/run: exec format error\n`);
    expect(s.logs).toEqual([]);
  });

  it.each([
    [
      'quoted in backticks in prose',
      'Log only shows: `exec /app/run: exec format error`',
      'ads-766c9-x27c4',
      'unnamed',
    ],
    [
      'with kubectl logs --prefix, of the pod itself',
      '[pod/ads-766c9-x27c4/server] exec /app/run: exec format error',
      'ads-766c9-x27c4',
      'unnamed',
    ],
    [
      'with --prefix, of a pod of the same ReplicaSet that is gone',
      'Log: `[pod/ads-766c9-hddqv/server] standard_init_linux.go:219: exec user process caused: exec format error`',
      'ads-766c9-x27c4',
      'unnamed',
    ],
  ])('%s', (_, line, pod, container) => {
    const s = read(
      `${ROW('ads-766c9-x27c4', 'CrashLoopBackOff')}\n${ROW('web-5d4-abcde', 'Running')}\n\n${line}\n`,
    );
    expect(s.logs.map((l) => [l.pod, l.container])).toEqual([[pod, container]]);
    expect(s.logs[0]?.lines[0]).toMatch(/^(exec \/app\/run|standard_init_linux)/);
  });

  it("with --prefix of a pod of another ReplicaSet, stays that pod's", () => {
    const s = read(
      `${ROW('ads-766c9-x27c4', 'CrashLoopBackOff')}\n\n[pod/web-5d4-abcde/web] exec /app/run: exec format error\n`,
    );
    expect(s.logs.map((l) => l.pod)).toEqual(['web-5d4-abcde']);
  });

  it('prose that mentions the error is no log line', () => {
    const s = read(`${ROW('a-1', 'CrashLoopBackOff')}\n\nI get exec format error when I run it\n`);
    expect(s.logs).toEqual([]);
  });
});
