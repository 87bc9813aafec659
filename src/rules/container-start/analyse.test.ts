import { describe, expect, it } from 'vitest';
import { podContextsOf } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, LogTail, Pod } from '../../model/index.js';
import { startFailures } from './analyse.js';

const runc = (tail: string) =>
  `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${tail}: unknown`;
const NOT_FOUND = runc('exec: "gunicorn": executable file not found in $PATH');
const DENIED = runc('exec: "/app/run.sh": permission denied');

const failed = (message: string, lastS: number, fieldPath?: string): EventRecord =>
  event({ reason: 'Failed', message, lastS, ...(fieldPath === undefined ? {} : { fieldPath }) });
const startedEv = (lastS: number, fieldPath: string): EventRecord =>
  event({ reason: 'Started', type: 'Normal', message: 'Started container app', lastS, fieldPath });

function failures(pods: Pod[], events: EventRecord[] = [], logs: LogTail[] = []) {
  const ctxs = podContextsOf(snapshot({ pods, events, logs }), ms(400));
  return ctxs.flatMap((c) =>
    startFailures(c).map((f) => ({
      ref: f.ref,
      image: f.image,
      code: f.cls.code,
      message: f.message,
      exitCode: f.exitCode,
      basis: f.basis,
      evidence: f.evidence.map((e) => e.text),
      at: f.at,
    })),
  );
}
const APP = { name: 'app', type: 'app' } as const;

const crashLoop = (last: ReturnType<typeof state.terminated>, image?: string) =>
  cstatus('app', {
    state: state.waiting(
      'CrashLoopBackOff',
      'back-off 20s restarting failed container=app pod=web-1_default(uid)',
    ),
    restartCount: 2,
    lastState: last,
    ...(image === undefined ? {} : { image }),
  });
const WAITING_EV =
  'containerStatuses[app].state.waiting: CrashLoopBackOff: back-off 20s restarting failed container=app pod=web-1_default(uid)';
const onePod = (status: ReturnType<typeof cstatus>, containers = [container('app')]) =>
  pod({ phase: 'Running', nodeName: 'n', containers, containerStatuses: [status] });

describe('startFailures: which event text is a start failure', () => {
  it.each<[string, EventRecord, string | undefined]>([
    [
      'kubelet Failed "Error: …": the text after the prefix',
      failed(`Error: ${NOT_FOUND}`, 20, 'spec.containers{app}'),
      NOT_FOUND,
    ],
    [
      'a Failed event that kept only the runtime text, trimmed',
      failed(`  ${DENIED}\n`, 20, 'spec.containers{app}'),
      DENIED,
    ],
    [
      'pre-1.13 FailedSync with RunContainerError and the runtime text',
      event({
        reason: 'FailedSync',
        message: `Error syncing pod, skipping: failed to "StartContainer" for "app" with RunContainerError: "${DENIED.replace(/"/g, '\\"')}"`,
        lastS: 20,
      }),
      DENIED,
    ],
    [
      'pre-1.13 FailedSync with CrashLoopBackOff: not a start failure',
      event({
        reason: 'FailedSync',
        message:
          'Error syncing pod, skipping: failed to "StartContainer" for "app" with CrashLoopBackOff: "Back-off 10s restarting failed container=app pod=web-1_default(uid)"',
        lastS: 20,
      }),
      undefined,
    ],
  ])('%s', (_name, e, message) => {
    const fs = failures([pod({ phase: 'Pending', nodeName: 'n' })], [e]);
    expect(fs.map((f) => [f.ref, f.message, f.basis])).toEqual(
      message === undefined ? [] : [[APP, message, 'events']],
    );
  });

  it('a FailedSync naming an init container is about that init container', () => {
    const p = pod({
      phase: 'Pending',
      nodeName: 'n',
      initContainers: [container('init-a'), container('init-db', { image: 'registry.example/migrate:2' })],
      containers: [container('app')],
    });
    const e = event({
      reason: 'FailedSync',
      message: `Error syncing pod, skipping: failed to "StartContainer" for "init-db" with RunContainerError: "${NOT_FOUND}"`,
      lastS: 20,
    });
    expect(failures([p], [e]).map((f) => [f.ref, f.image])).toEqual([
      [{ name: 'init-db', type: 'init' }, 'registry.example/migrate:2'],
    ]);
  });
});

