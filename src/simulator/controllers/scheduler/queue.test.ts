import { describe, expect, it } from 'vitest';
import { SchedulingQueue, type QueueClock } from './queue.js';

function fakeClock(): QueueClock & {
  t: number;
  timers: { at: number; fn: () => void }[];
  advance(ms: number): void;
} {
  const c = {
    t: 0,
    timers: [] as { at: number; fn: () => void }[],
    now: () => c.t,
    after: (ms: number, fn: () => void) => {
      c.timers.push({ at: c.t + ms, fn });
    },
    wake: () => undefined,
    advance(ms: number) {
      c.t += ms;
      const due = c.timers.filter((x) => x.at <= c.t).sort((a, b) => a.at - b.at);
      c.timers = c.timers.filter((x) => x.at > c.t);
      for (const d of due) d.fn();
    },
  };
  return c;
}

describe('SchedulingQueue', () => {
  it('pops higher priority first, then arrival order', () => {
    const q = new SchedulingQueue(fakeClock());
    q.add('a', 'ns', 'a', 0);
    q.add('b', 'ns', 'b', 1000);
    q.add('c', 'ns', 'c', 0);
    expect([q.pop()?.name, q.pop()?.name, q.pop()?.name, q.pop()]).toEqual(['b', 'a', 'c', undefined]);
  });

  it('backs off 1 s doubling to 10 s per attempt', () => {
    const q = new SchedulingQueue(fakeClock());
    q.add('a', 'ns', 'a', 0);
    const p = q.pop();
    if (p === undefined) throw new Error('empty');
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(q.backoffMs(p));
      p.attempts++;
    }
    expect(seen).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('an event that helps some plugins moves the pods any of them rejected, each once, in arrival order', () => {
    const clock = fakeClock();
    const q = new SchedulingQueue(clock);
    for (const n of ['a', 'b', 'c', 'd']) q.add(n, 'ns', n, 0);
    const rejected: Record<string, string[]> = {
      a: ['NodeResourcesFit', 'TaintToleration'],
      b: ['NodeAffinity'],
      c: ['TaintToleration'],
      d: ['NodeResourcesFit'],
    };
    for (let i = 0; i < 4; i++) {
      const p = q.pop();
      if (p === undefined) throw new Error('empty');
      q.unschedulable(p, new Set(rejected[p.name]));
    }
    q.remove('d');
    clock.advance(60_000);
    q.move(new Set(['NodeResourcesFit', 'TaintToleration']));
    expect(['a', 'b', 'c', 'd'].map((n) => q.get(n)?.state)).toEqual([
      'active',
      'unschedulable',
      'active',
      undefined,
    ]);
    expect([q.pop()?.name, q.pop()?.name, q.pop()]).toEqual(['a', 'c', undefined]);
    // Moved once, a pod is no longer waiting: the same event again moves nothing.
    q.move(new Set(['NodeResourcesFit', 'TaintToleration']));
    expect(q.get('b')?.state).toBe('unschedulable');
    q.move('all');
    expect(q.get('b')?.state).toBe('active');
  });

  it('moves an unschedulable pod on a helpful event after its back-off, and not on others', () => {
    const clock = fakeClock();
    const q = new SchedulingQueue(clock);
    q.add('a', 'ns', 'a', 0);
    const p = q.pop();
    if (p === undefined) throw new Error('empty');
    q.unschedulable(p, new Set(['NodeResourcesFit']));
    q.move(new Set(['TaintToleration']));
    expect(q.get('a')?.state).toBe('unschedulable');
    q.move(new Set(['NodeResourcesFit']));
    expect(q.get('a')?.state).toBe('backoff');
    expect(q.pop()).toBeUndefined();
    clock.advance(1000);
    expect(q.pop()?.name).toBe('a');
  });

  it('retries an unschedulable pod after five minutes without any event', () => {
    const clock = fakeClock();
    const q = new SchedulingQueue(clock);
    q.add('a', 'ns', 'a', 0);
    const p = q.pop();
    if (p === undefined) throw new Error('empty');
    q.unschedulable(p, new Set(['NodeAffinity']));
    clock.advance(299_999);
    expect(q.pop()).toBeUndefined();
    clock.advance(1);
    expect(q.pop()?.name).toBe('a');
  });

  it('forgets removed pods, even with stale heap entries', () => {
    const q = new SchedulingQueue(fakeClock());
    q.add('a', 'ns', 'a', 0);
    q.remove('a');
    expect(q.pop()).toBeUndefined();
  });
  it('moves only the waiting pods an event helps, in the order they arrived', () => {
    const clock = fakeClock();
    const q = new SchedulingQueue(clock);
    for (const n of ['a', 'b', 'c', 'd', 'e']) q.add(n, 'ns', n, 0);
    const popped = [q.pop(), q.pop(), q.pop(), q.pop(), q.pop()];
    const byName = new Map(popped.map((p) => [p?.name, p]));
    const fail = (name: string, plugin: string): void => {
      const p = byName.get(name);
      if (p === undefined) throw new Error(`no ${name}`);
      q.unschedulable(p, new Set([plugin]));
    };
    // They become unschedulable out of arrival order; one stays in flight.
    fail('d', 'NodeResourcesFit');
    fail('b', 'NodeResourcesFit');
    fail('e', 'TaintToleration');
    fail('a', 'NodeResourcesFit');
    clock.advance(1000);
    q.move(new Set(['NodeResourcesFit']));
    expect(['a', 'b', 'c', 'd', 'e'].map((n) => q.get(n)?.state)).toEqual([
      'active',
      'active',
      'inflight',
      'active',
      'unschedulable',
    ]);
    expect([q.pop()?.name, q.pop()?.name, q.pop()?.name, q.pop()]).toEqual(['a', 'b', 'd', undefined]);
    q.move('all');
    expect(q.pop()?.name).toBe('e');
  });
});
