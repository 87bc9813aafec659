import { describe, expect, it } from 'vitest';
import { at, container, cstatus, event, pod, runningPod, state } from '../../../test/builders.js';
import { pulledDurationMs, startupBreakdown } from './startup.js';

describe('pulledDurationMs', () => {
  it.each([
    // Current kubelets: the second figure includes time queued behind other pulls.
    [
      'Successfully pulled image "nginx:1.27" in 1.399s (44.699s including waiting). Image size: 52428800 bytes.',
      44_699,
    ],
    [
      'Successfully pulled image "nginx:1.27" in 1.399s (1.399s including waiting). Image size: 52428800 bytes.',
      1_399,
    ],
    // Older kubelets print only the pull time.
    ['Successfully pulled image "ubuntu:bionic" in 3s', 3_000],
    ['Successfully pulled image "registry.example/app:1.0" in 2m3.5s', 123_500],
    [
      'Successfully pulled image "registry.example/app:1.0" in 850ms (850ms including waiting). Image size: 1 bytes.',
      850,
    ],
  ])('%s -> %d ms', (message, expected) => {
    expect(pulledDurationMs(message)).toBe(expected);
  });

  it.each([
    'Container image "nginx:1.27" already present on machine',
    'Pulling image "nginx:1.27"',
    'Successfully pulled image "nginx:1.27"',
  ])('has no duration: %s', (message) => {
    expect(pulledDurationMs(message)).toBeUndefined();
  });
});

const pulled = (seconds: string, atS: number) =>
  event({
    reason: 'Pulled',
    type: 'Normal',
    message: `Successfully pulled image "registry.example/app:1.0" in ${seconds} (${seconds} including waiting). Image size: 1000 bytes.`,
    lastS: atS,
  });

describe('startupBreakdown', () => {
  it('subtracts image pulls from creation-to-started', () => {
    const p = runningPod({
      createdS: 0,
      containerStatuses: [cstatus('app', { state: state.running(9), ready: true })],
    });
    expect(startupBreakdown(p, [pulled('2.5s', 8)])).toEqual({
      createdAt: at(0),
      startedAt: at(9),
      totalMs: 9_000,
      imagePullMs: 2_500,
      initMs: 0,
      sloMs: 6_500,
    });
  });

  it('subtracts init container run time and sums every pull', () => {
    const p = runningPod({
      createdS: 0,
      initContainers: [container('migrate')],
      initContainerStatuses: [
        cstatus('migrate', { state: state.terminated(0, 'Completed', { startedS: 2, finishedS: 7 }) }),
      ],
      containerStatuses: [cstatus('app', { state: state.running(12), ready: true })],
    });
    const b = startupBreakdown(p, [pulled('1s', 2), pulled('3s', 10)]);
    expect(b).toMatchObject({ totalMs: 12_000, imagePullMs: 4_000, initMs: 5_000, sloMs: 3_000 });
  });

  it('waits for every app container, and uses the first start a restarted container shows', () => {
    const two = [container('app'), container('sidecar')];
    const oneStarted = runningPod({
      containers: two,
      containerStatuses: [
        cstatus('app', { state: state.running(4) }),
        cstatus('sidecar', { state: state.waiting('ContainerCreating') }),
      ],
    });
    const partial = startupBreakdown(oneStarted, []);
    expect(partial?.startedAt).toBeUndefined();
    expect(partial?.sloMs).toBeUndefined();

    const restarted = runningPod({
      containerStatuses: [
        cstatus('app', {
          state: state.running(60),
          lastState: state.terminated(1, 'Error', { startedS: 5, finishedS: 30 }),
          restartCount: 1,
        }),
      ],
    });
    expect(startupBreakdown(restarted, [])?.totalMs).toBe(5_000);
  });

  it('never goes below zero (second-resolution status times, long pulls)', () => {
    const p = runningPod({ containerStatuses: [cstatus('app', { state: state.running(2), ready: true })] });
    expect(startupBreakdown(p, [pulled('2.1s', 2)])?.sloMs).toBe(0);
  });

  it('is undefined without a creation time, and counts a Job container that already finished', () => {
    const bare = pod();
    expect(startupBreakdown({ ...bare, metadata: { name: 'x' } }, [])).toBeUndefined();
    const done = pod({
      phase: 'Succeeded',
      containerStatuses: [
        cstatus('app', { state: state.terminated(0, 'Completed', { startedS: 3, finishedS: 8 }) }),
      ],
    });
    expect(startupBreakdown(done, [])?.totalMs).toBe(3_000);
  });
});
