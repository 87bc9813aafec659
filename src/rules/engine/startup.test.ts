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

describe('startupBreakdown: partial statuses and init runs', () => {
  it.each([
    // The API's zero time and an unparseable stamp are no creation time.
    ['1970-01-01T00:00:00Z'],
    ['not a time'],
  ])('a creation timestamp %s that does not parse gives no breakdown', (stamp) => {
    const p = runningPod();
    expect(
      startupBreakdown({ ...p, metadata: { ...p.metadata, creationTimestamp: stamp } }, []),
    ).toBeUndefined();
  });

  it.each([
    ['started only (still being recorded)', { startedS: 2 }],
    ['finished only', { finishedS: 7 }],
    ['finished before it started (clock skew)', { startedS: 7, finishedS: 2 }],
    ['neither time', {}],
  ])('an init container terminated with %s adds no init time', (_name, times) => {
    const p = runningPod({
      initContainers: [container('migrate')],
      initContainerStatuses: [cstatus('migrate', { state: state.terminated(0, 'Completed', times) })],
      containerStatuses: [cstatus('app', { state: state.running(9), ready: true })],
    });
    expect(startupBreakdown(p, [])).toEqual({
      createdAt: at(0),
      startedAt: at(9),
      totalMs: 9_000,
      imagePullMs: 0,
      initMs: 0,
      sloMs: 9_000,
    });
  });

  it('an init container shown only by its last termination (no current state) still counts', () => {
    const p = runningPod({
      initContainers: [container('migrate')],
      initContainerStatuses: [
        cstatus('migrate', { lastState: state.terminated(0, 'Completed', { startedS: 2, finishedS: 6 }) }),
      ],
      containerStatuses: [cstatus('app', { state: state.running(9), ready: true })],
    });
    expect(startupBreakdown(p, [])?.initMs).toBe(4_000);
  });

  it('a Pulled event without a duration (image already present) adds nothing', () => {
    const p = runningPod({ containerStatuses: [cstatus('app', { state: state.running(9), ready: true })] });
    const present = event({
      reason: 'Pulled',
      type: 'Normal',
      message: 'Container image "registry.example/app:1.0" already present on machine',
      lastS: 8,
    });
    expect(startupBreakdown(p, [present, pulled('1.5s', 8)])).toMatchObject({
      imagePullMs: 1_500,
      sloMs: 7_500,
    });
  });

  it('an app container with an empty lastState or no state yet is not started', () => {
    const noState = runningPod({ containerStatuses: [cstatus('app', { lastState: {} })] });
    expect(startupBreakdown(noState, [])).toEqual({ createdAt: at(0), imagePullMs: 0, initMs: 0 });
    const emptyLast = runningPod({
      containerStatuses: [cstatus('app', { state: state.running(4), lastState: {} })],
    });
    expect(startupBreakdown(emptyLast, [])?.totalMs).toBe(4_000);
  });

  it('a container without any status is not started; the last container to start ends startup', () => {
    const two = [container('app'), container('sidecar')];
    const missing = runningPod({
      containers: two,
      containerStatuses: [cstatus('app', { state: state.running(4) })],
    });
    expect(startupBreakdown(missing, [])?.startedAt).toBeUndefined();
    const otherName = runningPod({ containerStatuses: [cstatus('old-app', { state: state.running(4) })] });
    expect(startupBreakdown(otherName, [])?.startedAt).toBeUndefined();
    const both = runningPod({
      containers: two,
      containerStatuses: [
        cstatus('app', { state: state.running(4) }),
        cstatus('sidecar', { state: state.running(11) }),
      ],
    });
    expect(startupBreakdown(both, [])).toMatchObject({ startedAt: at(11), totalMs: 11_000 });
  });
});
