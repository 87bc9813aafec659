import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { referenceTimeOf } from './collector.js';
import { filesCollector } from './files/index.js';
import { SnapshotBuilder } from './snapshot-builder.js';

const event = (last: string) => ({
  kind: 'Event',
  metadata: { name: `web-1.${last}`, namespace: 'shop' },
  involvedObject: { kind: 'Pod', namespace: 'shop', name: 'web-1' },
  reason: 'BackOff',
  message: 'Back-off restarting failed container',
  firstTimestamp: '2026-01-01T00:00:00Z',
  lastTimestamp: last,
});

function snapshotOf(objects: readonly unknown[], capturedAt?: string) {
  const b = new SnapshotBuilder();
  for (const o of objects) b.add(o);
  b.setCapturedAt(capturedAt);
  return b.build({ type: 'file', paths: [] });
}

describe('referenceTimeOf', () => {
  it('is the capture time when the evidence has one', () => {
    const s = snapshotOf([event('2026-01-01T00:09:00Z')], '2026-01-01T01:00:00Z');
    expect(referenceTimeOf(s)).toBe(Date.parse('2026-01-01T01:00:00Z'));
  });

  it('is else the newest timestamp in the evidence', () => {
    const s = snapshotOf([event('2026-01-01T00:05:00Z'), event('2026-01-01T00:09:00Z')]);
    expect(referenceTimeOf(s)).toBe(Date.parse('2026-01-01T00:09:00Z'));
  });

  it('is undefined when the evidence holds no time', () => {
    expect(referenceTimeOf(snapshotOf([]))).toBeUndefined();
  });
});

describe('filesCollector', () => {
  it('hands over the Snapshot of what it read with its reference time', async () => {
    const text = JSON.stringify({ kind: 'List', items: [event('2026-01-01T00:09:00Z')] });
    const collector = filesCollector(['-'], Readable.from([text]));
    expect(collector.source).toBe('file');
    const { snapshot, referenceTime } = await collector.collect();
    expect(snapshot.source).toEqual({ type: 'file', paths: ['-'] });
    expect(snapshot.events).toHaveLength(1);
    expect(referenceTime).toBe(Date.parse('2026-01-01T00:09:00Z'));
  });
});
