import { describe, expect, it } from 'vitest';
import { SyncQueue } from './sync-queue.js';
import { TestWorld } from './workloads-test-helpers.js';

describe('SyncQueue', () => {
  it('coalesces requests for one key and lets an earlier request replace a later one', () => {
    const w = new TestWorld([]);
    const runs: string[] = [];
    const q = new SyncQueue(w, (key) => runs.push(`${key}@${String(w.clock.elapsed())}`));
    q.add('shop/web');
    q.add('shop/web');
    q.add('shop/api', 5000);
    q.add('shop/api', 1000);
    q.add('shop/api', 9000);
    w.run(10_000);
    expect(runs).toEqual(['shop/web@0', 'shop/api@1000']);
  });
});
