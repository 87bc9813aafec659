import { describe, expect, it } from 'vitest';
import { at, cstatus, state } from '../../../test/builders.js';
import type { ContainerStateTerminated, LogTail } from '../../model/index.js';
import {
  execFailureAfterStart,
  execFailureInOutput,
  isStartTermination,
  logsOf,
  startFailureOf,
} from './start-failure.js';

const OCI =
  'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run": stat /app/run: no such file or directory: unknown';
const EXEC_LINE = 'exec /entrypoint.sh: exec format error';

function log(container: string, lines: string[], previous = false): LogTail {
  return { namespace: 'shop', pod: 'web-0', container, previous, lines };
}

describe('isStartTermination: which terminations record a start failure', () => {
  it.each<[string, ContainerStateTerminated | undefined, boolean]>([
    ['no termination', undefined, false],
    ['empty reason, exit 128, runtime text', { exitCode: 128, reason: '', message: OCI }, true],
    ['reason Error, exit 128, runtime text', { exitCode: 128, reason: 'Error', message: OCI }, true],
    ['no reason, exit 128, runtime text', { exitCode: 128, message: OCI }, true],
    ['reason Completed, exit 128, runtime text', { exitCode: 128, reason: 'Completed', message: OCI }, false],
    ['reason OOMKilled, exit 128, runtime text', { exitCode: 128, reason: 'OOMKilled', message: OCI }, false],
    ['reason Error, exit 1, runtime text', { exitCode: 1, reason: 'Error', message: OCI }, false],
    ['reason Error, exit 2, no text', { exitCode: 2, reason: 'Error' }, false],
    ['reason StartError whatever the code', { exitCode: 128, reason: 'StartError' }, true],
  ])('%s -> %s', (_name, t, want) => {
    expect(isStartTermination(t)).toBe(want);
  });
});

describe('startFailureOf: where and what', () => {
  it('takes the message of the last start termination when RunContainerError has none', () => {
    const s = cstatus('web', {
      state: { waiting: { reason: 'RunContainerError', message: '' } },
      lastState: state.terminated(128, 'StartError', { message: OCI, finishedS: 20 }),
    });
    expect(startFailureOf(s)).toEqual({
      where: 'state.waiting',
      reason: 'RunContainerError',
      message: OCI,
      exitCode: 128,
      finishedAt: at(20),
    });
  });

  it('keeps a waiting state that lost its reason line, with an empty reason', () => {
    const s = cstatus('web', { state: { waiting: { message: OCI } } });
    expect(startFailureOf(s)).toEqual({
      where: 'state.waiting',
      reason: '',
      message: OCI,
      exitCode: undefined,
      finishedAt: undefined,
    });
  });

  it('does not read runtime text under another waiting reason (a failed postStart exec)', () => {
    const s = cstatus('web', {
      state: state.waiting(
        'PostStartHookError',
        `Exec lifecycle hook ([/hook.sh]) for Container "web" in Pod "web-0_shop(u)" failed - error: command '/hook.sh' exited with 126: , message: "OCI runtime exec failed: exec failed: unable to start container process: exec: \\"/hook.sh\\": stat /hook.sh: no such file or directory: unknown\\r\\n"`,
      ),
      lastState: state.terminated(1, 'Error'),
    });
    expect(startFailureOf(s)).toBeUndefined();
  });

  it('reads a terminated StartError without a message as an empty message', () => {
    expect(startFailureOf(cstatus('web', { state: state.terminated(128, 'StartError') }))).toEqual({
      where: 'state.terminated',
      reason: 'StartError',
      message: '',
      exitCode: 128,
      finishedAt: undefined,
    });
  });

  it('reads an unnamed start termination behind CrashLoopBackOff with an empty reason', () => {
    const s = cstatus('web', {
      state: state.waiting(
        'CrashLoopBackOff',
        'back-off 10s restarting failed container=web pod=web-0_shop(u)',
      ),
      lastState: { terminated: { exitCode: 128, message: OCI } },
    });
    expect(startFailureOf(s)).toEqual({
      where: 'lastState.terminated',
      reason: '',
      message: OCI,
      exitCode: 128,
      finishedAt: undefined,
    });
  });

  it.each([
    {
      name: 'a start termination while waiting for another reason',
      s: cstatus('web', {
        state: state.waiting('ContainerCreating'),
        lastState: state.terminated(128, 'StartError'),
      }),
    },
    {
      name: 'CrashLoopBackOff with no last termination',
      s: cstatus('web', { state: state.waiting('CrashLoopBackOff') }),
    },
    { name: 'an empty state', s: cstatus('web', { state: {} }) },
  ])('none for $name', ({ s }) => {
    expect(startFailureOf(s)).toBeUndefined();
  });
});

