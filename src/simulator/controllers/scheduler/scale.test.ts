import { describe, expect, it } from 'vitest';
import { Rng } from '../../world/rng.js';
import type { NodeObj, PodObj } from '../../world/types.js';
import { Store } from '../../world/store.js';
import { SimClock } from '../../world/clock.js';
import { SchedulerCache } from './node-cache.js';
import { numFeasibleNodesToFind, scheduleOne, type ScheduleEnv } from './schedule-one.js';

const node = (i: number): NodeObj => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: `node-${String(i).padStart(4, '0')}`, labels: {} },
  spec: {},
  status: { allocatable: { cpu: '8', memory: '32Gi', pods: '110' } },
});

const pod = (i: number): PodObj => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: `p-${i}`, namespace: 'default', uid: `uid-${i}` },
  spec: {
    containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '500m', memory: '1Gi' } } }],
  },
  status: { phase: 'Pending' },
});

function env(nodes: number): ScheduleEnv {
  const cache = new SchedulerCache();
  for (let i = 0; i < nodes; i++) cache.setNode(node(i));
  const clock = new SimClock(0);
  const rng = new Rng(1);
  return {
    store: new Store(clock, rng),
    cache,
    rng,
    imageNodes: new Map(),
    nextStartNodeIndex: 0,
    version: 'v1.31.4',
  };
}

describe('scheduler at scale', () => {
  it('follows the adaptive percentageOfNodesToScore', () => {
    expect(numFeasibleNodesToFind(50)).toBe(50);
    expect(numFeasibleNodesToFind(200)).toBe(100);
    expect(numFeasibleNodesToFind(1000)).toBe(420);
    expect(numFeasibleNodesToFind(5000)).toBe(500);
  });

  // How fast is for `npm run bench` to measure; this checks how much each attempt evaluates.
  it('places 2,000 pods on 200 nodes, filling nodes to their allocatable exactly', () => {
    const e = env(200);
    let evaluated = 0;
    for (let i = 0; i < 2000; i++) {
      const p = pod(i);
      const d = scheduleOne(e, p);
      if (!d.ok) throw new Error(d.message);
      evaluated += d.evaluated;
      e.cache.assume(p, d.node);
    }
    // Each attempt stops after 100 feasible nodes out of 200.
    expect(evaluated).toBe(2000 * 100);
    // 200 nodes x 16 pods of 500m fill 8 cpu; the 2,000 pods need 10 per node on average.
    const counts = [...e.cache.nodes.values()].map((n) => n.pods.size);
    expect(Math.max(...counts)).toBeLessThanOrEqual(16);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2000);
  });

  it('checks a bounded number of nodes per pod on 5,000 nodes', () => {
    const e = env(5000);
    const d = scheduleOne(e, pod(1));
    expect(d.ok && d.evaluated).toBe(500);
  });
});
