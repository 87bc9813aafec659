/**
 * create-container-error's next steps per kind of error (with and without a node to describe),
 * and its data when the evidence does not say which container failed.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { Finding, Pod } from '../../model/index.js';
import { rule } from './create-container-error.js';

const RESERVED =
  'failed to reserve container name "app_web-1_default_uid_0": name "app_web-1_default_uid_0" is reserved for "4f3c0a9e"';
const NO_COMMAND = 'Error response from daemon: No command specified';
const SUBPATH = 'failed to prepare subPath for volumeMount "data" of container "app"';

const waiting = (message: string, nodeName?: string): Pod =>
  pod({
    ...(nodeName === undefined ? {} : { nodeName }),
    containerStatuses: [cstatus('app', { state: state.waiting('CreateContainerError', message) })],
  });

const only = (p: Pod): Finding => {
  const findings = runRule(rule, snapshot({ pods: [p] }), ms(3600));
  expect(findings).toHaveLength(1);
  return findings[0] as Finding;
};

const DESCRIBE = 'kubectl describe pod web-1 -n default';
const EVENTS =
  'kubectl get events -n default --field-selector involvedObject.kind=Pod,involvedObject.name=web-1';
const FIX = {
  nameReserved:
    'This usually clears once the runtime catches up; if it persists, look at disk I/O and the container runtime on the node (crictl ps -a, journalctl -u containerd).',
  noCommand: 'Set command (and args) for the container, or use an image that defines ENTRYPOINT or CMD.',
  createFailed:
    'Fix what the runtime error names (a mount source, a device, a runtime setting), then delete the pod so it is recreated.',
};

describe('create-container-error: next steps', () => {
  it.each([
    [
      'nameReserved',
      RESERVED,
      'node-1',
      [DESCRIBE, EVENTS, 'kubectl describe node node-1', FIX.nameReserved],
    ],
    ['nameReserved', RESERVED, undefined, [DESCRIBE, EVENTS, FIX.nameReserved]],
    ['noCommand', NO_COMMAND, 'node-1', [DESCRIBE, EVENTS, FIX.noCommand]],
    ['noCommand', NO_COMMAND, undefined, [DESCRIBE, EVENTS, FIX.noCommand]],
    ['createFailed', SUBPATH, 'node-1', [DESCRIBE, EVENTS, 'kubectl describe node node-1', FIX.createFailed]],
    ['createFailed', SUBPATH, undefined, [DESCRIBE, EVENTS, FIX.createFailed]],
  ])('%s on node %s', (messageId, message, nodeName, steps) => {
    const f = only(waiting(message, nodeName));
    expect(f.messageId).toBe(messageId);
    expect(f.nextSteps).toEqual(steps);
  });
});

describe('create-container-error: data', () => {
  it('a named container', () => {
    expect(only(waiting(SUBPATH)).data).toEqual({
      container: 'app',
      subject: 'container app',
      waitingReason: 'CreateContainerError',
      detail: SUBPATH,
    });
  });

  it('events that name no container, without a pod object', () => {
    const findings = runRule(
      rule,
      snapshot({ events: [event({ reason: 'Failed', message: `Error: ${SUBPATH}`, lastS: 10 })] }),
      ms(600),
    );
    expect(findings.map((f) => [f.container, f.data])).toEqual([
      [
        undefined,
        {
          container: '',
          subject: 'a container',
          waitingReason: 'unknown (events only)',
          detail: SUBPATH,
        },
      ],
    ]);
  });
});
