/**
 * Start failures as kubelets 1.5-1.6 reported them: `Failed to start container with (docker) id … with
 * error: …`, pre-1.13 `FailedSync` sync errors, and pasted lines that kept only the runtime's text.
 */
import { testRule } from '../../../test/rule-tester.js';
import { event, snapshot } from '../../../test/builders.js';
import { rule } from './start-failed.js';

const failedStart = (message: string) =>
  event({ reason: 'Failed', fieldPath: 'spec.containers{pi}', message, count: 2, firstS: 0, lastS: 60 });

testRule(rule, {
  valid: [
    {
      name: 'a 1.6 create failure is container-config',
      snapshot: snapshot({
        events: [
          failedStart(
            'Failed to create container with error: rpc error: code = 4 desc = context deadline exceeded',
          ),
        ],
      }),
    },
    {
      name: 'a Failed event that is an image pull failure is not a start failure',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            message: 'Failed to pull image "x": rpc error: code = NotFound desc = not found',
          }),
        ],
      }),
    },
    {
      name: 'pre-1.13 FailedSync: a missing env Secret (RunContainerError) is container-config',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedSync',
            message:
              'Error syncing pod, skipping: failed to "StartContainer" for "web" with RunContainerError: "GenerateRunContainerOptions: secrets \\"db\\" not found"',
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'dockertools: the command does not exist in the image (docker before 1.10)',
      snapshot: snapshot({
        events: [
          failedStart(
            "Failed to start container with docker id 310aac97cc9a with error: API error (404): Container command 'perl1' not found or does not exist.",
          ),
        ],
      }),
      expect: [
        {
          messageId: 'executableNotFound',
          reason: 'ExecutableNotFound',
          container: { name: 'pi', type: 'app' },
          data: { executable: '"perl1"' },
        },
      ],
    },
    {
      name: '1.6 CRI: docker could not chown a file at start',
      snapshot: snapshot({
        events: [
          failedStart(
            'Failed to start container with id 927e7ccdc32b with error: Error response from daemon: {"message":"chown /etc/resolv.conf: operation not permitted"}',
          ),
        ],
      }),
      expect: [{ messageId: 'permissionDenied', reason: 'PermissionDenied' }],
    },
    // A pasted line that kept only the runtime's text is still the runtime's start failure.
    ...[
      [
        'oci runtime error: container_linux.go:247: starting container process caused "process_linux.go:359: container init caused \\"rootfs_linux.go:53: mounting \\\\\\"/var/lib/kubelet/pods/u/volume-subpaths/cfg/app/2\\\\\\" to rootfs \\\\\\"/var/lib/docker/overlay2/abc/merged\\\\\\" at \\\\\\"/var/lib/docker/overlay2/abc/merged/etc/app/conf.json\\\\\\" caused \\\\\\"not a directory\\\\\\"\\""',
        'mountFailed',
        'StartError',
      ],
      [
        'OCI runtime create failed: container_linux.go:348: starting container process caused "exec: \\"/app/run\\": permission denied": unknown',
        'permissionDenied',
        'PermissionDenied',
      ],
      [
        'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "node": executable file not found in $PATH: unknown',
        'executableNotFound',
        'ExecutableNotFound',
      ],
    ].map(([message, messageId, reason]) => ({
      name: `a Failed event whose whole message is the runtime's: ${messageId}`,
      snapshot: snapshot({
        events: [event({ reason: 'Failed', message: message ?? '', source: 'kubelet' })],
      }),
      expect: [{ messageId: messageId ?? '', reason: reason as 'StartError' }],
    })),
    {
      name: "pre-1.13 FailedSync: StartContainer with RunContainerError and the runtime's text",
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedSync',
            message:
              'Error syncing pod, skipping: failed to "StartContainer" for "web" with RunContainerError: "runContainer: Error response from daemon: oci runtime error: container_linux.go:247: starting container process caused \\"exec: \\\\\\"/start.sh\\\\\\": permission denied\\"\n"',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'permissionDenied',
          reason: 'PermissionDenied',
          container: { name: 'web', type: 'app' },
        },
      ],
    },
  ],
});