describe('execFailureInOutput: the last non-blank line, or the first with a blank line after it, trimmed', () => {
  it.each<[string[], string | undefined]>([
    [['starting', `${EXEC_LINE}\r`, '   '], EXEC_LINE],
    [[`  ${EXEC_LINE}  `], EXEC_LINE],
    // The block ran on into the reporter's words after the log.
    [['', EXEC_LINE, '', 'Any idea what is wrong?'], EXEC_LINE],
    // An application logging an exec error and going on.
    [[EXEC_LINE, 'fatal: plugin failed to load'], undefined],
    [['starting', EXEC_LINE, 'later output'], undefined],
    [['starting', 'later output'], undefined],
    [[], undefined],
  ])('%j -> %s', (lines, want) => {
    expect(execFailureInOutput(lines)).toBe(want);
  });
});

describe('logsOf: the container by name, else the unnamed logs', () => {
  const web = log('web', ['a']);
  const sidecar = log('sidecar', ['b']);
  const unnamed = log('unnamed', ['c']);
  const blank = log('', ['d']);
  it.each([
    { name: 'by name only', logs: [sidecar, web, unnamed], want: [web] },
    {
      name: 'unnamed ones when none is named for it',
      logs: [sidecar, unnamed, blank],
      want: [unnamed, blank],
    },
    { name: 'nothing when only other containers are named', logs: [sidecar], want: [] },
  ])('$name', ({ logs, want }) => {
    expect(logsOf(logs, 'web')).toEqual(want);
  });
});

describe('execFailureAfterStart: which runs count and which log it reads', () => {
  it('reads the current log (not the previous one) when the state itself is terminated', () => {
    const s = cstatus('web', { state: state.terminated(1, 'Error') });
    const current = log('web', [EXEC_LINE]);
    const r = execFailureAfterStart(s, [log('web', ['listening on :8080'], true), current], 'web');
    expect(r).toEqual({
      failure: {
        where: 'state.terminated',
        reason: 'Error',
        message: '',
        exitCode: 1,
        finishedAt: undefined,
      },
      line: EXEC_LINE,
      log: current,
    });
  });

  it.each([
    { name: 'no status', s: undefined },
    {
      name: 'waiting for another reason with no termination',
      s: cstatus('web', { state: state.waiting('ContainerCreating') }),
    },
    {
      name: 'an OOMKilled termination without its exit code',
      s: cstatus('web', {
        state: state.waiting('CrashLoopBackOff'),
        lastState: { terminated: { reason: 'OOMKilled' } },
      }),
    },
    {
      name: 'a clean exit 0',
      s: cstatus('web', {
        state: state.waiting('CrashLoopBackOff'),
        lastState: state.terminated(0, 'Completed'),
      }),
    },
    {
      name: 'a kill (137)',
      s: cstatus('web', {
        state: state.waiting('CrashLoopBackOff'),
        lastState: state.terminated(137, 'Error'),
      }),
    },
  ])('none for $name even with the exec line in the log', ({ s }) => {
    expect(execFailureAfterStart(s, [log('web', [EXEC_LINE], true)], 'web')).toBeUndefined();
  });
});
