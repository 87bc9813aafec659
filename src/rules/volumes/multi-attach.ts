import type { Evidence, Pod } from '../../model/index.js';
import { eventTime } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { claimFor, failureEvidence, failureNode, volumeFailures } from './analyse.js';
import type { PodContext, Rule } from '../types.js';

const meta = {
  id: 'volumes/multi-attach',
  stage: 'volumes',
  target: 'pod',
  title: 'ReadWriteOnce volume already attached elsewhere (Multi-Attach)',
  description:
    'The volume can attach to one node only and is still attached for another pod: FailedAttachVolume ' +
    '"Multi-Attach error for volume "pvc-..." Volume is already exclusively attached to one node and can\'t be attached to another" ' +
    'or "... Volume is already used by pod(s) a, b". Names the other pods and their nodes when the message or the evidence shows them. ' +
    'A message that names the pods using the volume on another node reports a conflict that lasts as long as they run: failed at once. ' +
    '"exclusively attached" with no pod named means the pod that used it is gone and its detach is still under way: grace 60 s.',
  reasons: ['MultiAttach'],
  graceSeconds: 60,
  needs: ['pods', 'events', 'pvcs'],
  messages: {
    multiAttachPods:
      'Volume {{volume}} cannot be attached to {{node}}: it is still in use by pod(s) {{pods}} elsewhere (a ReadWriteOnce volume attaches to one node at a time).',
    multiAttach:
      'Volume {{volume}} cannot be attached to {{node}}: it is still attached to another node (a ReadWriteOnce volume attaches to one node at a time).',
  },
  docs: 'docs/rules/volumes/multi-attach.md',
} as const;

/** Other live pods in the namespace that use the same claim on another node. */
function otherUsers(ctx: PodContext, claimName: string | undefined): Pod[] {
  if (claimName === undefined) return [];
  const self = ctx.pod;
  return ctx.index
    .podsInNamespace(self.metadata.namespace ?? '')
    .filter(
      (p) =>
        p.metadata.name !== self.metadata.name &&
        p.spec.nodeName !== undefined &&
        p.spec.nodeName !== self.spec.nodeName &&
        p.status.phase !== 'Succeeded' &&
        p.status.phase !== 'Failed' &&
        (p.spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === claimName),
    );
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    return volumeFailures(ctx, ['multiAttach']).map((f) => {
      const { error } = f;
      const node = failureNode(pod, f);
      const volume = error.volume !== '' ? error.volume : 'unknown';
      const claim = claimFor(ctx, error.volume);
      const users = otherUsers(ctx, claim?.metadata.name);
      const named = error.pods ?? [];
      const pods = named.length > 0 ? named : users.map((p) => p.metadata.name);
      const withNodes = pods.map((name) => {
        const where = users.find((p) => p.metadata.name === name)?.spec.nodeName;
        return where === undefined ? name : `${name} (on ${where})`;
      });
      // The attach/detach controller names the pods that still need the volume on another node
      // ("Typically it's user error, e.g. a ReplicaSet uses a PVC and has >1 replicas"); with none
      // left it says "exclusively attached": the old pod is gone and the detach is under way.
      const reported = named.length > 0;
      const data: Record<string, string> = { node, volume };
      if (withNodes.length > 0) data.pods = withNodes.join(', ');
      if (claim !== undefined) data.claim = claim.metadata.name;
      const evidence: Evidence[] = [
        ...failureEvidence(f, now),
        ...users.map((p) => ({
          source: 'status' as const,
          text: `pod ${p.metadata.name} on ${p.spec.nodeName ?? '?'} (phase ${p.status.phase ?? '?'}) uses claim ${claim?.metadata.name ?? ''}`,
        })),
      ];
      return finding(meta, {
        reason: 'MultiAttach',
        messageId: withNodes.length > 0 ? 'multiAttachPods' : 'multiAttach',
        data,
        status: graceStatus(meta, f.since, now, reported),
        reported,
        basis: 'events',
        evidence,
        at: eventTime(f.newest),
        since: f.since,
        nextSteps: [
          claim === undefined
            ? kubectl.get('pv', volume, undefined, 'wide')
            : kubectl.describe('pvc', claim.metadata.name, claim.metadata.namespace ?? ns),
          kubectl.raw(`get pods${kubectl.nsFlag(ns)} -o wide`),
          'Let the old pod finish terminating so the volume detaches; for a single-replica Deployment with a ReadWriteOnce claim use strategy Recreate (or a StatefulSet) so old and new pods never overlap.',
        ],
      });
    });
  },
} satisfies Rule<'pod'>;
