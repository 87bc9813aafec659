import { describe, expect, it } from 'vitest';
import {
  ageOf,
  countOf,
  isAgeCell,
  isEventName,
  isFieldPath,
  lastSeen,
  objectOfEventName,
  parseTarget,
} from './event-cells.js';

describe('parseTarget (the OBJECT cell)', () => {
  it.each([
    ['pod/web-1', { kind: 'Pod', name: 'web-1' }],
    ['  pod/web-1  ', { kind: 'Pod', name: 'web-1' }],
    ['\tnode/ip-10-0-1-5.ec2.internal', { kind: 'Node', name: 'ip-10-0-1-5.ec2.internal' }],
    ['replicaset.apps/web-5c', { kind: 'ReplicaSet', name: 'web-5c' }],
    ['pod/app-<id here>', { kind: 'Pod', name: 'app-<id here>' }],
    ['node', { kind: 'Node' }],
    ['pod', { kind: 'Pod' }],
  ])('reads %j', (cell, target) => {
    expect(parseTarget(cell)).toStrictEqual(target);
  });

  it.each([
    ['Pod: web-1'],
    ['pod/web-1 (see above)'],
    ['pod/'],
    ['web-1 is forbidden'],
    [''],
    ['   '],
  ])('does not read %j', (cell) => {
    expect(parseTarget(cell)).toBeUndefined();
  });
});

describe('event names (<object>.<hex UnixNano>)', () => {
  it.each([
    ['coredns-78fcdf6894-6f9q6.1568eaa1fd9216d2', 'coredns-78fcdf6894-6f9q6', true],
    ['web-1.17a3f0c2d1e4b5a6', 'web-1', true],
    ['ip-10-0-1-5.ec2.internal.1568eaa1fd', 'ip-10-0-1-5.ec2.internal', true],
    ['web-1.1568eaa1f', 'web-1.1568eaa1f', false],
    ['ip-10-0-1-5.ec2.internal', 'ip-10-0-1-5.ec2.internal', false],
    ['web-1', 'web-1', false],
    ['1568eaa1fd9216d2', '1568eaa1fd9216d2', false],
    ['.1568eaa1fd9216d2', '.1568eaa1fd9216d2', false],
    ['web-1 db-0.1568eaa1fd9216d2', 'web-1 db-0.1568eaa1fd9216d2', false],
    ['web-1.1568eaa1fd9216d2 ', 'web-1.1568eaa1fd9216d2 ', false],
  ])('%j: object %j, an event name: %s', (text, object, isName) => {
    expect(objectOfEventName(text)).toBe(object);
    expect(isEventName(text)).toBe(isName);
  });

  it('is no event name when there is no cell', () => {
    expect(isEventName(undefined)).toBe(false);
  });
});

describe('isFieldPath (the SUBOBJECT cell)', () => {
  it.each([
    ['spec.containers{app}', true],
    ['spec.initContainers{init-db}', true],
    ['status.containerStatuses', true],
    ['metadata.name', true],
    ['implicitly required container POD', true],
    ['spec.', false],
    ['spec', false],
    ['Warning', false],
    ['Scheduled', false],
    ['pulling image "registry/status.page:v1"', false],
    ['the implicitly required container POD', false],
    ['', false],
    [undefined, false],
  ])('%j: %s', (text, expected) => {
    expect(isFieldPath(text)).toBe(expected);
  });
});

describe('age cells', () => {
  const count = (digits: number) => `59m (x${'1'.repeat(digits)} over 59m)`;

  it.each([
    ['5m', true],
    ['3m (x4 over 10m)', true],
    ['106s (x298 over 11m)', true],
    ['<unknown>', true],
    ['<invalid>', true],
    ['Warning', false],
    ['web-1', false],
    ['', false],
    [undefined, false],
    [count(23), true],
    [count(24), true],
    [count(25), false],
  ])('%j: %s', (text, expected) => {
    expect(isAgeCell(text)).toBe(expected);
  });

  it('draws the length line at 40 characters', () => {
    expect([count(23), count(24), count(25)].map((t) => t.length)).toEqual([39, 40, 41]);
  });

  it.each([
    ['5m', { last: 300 }],
    ['3m (x4 over 10m)', { last: 180, first: 600, count: 4 }],
    ['106s (x298 over 11m)', { last: 106, first: 660, count: 298 }],
    ['5m (x12 over <unknown>)', { last: 300, count: 12 }],
    ['<unknown> (x3 over 2h)', { first: 7200, count: 3 }],
    ['<unknown>', {}],
    ['Warning', {}],
    ['', {}],
  ])('lastSeen(%j)', (text, expected) => {
    expect(lastSeen(text)).toStrictEqual(expected);
  });
});

describe('ages and counts', () => {
  it.each([
    ['5m', 300],
    ['20h', 72000],
    ['<unknown>', undefined],
    [undefined, undefined],
  ])('ageOf(%j) = %j', (text, seconds) => {
    expect(ageOf(text)).toBe(seconds);
  });

  it.each([
    ['1', 1],
    ['12', 12],
    ['1256', 1256],
    ['12x', undefined],
    ['x12', undefined],
    ['3m', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('countOf(%j) = %j', (text, n) => {
    expect(countOf(text)).toBe(n);
  });
});
