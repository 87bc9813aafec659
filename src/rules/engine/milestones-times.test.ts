import { describe, expect, it } from 'vitest';
import type { Pod } from '../../model/index.js';
import { at, cond, container, cstatus, ms, pod, runningPod, state } from '../../../test/builders.js';
import { podMilestones } from './milestones.js';

const readyAt = (lastTransitionTime: string | undefined): Pod =>
  runningPod({
    conditions: [
      cond('PodScheduled', 'True', undefined, undefined, 1),
      {
        type: 'Ready',
        status: 'True',
        ...(lastTransitionTime === undefined ? {} : { lastTransitionTime }),
      },
    ],
  });

describe('podMilestones: the time of a condition', () => {
  it.each<[string, string | undefined, { at?: number; iso?: string }]>([
    ['keeps the API text when it is already in RFC 3339 seconds form', at(5), { at: ms(5), iso: at(5) }],
    [
      'dates, but does not reuse, a time with fractional seconds',
      '2026-01-01T00:00:05.250Z',
      { at: ms(5.25) },
    ],
    ['dates, but does not reuse, a time with an offset', '2026-01-01T01:00:05+01:00', { at: ms(5) }],
    ['no time at all', undefined, {}],
    ['a time that does not parse', 'yesterday', {}],
  ])('%s', (_name, text, expected) => {
    expect(podMilestones(readyAt(text), []).pod.get('readiness')).toStrictEqual(expected);
  });
});

describe('podMilestones: furthest', () => {
  it('is the chain position of the latest pod milestone (readiness 11 for a Ready pod)', () => {
    expect(podMilestones(runningPod(), []).furthest).toBe(11);
  });

  it('does not count Initialized: a pod whose init containers finished is no further than its sandbox', () => {
    const p = pod({
      nodeName: 'node-1',
      startS: 1,
      conditions: [
        cond('PodScheduled', 'True', undefined, undefined, 1),
        cond('PodReadyToStartContainers', 'True', undefined, undefined, 2),
        cond('Initialized', 'True', undefined, undefined, 8),
      ],
    });
    const m = podMilestones(p, []);
    expect(m.pod.has('init-containers')).toBe(true);
    // sandbox-network is position 4; init-containers (7) is left out.
    expect(m.furthest).toBe(4);
  });

  it('is -1 for a pod stub with nothing passed', () => {
    const stub: Pod = { kind: 'Pod', metadata: { name: 'web-1' }, spec: { containers: [] }, status: {} };
    const m = podMilestones(stub, []);
    expect([...m.pod.keys()]).toEqual([]);
    expect(m.furthest).toBe(-1);
  });

  it('admits a pod with a uid but no creation time or status', () => {
    const p: Pod = {
      kind: 'Pod',
      metadata: { name: 'web-1', uid: 'uid-web-1' },
      spec: { containers: [] },
      status: {},
    };
    expect(podMilestones(p, []).pod.get('admission')).toStrictEqual({});
    expect(podMilestones(p, []).furthest).toBe(0);
  });

  it('admits a pod with a phase but no creation time or uid', () => {
    const p: Pod = {
      kind: 'Pod',
      metadata: { name: 'web-1' },
      spec: { containers: [] },
      status: { phase: 'Pending' },
    };
    expect(podMilestones(p, []).pod.get('admission')).toStrictEqual({});
  });
});

describe('podMilestones: a stage every app container must pass', () => {
  it('is dated by the last container to pass it', () => {
    const p = runningPod({
      containers: [container('app'), container('sidecar'), container('proxy')],
      containerStatuses: [
        cstatus('app', { state: state.running(3), ready: true, started: true }),
        cstatus('sidecar', { state: state.running(7), ready: true, started: true }),
        cstatus('proxy', { state: state.running(5), ready: true, started: true }),
      ],
    });
    expect(podMilestones(p, []).pod.get('container-start')).toStrictEqual({ at: ms(7) });
  });

  it('is not passed while one app container has not passed it', () => {
    const p = runningPod({
      containers: [container('app'), container('sidecar')],
      containerStatuses: [
        cstatus('app', { state: state.running(3), ready: true, started: true }),
        cstatus('sidecar', { state: state.waiting('ContainerCreating') }),
      ],
    });
    expect(podMilestones(p, []).pod.has('container-start')).toBe(false);
  });
});

describe('podMilestones: a container that ran and exited has started', () => {
  const crashed = (lastState: ReturnType<typeof state.terminated>): Pod =>
    pod({
      nodeName: 'node-1',
      phase: 'Running',
      containerStatuses: [
        cstatus('app', { state: state.waiting('CrashLoopBackOff'), lastState, restartCount: 3 }),
      ],
    });

  it.each<[string, ReturnType<typeof state.terminated>, { at?: number } | undefined]>([
    ['dated by its start', state.terminated(1, 'Error', { startedS: 3, finishedS: 9 }), { at: ms(3) }],
    ['undated when the status gives no start', state.terminated(1, 'Error', { finishedS: 9 }), {}],
    [
      'not when the runtime could not start it (StartError, exit 128)',
      state.terminated(128, 'StartError', { finishedS: 9 }),
      undefined,
    ],
  ])('%s', (_name, last, expected) => {
    expect(podMilestones(crashed(last), []).containers.get('app/app')?.get('container-start')).toStrictEqual(
      expected,
    );
  });
});
