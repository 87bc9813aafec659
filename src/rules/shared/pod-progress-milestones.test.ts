import { describe, expect, it } from 'vitest';
import { cond, cstatus, pod, state } from '../../../test/builders.js';
import type { PodCondition } from '../../model/index.js';
import { isTerminal, pastSandbox, pastVolumes, plainlyHealthy, sandboxReady } from './pod-progress.js';

describe('sandboxReady', () => {
  it.each<[string, PodCondition[] | undefined, boolean | undefined]>([
    ['PodReadyToStartContainers=True', [cond('PodReadyToStartContainers', 'True')], true],
    ['PodReadyToStartContainers=False', [cond('PodReadyToStartContainers', 'False')], false],
    ['PodReadyToStartContainers=Unknown', [cond('PodReadyToStartContainers', 'Unknown')], undefined],
    ['PodHasNetwork=True (before 1.29)', [cond('PodHasNetwork', 'True')], true],
    ['PodHasNetwork=False (before 1.29)', [cond('PodHasNetwork', 'False')], false],
    ['not reported', undefined, undefined],
  ])('%s', (_, conditions, want) => {
    expect(sandboxReady(pod(conditions === undefined ? {} : { conditions }))).toBe(want);
  });
});

describe('pastSandbox / pastVolumes from the phase alone', () => {
  it.each<[string, boolean]>([
    ['Running', true],
    ['Succeeded', true],
    ['Pending', false],
    ['Failed', false],
  ])('phase %s, no conditions, no container statuses', (phase, want) => {
    expect(pastSandbox(pod({ phase }))).toBe(want);
    expect(pastVolumes(pod({ phase }))).toBe(want);
  });
  it('a reported sandbox condition decides over the phase', () => {
    expect(
      pastSandbox(pod({ phase: 'Running', conditions: [cond('PodReadyToStartContainers', 'False')] })),
    ).toBe(false);
  });
  it('a created init container counts', () => {
    const p = pod({ initContainerStatuses: [cstatus('init', { state: state.running(1) })] });
    expect(pastSandbox(p)).toBe(true);
    expect(pastVolumes(p)).toBe(true);
  });
});

describe('plainlyHealthy', () => {
  it.each<[string, Parameters<typeof pod>[0], boolean]>([
    ['Running and Ready', { phase: 'Running', conditions: [cond('Ready', 'True')] }, true],
    ['Running, not Ready', { phase: 'Running', conditions: [cond('Ready', 'False')] }, false],
    ['Running, no Ready condition', { phase: 'Running' }, false],
    ['Pending with a stale Ready=True', { phase: 'Pending', conditions: [cond('Ready', 'True')] }, false],
    [
      'Succeeded (Ready=False as the kubelet reports it)',
      { phase: 'Succeeded', conditions: [cond('Ready', 'False')] },
      true,
    ],
    ['Succeeded but being deleted', { phase: 'Succeeded', deletionS: 10 }, false],
    [
      'Running and Ready but being deleted',
      { phase: 'Running', conditions: [cond('Ready', 'True')], deletionS: 10 },
      false,
    ],
  ])('%s', (_, opts, want) => {
    expect(plainlyHealthy(pod(opts))).toBe(want);
  });
});

describe('isTerminal', () => {
  it.each<[string, boolean]>([
    ['Succeeded', true],
    ['Failed', true],
    ['Running', false],
    ['Pending', false],
  ])('%s', (phase, want) => {
    expect(isTerminal(pod({ phase }))).toBe(want);
  });
});
