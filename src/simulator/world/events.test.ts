import { describe, expect, it } from 'vitest';
import { SimClock } from './clock.js';
import { EventRecorder } from './events.js';
import { Rng } from './rng.js';
import { Store } from './store.js';
import type { KObject } from './types.js';

const START = Date.parse('2026-01-01T00:00:00Z');
const pod = (name: string): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'shop', uid: `uid-${name}` },
});
const hexNanos = (at: number, plus = 0n): string => (BigInt(at) * 1_000_000n + plus).toString(16);

describe('EventRecorder names', () => {
  it('names events <object>.<hex nanoseconds>, stepping a nanosecond past a name in use', () => {
    const clock = new SimClock(START);
    const store = new Store(clock, new Rng(1));
    const rec = new EventRecorder(store, clock);
    const spec = { type: 'Normal' as const, component: 'kubelet', host: 'worker-1' };
    clock.advanceTo(START + 1_500);
    const a = rec.record({
      ...spec,
      object: pod('web'),
      reason: 'Pulling',
      message: 'Pulling image "nginx"',
    });
    const b = rec.record({ ...spec, object: pod('web'), reason: 'Pulled', message: 'Pulled' });
    const c = rec.record({
      ...spec,
      object: pod('api'),
      reason: 'Pulling',
      message: 'Pulling image "nginx"',
    });
    const d = rec.record({
      ...spec,
      object: pod('web'),
      reason: 'Created',
      message: 'Created container: web',
    });
    clock.advanceTo(START + 2_000);
    const e = rec.record({
      ...spec,
      object: pod('web'),
      reason: 'Started',
      message: 'Started container web',
    });
    expect([a, b, c, d, e].map((x) => x.metadata.name)).toEqual([
      `web.${hexNanos(START + 1_500)}`,
      `web.${hexNanos(START + 1_500, 1n)}`,
      `api.${hexNanos(START + 1_500)}`,
      `web.${hexNanos(START + 1_500, 2n)}`,
      `web.${hexNanos(START + 2_000)}`,
    ]);
    expect(a.metadata.name).toBe('web.1886725247622f00');
    expect(store.list('events')).toHaveLength(5);
  });
});
