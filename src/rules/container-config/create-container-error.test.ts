import { testRule } from '../../../test/rule-tester.js';
import { cstatus, event, ms, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './create-container-error.js';

const RESERVED =
  'failed to reserve container name "app_web-1_default_uid_0": name "app_web-1_default_uid_0" is reserved for "4f3c0a9e"';

const waiting = (reason: string, message: string, createdS = 0) =>
  pod({
    createdS,
    nodeName: 'node-1',
    containerStatuses: [cstatus('app', { state: state.waiting(reason, message) })],
  });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'name reservation cleared: container running now',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [
          event({ reason: 'Failed', message: `Error: ${RESERVED}`, fieldPath: 'spec.containers{app}' }),
        ],
      }),
    },
    {
      name: 'CRI-O reports runc exec errors as CreateContainerError: container-start owns them',
      snapshot: snapshot({
        pods: [
          waiting(
            'CreateContainerError',
            'container create failed: time="2024-01-01T00:00:00Z" level=error msg="runc create failed: unable to start container process: exec: \\"nope\\": executable file not found in $PATH"',
          ),
        ],
      }),
    },
    {
      name: 'image pull and start errors in Error events are not create errors',
      snapshot: snapshot({
        events: [
          event({ reason: 'Failed', message: 'Error: ErrImagePull', fieldPath: 'spec.containers{app}' }),
          event({
            reason: 'Failed',
            message:
              'Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "x": executable file not found in $PATH: unknown',
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
    },
    {
      name: 'missing secret is another rule',
      snapshot: snapshot({ pods: [waiting('CreateContainerConfigError', 'secret "s" not found')] }),
    },
  ],
  invalid: [
    {
      name: 'name still reserved for ten minutes',
      snapshot: snapshot({
        pods: [waiting('CreateContainerError', RESERVED)],
        events: [
          event({
            reason: 'Failed',
            message: `Error: ${RESERVED}`,
            fieldPath: 'spec.containers{app}',
            firstS: 10,
            lastS: 600,
            count: 40,
          }),
        ],
      }),
      now: ms(610),
      expect: [
        {
          messageId: 'nameReserved',
          reason: 'CreateContainerError',
          status: 'failed',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: { waitingReason: 'CreateContainerError' },
        },
      ],
    },
    {
      name: 'a fresh create error is progressing',
      snapshot: snapshot({
        pods: [waiting('CreateContainerError', 'context deadline exceeded', 0)],
        events: [
          event({
            reason: 'Failed',
            message: 'Error: context deadline exceeded',
            fieldPath: 'spec.containers{app}',
            lastS: 20,
          }),
        ],
      }),
      now: ms(25),
      expect: [
        { messageId: 'createFailed', status: 'progressing', data: { detail: 'context deadline exceeded' } },
      ],
    },
    {
      name: 'no command specified',
      snapshot: snapshot({
        pods: [waiting('CreateContainerError', 'Error response from daemon: No command specified')],
      }),
      now: ms(3600),
      expect: [{ messageId: 'noCommand' }],
    },
    {
      name: 'unrecognised CreateContainerConfigError (subPath), events only on an init container',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            message: 'Error: failed to prepare subPath for volumeMount "data" of container "init-perms"',
            fieldPath: 'spec.initContainers{init-perms}',
            firstS: 0,
            lastS: 300,
          }),
        ],
      }),
      now: ms(300),
      expect: [
        {
          messageId: 'createFailed',
          basis: 'events',
          container: { name: 'init-perms', type: 'init' },
          data: { waitingReason: 'unknown (events only)' },
        },
      ],
    },
  ],
});
