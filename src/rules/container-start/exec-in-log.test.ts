/**
 * The entrypoint's execve failed after the runtime started the container, and only the log says
 * so: a `kubectl get pods` row (CrashLoopBackOff, no termination) or an Error exit without its code,
 * next to `kubectl logs` output ending in runc's exec error (runc 1.0 and >= 1.1 wordings).
 */
import { testRule } from '../../../test/rule-tester.js';
import { cstatus, pod, snapshot, state } from '../../../test/builders.js';
import type { ContainerStatus, LogTail } from '../../model/index.js';
import { rule } from './start-failed.js';

/** A pod as a table row leaves it: one unnamed container, no spec. */
const rowPod = (status: ContainerStatus) =>
  pod({ phase: 'Running', containers: [], containerStatuses: [status] });
const looping = cstatus('unnamed', { state: state.waiting('CrashLoopBackOff'), restartCount: 7 });
/** `kubectl logs POD` without -c: the paste reader cannot name the container. */
const log = (...lines: string[]): LogTail => ({
  namespace: 'default',
  pod: 'web-1',
  container: 'unnamed',
  previous: false,
  lines,
});

testRule(rule, {
  valid: [
    {
      name: 'CrashLoopBackOff whose log ends with the application error',
      snapshot: snapshot({
        pods: [rowPod(looping)],
        logs: [log('starting', 'panic: config file not found')],
      }),
    },
    {
      name: 'killed (exit 137): not an exec failure, whatever the log says',
      snapshot: snapshot({
        pods: [
          rowPod(
            cstatus('unnamed', {
              state: state.waiting('CrashLoopBackOff'),
              restartCount: 3,
              lastState: state.terminated(137, 'Error'),
            }),
          ),
        ],
        logs: [log('exec /app/server: exec format error')],
      }),
    },
    {
      name: 'running now: it got past it',
      snapshot: snapshot({
        pods: [rowPod(cstatus('unnamed', { state: state.running(5), restartCount: 2 }))],
        logs: [log('exec /app/server: exec format error')],
      }),
    },
  ],
  invalid: [
    {
      name: 'CrashLoopBackOff row, runc 1.0 wording in the log (Raspberry Pi, amd64 image)',
      snapshot: snapshot({
        pods: [rowPod(looping)],
        logs: [log('standard_init_linux.go:211: exec user process caused "exec format error"')],
      }),
      expect: [
        {
          messageId: 'execFormat',
          reason: 'ExecFormatError',
          evidenceIncludes: [
            'state.waiting: CrashLoopBackOff',
            'exec user process caused "exec format error"',
          ],
        },
      ],
    },
    {
      name: 'CrashLoopBackOff row, runc >= 1.1 wording',
      snapshot: snapshot({
        pods: [rowPod(looping)],
        logs: [log('exec /app/build/install/hipstershop/bin/AdService: exec format error')],
      }),
      expect: [{ messageId: 'execFormat', reason: 'ExecFormatError' }],
    },
    {
      name: 'script with CRLF line endings: the interpreter is not found',
      snapshot: snapshot({
        pods: [rowPod(looping)],
        logs: [log('exec /docker-entrypoint.sh: no such file or directory')],
      }),
      expect: [{ messageId: 'executableNotFound', reason: 'ExecutableNotFound' }],
    },
    {
      name: 'entrypoint without the execute bit',
      snapshot: snapshot({
        pods: [rowPod(looping)],
        logs: [log('standard_init_linux.go:228: exec user process caused: permission denied')],
      }),
      expect: [{ messageId: 'permissionDenied', reason: 'PermissionDenied' }],
    },
    {
      name: 'a watched row shows Error without its exit code; kubectl notes the defaulted container first',
      snapshot: snapshot({
        pods: [rowPod(cstatus('unnamed', { state: { terminated: { reason: 'Error' } }, restartCount: 0 }))],
        logs: [
          log(
            'Defaulted container "web-ctr" out of: web-ctr, init-ctr (init)',
            'exec /bin/sh: exec format error',
          ),
        ],
      }),
      expect: [
        { messageId: 'execFormat', reason: 'ExecFormatError', evidenceIncludes: ['state.terminated: Error'] },
      ],
    },
  ],
});
