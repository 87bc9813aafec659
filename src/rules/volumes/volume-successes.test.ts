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

describe('resolvedBySuccess: which successes cover which failures', () => {
  const classified = (message: string) => {
    const error = classifyVolumeMessage(message);
    if (error === undefined) throw new Error('fixture message not classified');
    return error;
  };

  it.each([
    [
      'MountDevice success after Multi-Attach (the device is attached)',
      'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node and can\'t be attached to another',
      ok(
        'SuccessfulMountVolume',
        'MountVolume.MountDevice succeeded for volume "pvc-1" device mount path "/x"',
        20,
      ),
      true,
    ],
    [
      'MountDevice success after an attach failure',
      'AttachVolume.Attach failed for volume "pvc-1" : rpc error: code = DeadlineExceeded desc = context deadline exceeded',
      ok(
        'SuccessfulMountVolume',
        'MountVolume.MountDevice succeeded for volume "pvc-1" device mount path "/x"',
        20,
      ),
      true,
    ],
    [
      'MountDevice success after a MountDevice failure (same operation)',
      'MountVolume.MountDevice failed for volume "pvc-1" : rpc error: code = Internal desc = format of disk failed',
      ok(
        'SuccessfulMountVolume',
        'MountVolume.MountDevice succeeded for volume "pvc-1" device mount path "/x"',
        20,
      ),
      true,
    ],
    [
      'a resize success is no attach (other reason, same message shape)',
      'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node and can\'t be attached to another',
      ok('FileSystemResizeSuccessful', 'MountVolume.NodeExpandVolume succeeded for volume "pvc-1"', 20),
      false,
    ],
    [
      'a success event whose message names no operation',
      'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node and can\'t be attached to another',
      ok('SuccessfulAttachVolume', '', 20),
      false,
    ],
    [
      'a success at the very time of the failure',
      'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found',
      ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 10),
      true,
    ],
  ])('%s', (_name, message, success, resolved) => {
    const failure = fail(message, 10);
    expect(resolvedBySuccess(classified(message), failure, [failure, success])).toBe(resolved);
  });

  it('orders by time when both are dated, whatever the list order', () => {
    const message = 'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found';
    const failure = fail(message, 10);
    const earlier = ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 5);
    const later = ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 20);
    expect(resolvedBySuccess(classified(message), failure, [failure, earlier])).toBe(false);
    expect(resolvedBySuccess(classified(message), failure, [later, failure])).toBe(true);
  });

  it('orders by list position when either is undated', () => {
    const message = 'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found';
    const strip = (e: EventRecord): EventRecord => ({
      regarding: e.regarding,
      reason: e.reason,
      message: e.message,
      type: e.type,
      count: e.count,
    });
    const datedFailure = fail(message, 10);
    const undatedSuccess = strip(
      ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 0),
    );
    expect(resolvedBySuccess(classified(message), datedFailure, [datedFailure, undatedSuccess])).toBe(true);
    const undatedFailure = strip(fail(message, 0));
    const datedSuccess = ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 20);
    expect(resolvedBySuccess(classified(message), undatedFailure, [datedSuccess, undatedFailure])).toBe(
      false,
    );
  });

  it('never resolves a failure that names no volume', () => {
    const timeout =
      'Unable to attach or mount volumes: unmounted volumes=[], unattached volumes=[]: timed out waiting for the condition';
    const failure = fail(timeout, 10);
    const any = ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "cfg"', 20);
    expect(resolvedBySuccess(classified(timeout), failure, [failure, any])).toBe(false);
    const bare = 'configmap "cfg" not found';
    const unnamed = fail(bare, 10);
    const emptyName = ok('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume ""', 20);
    expect(classified(bare).volume).toBe('');
    expect(resolvedBySuccess(classified(bare), unnamed, [unnamed, emptyName])).toBe(false);
  });
});

describe('volumeWaitSince: several timeouts', () => {
  const timeout = (firstS: number) =>
    event({
      reason: 'FailedMount',
      message:
        'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data]: timed out waiting for the condition',
      firstS,
      lastS: 900,
    });

  it.each([
    ['oldest listed first', [150, 400, 300]],
    ['oldest listed last', [400, 300, 150]],
  ])('takes the earliest start (%s)', (_name, firsts) => {
    expect(volumeWaitSince(firsts.map(timeout))).toBe(ms(150) - KUBELET_VOLUME_WAIT_MS);
  });

  it('an undated timeout dates nothing', () => {
    const t = timeout(0);
    const undated: EventRecord = {
      regarding: t.regarding,
      reason: t.reason,
      message: t.message,
      type: t.type,
      count: 1,
    };
    expect(volumeWaitSince([undated])).toBeUndefined();
    expect(volumeWaitSince([undated, timeout(200)])).toBe(ms(200) - KUBELET_VOLUME_WAIT_MS);
  });
});
