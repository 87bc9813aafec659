import { eventTime } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl, nodeInSentence } from '../shared/kubectl.js';
import { shortDetail } from '../shared/volume-message.js';
import { claimFor, failureEvidence, failureNode, volumeFailures } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'volumes/attach-failed',
  stage: 'volumes',
  target: 'pod',
  title: 'Volume attach failed',
  description:
    "The attach/detach controller cannot attach the pod's volume to its node: FailedAttachVolume " +
    '"AttachVolume.Attach failed for volume "pvc-..." : <error>" (older clusters report it as FailedMount from the ' +
    'attachdetach-controller). Multi-Attach errors have their own rule. An error the storage backend returned is a reported failure, ' +
    'failed at once (the controller retries after a back-off); grace 120 s only when the controller says it timed out waiting for ' +
    'the attach (the external-attacher may still complete it).',
  reasons: ['AttachFailed'],
  graceSeconds: 120,
  needs: ['pods', 'events', 'pvcs'],
  messages: {
    attachFailed: 'Volume {{volume}} cannot be attached to node {{node}}: {{detail}}',
  },
  docs: 'docs/rules/volumes/attach-failed.md',
} as const;

/** The controller gave up waiting for an attach still in flight, rather than getting an error back. */
const WAITED = /timed out waiting for/i;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    return volumeFailures(ctx, ['attachFailed']).map((f) => {
      const { error } = f;
      const node = failureNode(pod, f);
      const volume = error.volume !== '' ? error.volume : 'unknown';
      const claim = claimFor(ctx, error.volume);
      const data: Record<string, string> = {
        node: nodeInSentence(node),
        volume,
        detail: shortDetail(error.detail) || 'no detail',
      };
      if (claim !== undefined) data.claim = claim.metadata.name;
      const reported = !WAITED.test(error.detail);
      return finding(meta, {
        reason: 'AttachFailed',
        messageId: 'attachFailed',
        data,
        status: graceStatus(meta, f.since, now, reported),
        reported,
        basis: 'events',
        evidence: failureEvidence(f, now),
        at: eventTime(f.newest),
        since: f.since,
        nextSteps: [
          claim === undefined
            ? kubectl.describe('pod', pod.metadata.name, ns)
            : kubectl.describe('pvc', claim.metadata.name, claim.metadata.namespace ?? ns),
          kubectl.raw('get volumeattachments'),
          'Fix what the storage backend reports (volume in another zone, attach limit of the instance, missing cloud permissions for the CSI controller); the controller retries the attach.',
        ],
      });
    });
  },
} satisfies Rule<'pod'>;
