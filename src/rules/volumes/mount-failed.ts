import { eventTime } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl, UNNAMED_NODE } from '../shared/kubectl.js';
import { shortDetail } from '../shared/volume-message.js';
import { claimFor, failureEvidence, failureNode, volumeFailures } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'volumes/mount-failed',
  stage: 'volumes',
  target: 'pod',
  title: 'Volume mount failed (CSI or mount error)',
  description:
    'The kubelet cannot mount a volume: FailedMount "MountVolume.SetUp failed" / "MountVolume.MountDevice failed" / ' +
    '"MountVolume.NewMounter initialization failed" with the storage error (CSI "rpc error: code = ... desc = ...", ' +
    '"mount failed: exit status 32", subPath errors), or the CSI driver is not registered on the node ' +
    '("driver name X not found in the list of registered CSI drivers"). No grace period: the kubelet reported the failed mount ' +
    'and retries after a back-off, so it is failed at once (a mount the kubelet is still waiting for is mount-timeout).',
  reasons: ['MountFailed', 'CSIDriverNotRegistered'],
  graceSeconds: 0,
  needs: ['pods', 'events', 'pvcs'],
  messages: {
    mountFailed: 'The kubelet on {{node}} cannot mount volume {{volume}} ({{operation}}): {{detail}}',
    csiDriverNotRegistered:
      'The kubelet on {{node}} cannot mount volume {{volume}}: CSI driver {{driver}} is not registered on that node.',
  },
  docs: 'docs/rules/volumes/mount-failed.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    return volumeFailures(ctx, ['mountFailed', 'csiDriverNotRegistered']).map((f) => {
      const { error } = f;
      const node = failureNode(pod, f);
      const volume = error.volume !== '' ? error.volume : 'unknown';
      const claim = claimFor(ctx, error.volume);
      const claimStep =
        claim === undefined
          ? []
          : [kubectl.describe('pvc', claim.metadata.name, claim.metadata.namespace ?? ns)];
      const nodePods = kubectl.podsOnNode(node);
      if (error.kind === 'csiDriverNotRegistered') {
        const driver = error.driver ?? 'unknown';
        return finding(meta, {
          reason: 'CSIDriverNotRegistered',
          messageId: 'csiDriverNotRegistered',
          data: { node, volume, driver },
          status: graceStatus(meta, f.since, now),
          basis: 'events',
          evidence: failureEvidence(f, now),
          at: eventTime(f.newest),
          since: f.since,
          nextSteps: [
            kubectl.raw(
              node === UNNAMED_NODE
                ? 'get csinodes -o custom-columns=NAME:.metadata.name,DRIVERS:.spec.drivers[*].name'
                : `get csinode ${kubectl.quote(node)} -o yaml`,
            ),
            nodePods,
            `Make the ${driver} node plugin (its DaemonSet pod) run on ${node}; it registers the driver with the kubelet, which then retries the mount.`,
          ],
        });
      }
      return finding(meta, {
        reason: 'MountFailed',
        messageId: 'mountFailed',
        data: {
          node,
          volume,
          operation: error.operation || 'mount',
          detail: shortDetail(error.detail) || 'no detail',
        },
        status: graceStatus(meta, f.since, now),
        basis: 'events',
        evidence: failureEvidence(f, now),
        at: eventTime(f.newest),
        since: f.since,
        nextSteps: [
          kubectl.describe('pod', pod.metadata.name, ns),
          ...claimStep,
          nodePods,
          'Fix what the storage driver reports (its node plugin logs on that node say more); the kubelet retries the mount on its own.',
        ],
      });
    });
  },
} satisfies Rule<'pod'>;
