import { describe, expect, it } from 'vitest';
import type { PastedObject } from './common/types.js';
import { newestTime, pasteReferenceTime } from './reference-time.js';

const T = Date.parse('2024-05-01T10:00:00Z');
const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
const CLOCK = Date.parse('2030-01-01T00:00:00Z');
const clock = (): number => CLOCK;
const HOUR = 3_600_000;

const obj = (raw: Record<string, unknown>, age?: PastedObject['age']): PastedObject => ({
  raw,
  line: 1,
  ...(age === undefined ? {} : { age }),
});
/** A `kubectl get pods` row: name and AGE, no absolute time. */
const podRow = (name: string, ageSeconds: number): PastedObject =>
  obj({ kind: 'Pod', metadata: { name } }, { last: ageSeconds });
/** A pod from `-o yaml` / `-o json`: absolute times, no age. */
const podYaml = (name: string, created: number): PastedObject =>
  obj({ kind: 'Pod', metadata: { name, creationTimestamp: iso(created) } });
const running = (name: string, startedAt: number): Record<string, unknown> => ({
  name,
  state: { running: { startedAt: iso(startedAt) } },
});
const podDescribed = (
  name: string,
  startTime: number,
  containers: Record<string, unknown>[] = [],
): PastedObject =>
  obj({
    kind: 'Pod',
    metadata: { name },
    status: { startTime: iso(startTime), containerStatuses: containers },
  });
const event = (
  reason: string,
  involved: Record<string, unknown>,
  message: string | undefined,
  age?: PastedObject['age'],
): PastedObject =>
  obj(
    { kind: 'Event', reason, involvedObject: involved, ...(message === undefined ? {} : { message }) },
    age,
  );

/** Nest `inner` in `n` single-key objects. */
const nestObjects = (n: number, inner: unknown): unknown =>
  n === 0 ? inner : { wrap: nestObjects(n - 1, inner) };
const nestArrays = (n: number, inner: unknown): unknown => (n === 0 ? inner : [nestArrays(n - 1, inner)]);

describe('newestTime walks nested objects and arrays down to depth 8', () => {
  it.each([
    ['objects, 7 deep', nestObjects(7, { startTime: iso(T) }), T],
    ['objects, 8 deep (the last level read)', nestObjects(8, { startTime: iso(T) }), T],
    ['objects, 9 deep (not read)', nestObjects(9, { startTime: iso(T) }), undefined],
    ['arrays, 8 deep', nestArrays(8, { startTime: iso(T) }), T],
    ['arrays, 9 deep (not read)', nestArrays(9, { startTime: iso(T) }), undefined],
    ['an array at the top', [{ startedAt: iso(T) }], T],
    ['conditions in an array', { status: { conditions: [{ lastTransitionTime: iso(T) }] } }, T],
  ])('%s', (_name, value, expected) => {
    expect(newestTime(value)).toBe(expected);
  });

  it.each([
    ['newest first', [iso(T + HOUR), iso(T)]],
    ['newest last', [iso(T), iso(T + HOUR)]],
    ['newest in the middle', [iso(T), iso(T + HOUR), iso(T - HOUR)]],
  ])('keeps the newest of several times: %s', (_name, times) => {
    const value = { items: times.map((t) => ({ lastTimestamp: t })) };
    expect(newestTime(value)).toBe(T + HOUR);
  });

  it('a nested object without times after a time leaves the time', () => {
    expect(newestTime({ status: { startTime: iso(T) }, spec: { containers: [{ name: 'app' }] } })).toBe(T);
  });
});

describe('pasteReferenceTime anchored on a pod AGE and its creationTimestamp', () => {
  it.each([
    ['the get row first', [podRow('web-1', 600), podYaml('web-1', T)]],
    ['the yaml first', [podYaml('web-1', T), podRow('web-1', 600)]],
  ])('%s', (_name, pasted) => {
    expect(pasteReferenceTime(pasted, { clock })).toBe(T + 600_000);
  });

  it('a pod pasted twice with creationTimestamp and no AGE anchors nothing', () => {
    const pasted = [podYaml('web-1', T), podYaml('web-1', T)];
    expect(pasteReferenceTime(pasted, { clock })).toBe(T);
  });

  it('an AGE row alone anchors nothing', () => {
    expect(pasteReferenceTime([podRow('web-1', 600)], { clock })).toBe(CLOCK);
  });
});

