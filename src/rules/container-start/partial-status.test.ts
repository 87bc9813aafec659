/**
 * Start failures read from a partial container status: one cut out of `-o yaml` after its
 * lastState (no current state), and a CrashLoopBackOff whose last termination a `get pods` row
 * only dated. Checked whole: where the failure is recorded, its text, exit code and time.
 */
import { describe, expect, it } from 'vitest';
import { podContextsOf } from '../../../test/rule-tester.js';
import { at, container, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { ContainerStatus, EventRecord } from '../../model/index.js';
import { startFailures } from './analyse.js';

const NOT_FOUND =
  'OCI runtime create failed: runc create failed: unable to start container process: exec: "uid_entrypoint.sh": executable file not found in $PATH: unknown';

function failures(status: ContainerStatus, events: EventRecord[] = []) {
  const p = pod({
    phase: 'Running',
    nodeName: 'n',
    containers: [container('app')],
    containerStatuses: [status],
  });
  return podContextsOf(snapshot({ pods: [p], events }), ms(400)).flatMap((c) =>
    startFailures(c).map((f) => ({
      code: f.cls.code,
      message: f.message,
      exitCode: f.exitCode,
      at: f.at,
      evidence: f.evidence.map((e) => e.text),
    })),
  );
}

describe('a status cut after its lastState', () => {
  it.each([
    ['ContainerCannotRun', 127],
    ['StartError', 128],
  ])('%s: the last start is the present failure, with its text, code and time', (reason, code) => {
    const status = cstatus('app', {
      restartCount: 3,
      lastState: state.terminated(code, reason, { message: NOT_FOUND, finishedS: 300 }),
    });
    expect(failures(status)).toEqual([
      {
        code: 'ExecutableNotFound',
        message: NOT_FOUND,
        exitCode: code,
        at: ms(300),
        evidence: [
          `containerStatuses[app].lastState.terminated: ${reason} (exit code ${code}): ${NOT_FOUND}`,
        ],
      },
    ]);
  });

  it('a last run that exited on its own is no start failure', () => {
    const status = cstatus('app', {
      restartCount: 3,
      lastState: state.terminated(1, 'Error', { message: 'panic' }),
    });
    expect(failures(status)).toEqual([]);
  });

  it('the start-failure events of the container still decide without a lastState', () => {
    const status = cstatus('app', { restartCount: 0 });
    const e = event({
      reason: 'Failed',
      message: `Error: ${NOT_FOUND}`,
      lastS: 350,
      fieldPath: 'spec.containers{app}',
    });
    expect(failures(status, [e]).map((f) => f.code)).toEqual(['ExecutableNotFound']);
  });
});

describe('a CrashLoopBackOff whose last termination is only dated', () => {
  const loop = (terminated: Record<string, unknown>): ContainerStatus => ({
    ...cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 5 }),
    lastState: { terminated: { finishedAt: at(380), ...terminated } },
  });
  const failedEv = event({ reason: 'Failed', message: `Error: ${NOT_FOUND}`, lastS: 380 });

  it('start-failure events decide: the process never started', () => {
    const [f, ...rest] = failures(loop({}), [failedEv]);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ code: 'ExecutableNotFound', at: ms(380) });
    expect(f?.evidence[0]).toBe('containerStatuses[app].state.waiting: CrashLoopBackOff');
  });

  it.each([
    ['a reason', { reason: 'Error' }],
    ['an exit code', { exitCode: 2 }],
    ['a signal', { signal: 9 }],
  ])('a termination with %s shows how it ended: the events do not override it', (_, shown) => {
    expect(failures(loop(shown), [failedEv])).toEqual([]);
  });
});
