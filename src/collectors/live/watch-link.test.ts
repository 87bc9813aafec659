import { describe, expect, it } from 'vitest';
import { backoffDelay, Link, type LinkState } from './watch-link.js';

describe('backoffDelay', () => {
  it.each([
    // attempt, random, wait
    [1, 0, 500],
    [1, 0.999_999, 1000],
    [2, 0, 1000],
    [3, 0.5, 3000],
    [5, 0, 8000],
    [6, 0.999_999, 30_000], // 32 s capped at 30 s
    [7, 0, 15_000],
    [60, 0.999_999, 30_000], // no overflow far into an outage
  ])('attempt %i with random %f waits %i ms', (attempt, random, want) => {
    expect(backoffDelay(attempt, { random: () => random })).toBe(want);
  });

  it('doubles from its base up to its cap, every wait between half and all of it', () => {
    const waits = Array.from({ length: 10 }, (_, i) => backoffDelay(i + 1, { baseMs: 100, capMs: 2000 }));
    waits.forEach((w, i) => {
      const full = Math.min(2000, 100 * 2 ** i);
      expect(w).toBeGreaterThanOrEqual(full / 2);
      expect(w).toBeLessThanOrEqual(full);
    });
  });
});

describe('Link', () => {
  function link(): { l: Link; states: LinkState[]; tick: (ms: number) => void } {
    let wall = Date.parse('2026-01-01T00:00:00Z');
    let elapsed = 0;
    const states: LinkState[] = [];
    const l = new Link({ wall: () => wall, elapsed: () => elapsed }, (s) => states.push(s));
    return {
      l,
      states,
      tick: (ms) => {
        wall += ms;
        elapsed += ms;
      },
    };
  }

  it('one state change per outage, however many collections fail and retry', () => {
    const { l, states, tick } = link();
    l.contact('pods');
    tick(2000);
    l.contact('events');
    tick(5000);
    for (let i = 0; i < 20; i++) {
      l.fail('pods', 'watch of pods: connect ECONNREFUSED');
      l.fail('events', 'watch of events: connect ECONNREFUSED');
      tick(1000);
    }
    expect(states).toEqual([
      { live: false, since: Date.parse('2026-01-01T00:00:02Z'), why: 'watch of pods: connect ECONNREFUSED' },
    ]);
    expect(l.staleness()).toMatchObject({ since: Date.parse('2026-01-01T00:00:02Z'), forMs: 25_000 });
  });

  it('live again only once every lost collection answered, with how long it was stale', () => {
    const { l, states, tick } = link();
    l.contact('pods');
    tick(1000);
    l.fail('pods', 'stalled');
    l.fail('nodes', 'stalled');
    tick(4000);
    l.contact('pods');
    expect(states).toHaveLength(1);
    expect(l.staleness()).toBeDefined();
    tick(1000);
    l.contact('nodes');
    expect(states).toEqual([
      { live: false, since: Date.parse('2026-01-01T00:00:00Z'), why: 'stalled' },
      { live: true, at: Date.parse('2026-01-01T00:00:06Z'), staleMs: 6000 },
    ]);
    expect(l.staleness()).toBeUndefined();
    // a healthy collection's contact changes nothing
    l.contact('events');
    expect(states).toHaveLength(2);
  });

  it('counts the outage on the elapsed clock, not on a wall clock that stands still', () => {
    let elapsed = 0;
    const l = new Link({ wall: () => 0, elapsed: () => elapsed }, () => undefined);
    l.fail('pods', 'down');
    elapsed = 90_000;
    expect(l.staleness()?.forMs).toBe(90_000);
  });
});