describe('startFailures: events only', () => {
  it('events naming no container on a pod without statuses: one failure per error class', () => {
    const fs = failures(
      [pod({ phase: 'Pending' })],
      [failed(`Error: ${NOT_FOUND}`, 20), failed(`Error: ${DENIED}`, 30)],
    );
    expect(fs.map((f) => [f.ref, f.code, f.image, f.at])).toEqual([
      [undefined, 'ExecutableNotFound', '', ms(20)],
      [undefined, 'PermissionDenied', '', ms(30)],
    ]);
  });

  it('the newest event of a container tells the message, evidence and time; the spec its image', () => {
    const p = pod({
      phase: 'Pending',
      nodeName: 'n',
      containers: [
        container('web', { image: 'registry.example/web:3' }),
        container('app', { image: 'registry.example/api:7' }),
      ],
    });
    const events = [
      failed(`Error: ${NOT_FOUND}`, 20, 'spec.containers{app}'),
      failed(`Error: ${DENIED}`, 60, 'spec.containers{app}'),
      failed(`Error: ${NOT_FOUND}`, 40, 'spec.containers{app}'),
    ];
    expect(failures([p], events)).toEqual([
      {
        ref: APP,
        image: 'registry.example/api:7',
        code: 'PermissionDenied',
        message: DENIED,
        exitCode: undefined,
        basis: 'events',
        evidence: [`Warning Failed 5m40s ago: Error: ${DENIED}`],
        at: ms(60),
      },
    ]);
  });

  it('events of a container the spec does not list: image unknown', () => {
    const fs = failures(
      [pod({ phase: 'Pending' })],
      [failed(`Error: ${NOT_FOUND}`, 20, 'spec.containers{ghost}')],
    );
    expect(fs.map((f) => [f.ref, f.image])).toEqual([[{ name: 'ghost', type: 'app' }, '']]);
  });

  it('a Started event older than the failure does not end it; a newer one does', () => {
    const p = pod({ phase: 'Pending', nodeName: 'n' });
    const fail = failed(`Error: ${NOT_FOUND}`, 50, 'spec.containers{app}');
    expect(failures([p], [startedEv(10, 'spec.containers{app}'), fail])).toHaveLength(1);
    expect(failures([p], [startedEv(90, 'spec.containers{app}'), fail])).toHaveLength(0);
  });

  it('a container without a state on a pod whose other container runs: its own events decide', () => {
    const p = pod({
      phase: 'Running',
      nodeName: 'n',
      containers: [container('web'), container('app')],
      containerStatuses: [cstatus('web', { state: state.running(5) }), cstatus('app')],
    });
    const fs = failures([p], [failed(`Error: ${NOT_FOUND}`, 50, 'spec.containers{app}')]);
    expect(fs.map((f) => [f.ref, f.basis])).toEqual([[APP, 'events']]);
  });

  it('events naming no container on a pod whose statuses are known are left out', () => {
    const p = pod({
      phase: 'Running',
      nodeName: 'n',
      containers: [container('web'), container('app')],
      containerStatuses: [
        cstatus('web', { state: state.running(5) }),
        cstatus('app', { state: state.running(5) }),
      ],
    });
    expect(failures([p], [failed(`Error: ${NOT_FOUND}`, 50)])).toEqual([]);
  });
});

