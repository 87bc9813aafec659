import { describe, expect, it } from 'vitest';
import { cstatus, state } from '../../../test/builders.js';
import type { LogTail } from '../../model/index.js';
import {
  execFailureAfterStart,
  isProcessStartFailure,
  isStartTermination,
  startFailureOf,
} from './start-failure.js';

describe('start failures in runtime text', () => {
  it('tells runtime start failures from application exits', () => {
    expect(
      isProcessStartFailure(
        'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "sh - -c - | echo \\"Processing query set\\" ./process_queryset \\"$0\\"": stat sh - -c - | echo "Processing query set" ./process_queryset "$0": no such file or directory: unknown',
      ),
    ).toBe(true);
    expect(
      isProcessStartFailure('container create failed: time="x" level=error msg="runc create failed"'),
    ).toBe(true);
    expect(isProcessStartFailure('secret "x" not found')).toBe(false);
    expect(isProcessStartFailure('failed to reserve container name "a"')).toBe(false);
    expect(isProcessStartFailure(undefined)).toBe(false);
  });
});

describe('start failures in container status', () => {
  it('reads terminated StartError / ContainerCannotRun', () => {
    expect(isStartTermination({ exitCode: 128, reason: 'StartError' })).toBe(true);
    expect(isStartTermination({ exitCode: 128, reason: 'ContainerCannotRun' })).toBe(true);
    expect(isStartTermination({ exitCode: 128, reason: 'Error', message: 'fatal: bad object' })).toBe(false);
    expect(isStartTermination({ exitCode: 128, message: 'OCI runtime create failed: x' })).toBe(true);
    expect(isStartTermination({ exitCode: 1, reason: 'Error' })).toBe(false);
  });

  it('sees a start error behind CrashLoopBackOff, not behind a running container', () => {
    const last = state.terminated(128, 'StartError', {
      message: 'exec: "x": executable file not found in $PATH',
    });
    expect(
      startFailureOf(cstatus('a', { state: state.waiting('CrashLoopBackOff'), lastState: last }))?.where,
    ).toBe('lastState.terminated');
    expect(startFailureOf(cstatus('a', { state: state.running(1), lastState: last }))).toBeUndefined();
    expect(startFailureOf(cstatus('a', { state: state.waiting('RunContainerError', 'boom') }))?.where).toBe(
      'state.waiting',
    );
    expect(
      startFailureOf(
        cstatus('a', { state: state.waiting('CreateContainerError', 'failed to reserve container name') }),
      ),
    ).toBeUndefined();
    expect(startFailureOf(undefined)).toBeUndefined();
  });
});

describe('execFailureAfterStart: the failure quotes the state it names', () => {
  const log: LogTail = {
    namespace: 'shop',
    pod: 'web-0',
    container: 'web',
    previous: true,
    lines: ['exec /app/run.sh: no such file or directory'],
  };
  it.each([
    {
      name: 'a termination without a message beside a back-off message: no message',
      status: cstatus('web', {
        state: state.waiting(
          'CrashLoopBackOff',
          'back-off 20s restarting failed container=web pod=web-0_shop(u)',
        ),
        lastState: state.terminated(1, 'Error'),
      }),
      want: { where: 'lastState.terminated', reason: 'Error', message: '', exitCode: 1 },
    },
    {
      name: 'a termination with its message: that message',
      status: cstatus('web', {
        state: state.waiting(
          'CrashLoopBackOff',
          'back-off 20s restarting failed container=web pod=web-0_shop(u)',
        ),
        lastState: state.terminated(1, 'Error', { message: 'exit status 1' }),
      }),
      want: { where: 'lastState.terminated', reason: 'Error', message: 'exit status 1', exitCode: 1 },
    },
    {
      name: 'no termination yet: the waiting state',
      status: cstatus('web', {
        state: state.waiting(
          'CrashLoopBackOff',
          'back-off 10s restarting failed container=web pod=web-0_shop(u)',
        ),
      }),
      want: {
        where: 'state.waiting',
        reason: 'CrashLoopBackOff',
        message: 'back-off 10s restarting failed container=web pod=web-0_shop(u)',
        exitCode: undefined,
      },
    },
  ])('$name', ({ status, want }) => {
    const r = execFailureAfterStart(status, [log], 'web');
    expect(r?.line).toBe('exec /app/run.sh: no such file or directory');
    expect(r?.failure).toMatchObject(want);
  });
});
