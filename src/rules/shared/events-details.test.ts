import { describe, expect, it } from 'vitest';
import type { ContainerRef, EventRecord } from '../../model/index.js';
import { event, ms } from '../../../test/builders.js';
import { eventContainer, eventEvidence, forContainer, newest } from './events.js';

const APP: ContainerRef = { name: 'app', type: 'app' };

describe('newest', () => {
  it('of events seen at the same time, takes the later one in the list', () => {
    const a = event({ reason: 'BackOff', message: 'Back-off pulling image "nginx:nope"', lastS: 60 });
    const b = event({ reason: 'Failed', message: 'Error: ImagePullBackOff', lastS: 60 });
    expect(newest([a, b])).toBe(b);
    expect(newest([b, a])).toBe(a);
  });
  it('takes the newest by last-seen time', () => {
    const a = event({ reason: 'Failed', message: 'Error: ErrImagePull', lastS: 90 });
    const b = event({ reason: 'Failed', message: 'Error: ImagePullBackOff', lastS: 60 });
    expect(newest([a, b])).toBe(a);
    expect(newest([])).toBeUndefined();
  });
});

describe('eventContainer parses the fieldPath once per event', () => {
  it('returns the same ref for the same event', () => {
    const e = event({
      reason: 'Started',
      type: 'Normal',
      message: 'Started container app',
      fieldPath: 'spec.containers{app}',
    });
    const first = eventContainer(e);
    expect(first).toEqual(APP);
    expect(eventContainer(e)).toBe(first);
  });
  it('undefined for an event about the pod itself', () => {
    const e = event({
      reason: 'Scheduled',
      type: 'Normal',
      message: 'Successfully assigned default/web-1 to node-1',
    });
    expect(eventContainer(e)).toBeUndefined();
    expect(eventContainer(e)).toBeUndefined();
  });
});

describe('forContainer keeps the events whose fieldPath names the container', () => {
  const mk = (fieldPath?: string): EventRecord =>
    event({
      reason: 'Started',
      type: 'Normal',
      message: 'Started container app',
      ...(fieldPath === undefined ? {} : { fieldPath }),
    });
  it.each([
    ['spec.containers{app}', APP, true],
    ['spec.containers{web}', APP, false],
    ['spec.initContainers{app}', APP, false],
    ['spec.initContainers{app}', { name: 'app', type: 'init' }, true],
    ['spec.ephemeralContainers{app}', { name: 'app', type: 'init' }, false],
    ['spec.initContainers{web}', { name: 'app', type: 'init' }, false],
    [undefined, APP, false],
  ] as const)('%s for %o: %s', (fieldPath, ref, kept) => {
    const e = mk(fieldPath);
    expect(forContainer([e], ref)).toEqual(kept ? [e] : []);
  });
  it('keeps order and drops the rest', () => {
    const a = mk('spec.containers{app}');
    const b = mk('spec.containers{web}');
    const c = mk(undefined);
    const d = mk('spec.containers{app}');
    const kept = forContainer([a, b, c, d], APP);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe(a);
    expect(kept[1]).toBe(d);
  });
});

describe('eventEvidence', () => {
  const untimed = (count: number): EventRecord => ({
    regarding: { kind: 'Pod', namespace: 'default', name: 'web-1' },
    reason: 'FailedMount',
    message: 'MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
    type: 'Warning',
    source: 'kubelet',
    count,
  });
  it.each([
    [
      1,
      'Warning FailedMount kubelet: MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
    ],
    [
      5,
      'Warning FailedMount (x5) kubelet: MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
    ],
  ])('an event without times, count %i', (count, text) => {
    expect(eventEvidence(untimed(count), ms(600))).toStrictEqual({ source: 'event', text });
  });
  it('an event with times carries when it was last seen', () => {
    const e = event({
      reason: 'FailedMount',
      message: 'MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
      source: 'kubelet',
      host: 'node-1',
      count: 5,
      firstS: 0,
      lastS: 600,
    });
    expect(eventEvidence(e, ms(660))).toStrictEqual({
      source: 'event',
      text: 'Warning FailedMount (x5 over 10m) 60s ago kubelet, node-1: MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
      at: '2026-01-01T00:10:00Z',
    });
  });
});