describe('startFailures: from the status', () => {
  it('behind a CrashLoopBackOff, the message from the newest event, the later time of the two', () => {
    const fs = failures(
      [onePod(crashLoop(state.terminated(128, 'StartError', { finishedS: 30 })))],
      [
        failed(`Error: ${NOT_FOUND}`, 20, 'spec.containers{app}'),
        failed(`Error: ${DENIED}`, 50, 'spec.containers{app}'),
        failed(`Error: ${NOT_FOUND}`, 40, 'spec.containers{app}'),
      ],
    );
    expect(fs).toEqual([
      {
        ref: APP,
        image: 'registry.example/app:1.0',
        code: 'PermissionDenied',
        message: DENIED,
        exitCode: 128,
        basis: 'state',
        evidence: [
          WAITING_EV,
          'containerStatuses[app].lastState.terminated: StartError (exit code 128)',
          `Warning Failed 5m50s ago: Error: ${DENIED}`,
        ],
        at: ms(50),
      },
    ]);
  });

  it('the termination later than the event: its finish time', () => {
    const fs = failures(
      [onePod(crashLoop(state.terminated(128, 'StartError', { message: NOT_FOUND, finishedS: 80 })))],
      [failed(`Error: ${DENIED}`, 50, 'spec.containers{app}')],
    );
    expect(fs.map((f) => [f.code, f.message, f.at])).toEqual([['ExecutableNotFound', NOT_FOUND, ms(80)]]);
  });

  it('no finish time and no event: no time, no message', () => {
    const fs = failures([onePod(crashLoop(state.terminated(128, 'StartError')))]);
    expect(fs.map((f) => [f.message, f.at, f.evidence])).toEqual([
      [
        '',
        undefined,
        [WAITING_EV, 'containerStatuses[app].lastState.terminated: StartError (exit code 128)'],
      ],
    ]);
  });

  it('waiting RunContainerError: the waiting state alone, without an exit code', () => {
    const fs = failures([onePod(cstatus('app', { state: state.waiting('RunContainerError', NOT_FOUND) }))]);
    expect(fs.map((f) => [f.exitCode, f.evidence, f.at])).toEqual([
      [undefined, [`containerStatuses[app].state.waiting: RunContainerError: ${NOT_FOUND}`], undefined],
    ]);
  });

  it('a termination without a reason: "terminated"', () => {
    const fs = failures([
      onePod(
        cstatus('app', { state: state.terminated(128, undefined, { message: NOT_FOUND, finishedS: 30 }) }),
      ),
    ]);
    expect(fs.map((f) => f.evidence)).toEqual([
      [`containerStatuses[app].state.terminated: terminated (exit code 128): ${NOT_FOUND}`],
    ]);
  });

  it('image: the spec, else the status, else unknown', () => {
    const term = state.terminated(128, 'StartError', { message: NOT_FOUND });
    const status = crashLoop(term, 'docker.io/library/app:1.0');
    expect(failures([onePod(status)]).map((f) => f.image)).toEqual(['registry.example/app:1.0']);
    expect(failures([onePod(status, [])]).map((f) => f.image)).toEqual(['docker.io/library/app:1.0']);
    expect(failures([onePod(crashLoop(term), [])]).map((f) => f.image)).toEqual(['']);
  });

  it('the sole app container takes the events that name no container', () => {
    const fs = failures(
      [onePod(crashLoop(state.terminated(128, 'StartError', { finishedS: 30 })))],
      [failed(`Error: ${NOT_FOUND}`, 20)],
    );
    expect(fs.map((f) => [f.message, f.evidence.length])).toEqual([[NOT_FOUND, 3]]);
  });

  it("the sole app container takes only the events that name no container, not another container's", () => {
    // A StatefulSet pod keeps its name across spec changes: events of a container it no longer has.
    const fs = failures(
      [onePod(crashLoop(state.terminated(128, 'StartError', { finishedS: 30 })))],
      [failed(`Error: ${NOT_FOUND}`, 20), failed(`Error: ${DENIED}`, 60, 'spec.containers{old}')],
    );
    expect(fs.map((f) => [f.ref, f.message, f.basis])).toEqual([
      [APP, NOT_FOUND, 'state'],
      [{ name: 'old', type: 'app' }, DENIED, 'events'],
    ]);
  });

  it('one of two app containers does not take the events that name no container', () => {
    const p = pod({
      phase: 'Running',
      nodeName: 'n',
      containers: [container('app'), container('web')],
      containerStatuses: [
        crashLoop(state.terminated(128, 'StartError', { message: DENIED, finishedS: 30 })),
        cstatus('web', { state: state.running(5) }),
      ],
    });
    const fs = failures([p], [failed(`Error: ${NOT_FOUND}`, 60)]);
    expect(fs.map((f) => [f.ref, f.message, f.evidence.length, f.at])).toEqual([[APP, DENIED, 2, ms(30)]]);
  });

  it('an init container does not take the events that name no container', () => {
    const p = pod({
      phase: 'Pending',
      nodeName: 'n',
      initContainers: [container('setup')],
      containers: [container('app')],
      initContainerStatuses: [
        cstatus('setup', {
          state: state.waiting(
            'CrashLoopBackOff',
            'back-off 20s restarting failed container=setup pod=web-1_default(uid)',
          ),
          restartCount: 2,
          lastState: state.terminated(128, 'StartError', { message: DENIED, finishedS: 30 }),
        }),
      ],
      containerStatuses: [cstatus('app', { state: state.waiting('PodInitializing') })],
    });
    const fs = failures([p], [failed(`Error: ${NOT_FOUND}`, 60)]);
    expect(fs.map((f) => [f.ref, f.message, f.evidence.length])).toEqual([
      [{ name: 'setup', type: 'init' }, DENIED, 2],
    ]);
  });
});

