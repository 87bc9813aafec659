/**
 * A volume failure the kubelet still meets is reported again within minutes (its retries back off
 * to 2m2s at most, and the event recorder lets one event per object through every 5 minutes). Of
 * a pod known by its events alone, a failure last seen longer ago than that is history; a pod whose
 * status says it still waits keeps it, and so does an event without a time.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import type { EventRecord, Pod } from '../../model/index.js';
import { cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import { rule as mountFailed } from './mount-failed.js';
import { rule as sourceNotFound } from './source-not-found.js';

const eventsOnly = (p: Pod): Pod => ({ ...p, status: {} });
const unknownPod = eventsOnly(pod({ nodeName: 'node-1' }));
const waiting = pod({
  nodeName: 'node-1',
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});

const secretCache = (lastS: number | undefined): EventRecord => {
  const e = event({
    reason: 'FailedMount',
    message:
      'MountVolume.SetUp failed for volume "default-token-bgg5p" : failed to sync secret cache: timed out waiting for the condition',
    source: 'kubelet',
    lastS: lastS ?? 0,
  });
  if (lastS !== undefined) return e;
  const undated: EventRecord = { ...e };
  delete (undated as { first?: number }).first;
  delete (undated as { last?: number }).last;
  return undated;
};
const missingConfigMap = event({
  reason: 'FailedMount',
  message: 'MountVolume.SetUp failed for volume "cfg" : configmap "web-cfg" not found',
  source: 'kubelet',
  firstS: 0,
  lastS: 60,
});

describe('a volume failure that stopped recurring', () => {
  it.each([
    ['14 minutes ago: the kubelet may still be backing off', 14 * 60, 1],
    ['16 minutes ago: it stopped failing', 16 * 60, 0],
    ['41 minutes ago', 41 * 60, 0],
  ])('of a pod known by its events alone, last seen %s', (_, ago, found) => {
    const snap = snapshot({ pods: [unknownPod], events: [secretCache(0)] });
    expect(runRule(mountFailed, snap, ms(ago))).toHaveLength(found);
  });

  it('stays a failure while the pod status says it waits for its volumes', () => {
    const snap = snapshot({ pods: [waiting], events: [secretCache(0)] });
    expect(runRule(mountFailed, snap, ms(41 * 60))).toHaveLength(1);
  });

  it.each([
    ['a condition', { conditions: [{ type: 'PodScheduled', status: 'True' }] }],
    ['a container status', { containerStatuses: waiting.status.containerStatuses ?? [] }],
    ['an init container status', { initContainerStatuses: waiting.status.containerStatuses ?? [] }],
  ])('stays a failure when the status holds %s alone', (_, status) => {
    const known = { ...unknownPod, status } as Pod;
    expect(
      runRule(mountFailed, snapshot({ pods: [known], events: [secretCache(0)] }), ms(41 * 60)),
    ).toHaveLength(1);
  });

  it('stays a failure at exactly 15 minutes', () => {
    expect(
      runRule(mountFailed, snapshot({ pods: [unknownPod], events: [secretCache(0)] }), ms(15 * 60)),
    ).toHaveLength(1);
  });

  it('stays a failure when the event has no time', () => {
    const snap = snapshot({ pods: [unknownPod], events: [secretCache(undefined)] });
    expect(runRule(mountFailed, snap, ms(41 * 60))).toHaveLength(1);
  });

  it('holds for every volume failure kind (a missing ConfigMap)', () => {
    const snap = snapshot({ pods: [unknownPod], events: [missingConfigMap] });
    expect(runRule(sourceNotFound, snap, ms(60 + 10 * 60))).toHaveLength(1);
    expect(runRule(sourceNotFound, snap, ms(60 + 20 * 60))).toHaveLength(0);
  });
});
