import { describe, expect, it } from 'vitest';
import type { LogTail, Pod } from '../../model/index.js';
import { initLogEnd, statelessInitLogs } from './init-log.js';

describe('how an init container log ends, read alone', () => {
  it.each<[string, readonly string[], ReturnType<typeof initLogEnd>]>([
    ['a shell tool refused', ['chown: /data: Operation not permitted'], 'error'],
    ['a glob that matched nothing', ['chmod: /data/*: No such file or directory'], 'error'],
    [
      'sysctl on a read-only /proc/sys',
      ["sysctl: error setting key 'vm.max_map_count': Read-only file system"],
      'error',
    ],
    [
      'RBAC refused the kubectl inside',
      ['Error from server (Forbidden): jobs.batch "x" is forbidden'],
      'error',
    ],
    [
      'an error two lines before the end',
      ['Error: exit status 1', 'Usage:', '  proxy-init [flags]'],
      'error',
    ],
    [
      'a poll that comes round again',
      ['waiting for db', 'db:5432 - no response', 'waiting for db', 'db:5432 - no response'],
      'waiting',
    ],
    ['a poll with counters', ['attempt 1: waiting for mysql', 'attempt 2: waiting for mysql'], 'waiting'],
    [
      'a poll whose errors repeat with it',
      ['waiting for svc', 'jq: error: null', 'waiting for svc', 'jq: error: null'],
      'waiting',
    ],
    [
      'a poll that ended with an arrival',
      ['postgres:5432 - no response', 'postgres:5432 - no response', 'postgres:5432 - accepting connections'],
      'done',
    ],
    ['one waiting line last', ['starting', 'waiting for the migration job'], 'waiting'],
    ['work done', ['copying plugins', 'done'], 'done'],
    ['a negated arrival is none', ['service not ready'], 'waiting'],
    ['plain output', ['copying /config to /data'], undefined],
    ['nothing', ['', '  '], undefined],
  ])('%s', (_name, lines, end) => {
    expect(initLogEnd(lines)).toBe(end);
  });
});

const pod = (over: Partial<Pod['spec']>, status: Pod['status'] = {}): Pod => ({
  kind: 'Pod',
  metadata: { name: 'web-0', namespace: 'shop' },
  spec: { containers: [{ name: 'web' }], ...over },
  status,
});
const log = (container: string): LogTail => ({
  namespace: 'shop',
  pod: 'web-0',
  container,
  previous: false,
  lines: ['chown: /data: Operation not permitted'],
});

describe('which logs are of init containers whose state the evidence lacks', () => {
  it('a listed init container without a status', () => {
    expect(statelessInitLogs(pod({ initContainers: [{ name: 'init' }] }), [log('init'), log('web')])).toEqual(
      [log('init')],
    );
  });

  it('a log an app container on PodInitializing cannot have printed (kubectl logs --all-containers)', () => {
    const waiting = pod(
      {},
      {
        containerStatuses: [
          { name: 'web', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } },
        ],
      },
    );
    expect(statelessInitLogs(waiting, [log('web')])).toEqual([log('web')]);
  });

  it('none once any init container has a state: the state decides', () => {
    const known = pod(
      { initContainers: [{ name: 'init' }, { name: 'setup' }] },
      { initContainerStatuses: [{ name: 'setup', ready: false, restartCount: 0, state: { running: {} } }] },
    );
    expect(statelessInitLogs(known, [log('init')])).toEqual([]);
  });

  it("an app container's log of a pod with no init containers is no init container's", () => {
    expect(statelessInitLogs(pod({}), [log('web'), log('')])).toEqual([]);
  });
});

describe('the words each ending is read from', () => {
  it.each([
    'Error: connection reset',
    'errors: 3',
    'fatal: not a git repository',
    'panic: runtime error',
    'migration failed',
    'check fails',
    'failure while copying',
    'fail',
    'open /data: permission denied',
    'chgrp: changing group of /data: Operation not permitted',
    'secrets is forbidden',
    'cannot create /data/x',
    "can't open /data",
    'could not connect',
    "couldn't resolve host",
    'unable to write',
    'cp: /src: No such file or directory',
    'touch: /data/x: Read-only file system',
    'exit status 2',
    'aborting',
    'aborted by signal',
    'abort',
    'invalid argument',
    'sh: jq: command not found',
    'file not found',
    'java.lang.IllegalStateException: boom (exception)',
    'Traceback (most recent call last):',
  ])('an error: %s', (line) => {
    expect(initLogEnd([line])).toBe('error');
  });

  it.each([
    'wait',
    'waiting',
    'db:5432 - no response',
    'service not ready',
    'service not yet ready',
    'api not available',
    'api not up',
    'host not reachable',
    'retry',
    'retrying in 5s',
    'sleep 2',
    'sleeping',
  ])('a wait: %s', (line) => {
    expect(initLogEnd([line])).toBe('waiting');
  });

  it.each([
    'db:5432 - accepting connections',
    'the database is up',
    'the database is ready',
    'the database is available',
    'now ready',
    'ready',
    'done',
    'complete',
    'copy completed',
    'success',
    'successful',
    'copied successfully',
    'job succeeded',
    'finished',
  ])('an arrival: %s', (line) => {
    expect(initLogEnd([line])).toBe('done');
  });

  it.each(['never finished', 'not done', 'no success yet'])('a negated arrival is none: %s', (line) => {
    expect(initLogEnd([line])).toBeUndefined();
  });

  it('exit status 0 is no error', () => {
    expect(initLogEnd(['exit status 0'])).toBeUndefined();
  });

  it('an error more than three lines before the end does not decide', () => {
    expect(initLogEnd(['Error: first try', 'copying', 'copying', 'copying'])).toBeUndefined();
    expect(initLogEnd(['Error: first try', 'copying', 'copying'])).toBe('error');
  });

  it('a wait seen once and then an arrival is done, not a loop', () => {
    expect(initLogEnd(['waiting for db', 'db is ready'])).toBe('done');
  });

  it('a repeated waiting line with different counters is one loop', () => {
    expect(initLogEnd(['try 1: waiting for db', 'try 22: waiting for db', 'copying'])).toBe('waiting');
  });

  it('repeated lines that are no wait are no loop', () => {
    expect(initLogEnd(['copying', 'copying'])).toBeUndefined();
  });

  it('an arrival with an error on the same line is no arrival', () => {
    expect(initLogEnd(['waiting for db', 'waiting for db', 'done with error'])).toBe('waiting');
  });
});
