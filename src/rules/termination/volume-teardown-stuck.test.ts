import { testRule } from '../../../test/rule-tester.js';
import { event, ms, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './volume-teardown-stuck.js';

const deleted = runningPod({ deletionS: 100, spec: { terminationGracePeriodSeconds: 30 } });
const teardown = event({
  reason: 'FailedMount',
  type: 'Warning',
  message:
    'UnmountVolume.TearDown failed for volume "data" (UniqueName: "kubernetes.io/csi/ebs.csi.aws.com^vol-1") pod "uid" (UID: "uid") : rpc error: code = Internal desc = unmount failed: device or resource busy',
  host: 'node-1',
  lastS: 120,
});

testRule(rule, {
  valid: [
    {
      name: 'deleted pod without teardown trouble',
      snapshot: snapshot({ pods: [deleted], events: [] }),
      now: ms(500),
    },
    {
      name: 'teardown errors from before the deletion request',
      snapshot: snapshot({ pods: [deleted], events: [{ ...teardown, first: ms(10), last: ms(20) }] }),
      now: ms(500),
    },
    {
      name: 'pod not being deleted',
      snapshot: snapshot({ pods: [runningPod()], events: [teardown] }),
      now: ms(500),
    },
  ],
  invalid: [
    {
      name: 'unmount busy',
      snapshot: snapshot({ pods: [deleted], events: [teardown] }),
      now: ms(500),
      expect: [
        {
          messageId: 'teardownStuck',
          reason: 'VolumeTeardownStuck',
          basis: 'events',
          data: {
            node: 'node-1',
            volume: 'data',
            detail: 'Internal: unmount failed: device or resource busy',
          },
        },
      ],
    },
    {
      name: 'FailedKillPod about a volume',
      snapshot: snapshot({
        pods: [deleted],
        events: [
          event({
            reason: 'FailedKillPod',
            message: 'error killing pod: failed to unmount volume "nfs-share": timed out',
            lastS: 140,
          }),
        ],
      }),
      now: ms(500),
      expect: [{ messageId: 'teardownStuck', data: { volume: 'nfs-share' } }],
    },
    {
      name: 'inside the grace period',
      snapshot: snapshot({ pods: [deleted], events: [teardown] }),
      now: ms(120),
      expect: [{ messageId: 'teardownStuck', status: 'progressing' }],
    },
  ],
});
