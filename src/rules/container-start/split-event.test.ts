import { beforeEach, describe, expect, it } from 'vitest';
import { podContextsOf } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, Pod } from '../../model/index.js';
import { startFailures } from './analyse.js';

// An issue tracker (or a terminal) can split the kubelet's one `Failed` event over two lines: the
// first keeps `Error: failed to start container "app":`, the second the runtime's cause. Pasted,
// they are two events at the same time (or with no time at all); the cause decides the reason.
const GENERIC = 'Error: failed to start container "app":';
const CAUSES = [
  [
    'PermissionDenied',
    'Error response from daemon: OCI runtime create failed: container_linux.go:349: starting container process caused "exec: \\"/usr/bin/docker-entrypoint.sh\\": permission denied": unknown',
  ],
  [
    'ExecutableNotFound',
    'failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "gunicorn": executable file not found in $PATH: unknown',
  ],
  [
    'ExecFormatError',
    'failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/bin/server": exec format error: unknown',
  ],
] as const;

let fieldPath: string | undefined = 'spec.containers{app}';
const timed = (message: string, lastS: number): EventRecord =>
  event({ reason: 'Failed', message, lastS, ...(fieldPath === undefined ? {} : { fieldPath }) });
const untimed = (message: string): EventRecord => {
  const e: { -readonly [K in keyof EventRecord]?: EventRecord[K] } = { ...timed(message, 0) };
  delete e.first;
  delete e.last;
  return e as EventRecord;
};

const pending = pod({ phase: 'Pending', nodeName: 'n', containers: [container('app')] });
const waiting = pod({
  phase: 'Pending',
  nodeName: 'n',
  containers: [container('app')],
  containerStatuses: [cstatus('app', { state: state.waiting('RunContainerError', '') })],
});

function codes(p: Pod, events: EventRecord[]) {
  const ctxs = podContextsOf(snapshot({ pods: [p], events }), ms(400));
  return ctxs.flatMap((c) => startFailures(c).map((f) => [f.cls.code, f.evidence.at(-1)?.text ?? '']));
}

describe('startFailures: one runtime error split over two pasted events', () => {
  describe.each([
    ['no current state (events only)', pending, 'spec.containers{app}'],
    ['no current state, events without fieldPath (get events)', pending, undefined],
    ['a waiting RunContainerError without message', waiting, 'spec.containers{app}'],
    ['a waiting RunContainerError, events without fieldPath', waiting, undefined],
  ])('%s', (_, p, path) => {
    beforeEach(() => {
      fieldPath = path;
    });
    it.each(CAUSES)('the cause of %s decides, whichever event comes first', (code, cause) => {
      for (const events of [
        [untimed(GENERIC), untimed(cause)],
        [untimed(cause), untimed(GENERIC)],
        [timed(GENERIC, 30), timed(cause, 30)],
      ]) {
        const got = codes(p, events);
        expect(got).toHaveLength(1);
        expect(got[0]?.[0]).toBe(code);
        expect(got[0]?.[1]).toContain(cause.slice(-40));
      }
    });
    it('a newer plain error is the newest and stays a StartError', () => {
      const [, cause] = CAUSES[0];
      const got = codes(p, [timed(cause, 20), timed(GENERIC, 30)]);
      expect(got).toEqual([['StartError', expect.stringContaining('failed to start container')]]);
    });
    it('two plain errors at the same time: the first one, a StartError', () => {
      const got = codes(p, [
        timed(GENERIC, 30),
        timed('Error: failed to start container "app": unknown', 30),
      ]);
      expect(got).toEqual([['StartError', expect.stringContaining(GENERIC)]]);
    });
  });
});
