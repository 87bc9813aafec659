/**
 * runc's exec failure pasted without any pod (a `kubectl logs` output without its command, a k9s
 * log pane, stern's columns) is the log of the pod it names, or of one unnamed pod: read, never
 * refused (test/stray-log-pastes.test.ts diagnoses it).
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from './index.js';

const read = (text: string) => snapshotFromSources([{ name: 'p.txt', text }], ['p.txt'], { now: 0 });

const FORMAT = 'exec /bin/connect-api: exec format error';
const OLD_FORMAT = 'standard_init_linux.go:228: exec user process caused: exec format error';
const NOT_FOUND = 'exec /docker-entrypoint.sh: no such file or directory';
const DENIED = 'standard_init_linux.go:190: exec user process caused "permission denied"';

describe('stray runc exec failures in a paste without any pod', () => {
  it.each<[string, string, string, string, string]>([
    ['the bare line', FORMAT, 'unnamed-pod', 'unnamed', FORMAT],
    ['the pre-1.1 runc line', OLD_FORMAT, 'unnamed-pod', 'unnamed', OLD_FORMAT],
    ['a k9s pane: frame and container column', `│ api ${FORMAT}      `, 'unnamed-pod', 'api', FORMAT],
    ['a k9s pane closed on the right', `│ sync ${NOT_FOUND} │`, 'unnamed-pod', 'sync', NOT_FOUND],
    ['a container name with a dash', `│ connect-api ${FORMAT}`, 'unnamed-pod', 'connect-api', FORMAT],
    ['a container column without frame', `api ${DENIED}`, 'unnamed-pod', 'api', DENIED],
    [
      'stern: pod and container',
      `onepassword-fb8bc6d6-n7vv6 api ${FORMAT}`,
      'onepassword-fb8bc6d6-n7vv6',
      'api',
      FORMAT,
    ],
    ['kubectl logs --prefix', `[pod/web-5d4-abcde/web] ${NOT_FOUND}`, 'web-5d4-abcde', 'web', NOT_FOUND],
  ])('%s is the log of a pod made for it', (_, text, pod, container, line) => {
    const s = read(`${text}\n`);
    expect(s.pods.map((p) => [p.metadata.name, p.spec.containers.map((c) => c.name)])).toEqual([
      [pod, [container]],
    ]);
    expect(s.logs.map((l) => [l.pod, l.container, l.lines])).toEqual([[pod, container, [line]]]);
  });

  it('says the pod was inferred when no line names it', () => {
    const s = read(`${FORMAT}\n`);
    expect(s.notes.join('\n')).toMatch(/line 1: .*the log names no pod/);
  });

  it('two containers of one k9s pane are one pod with both', () => {
    const s = read(`│ api ${FORMAT}\n│ sync exec /bin/connect-sync: exec format error\n`);
    expect(s.pods.map((p) => p.spec.containers.map((c) => c.name))).toEqual([['api', 'sync']]);
    expect(s.logs.map((l) => l.container)).toEqual(['api', 'sync']);
  });

  it('a pasted pod row keeps the log (no second pod is made)', () => {
    const s = read(`web-1   0/1   Running   0   1m\n\n${FORMAT}\n`);
    expect(s.pods.map((p) => p.metadata.name)).toEqual(['web-1']);
  });

  it.each([
    ['three words before it (prose)', `then we got ${FORMAT}`],
    ['upper-case words before it and a colon (prose)', `I see: ${FORMAT}`],
    ['a quoted klog line', `E0501 10:00:00.123456 1 log.go:1] "${FORMAT}"`],
  ])('ending %s, it is the log of one unnamed pod', (_, text) => {
    const s = read(`${text}\n`);
    expect(s.pods.map((p) => p.metadata.name)).toEqual(['unnamed-pod']);
    expect(s.logs.map((l) => l.lines)).toEqual([[FORMAT]]);
  });

  it.each([
    ['text after it', `${FORMAT} on arm64`],
    ['the words glued to it', `reexec /bin/connect-api: exec format error`],
  ])('%s is no log line: still nothing readable', (_, text) => {
    expect(() => read(`${text}\n`)).toThrow(/holds no Kubernetes objects/);
  });
});
