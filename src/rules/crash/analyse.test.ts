import { describe, expect, it } from 'vitest';
import { podContextsOf } from '../../../test/rule-tester.js';
import { at, container, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { ContainerState, ContainerStatus, EventRecord, Pod } from '../../model/index.js';
import { crashCases } from './analyse.js';

const NOW = ms(120);

function casesOf(pods: Pod[], events: EventRecord[] = [], now = NOW) {
  return podContextsOf(snapshot({ pods, events }), now).flatMap((c) => [...crashCases(c)]);
}

/** What the crash rules read of a case: reason, container, loop verdict, exit code, restarts, time. */
function summary(pods: Pod[], events: EventRecord[] = [], now = NOW) {
  return casesOf(pods, events, now).map((c) => ({
    reason: c.reason,
    container: c.container?.name,
    looping: c.looping,
    exitCode: c.exitCode,
    restarts: c.restarts,
  }));
}

const backOff = (
  name: string | undefined,
  opts: { fieldPath?: string; firstS?: number; lastS?: number } = {},
) =>
  event({
    reason: 'BackOff',
    message:
      name === undefined
        ? 'Back-off restarting failed container'
        : `Back-off restarting failed container ${name} in pod web-1_default(uid-web-1)`,
    count: 4,
    firstS: opts.firstS ?? 60,
    lastS: opts.lastS ?? 110,
    ...(opts.fieldPath === undefined ? {} : { fieldPath: opts.fieldPath }),
  });
const loopWaiting = state.waiting(
  'CrashLoopBackOff',
  'back-off 40s restarting failed container=app pod=web-1_default(uid-web-1)',
);
const two = (app: ContainerStatus, opts: Parameters<typeof pod>[0] = {}) =>
  pod({
    phase: 'Running',
    containers: [container('app'), container('sidecar')],
    containerStatuses: [app, cstatus('sidecar', { state: state.running(5), ready: true })],
    ...opts,
  });
const exit1 = state.terminated(1, 'Error', { startedS: 90, finishedS: 100 });

describe('crashCases: the reason and loop verdict of a container with a status', () => {
  it.each<[string, Pod[], EventRecord[], ReturnType<typeof summary>]>([
    [
      'restartPolicy Never: a terminated container is no loop, even with a restart counted',
      [
        pod({
          phase: 'Running',
          spec: { restartPolicy: 'Never' },
          containerStatuses: [cstatus('app', { state: exit1, restartCount: 1 })],
        }),
      ],
      [],
      [{ reason: 'ExitNonZero', container: 'app', looping: false, exitCode: 1, restarts: 1 }],
    ],
    [
      'restartPolicy Always, terminated once, a back-off event naming it: looping',
      [pod({ phase: 'Running', containerStatuses: [cstatus('app', { state: exit1 })] })],
      [backOff('app')],
      [{ reason: 'CrashLoopBackOff', container: 'app', looping: true, exitCode: 1, restarts: 0 }],
    ],
    [
      'terminated once, no back-off and no restart: a single exit',
      [pod({ phase: 'Running', containerStatuses: [cstatus('app', { state: exit1 })] })],
      [],
      [{ reason: 'ExitNonZero', container: 'app', looping: false, exitCode: 1, restarts: 0 }],
    ],
    [
      'two containers: a back-off naming no container is not pinned on either',
      [two(cstatus('app', { state: exit1 }))],
      [backOff(undefined)],
      [{ reason: 'ExitNonZero', container: 'app', looping: false, exitCode: 1, restarts: 0 }],
    ],
    [
      "two containers: the sidecar's back-off is not the app's",
      [two(cstatus('app', { state: exit1 }))],
      [backOff('sidecar', { fieldPath: 'spec.containers{sidecar}' })],
      [{ reason: 'ExitNonZero', container: 'app', looping: false, exitCode: 1, restarts: 0 }],
    ],
    [
      'one container: a back-off naming no container is its own',
      [pod({ phase: 'Running', containerStatuses: [cstatus('app', { state: exit1 })] })],
      [backOff(undefined)],
      [{ reason: 'CrashLoopBackOff', container: 'app', looping: true, exitCode: 1, restarts: 0 }],
    ],
    [
      'OnFailure: exit 0 after restarts is a finished container, not a loop',
      [
        two(
          cstatus('app', { state: state.terminated(0, 'Completed', { finishedS: 100 }), restartCount: 2 }),
          {
            spec: { restartPolicy: 'OnFailure' },
          },
        ),
      ],
      [],
      [],
    ],
    [
      'OOMKilled with exit code 0 (a child process killed): still an OOM kill',
      [
        pod({
          phase: 'Running',
          containerStatuses: [
            cstatus('app', { state: state.terminated(0, 'OOMKilled', { finishedS: 100 }) }),
          ],
        }),
      ],
      [],
      [{ reason: 'OOMKilled', container: 'app', looping: false, exitCode: 0, restarts: 0 }],
    ],
    [
      'pod being deleted: OOMKilled with 137 is still an OOM kill',
      [
        pod({
          phase: 'Running',
          deletionS: 95,
          containerStatuses: [
            cstatus('app', { state: state.terminated(137, 'OOMKilled', { finishedS: 100 }) }),
          ],
        }),
      ],
      [],
      [{ reason: 'OOMKilled', container: 'app', looping: false, exitCode: 137, restarts: 0 }],
    ],
    [
      'pod being deleted: a SIGKILL without OOMKilled is the deletion',
      [
        pod({
          phase: 'Running',
          deletionS: 95,
          containerStatuses: [cstatus('app', { state: state.terminated(137, 'Error', { finishedS: 100 }) })],
        }),
      ],
      [],
      [],
    ],
    [
      'waiting ContainerCreating after an exit: being restarted, no verdict yet',
      [
        pod({
          phase: 'Running',
          containerStatuses: [
            cstatus('app', { state: state.waiting('ContainerCreating'), lastState: exit1, restartCount: 1 }),
          ],
        }),
      ],
      [],
      [],
    ],
    [
      'an empty state and no last state: nothing to judge',
      [pod({ phase: 'Running', containerStatuses: [cstatus('app', { state: {} })] })],
      [],
      [],
    ],
    [
      'an empty state with a last termination: judged from it',
      [pod({ phase: 'Running', containerStatuses: [cstatus('app', { state: {}, lastState: exit1 })] })],
      [],
      [{ reason: 'ExitNonZero', container: 'app', looping: false, exitCode: 1, restarts: 0 }],
    ],
    [
      'a status without any state (a get-pods row): the back-off events decide',
      [pod({ phase: 'Running', containerStatuses: [cstatus('app', { restartCount: 4 })] })],
      [backOff('app')],
      [{ reason: 'CrashLoopBackOff', container: 'app', looping: true, exitCode: undefined, restarts: 4 }],
    ],
  ])('%s', (_name, pods, events, expected) => {
    expect(summary(pods, events)).toEqual(expected);
  });
});

describe('crashCases: pods whose state rules crashes out', () => {
  const looping = cstatus('app', { state: loopWaiting, restartCount: 3, lastState: exit1 });
  const LOOP = [
    { reason: 'CrashLoopBackOff' as const, container: 'app', looping: true, exitCode: 1, restarts: 3 },
  ];
  it.each<[string, Pod[], EventRecord[], ReturnType<typeof summary>]>([
    [
      'Failed with reason Evicted',
      [pod({ phase: 'Failed', reason: 'Evicted', containerStatuses: [looping] })],
      [],
      [],
    ],
    [
      'Failed with an empty reason: not a node verdict',
      [
        pod({
          phase: 'Failed',
          reason: '',
          spec: { restartPolicy: 'Never' },
          containerStatuses: [cstatus('app', { state: exit1 })],
        }),
      ],
      [],
      [{ reason: 'ExitNonZero', container: 'app', looping: false, exitCode: 1, restarts: 0 }],
    ],
    [
      'Running with reason NodeLost: only a Failed phase settles it',
      [pod({ phase: 'Running', reason: 'NodeLost', containerStatuses: [looping] })],
      [],
      LOOP,
    ],
    [
      'Succeeded, but one of two containers waits in CrashLoopBackOff: not finished',
      [
        pod({
          phase: 'Succeeded',
          containers: [container('app'), container('sidecar')],
          containerStatuses: [
            looping,
            cstatus('sidecar', { state: state.terminated(0, 'Completed', { finishedS: 100 }) }),
          ],
        }),
      ],
      [],
      LOOP,
    ],
    [
      'Succeeded with no container states: back-off events are history',
      [pod({ phase: 'Succeeded' })],
      [backOff('app')],
      [],
    ],
  ])('%s', (_name, pods, events, expected) => {
    expect(summary(pods, events)).toEqual(expected);
  });
});

describe('crashCases: evidence and time of a case from status', () => {
  it('a CrashLoopBackOff without message, last state or events: the waiting line alone, no time', () => {
    const [c, ...rest] = casesOf([
      pod({
        phase: 'Running',
        containerStatuses: [cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 3 })],
      }),
    ]);
    expect(rest).toEqual([]);
    expect(c?.evidence).toEqual([
      { source: 'status', text: 'containerStatuses[app].state.waiting: CrashLoopBackOff' },
    ]);
    expect(c?.at).toBeUndefined();
  });

  it.each<[string, ContainerState, string]>([
    [
      'with its start time',
      state.running(101),
      'containerStatuses[app].state.running: started 2026-01-01T00:01:41Z, restartCount 4',
    ],
    [
      'without a start time',
      { running: {} },
      'containerStatuses[app].state.running: started (time unknown), restartCount 4',
    ],
  ])(
    'running again but restarting often, %s: the running line first, then the termination',
    (_n, running, line) => {
      const [c, ...rest] = casesOf([
        pod({
          phase: 'Running',
          containerStatuses: [cstatus('app', { state: running, restartCount: 4, lastState: exit1 })],
        }),
      ]);
      expect(rest).toEqual([]);
      expect(c?.reason).toBe('CrashLoopBackOff');
      expect(c?.evidence.map((e) => [e.source, e.text])).toEqual([
        ['status', line],
        [
          'status',
          `containerStatuses[app].lastState.terminated: Error, exit code 1, started ${at(90)}, finished ${at(100)}; restartCount 4`,
        ],
      ]);
      expect(c?.at).toBe(ms(100));
    },
  );

  it.each<[string, ContainerStatus, EventRecord[], number | undefined]>([
    [
      'the termination only',
      cstatus('app', { state: loopWaiting, restartCount: 3, lastState: exit1 }),
      [],
      ms(100),
    ],
    [
      'a back-off newer than the termination: its last time',
      cstatus('app', { state: loopWaiting, restartCount: 3, lastState: exit1 }),
      [backOff('app', { firstS: 20, lastS: 115 })],
      ms(115),
    ],
    [
      'a termination newer than the back-off',
      cstatus('app', { state: loopWaiting, restartCount: 3, lastState: exit1 }),
      [backOff('app', { firstS: 20, lastS: 80 })],
      ms(100),
    ],
    [
      'the back-off only: its last time, not its first',
      cstatus('app', { state: loopWaiting, restartCount: 3 }),
      [backOff('app', { firstS: 20, lastS: 80 })],
      ms(80),
    ],
    ['neither', cstatus('app', { state: loopWaiting, restartCount: 3 }), [], undefined],
  ])('the time of the case: %s', (_n, status, events, expected) => {
    const found = casesOf([pod({ phase: 'Running', containerStatuses: [status] })], events);
    expect(found.map((c) => c.at)).toEqual([expected]);
  });
});
