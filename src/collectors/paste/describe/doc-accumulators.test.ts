import { describe, expect, it } from 'vitest';
import { newDoc, newState, put } from './doc.js';
import { at, describeAll, only } from './describe-test-helpers.js';

/** The accumulators the describe readers fill, and the rule that empty values say nothing. */

describe('newDoc and newState', () => {
  it('a new doc holds nothing yet', () => {
    expect(newDoc()).toStrictEqual({
      header: [],
      containers: [],
      conditions: [],
      readinessGates: [],
      volumes: [],
      events: [],
      template: undefined,
      recognised: 0,
    });
  });

  it.each(['waiting', 'running', 'terminated', undefined] as const)(
    'a new %s state keeps its kind',
    (kind) => {
      expect(newState(kind)).toStrictEqual({
        kind,
        reason: undefined,
        message: undefined,
        exitCode: undefined,
        signal: undefined,
        startedAt: undefined,
        finishedAt: undefined,
      });
    },
  );

  it.each([
    ['Waiting', { waiting: {} }],
    ['Running', { running: {} }],
  ])('"State: %s" with none of its fields is still that state', (state, expected) => {
    // kubectl prints no Reason for a waiting state whose reason is empty; a paste may elide Started
    const text = `Name:         web-1
Namespace:    shop
Status:       Pending
Containers:
  web:
    Image:          registry.example.com/web:1.4.2
    State:          ${state}
    Ready:          False
    Restart Count:  0
`;
    expect(at(only(describeAll(text).objects, 'Pod'), 'status.containerStatuses.0.state')).toEqual(expected);
  });
});

describe('put', () => {
  it.each([
    ['a string', 'web', true],
    ['an empty string', '', true],
    ['zero', 0, true],
    ['false', false, true],
    ['null', null, true],
    ['a list', ['a'], true],
    ['a map', { app: 'web' }, true],
    ['undefined', undefined, false],
    ['an empty list', [], false],
    ['an empty map', {}, false],
  ])('%s is kept: %s', (_, value, kept) => {
    const o: Record<string, unknown> = { kind: 'Service' };
    put(o, 'selector', value);
    expect(o).toStrictEqual(kept ? { kind: 'Service', selector: value } : { kind: 'Service' });
  });
});
