/**
 * What several pasted blocks say about one object, merged (deepMerge): later values win, a value
 * a block leaves undefined keeps the earlier one, lists merge by name (or type), nameless items
 * are appended, and a `get pods` row's unnamed container folds into the one named container.
 */
import { describe, expect, it } from 'vitest';
import { UNNAMED_CONTAINER } from './common/types.js';
import { deepMerge } from './merge.js';

describe('deepMerge', () => {
  it.each([
    ['a string', { nodeName: 'node-1' }, { nodeName: 'node-2' }, { nodeName: 'node-2' }],
    ['undefined', { nodeName: 'node-1' }, { nodeName: undefined }, { nodeName: 'node-1' }],
    [
      'an undefined list',
      { containers: [{ name: 'app' }] },
      { containers: undefined },
      { containers: [{ name: 'app' }] },
    ],
    [
      'an undefined record',
      { status: { phase: 'Running' } },
      { status: undefined },
      { status: { phase: 'Running' } },
    ],
    ['a record over a string', { reason: 'Error' }, { reason: { code: 1 } }, { reason: { code: 1 } }],
    ['a string over a record', { state: { waiting: {} } }, { state: 'Waiting' }, { state: 'Waiting' }],
    ['a list over a record', { args: { a: 1 } }, { args: ['--port', '80'] }, { args: ['--port', '80'] }],
    ['a record over a list', { args: ['--port', '80'] }, { args: { a: 1 } }, { args: { a: 1 } }],
  ])('a later %s', (_, a, b, merged) => {
    expect(deepMerge(a, b)).toStrictEqual(merged);
  });

  it.each([
    [
      'by name',
      [{ name: 'app', image: 'nginx' }],
      [{ name: 'app', ready: true }],
      [{ name: 'app', image: 'nginx', ready: true }],
    ],
    [
      'by type',
      [{ type: 'Ready', status: 'False' }],
      [{ type: 'Ready', reason: 'ContainersNotReady' }],
      [{ type: 'Ready', status: 'False', reason: 'ContainersNotReady' }],
    ],
    ['a new name appended', [{ name: 'app' }], [{ name: 'sidecar' }], [{ name: 'app' }, { name: 'sidecar' }]],
    [
      'a nameless item appended to one',
      [{ containerPort: 80 }],
      [{ containerPort: 443 }],
      [{ containerPort: 80 }, { containerPort: 443 }],
    ],
    [
      'a nameless item appended to two',
      [{ containerPort: 80 }, { containerPort: 8080 }],
      [{ containerPort: 443 }],
      [{ containerPort: 80 }, { containerPort: 8080 }, { containerPort: 443 }],
    ],
    ['strings appended', ['--port'], ['80'], ['--port', '80']],
  ])('lists merge %s', (_, a, b, merged) => {
    expect(deepMerge(a, b)).toStrictEqual(merged);
  });

  it.each([
    [
      'into the one named container, whose fields win',
      [{ name: UNNAMED_CONTAINER, ready: false, restartCount: 5 }],
      [{ name: 'app', ready: true }],
      [{ name: 'app', ready: true, restartCount: 5 }],
    ],
    [
      'away when two containers are named',
      [{ name: UNNAMED_CONTAINER, restartCount: 5 }],
      [{ name: 'app' }, { name: 'sidecar' }],
      [{ name: 'app' }, { name: 'sidecar' }],
    ],
    [
      'nowhere while no container is named',
      [{ name: UNNAMED_CONTAINER, ready: true }],
      [{ name: UNNAMED_CONTAINER, restartCount: 3 }],
      [{ name: UNNAMED_CONTAINER, ready: true, restartCount: 3 }],
    ],
  ])('the unnamed container folds %s', (_, a, b, merged) => {
    expect(deepMerge(a, b)).toStrictEqual(merged);
  });

  it("a nameless item's fields do not leak into the one named item", () => {
    const ports = [
      { name: 'metrics', containerPort: 9090 },
      { containerPort: 8080, hostPort: 8080 },
    ];
    expect(deepMerge([], ports)).toStrictEqual(ports);
  });

  it('a nameless item beside them is neither the named container nor folded into', () => {
    const merged = deepMerge(
      [{ name: UNNAMED_CONTAINER, restartCount: 5 }, { containerPort: 80 }],
      [{ name: 'app' }],
    );
    expect(merged).toStrictEqual([{ containerPort: 80 }, { name: 'app', restartCount: 5 }]);
  });
});

/** A container's state holds one of waiting, running or terminated: a later one of another kind is its state since. */
describe('deepMerge of container states', () => {
  it.each([
    ['waiting, then running', { waiting: { reason: 'ContainerCreating' } }, { running: { startedAt: 't1' } }],
    ['running, then terminated', { running: {} }, { terminated: { exitCode: 1, reason: 'Error' } }],
    [
      'terminated, then waiting',
      { terminated: { exitCode: 1 } },
      { waiting: { reason: 'CrashLoopBackOff' } },
    ],
  ])('%s: the later replaces the earlier', (_, before, after) => {
    expect(deepMerge({ state: before, lastState: before }, { state: after, lastState: after })).toStrictEqual(
      {
        state: after,
        lastState: after,
      },
    );
  });

  it('the same kind of state merges its fields', () => {
    expect(deepMerge({ state: { running: { startedAt: 't1' } } }, { state: { running: {} } })).toStrictEqual({
      state: { running: { startedAt: 't1' } },
    });
  });

  it('a key named state elsewhere merges as any record', () => {
    expect(deepMerge({ spec: { state: { a: 1 } } }, { spec: { state: { b: 2 } } })).toStrictEqual({
      spec: { state: { a: 1, b: 2 } },
    });
  });
});
