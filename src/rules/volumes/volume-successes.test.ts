import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../model/index.js';
import { event, ms } from '../../../test/builders.js';
import { classifyVolumeMessage } from '../shared/volume-message.js';
import { KUBELET_VOLUME_WAIT_MS, resolvedBySuccess, volumeWaitSince } from './volume-successes.js';

const fail = (message: string, lastS: number) => event({ reason: 'FailedMount', message, lastS });
const ok = (reason: string, message: string, lastS: number) =>
  event({ reason, message, lastS, type: 'Normal' });

describe('resolvedBySuccess', () => {
  it.each([
    [
      'attach success after Multi-Attach',
      'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node',
      ok('SuccessfulAttachVolume', 'AttachVolume.Attach succeeded for volume "pvc-1"', 20),
      true,
    ],
    [
      'mount success after an attach failure (a mounted volume was attached)',
      'AttachVolume.Attach failed for volume "pvc-1" : timed out',
      ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "pvc-1"', 20),
      true,
    ],
    [
      'SetUp success after a SetUp failure',
      'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found',
      ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 20),
      true,
    ],
    [
      'old kubelets name the volume by spec.Name',
      'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found',
      ok(
        'SuccessfulMountVolume',
        'MountVolume.SetUp succeeded for volume "kubernetes.io/configmap/1234-cfg" (spec.Name: "cfg") pod "1234" (UID: "1234").',
        20,
      ),
      true,
    ],
    [
      'MountDevice success does not cover a SetUp failure',
      'MountVolume.SetUp failed for volume "pvc-1" : mount failed: exit status 32',
      ok(
        'SuccessfulMountVolume',
        'MountVolume.MountDevice succeeded for volume "pvc-1" device mount path "/x"',
        20,
      ),
      false,
    ],
    [
      'attach success does not cover a mount failure',
      'MountVolume.SetUp failed for volume "pvc-1" : mount failed: exit status 32',
      ok('SuccessfulAttachVolume', 'AttachVolume.Attach succeeded for volume "pvc-1"', 20),
      false,
    ],
    [
      'another volume',
      'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found',
      ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "token"', 20),
      false,
    ],
    [
      'a success before the failure',
      'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found',
      ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 5),
      false,
    ],
  ])('%s', (_name, message, success, resolved) => {
    const failure = fail(message, 10);
    const error = classifyVolumeMessage(message);
    if (error === undefined) throw new Error('fixture message not classified');
    const events = [failure, success].sort((a, b) => (a.last ?? 0) - (b.last ?? 0));
    expect(resolvedBySuccess(error, failure, events)).toBe(resolved);
  });

  it('resolves a timeout only when every volume it waited for mounted', () => {
    const message =
      'Unable to attach or mount volumes: unmounted volumes=[data cfg], unattached volumes=[]: timed out waiting for the condition';
    const error = classifyVolumeMessage(message);
    if (error === undefined) throw new Error('fixture message not classified');
    const failure = fail(message, 10);
    const data = ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "data"', 20);
    const cfg = ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 21);
    expect(resolvedBySuccess(error, failure, [failure, data])).toBe(false);
    expect(resolvedBySuccess(error, failure, [failure, data, cfg])).toBe(true);
  });

  it('orders undated events as the evidence lists them', () => {
    const message = 'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found';
    const error = classifyVolumeMessage(message);
    if (error === undefined) throw new Error('fixture message not classified');
    const undated = (e: EventRecord): EventRecord => ({
      regarding: e.regarding,
      reason: e.reason,
      message: e.message,
      type: e.type,
      count: e.count,
    });
    const failure = undated(fail(message, 0));
    const success = undated(ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 0));
    expect(resolvedBySuccess(error, failure, [failure, success])).toBe(true);
    expect(resolvedBySuccess(error, failure, [success, failure])).toBe(false);
  });
});

describe('volumeWaitSince', () => {
  it('dates the wait from the first kubelet timeout, minus the kubelet wait', () => {
    const events = [
      fail(
        'MountVolume.SetUp failed for volume "x" : hostPath type check failed: /x is not a directory',
        200,
      ),
      event({
        reason: 'FailedMount',
        message:
          'Unable to mount volumes for pod "p_ns(1)": timeout expired waiting for volumes to attach or mount for pod "ns"/"p". list of unmounted volumes=[x]. list of unattached volumes=[x]',
        firstS: 150,
        lastS: 300,
      }),
    ];
    expect(volumeWaitSince(events)).toBe(ms(150) - KUBELET_VOLUME_WAIT_MS);
    expect(volumeWaitSince(events.slice(0, 1))).toBeUndefined();
  });
});
