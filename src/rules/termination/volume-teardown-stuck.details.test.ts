/**
 * volume-teardown-stuck in full: the node (the pod's, else the event's host, else "its node"), the
 * volume (as the error names it, else "unknown"), the error detail, when it happened (the newest
 * teardown error, else the deadline), and the next steps.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { at, event, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
import type { EventRecord, Pod } from '../../model/index.js';
import { rule } from './volume-teardown-stuck.js';

const UID = '6eca9ce9-670d-11e9-9ffe-005056820fdc';
const SECRET_BUSY = `UnmountVolume.TearDown failed for volume "cattle-token-dp24k" (UniqueName: "kubernetes.io/secret/${UID}-cattle-token-dp24k") pod "${UID}" (UID: "${UID}") : remove /var/lib/kubelet/pods/${UID}/volumes/kubernetes.io~secret/cattle-token-dp24k: device or resource busy`;
const KILL_SANDBOX_VOLUME =
  'error killing pod: failed to "KillPodSandbox" for "9a1c" with KillPodSandboxError: "rpc error: code = Unknown desc = failed to remove volume mounts: unmount /var/lib/kubelet/pods/9a1c/volumes/kubernetes.io~csi/pvc-1/mount: device or resource busy"';

/** A pod known only from events: no phase, no STATUS column, no node (a pasted kubelet log). */
const eventsOnly: Pod = { ...pod(), status: {} };

describe('volume-teardown-stuck: output', () => {
  it("the newest teardown error on the pod's node: volume, detail, time, next steps", () => {
    const p = runningPod({ namespace: 'shop', deletionS: 100, spec: { terminationGracePeriodSeconds: 30 } });
    const older = event({ reason: 'FailedMount', namespace: 'shop', message: SECRET_BUSY, lastS: 90 });
    const newer = event({
      reason: 'FailedMount',
      namespace: 'shop',
      message: SECRET_BUSY,
      firstS: 90,
      lastS: 210,
      count: 4,
      source: 'kubelet',
      host: '130.61.58.85',
    });
    const findings = runRule(rule, snapshot({ pods: [p], events: [older, newer] }), ms(500));
    expect(findings).toStrictEqual([
      {
        ruleId: 'termination/volume-teardown-stuck',
        stage: 'termination',
        reason: 'VolumeTeardownStuck',
        status: 'failed',
        basis: 'events',
        messageId: 'teardownStuck',
        data: {
          node: 'node-1',
          volume: 'cattle-token-dp24k',
          detail: `remove /var/lib/kubelet/pods/${UID}/volumes/kubernetes.io~secret/cattle-token-dp24k: device or resource busy`,
        },
        evidence: [
          {
            source: 'status',
            text: 'metadata.deletionTimestamp: 2026-01-01T00:01:40Z (grace period 30s)',
            at: at(100),
          },
          {
            source: 'event',
            text: `Warning FailedMount (x4 over 2m) 4m50s ago kubelet, 130.61.58.85: ${SECRET_BUSY}`,
            at: at(210),
          },
        ],
        nextSteps: [
          'kubectl describe pod web-1 -n shop',
          'kubectl get volumeattachments',
          'Find what still holds the mount on node-1 (a process or a leftover container keeping it busy) or what blocks the detach in the storage driver; the kubelet retries the teardown.',
        ],
        at: ms(210),
        since: ms(100),
      },
    ]);
  });

  it.each([
    ['the event names its host', { host: 'ip-10-0-1-5' }, 'ip-10-0-1-5'],
    ['nothing names the node', {}, 'its node'],
  ])('events only, FailedKillPod about the volume mounts, %s', (_name, where, nodeName) => {
    const kill = event({ reason: 'FailedKillPod', message: KILL_SANDBOX_VOLUME, lastS: 100, ...where });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [eventsOnly], events: [kill] }), ms(500));
    expect(rest).toEqual([]);
    expect(f?.data).toMatchObject({ node: nodeName, volume: 'unknown' });
    // The kubelet's quoted error, rpc prefix shortened (its closing quote may stay).
    expect(f?.data['detail']).toMatch(
      /^Unknown: failed to remove volume mounts: unmount \/var\/lib\/kubelet\/pods\/9a1c\/volumes\/kubernetes\.io~csi\/pvc-1\/mount: device or resource busy"?$/,
    );
    expect(f?.at).toBe(ms(100));
    expect(f?.since).toBe(ms(130));
    expect(f?.nextSteps[2]).toBe(
      `Find what still holds the mount on ${nodeName} (a process or a leftover container keeping it busy) or what blocks the detach in the storage driver; the kubelet retries the teardown.`,
    );
  });

  it('an undated teardown error: dated by the deadline', () => {
    const dated = event({ reason: 'FailedMount', message: SECRET_BUSY });
    const undated: EventRecord = {
      regarding: dated.regarding,
      reason: dated.reason,
      message: dated.message,
      type: dated.type,
      count: 1,
    };
    const p = runningPod({ deletionS: 100 });
    const [f] = runRule(rule, snapshot({ pods: [p], events: [undated] }), ms(500));
    expect(f?.messageId).toBe('teardownStuck');
    expect(f?.at).toBe(ms(100));
    expect(f?.since).toBe(ms(100));
  });
});