describe('startFailures: the exec error only the log tells', () => {
  const log = (previous: boolean, ...lines: string[]): LogTail => ({
    namespace: 'default',
    pod: 'web-1',
    container: 'app',
    previous,
    lines,
  });
  const LINE = 'exec /usr/local/bin/docker-entrypoint.sh: exec format error';

  it('behind a CrashLoopBackOff, the previous log', () => {
    // A waiting state without its back-off message: with one, the termination's evidence line
    // wrongly quotes it (shared/start-failure.ts execFailureAfterStart; see the report).
    const status = cstatus('app', {
      state: state.waiting('CrashLoopBackOff'),
      restartCount: 2,
      lastState: state.terminated(1, 'Error', { finishedS: 30 }),
    });
    const fs = failures([onePod(status)], [], [log(true, LINE)]);
    expect(fs).toEqual([
      {
        ref: APP,
        image: 'registry.example/app:1.0',
        code: 'ExecFormatError',
        message: LINE,
        exitCode: 1,
        basis: 'state',
        evidence: [
          'containerStatuses[app].state.waiting: CrashLoopBackOff',
          'containerStatuses[app].lastState.terminated: Error (exit code 1)',
          `logs[app] (previous): ${LINE}`,
        ],
        at: ms(30),
      },
    ]);
  });

  it('terminated now without a reason, the current log', () => {
    const fs = failures(
      [onePod(cstatus('app', { state: state.terminated(1, undefined, { finishedS: 30 }) }))],
      [],
      [log(false, LINE)],
    );
    expect(fs.map((f) => f.evidence)).toEqual([
      ['containerStatuses[app].state.terminated: terminated (exit code 1)', `logs[app] (current): ${LINE}`],
    ]);
  });

  it('a start error in the status comes first: the log of an earlier run does not replace it', () => {
    const fs = failures(
      [onePod(crashLoop(state.terminated(128, 'StartError', { message: NOT_FOUND, finishedS: 30 })))],
      [],
      [log(true, LINE)],
    );
    expect(fs.map((f) => [f.code, f.message, f.evidence.length])).toEqual([
      ['ExecutableNotFound', NOT_FOUND, 2],
    ]);
  });

  it('a bare CrashLoopBackOff row: the waiting state and the log, nothing else', () => {
    const fs = failures(
      [onePod(cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 3 }), [])],
      [],
      [log(false, LINE)],
    );
    expect(fs.map((f) => [f.image, f.evidence])).toEqual([
      ['', ['containerStatuses[app].state.waiting: CrashLoopBackOff', `logs[app] (current): ${LINE}`]],
    ]);
  });
});
