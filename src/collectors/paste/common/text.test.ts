import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanLine, isPromptLine, parseAge, parseInterval, parseKubectlTime, splitColumns } from './text.js';

describe('paste text helpers', () => {
  it('cleans escapes, carriage returns and markdown emphasis', () => {
    expect(cleanLine('  Warning  Failed  0s  kubelet  Error: **ImagePullBackOff**\r')).toBe(
      '  Warning  Failed  0s  kubelet  Error: ImagePullBackOff',
    );
    expect(cleanLine('\u001b[31mError\u001b[0m\tx  ')).toBe('Error\tx');
  });

  it.each([
    [
      'typographic double quotes',
      'Failed to pull image \u201cnginx:1.27\u201d: not found',
      'Failed to pull image "nginx:1.27": not found',
    ],
    ['typographic single quotes', 'secret \u2018web-cfg\u2019 not found', "secret 'web-cfg' not found"],
    [
      'an en dash set for a flag',
      '$ kubectl get pods \u2013namespace shop',
      '$ kubectl get pods --namespace shop',
    ],
    [
      'HTML references',
      'Node:  &lt;none&gt;  &quot;web&quot; &amp;&#39;x&#x27;',
      'Node:  <none>  "web" &\'x\'',
    ],
    ['a reference decoded once only', 'a &amp;lt; b', 'a &lt; b'],
    ['a reference to a control character, dropped', 'x&#27;[31my&#x9b;z', 'x[31myz'],
    ['a dash in prose, kept', 'it failed \u2013 twice', 'it failed \u2013 twice'],
  ])('reads %s as kubectl printed them', (_, line, want) => {
    expect(cleanLine(line)).toBe(want);
  });

  it('splits columns on tabs and runs of spaces', () => {
    expect(splitColumns('  3m\t\t11s\t\t15\tdefault-scheduler\t\t\tWarning')).toEqual([
      '3m',
      '11s',
      '15',
      'default-scheduler',
      'Warning',
    ]);
    expect(splitColumns('web-1   0/1     Pending   0          5m')).toEqual([
      'web-1',
      '0/1',
      'Pending',
      '0',
      '5m',
    ]);
  });

  // kubectl pads each column to its widest cell plus two spaces: the widest cell of a column is
  // followed by exactly two, and one space stays inside a cell.
  it.each([
    ['pods', 'web-1  0/1    Pending  0         5m', ['web-1', '0/1', 'Pending', '0', '5m']],
    [
      'events',
      '5m  Warning  FailedScheduling  pod/web-1  0/3 nodes are available: 3 Insufficient cpu.',
      ['5m', 'Warning', 'FailedScheduling', 'pod/web-1', '0/3 nodes are available: 3 Insufficient cpu.'],
    ],
  ] as const)(
    'splits a kubectl get %s row whose widest cells are followed by exactly two spaces',
    (_, line, cells) => {
      expect(splitColumns(line)).toEqual(cells);
    },
  );

  it('reads ages and intervals as kubectl prints them', () => {
    expect(parseAge('5m2s')).toBe(302);
    expect(parseAge('19d')).toBe(19 * 86400);
    expect(parseAge('<unknown>')).toBeUndefined();
    expect(parseInterval('106s (x298 over 11m)')).toEqual({ last: 106, first: 660, count: 298 });
    expect(parseInterval('38s')).toEqual({ last: 38, first: 38, count: 1 });
    expect(parseInterval('<unknown>')).toEqual({ count: 1 });
    expect(parseInterval('not an age')).toBeUndefined();
  });

  it('reads describe times', () => {
    expect(parseKubectlTime('Tue, 25 Aug 2020 08:20:35 +0000')).toBe('2020-08-25T08:20:35Z');
    expect(parseKubectlTime('Mon, 05 May 2025 17:29:28 +0200')).toBe('2025-05-05T15:29:28Z');
    expect(parseKubectlTime('2016-08-16 13:44:05 +0000 UTC')).toBe('2016-08-16T13:44:05Z');
    expect(parseKubectlTime('2025-05-05T15:29:28Z')).toBe('2025-05-05T15:29:28Z');
    expect(parseKubectlTime('yesterday')).toBeUndefined();
  });

  it('recognises prompts and commands', () => {
    expect(isPromptLine('$ kubectl get pods')).toBe(true);
    expect(isPromptLine('me@box:~/src$ oc describe pod x')).toBe(true);
    expect(isPromptLine('kubectl get pod mypod-0 -o wide')).toBe(true);
    expect(isPromptLine('NAME   READY   STATUS')).toBe(false);
  });

  it('cleans, splits and reads ages and times only into well-formed values', () => {
    const timeish = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc
        .tuple(fc.nat(400), fc.constantFrom('s', 'm', 'h', 'd', 'y', 'ms', 'x'), fc.nat(99), fc.nat(30))
        .map(([a, u, n, b]) => (n % 3 === 0 ? `${a}${u}` : `${a}${u} (x${n} over ${b}m)`)),
      fc.constantFrom(
        '<unknown>',
        '<invalid>',
        'Tue, 25 Aug 2020 08:20:35 +0000',
        '2020-08-25 08:20:35 +0000 UTC',
        '2020-08-25T08:20:35Z',
        '31 Feb 2020 25:61:61 -0130',
        '> **Warning**  Failed\r',
        '\u001b[31mError\u001b[0m\tx  ',
      ),
    );
    let ages = 0;
    fc.assert(
      fc.property(timeish, (s) => {
        const clean = cleanLine(s);
        // eslint-disable-next-line no-control-regex -- no control character may be left
        expect(clean).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
        expect(clean).toBe(clean.trimEnd());
        for (const c of splitColumns(s)) {
          expect(c).not.toBe('');
          expect(c).toBe(c.trim());
          expect(c).not.toMatch(/\t| {2}/);
          expect(s).toContain(c);
        }
        const age = parseAge(s);
        if (age !== undefined) {
          expect(Number.isSafeInteger(age) && age >= 0).toBe(true);
          ages++;
        }
        const interval = parseInterval(s);
        if (interval !== undefined) {
          expect(Number.isSafeInteger(interval.count) && interval.count >= 0).toBe(true);
          for (const v of [interval.last, interval.first])
            if (v !== undefined) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        }
        const time = parseKubectlTime(s);
        if (time !== undefined) {
          expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
          expect(Number.isFinite(Date.parse(time))).toBe(true);
        }
        expect(typeof isPromptLine(s)).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
    expect(ages).toBeGreaterThan(40);
  });
});

describe('markdown quotes', () => {
  it('drops quote markers so the quoted kubectl text is read', () => {
    expect(cleanLine('> Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed')).toBe(
      'Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed',
    );
    expect(cleanLine('>>   Reason:       CrashLoopBackOff')).toBe('  Reason:       CrashLoopBackOff');
    expect(cleanLine('    > inside a code block stays')).toBe('    > inside a code block stays');
    expect(isPromptLine(cleanLine('> $ kubectl get pods'))).toBe(true);
  });
});

describe('markdown fences glued to the text', () => {
  it.each([
    ['```user@vm:~/infra$ kubectl create namespace check', 'user@vm:~/infra$ kubectl create namespace check'],
    [
      '```Apr 11 00:52:45 n1 kubelet: E0411 pod_workers.go:186] x',
      'Apr 11 00:52:45 n1 kubelet: E0411 pod_workers.go:186] x',
    ],
    ['  ```$ kubectl get pods', '  $ kubectl get pods'],
    [
      'no IP addresses available in range set: 172.22.5.1-172.22.5.254```',
      'no IP addresses available in range set: 172.22.5.1-172.22.5.254',
    ],
  ])('%s: the text is the paste', (line, want) => {
    expect(cleanLine(line)).toBe(want);
  });

  it.each(['```', '```yaml', '  ```console', '```c++', '````', '```` yaml', '~~~'])(
    '%s stays a fence',
    (line) => {
      expect(cleanLine(line)).toBe(line);
    },
  );

  it('a glued prompt is a prompt', () => {
    expect(isPromptLine(cleanLine('```user@vm:~/infra$ kubectl create namespace check'))).toBe(true);
  });
});

describe('prompts of other shells', () => {
  it('recognises a shell tracing its commands (set -x)', () => {
    expect(isPromptLine('+ kubectl describe pod web-1')).toBe(true);
    expect(isPromptLine('++ oc get pods -n shop')).toBe(true);
    expect(isPromptLine('+ echo done')).toBe(false);
    expect(isPromptLine('1 + kubectl')).toBe(false);
  });

  it.each([
    'pavels@arch-experiments ~> kubectl logs hello-7bf57d9696-c82lm',
    '~> kubectl get pods',
    'MacBook-Pro:~ jane$ kubectl describe pod web-1',
    '❯ kubectl get events -n shop',
    'λ kubectl get pods -A',
    '» oc get pods',
    'C:\\Users\\me> kubectl.exe get pods',
    '(base) user@host:~/work$ kubectl logs web-1 -c init-db',
    '(.venv) ~/infra ❯ k describe pod web-1',
    'bash-4.2$ kubectl get pods',
    'sh-4.4# kubectl get ep',
    'root@master01:/home/ubuntu# kubectl describe pod web-1',
  ])('recognises the prompt of %s', (line) => {
    expect(isPromptLine(line)).toBe(true);
  });

  it.each([
    'Then run this > kubectl get pods and see what it says',
    '  Warning  Failed  1m  kubelet  Error: failed to run kubectl get pods',
    'I0101 10:00:00.000000       1 main.go:10] running: kubectl get pods',
    'price > 5 means kubectl is slow',
    'NAME   READY   STATUS   RESTARTS   AGE',
  ])('no prompt in %s', (line) => {
    expect(isPromptLine(line)).toBe(false);
  });

  it('recognises an oh-my-zsh prompt', () => {
    expect(isPromptLine('➜  ~ kubectl get events -n shop')).toBe(true);
    expect(isPromptLine('➜  infra git:(main) kubectl describe pod web-1')).toBe(true);
  });
});

describe('bare prompts', () => {
  it('recognises a prompt with no command after it', () => {
    expect(isPromptLine('$ ')).toBe(true);
    expect(isPromptLine('user@host:~$ ')).toBe(true);
    expect(isPromptLine('PS C:\\Users\\x> ')).toBe(true);
    expect(isPromptLine('  Warning  Failed  1m  kubelet  Error: secret "x" not found')).toBe(false);
  });
});

describe('bracketed prompts', () => {
  it.each(['[root@node1 ~]# k get ep | grep jaeger', '[ec2-user@ip-10-0-0-1 deploy]$ kubectl get pods'])(
    '%s',
    (line) => {
      expect(isPromptLine(line)).toBe(true);
    },
  );

  it('not a markdown link or a log line', () => {
    expect(isPromptLine('[docs](https://kubernetes.io) says so')).toBe(false);
    expect(isPromptLine('[2023-01-01 10:00:00] GET /healthz 200')).toBe(false);
  });
});
