/** Start failures as kubelets 1.5-1.6 reported them: `Failed to start container with (docker) id … with error: …`. */
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
  ],
});
