import { eventEvidence, eventTime, newest } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl, UNNAMED_NODE } from '../shared/kubectl.js';
import { classifyVolumeMessage, shortDetail } from '../shared/volume-message.js';
import { stuckDeletion } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'termination/volume-teardown-stuck',
  stage: 'termination',
  target: 'pod',
  title: 'Terminating pod stuck tearing down a volume',
  description:
    'The pod was deleted but the kubelet cannot unmount or detach one of its volumes ("UnmountVolume.TearDown failed for volume ...", ' +
    '"Unable to detach", "device or resource busy", or a FailedKillPod event about a volume), so the pod stays Terminating. ' +
    'Grace: 30 s past metadata.deletionTimestamp.',
  reasons: ['VolumeTeardownStuck'],
  graceSeconds: 30,
  needs: ['pods', 'events'],
  messages: {
    teardownStuck:
      'The terminating pod is stuck: the kubelet on {{node}} cannot tear down volume {{volume}}: {{detail}}',
  },
  docs: 'docs/rules/termination/volume-teardown-stuck.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const stuck = stuckDeletion(ctx);
    if (stuck?.blocker !== 'volumeTeardown') return [];
    const last = newest(stuck.teardown);
    if (last === undefined) return [];
    const error = classifyVolumeMessage(last.message);
    const node = ctx.pod.spec.nodeName ?? last.host ?? UNNAMED_NODE;
    const quoted = /volume \\?"([^"\\]+)\\?"/.exec(last.message)?.[1];
    const volume = error !== undefined && error.volume !== '' ? error.volume : (quoted ?? 'unknown');
    return [
      finding(meta, {
        reason: 'VolumeTeardownStuck',
        messageId: 'teardownStuck',
        data: { node, volume, detail: shortDetail(error?.detail || last.message) || 'no detail' },
        status: graceStatus(meta, stuck.deadline, ctx.now),
        basis: 'events',
        evidence: [stuck.requested, eventEvidence(last, ctx.now)],
        at: eventTime(last) || stuck.deadline,
        since: stuck.deadline,
        nextSteps: [
          kubectl.describe('pod', ctx.pod.metadata.name, ctx.pod.metadata.namespace),
          kubectl.raw('get volumeattachments'),
          `Find what still holds the mount on ${node} (a process or a leftover container keeping it busy) or what blocks the detach in the storage driver; the kubelet retries the teardown.`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