describe('pasteReferenceTime anchored on a Scheduled or Started event and the time it recorded', () => {
  const later = T + 5 * HOUR; // a newer time elsewhere, so the fallback differs from the anchor

  it('Scheduled: the pod start time plus the event age (single pod, event names no pod)', () => {
    const pasted = [
      podDescribed('web-1', T),
      event('Scheduled', {}, 'Successfully assigned default/web-1 to node-1', { last: 300 }),
    ];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: later })).toBe(T + 300_000);
  });

  it('Scheduled naming the second of two pods', () => {
    const pasted = [
      podDescribed('web-1', T - HOUR),
      podDescribed('web-2', T),
      event('Scheduled', { kind: 'Pod', name: 'web-2' }, 'Successfully assigned default/web-2 to node-1', {
        last: 300,
      }),
    ];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: later })).toBe(T + 300_000);
  });

  it('an event naming none of two pods anchors nothing', () => {
    const pasted = [
      podDescribed('web-1', T),
      podDescribed('web-2', T - HOUR),
      event('Scheduled', { kind: 'Pod', name: 'db-0' }, 'Successfully assigned default/db-0 to node-1', {
        last: 300,
      }),
    ];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: later })).toBe(later + 300_000);
  });

  it('an event without an age (from -o yaml) is skipped', () => {
    const pasted = [
      podDescribed('web-1', T),
      event('Scheduled', { kind: 'Pod', name: 'web-1' }, 'Successfully assigned default/web-1 to node-1'),
    ];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: later })).toBe(later);
  });

  const two = [running('app', T), running('sidecar', T + HOUR)];

  it.each([
    [
      'by fieldPath',
      { kind: 'Pod', name: 'web-1', fieldPath: 'spec.containers{sidecar}' },
      'Started container sidecar',
      T + HOUR,
    ],
    [
      'by fieldPath alone (no message)',
      { kind: 'Pod', name: 'web-1', fieldPath: 'spec.containers{app}' },
      undefined,
      T,
    ],
    ['by message', { kind: 'Pod', name: 'web-1' }, 'Started container app', T],
  ])('Started names its container %s', (_name, involved, message, startedAt) => {
    const pasted = [podDescribed('web-1', T - HOUR, two), event('Started', involved, message, { last: 120 })];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: later })).toBe(startedAt + 120_000);
  });

  it('Started naming no container, with two containers, anchors nothing', () => {
    const pasted = [
      podDescribed('web-1', T - HOUR, two),
      event('Started', { kind: 'Pod', name: 'web-1' }, undefined, { last: 120 }),
    ];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: later })).toBe(later + 120_000);
  });

  it('Started without a container name and one container: that one', () => {
    const pasted = [
      podDescribed('web-1', T - HOUR, [running('app', T)]),
      event('Started', { kind: 'Pod', name: 'web-1' }, undefined, { last: 120 }),
    ];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: later })).toBe(T + 120_000);
  });

  it('other reasons (Pulled, Created) anchor nothing', () => {
    const pasted = [
      podDescribed('web-1', T - HOUR, [running('app', T)]),
      event(
        'Pulled',
        { kind: 'Pod', name: 'web-1', fieldPath: 'spec.containers{app}' },
        'Container image "nginx:1.25" already present on machine',
        { last: 120 },
      ),
      event(
        'Created',
        { kind: 'Pod', name: 'web-1', fieldPath: 'spec.containers{app}' },
        'Created container app',
        { last: 120 },
      ),
    ];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: later })).toBe(later + 120_000);
  });
});

describe('pasteReferenceTime without an anchor: newest absolute time plus the oldest event age', () => {
  it.each([
    ['oldest in the middle', [120, 600, 30], 600],
    ['oldest first', [600, 120], 600],
    ['oldest last', [30, 600], 600],
  ])('%s', (_name, ages, oldest) => {
    const pasted = [
      podRow('web-1', 7200), // a pod's AGE is no event age
      ...ages.map((a) =>
        event(
          'BackOff',
          { kind: 'Pod', name: 'web-1' },
          'Back-off restarting failed container app in pod web-1_default(0d7c2b1e)',
          { last: a },
        ),
      ),
      event(
        'BackOff',
        { kind: 'Pod', name: 'web-1' },
        'Back-off restarting failed container app in pod web-1_default(0d7c2b1e)',
      ),
    ];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: T })).toBe(T + oldest * 1000);
  });

  it('an event first seen earlier than last: its first age counts', () => {
    const pasted = [event('BackOff', { kind: 'Pod', name: 'web-1' }, 'Back-off', { last: 60, first: 900 })];
    expect(pasteReferenceTime(pasted, { clock, newestElsewhere: T })).toBe(T + 900_000);
  });

  it.each([
    ['newest first', [T + HOUR, T - HOUR]],
    ['newest last', [T - HOUR, T + HOUR]],
  ])('the newest time of the pasted objects: %s', (_name, times) => {
    const pasted = [
      ...times.map((t) => podYaml('web-1', t)),
      obj({ kind: 'Service', metadata: { name: 'web' } }),
    ];
    expect(pasteReferenceTime(pasted, { clock })).toBe(T + HOUR);
  });

  it('newestElsewhere counts when newer, not when older', () => {
    expect(pasteReferenceTime([podYaml('web-1', T)], { clock, newestElsewhere: T + HOUR })).toBe(T + HOUR);
    expect(pasteReferenceTime([podYaml('web-1', T)], { clock, newestElsewhere: T - HOUR })).toBe(T);
  });

  it('--now wins; the clock when nothing gives a time', () => {
    expect(pasteReferenceTime([podYaml('web-1', T)], { clock, now: 42 })).toBe(42);
    expect(pasteReferenceTime([obj({ kind: 'Service', metadata: { name: 'web' } })], { clock })).toBe(CLOCK);
  });
});
