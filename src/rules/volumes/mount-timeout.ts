import { parseTime } from '../../k8s/index.js';
import { eventTime } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { podCondition } from '../shared/pod-progress.js';
import { failureEvidence, failureNode, specVolume, volumeFailures } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'volumes/mount-timeout',
  stage: 'volumes',
  target: 'pod',
  title: 'Timed out waiting for volumes',
  description:
    'The kubelet gave up waiting for the pod\'s volumes: FailedMount "Unable to attach or mount volumes: unmounted volumes=[...], ' +
    'unattached volumes=[...]: timed out waiting for the condition" (newer: "..., failed to process volumes=[...]: context deadline exceeded"; ' +
    'older: "Unable to mount volumes for pod ...: timeout expired waiting for volumes to attach or mount"). Only reported when no ' +
    'per-volume error (missing object, attach, Multi-Attach, mount) explains it. Grace 120 s from scheduling; the message itself comes ' +
    'after a 2m3s wait, so it is past the grace when it appears.',
  reasons: ['MountTimeout'],
  graceSeconds: 120,
  needs: ['pods', 'events'],
  messages: {
    mountTimeout:
      'The kubelet on {{node}} timed out waiting for volume(s) {{volumes}} to attach and mount; no per-volume error says why.',
  },
  docs: 'docs/rules/volumes/mount-timeout.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const specific = volumeFailures(ctx, [
      'objectNotFound',
      'keyNotFound',
      'csiDriverNotRegistered',
      'mountFailed',
      'attachFailed',
      'multiAttach',
    ]);
    if (specific.length > 0) return [];
    const timeouts = volumeFailures(ctx, ['timeout']);
    const newest = timeouts.reduce<(typeof timeouts)[number] | undefined>(
      (a, b) => (a === undefined || eventTime(b.newest) >= eventTime(a.newest) ? b : a),
      undefined,
    );
    if (newest === undefined) return [];
    const ns = pod.metadata.namespace;
    const unmounted = newest.error.unmounted ?? [];
    const volumes = unmounted.length > 0 ? unmounted : (newest.error.unattached ?? []);
    // Every timeout group's since is the start of the kubelet's wait that the earliest timeout
    // message proves (its first-seen time minus the wait, see volumeWaitSince): not to be moved
    // back a second time.
    const since =
      parseTime(podCondition(pod, 'PodScheduled')?.lastTransitionTime) ??
      parseTime(pod.metadata.creationTimestamp) ??
      newest.since;
    const claims = volumes.flatMap((v) => {
      const claim = specVolume(pod, v)?.persistentVolumeClaim?.claimName;
      return claim === undefined ? [] : [kubectl.describe('pvc', claim, ns)];
    });
    return [
      finding(meta, {
        reason: 'MountTimeout',
        messageId: 'mountTimeout',
        data: {
          node: failureNode(pod, newest),
          volumes: volumes.length > 0 ? volumes.join(', ') : 'unknown',
        },
        status: graceStatus(meta, since, now),
        basis: 'events',
        evidence: timeouts.flatMap((t) => failureEvidence(t, now)).slice(0, 3),
        at: eventTime(newest.newest),
        since,
        confidence: 'medium',
        nextSteps: [
          kubectl.events('Pod', pod.metadata.name, ns),
          ...claims,
          'Find the per-volume error (events of the pod and its PVCs, CSI controller and node plugin logs); newer kubelets report only those.',
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
