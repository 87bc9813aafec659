import { describe, expect, it } from 'vitest';
import type { EventRecord, Node, Pod, PodCondition } from '../../model/index.js';
import { podContextsOf } from '../../../test/rule-tester.js';
import {
  at,
  cond,
  container,
  event,
  ms,
  node,
  pod,
  snapshot,
  unschedulable,
  type SnapshotParts,
} from '../../../test/builders.js';
import { conditionEvidence, currentSchedulingFailure, SCALE_UP_WINDOW_MS } from './analyse.js';

const CPU = '0/3 nodes are available: 3 Insufficient cpu.';
const SELECTOR = "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.";
const GATED = cond(
  'PodScheduled',
  'False',
  'SchedulingGated',
  'Scheduling is blocked due to non-empty scheduling gates',
);

const failedScheduling = (message: string, lastS: number, firstS = lastS) =>
  event({ reason: 'FailedScheduling', message, source: 'default-scheduler', firstS, lastS });
const scheduledEvent = (lastS: number) =>
  event({
    reason: 'Scheduled',
    type: 'Normal',
    message: 'Successfully assigned default/web-1 to node-2',
    source: 'default-scheduler',
    lastS,
  });
const scaleUp = (lastS: number) =>
  event({
    reason: 'TriggeredScaleUp',
    type: 'Normal',
    source: 'cluster-autoscaler',
    message: 'pod triggered scale-up: [{eks-pool 3->4 (max: 10)}]',
    lastS,
  });

function failureOf(parts: SnapshotParts, now = ms(600)) {
  const [ctx] = podContextsOf(snapshot(parts), now);
  if (ctx === undefined) throw new Error('no pod context');
  return currentSchedulingFailure(ctx);
}

describe('conditionEvidence', () => {
  const base = { type: 'PodScheduled', status: 'False' } as const;
  it.each<[string, PodCondition, string]>([
    [
      'reason and message',
      { ...base, reason: 'Unschedulable', message: CPU },
      `PodScheduled=False Unschedulable: ${CPU}`,
    ],
    [
      'reason, empty message',
      { ...base, reason: 'Unschedulable', message: '' },
      'PodScheduled=False Unschedulable',
    ],
    ['reason only', { ...base, reason: 'SchedulerError' }, 'PodScheduled=False SchedulerError'],
    ['message only', { ...base, message: CPU }, `PodScheduled=False ${CPU}`],
    ['empty reason, message', { ...base, reason: '', message: CPU }, `PodScheduled=False ${CPU}`],
    ['neither', { ...base }, 'PodScheduled=False'],
  ])('%s, no transition time', (_name, c, text) => {
    expect(conditionEvidence(c)).toEqual({ source: 'condition', text });
  });

  it('carries the transition time when there is one', () => {
    expect(conditionEvidence(unschedulable(CPU, 30))).toEqual({
      source: 'condition',
      text: `PodScheduled=False Unschedulable: ${CPU}`,
      at: at(30),
    });
  });
});

describe('currentSchedulingFailure: when there is none', () => {
  it.each<[string, SnapshotParts]>([
    [
      'pod has a node (phase still Pending)',
      { pods: [pod({ nodeName: 'node-1' })], events: [failedScheduling(CPU, 10)] },
    ],
    [
      'phase Running without a node name',
      { pods: [pod({ phase: 'Running' })], events: [failedScheduling(CPU, 10)] },
    ],
    [
      'phase Succeeded without a node name',
      { pods: [pod({ phase: 'Succeeded' })], events: [failedScheduling(CPU, 10)] },
    ],
    [
      'PodScheduled=True, an old FailedScheduling and no Scheduled event',
      {
        pods: [pod({ conditions: [cond('PodScheduled', 'True', undefined, undefined, 20)] })],
        events: [failedScheduling(CPU, 10)],
      },
    ],
    [
      'events only: Scheduled at the same second as the last FailedScheduling',
      { events: [failedScheduling(CPU, 30), scheduledEvent(30)] },
    ],
    [
      'events only: the scheduler skipped a pod being deleted',
      { events: [failedScheduling('skip schedule deleting pod: default/web-1', 30)] },
    ],
    [
      'stale SchedulingGated condition, gates lifted, spec without schedulingGates field',
      { pods: [pod({ conditions: [GATED] })], events: [] },
    ],
  ])('%s', (_name, parts) => {
    expect(failureOf(parts)).toBeUndefined();
  });
});

