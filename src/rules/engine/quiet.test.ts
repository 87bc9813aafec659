import { describe, expect, it } from 'vitest';
import type { Rule } from '../types.js';
import type { Snapshot } from '../../model/index.js';
import {
  cond,
  container,
  cstatus,
  event,
  ms,
  node,
  probeResult,
  runningPod,
  snapshot,
  state,
  type PodOpts,
  type SnapshotParts,
} from '../../../test/builders.js';
import { podContextsOf } from '../../../test/rule-tester.js';
import { diagnose } from './diagnose.js';
import { isQuietPod } from './quiet.js';

const quiet = (parts: SnapshotParts): boolean => {
  const [ctx] = podContextsOf(snapshot(parts), ms(600));
  if (ctx === undefined) throw new Error('no pod context');
  return isQuietPod(ctx);
};
const withPod = (opts: PodOpts, parts: SnapshotParts = {}): boolean =>
  quiet({ pods: [runningPod(opts)], ...parts });
const started = (reason: string, type: 'Normal' | 'Warning' = 'Normal') =>
  event({ reason, type, name: 'web-1', lastS: 3 });
const readyConditions = [
  cond('PodScheduled', 'True', undefined, undefined, 1),
  cond('Initialized', 'True', undefined, undefined, 2),
  cond('ContainersReady', 'True', undefined, undefined, 5),
  cond('Ready', 'True', undefined, undefined, 5),
];

describe('isQuietPod', () => {
  it('holds for a Running, Ready pod with a routine start on a Ready node', () => {
    const routine = ['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started', 'SuccessfulAttachVolume'];
    expect(withPod({}, { events: routine.map((r) => started(r)), nodes: [node()] })).toBe(true);
    expect(withPod({})).toBe(true);
  });

  it.each<[string, PodOpts]>([
    ['phase Pending', { phase: 'Pending' }],
    ['phase Succeeded', { phase: 'Succeeded' }],
    ['being deleted', { deletionS: 100 }],
    ['a status reason', { reason: 'NodeLost' }],
    ['Ready=False', { conditions: [...readyConditions.slice(0, 3), cond('Ready', 'False')] }],
    ['no Ready condition', { conditions: readyConditions.slice(0, 3) }],
    [
      'a False condition besides Ready',
      { conditions: [cond('ContainersReady', 'False'), ...readyConditions.slice(3)] },
    ],
    ['a DisruptionTarget condition', { conditions: [...readyConditions, cond('DisruptionTarget', 'True')] }],
    [
      'a restart',
      { containerStatuses: [cstatus('app', { state: state.running(3), ready: true, restartCount: 1 })] },
    ],
    [
      'a last termination',
      {
        containerStatuses: [
          cstatus('app', {
            state: state.running(3),
            ready: true,
            lastState: state.terminated(137, 'OOMKilled'),
          }),
        ],
      },
    ],
    [
      'an unready container',
      { containerStatuses: [cstatus('app', { state: state.running(3), ready: false })] },
    ],
    [
      'a waiting container',
      { containerStatuses: [cstatus('app', { state: state.waiting('CrashLoopBackOff'), ready: true })] },
    ],
    [
      'a container without status',
      {
        containers: [container('app'), container('sidecar')],
        containerStatuses: [cstatus('app', { state: state.running(3), ready: true })],
      },
    ],
    ['no containers', { containers: [], containerStatuses: [] }],
    ['an init container without status', { initContainers: [container('init')] }],
    [
      'an init container that failed',
      {
        initContainers: [container('init')],
        initContainerStatuses: [cstatus('init', { state: state.terminated(1) })],
      },
    ],
    [
      'an init container that restarted',
      {
        initContainers: [container('init')],
        initContainerStatuses: [cstatus('init', { state: state.terminated(0), restartCount: 2 })],
      },
    ],
  ])('does not hold with %s', (_name, opts) => {
    expect(withPod(opts)).toBe(false);
  });

  it('holds with init containers that finished, and a running sidecar', () => {
    expect(
      withPod({
        initContainers: [container('init'), container('proxy')],
        initContainerStatuses: [
          cstatus('init', { state: state.terminated(0) }),
          cstatus('proxy', { state: state.running(2), ready: true }),
        ],
      }),
    ).toBe(true);
  });

  it.each<[string, SnapshotParts]>([
    ['a Warning event', { events: [started('Unhealthy', 'Warning')] }],
    ['a Normal image BackOff event', { events: [started('BackOff')] }],
    ['a Normal Killing event', { events: [started('Killing')] }],
    ['a Normal SandboxChanged event', { events: [started('SandboxChanged')] }],
    [
      'a log tail',
      { logs: [{ namespace: 'default', pod: 'web-1', container: 'app', previous: true, lines: ['x'] }] },
    ],
    ['a probe result', { probes: [probeResult(500, { atS: 10 })] }],
    ['a NotReady node', { nodes: [node({ ready: 'False' })] }],
    ['a node that is gone from the listed nodes', { nodes: [node({ name: 'other' })] }],
  ])('does not hold with %s', (_name, parts) => {
    expect(withPod({}, parts)).toBe(false);
  });
});

describe('the engine on quiet pods', () => {
  const probe = (id: string, runsOnQuietPods: boolean, seen: string[]): Rule => ({
    meta: {
      id,
      stage: 'crash',
      target: 'pod',
      title: id,
      description: id,
      reasons: [],
      graceSeconds: 0,
      needs: ['pods'],
      messages: {},
      docs: 'docs/rules/crash/x.md',
      runsOnQuietPods,
    },
    evaluate: (ctx) => {
      if (ctx.target === 'pod') seen.push(`${id}:${ctx.pod.metadata.name}`);
      return [];
    },
  });
  const snap: Snapshot = snapshot({
    pods: [runningPod({ name: 'calm' }), runningPod({ name: 'busy', phase: 'Pending' })],
  });

  it('runs only the rules marked runsOnQuietPods on a quiet pod, every rule on the others', () => {
    const seen: string[] = [];
    diagnose(snap, {
      now: ms(600),
      rules: [probe('crash/local', false, seen), probe('crash/wide', true, seen)],
    });
    expect(seen.sort()).toEqual(['crash/local:busy', 'crash/wide:busy', 'crash/wide:calm']);
  });

  it('runs every rule on every pod with the fast path off', () => {
    const seen: string[] = [];
    diagnose(snap, {
      now: ms(600),
      rules: [probe('crash/local', false, seen), probe('crash/wide', true, seen)],
      quietFastPath: false,
    });
    expect(seen.sort()).toEqual([
      'crash/local:busy',
      'crash/local:calm',
      'crash/wide:busy',
      'crash/wide:calm',
    ]);
  });
});
