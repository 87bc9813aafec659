/**
 * A container status cut out of `kubectl get pod -o yaml` after its lastState (no `state:`): a last
 * run that never started its process (ContainerCannotRun, StartError, exit 128 with the runtime's
 * start error) is the container-start stage, since the kubelet runs the same command again; a
 * status that shows the container running since is not.
 */
import { describe, expect, it } from 'vitest';
import { firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2021-08-21T00:40:00Z');
const fragment = (reason: string, exitCode: number, message: string, state = ''): string =>
  [
    '  containerStatuses:',
    '  - containerID: docker://190aa1c55678',
    '    image: quay.io/argoproj/argocd:v2.1.0',
    '    lastState:',
    '      terminated:',
    `        exitCode: ${exitCode}`,
    '        finishedAt: "2021-08-21T00:38:07Z"',
    `        message: '${message}'`,
    `        reason: ${reason}`,
    '        startedAt: "2021-08-21T00:38:07Z"',
    state,
  ].join('\n');

const NOT_FOUND =
  'OCI runtime create failed: container_linux.go:380: starting container process caused: exec: "uid_entrypoint.sh": executable file not found in $PATH: unknown';

describe('a start failure in a status cut after its lastState', () => {
  it.each([
    ['ContainerCannotRun', 127, NOT_FOUND, 'container-start ExecutableNotFound'],
    ['StartError', 128, NOT_FOUND, 'container-start ExecutableNotFound'],
    [
      'Error',
      128,
      'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app": permission denied: unknown',
      'container-start PermissionDenied',
    ],
  ])('%s exit %i', (reason, code, message, expected) => {
    expect(firstFailure(fragment(reason, code, message), CLOCK)).toBe(expected);
  });

  it('a process that ran and exited is no start failure', () => {
    expect(firstFailure(fragment('Error', 1, 'panic: boom'), CLOCK)).not.toMatch(/^container-start/);
  });

  it('running since: the start failure is history', () => {
    const running = ['    state:', '      running:', '        startedAt: "2021-08-21T00:39:00Z"'].join('\n');
    expect(firstFailure(fragment('StartError', 128, NOT_FOUND, running), CLOCK)).not.toMatch(
      /^container-start/,
    );
  });
});