describe('currentSchedulingFailure: what it reports', () => {
  it('events only: a Scheduled event older than the last FailedScheduling does not hide it', () => {
    const f = failureOf({ events: [scheduledEvent(10), failedScheduling(CPU, 30)] });
    expect(f?.code).toBe('InsufficientResources');
    expect(f?.basis).toBe('events');
    expect(f?.condition).toBeUndefined();
    expect(f?.at).toBe(ms(30));
  });

  it('a PodScheduled=False condition is reported even after a newer Scheduled event', () => {
    const f = failureOf({
      pods: [pod({ conditions: [unschedulable(CPU, 5)] })],
      events: [failedScheduling(CPU, 10), scheduledEvent(20)],
    });
    expect(f?.code).toBe('InsufficientResources');
    expect(f?.basis).toBe('state');
  });

  it('a condition whose message the parser ignores is still reported', () => {
    const f = failureOf({
      pods: [pod({ conditions: [unschedulable('skip schedule deleting pod: default/web-1', 5)] })],
      events: [],
    });
    expect(f?.code).toBe('Unschedulable');
    expect(f?.parsed.form).toBe('ignored');
    expect(f?.basis).toBe('state');
  });

  it('a SchedulingGated condition on a pod whose containers are unknown is kept', () => {
    const stub: Pod = { ...pod({ conditions: [GATED] }), spec: {} as Pod['spec'] };
    const f = failureOf({ pods: [stub], events: [] });
    expect(f?.code).toBe('SchedulingGated');
    expect(f?.basis).toBe('state');
    expect(f?.condition).toBe(GATED);
  });

  it('gates without a condition or events: gated, with an empty message and no times', () => {
    const f = failureOf({
      pods: [pod({ spec: { schedulingGates: [{ name: 'example.com/quota' }] } })],
      events: [],
    });
    expect(f?.code).toBe('SchedulingGated');
    expect(f?.message).toBe('');
    expect(f?.basis).toBe('events');
    expect(f?.evidence).toEqual([]);
    expect(f?.at).toBeUndefined();
    expect(f?.since).toBe(ms(0));
  });

  it('gates with an Unschedulable condition: the condition decides', () => {
    const f = failureOf({
      pods: [
        pod({
          conditions: [unschedulable(CPU, 5)],
          spec: { schedulingGates: [{ name: 'example.com/quota' }] },
        }),
      ],
      events: [],
    });
    expect(f?.code).toBe('InsufficientResources');
  });

  it.each<[string, SnapshotParts, number | undefined]>([
    [
      'condition newer than the event',
      { pods: [pod({ conditions: [unschedulable(CPU, 70)] })], events: [failedScheduling(CPU, 50)] },
      ms(70),
    ],
    [
      'event newer than the condition',
      { pods: [pod({ conditions: [unschedulable(CPU, 10)] })], events: [failedScheduling(CPU, 50)] },
      ms(50),
    ],
    ['condition only', { pods: [pod({ conditions: [unschedulable(CPU, 40)] })], events: [] }, ms(40)],
    ['event only', { events: [failedScheduling(CPU, 50)] }, ms(50)],
  ])('at is the newest evidence: %s', (_name, parts, expected) => {
    expect(failureOf(parts)?.at).toBe(expected);
  });

  it('an event without times adds no time', () => {
    const e = failedScheduling(CPU, 0);
    const timeless: EventRecord = {
      regarding: e.regarding,
      reason: e.reason,
      message: e.message,
      type: e.type,
      count: 1,
    };
    const f = failureOf({ pods: [pod({ conditions: [unschedulable(CPU, 40)] })], events: [timeless] });
    expect(f?.at).toBe(ms(40));
    expect(f?.since).toBe(ms(40));
  });

  it.each<[string, [number, number][], number]>([
    [
      'earliest first seen listed first',
      [
        [10, 30],
        [20, 40],
      ],
      ms(10),
    ],
    [
      'earliest first seen listed last',
      [
        [20, 30],
        [10, 40],
      ],
      ms(10),
    ],
    [
      'three events, earliest in the middle',
      [
        [20, 30],
        [5, 35],
        [15, 40],
      ],
      ms(5),
    ],
  ])('since: events only, the first FailedScheduling (%s)', (_name, spans, expected) => {
    const events = spans.map(([first, last]) => failedScheduling(CPU, last, first));
    expect(failureOf({ events })?.since).toBe(expected);
  });

  it('evidence: the condition line, then the newest event as describe prints it', () => {
    const f = failureOf(
      { pods: [pod({ conditions: [unschedulable(CPU, 10)] })], events: [failedScheduling(CPU, 20)] },
      ms(80),
    );
    expect(f?.evidence.map((e) => e.text)).toEqual([
      `PodScheduled=False Unschedulable: ${CPU}`,
      `Warning FailedScheduling 60s ago default-scheduler: ${CPU}`,
    ]);
  });
});

