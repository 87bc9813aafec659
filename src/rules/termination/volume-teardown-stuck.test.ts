import { testRule } from '../../../test/rule-tester.js';
import { event, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './volume-teardown-stuck.js';

/** A pod known only from events: no phase, no STATUS column (a pasted kubelet log). */
const eventsOnly = { ...pod(), status: {} };
const failedUnmount = { ...teardownMessageEvent(), reason: 'FailedUnMount' };
function teardownMessageEvent() {
  return event({
    reason: 'FailedUnMount',
    type: 'Warning',
    message:
      'UnmountVolume.TearDown failed for volume "default-token-98h5w" (UniqueName: "kubernetes.io/secret/uid-default-token-98h5w") pod "uid" (UID: "uid") : remove /var/lib/kubelet/pods/uid/volumes/kubernetes.io~secret/default-token-98h5w: device or resource busy',
    firstS: 100,
    lastS: 220,
  });
}

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
    {
      name: 'events only: a mount (not an unmount) failed',
      snapshot: snapshot({
        pods: [eventsOnly],
        events: [
          {
            ...failedUnmount,
            reason: 'FailedMount',
            message: 'MountVolume.SetUp failed for volume "data" : secret "data" not found',
          },
        ],
      }),
      now: ms(500),
    },
    {
      name: 'events only, but the pod is known to run (a phase): an unmount alone is no deletion',
      snapshot: snapshot({
        pods: [{ ...eventsOnly, status: { phase: 'Running' } }],
        events: [failedUnmount],
      }),
      now: ms(500),
    },
  ],
  invalid: [
    {
      name: "events only: the kubelet log says unmounting the pod's volume keeps failing (FailedUnMount)",
      snapshot: snapshot({ pods: [eventsOnly], events: [failedUnmount] }),
      now: ms(500),
      expect: [
        {
          messageId: 'teardownStuck',
          reason: 'VolumeTeardownStuck',
          data: { volume: 'default-token-98h5w' },
          evidenceIncludes: ["the kubelet is tearing down the pod's volumes", 'device or resource busy'],
        },
      ],
    },
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