describe('currentSchedulingFailure: progress', () => {
  it('a nominated node means preemption is making room', () => {
    const p = pod({ conditions: [unschedulable(CPU, 10)] });
    const nominated: Pod = { ...p, status: { ...p.status, nominatedNodeName: 'node-2' } };
    expect(failureOf({ pods: [nominated], events: [] })?.progress).toEqual({
      source: 'status',
      text: 'status.nominatedNodeName: node-2 (preemption is making room)',
    });
  });

  it('no nominated node and no scale-up: no progress', () => {
    expect(failureOf({ events: [failedScheduling(CPU, 50)] })?.progress).toBeUndefined();
  });

  it.each<[string, number, boolean]>([
    ['1 minute ago', 60_000, true],
    ['exactly the window ago', SCALE_UP_WINDOW_MS, true],
    ['one second past the window', SCALE_UP_WINDOW_MS + 1000, false],
    ['an hour ago', 3_600_000, false],
  ])('a scale-up %s', (_name, age, progressing) => {
    const now = ms(100) + age;
    const f = failureOf({ events: [failedScheduling(CPU, 100), scaleUp(100)] }, now);
    if (progressing) {
      expect(f?.progress?.source).toBe('event');
      expect(f?.progress?.text).toMatch(
        /^Normal TriggeredScaleUp .* cluster-autoscaler: pod triggered scale-up/,
      );
    } else {
      expect(f?.progress).toBeUndefined();
    }
  });
});

describe('currentSchedulingFailure: taints on the only selected nodes', () => {
  const tainted = (name: string, labels: Record<string, string>): Node =>
    node({ name, labels, taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] });
  const plain = (name: string, labels: Record<string, string>): Node => node({ name, labels });
  const selecting = (message: string) =>
    pod({
      conditions: [unschedulable(message, 10)],
      containers: [container('app')],
      spec: { nodeSelector: { pool: 'gpu' } },
    });

  it.each<[string, Pod, Node[], string]>([
    [
      'every selected node tainted: the taint is the fix',
      selecting(SELECTOR),
      [tainted('gpu-1', { pool: 'gpu' }), plain('cpu-1', { pool: 'cpu' })],
      'UntoleratedTaint',
    ],
    [
      'one selected node untainted',
      selecting(SELECTOR),
      [tainted('gpu-1', { pool: 'gpu' }), plain('gpu-2', { pool: 'gpu' })],
      'NodeAffinityMismatch',
    ],
    [
      'selected nodes untainted, other nodes tainted',
      selecting(SELECTOR),
      [plain('gpu-1', { pool: 'gpu' }), tainted('cpu-1', { pool: 'cpu' })],
      'NodeAffinityMismatch',
    ],
    [
      'no node selected at all',
      selecting(SELECTOR),
      [tainted('cpu-1', { pool: 'cpu' })],
      'NodeAffinityMismatch',
    ],
    [
      'pod without selector or affinity, every node tainted',
      pod({ conditions: [unschedulable(SELECTOR, 10)] }),
      [tainted('gpu-1', { pool: 'gpu' }), tainted('gpu-2', { pool: 'gpu' })],
      'NodeAffinityMismatch',
    ],
    [
      'another reason is left alone even when the selected nodes are tainted',
      selecting(CPU),
      [tainted('gpu-1', { pool: 'gpu' })],
      'InsufficientResources',
    ],
  ])('%s', (_name, p, nodes, code) => {
    expect(failureOf({ pods: [p], nodes, events: [] })?.code).toBe(code);
  });
});
