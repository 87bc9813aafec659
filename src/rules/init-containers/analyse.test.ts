import { describe, expect, it } from 'vitest';
import { at, cond, pod } from '../../../test/builders.js';
import type { ContainerRef, LogTail, PodCondition } from '../../model/index.js';
import { awaitingInit, initializedEvidence, logTail } from './analyse.js';

const log = (container: string, previous: boolean, lines: string[]): LogTail => ({
  namespace: 'default',
  pod: 'web-1',
  container,
  previous,
  lines,
});
const migrate: ContainerRef = { name: 'migrate', type: 'init' };

describe('awaitingInit', () => {
  it.each([
    {
      name: 'Succeeded, Initialized False',
      phase: 'Succeeded',
      conditions: [cond('Initialized', 'False')],
      awaiting: false,
    },
    {
      name: 'Pending, Initialized False',
      phase: 'Pending',
      conditions: [cond('Initialized', 'False')],
      awaiting: true,
    },
    { name: 'Pending, no Initialized condition', phase: 'Pending', conditions: [], awaiting: true },
    {
      name: 'Running, Initialized True',
      phase: 'Running',
      conditions: [cond('Initialized', 'True')],
      awaiting: false,
    },
  ])('$name: $awaiting', ({ phase, conditions, awaiting }) => {
    expect(awaitingInit(pod({ phase, conditions }))).toBe(awaiting);
  });
});

describe('initializedEvidence', () => {
  it.each<{ name: string; c: PodCondition[]; expected: unknown }>([
    { name: 'no condition', c: [], expected: undefined },
    { name: 'Initialized True', c: [cond('Initialized', 'True')], expected: undefined },
    {
      name: 'reason and message, with its time',
      c: [
        cond(
          'Initialized',
          'False',
          'ContainersNotInitialized',
          'containers with incomplete status: [migrate]',
          4,
        ),
      ],
      expected: {
        source: 'condition',
        text: 'Initialized=False ContainersNotInitialized: containers with incomplete status: [migrate]',
        at: at(4),
      },
    },
    {
      name: 'bare condition without a time',
      c: [{ type: 'Initialized', status: 'False' }],
      expected: { source: 'condition', text: 'Initialized=False' },
    },
  ])('$name', ({ c, expected }) => {
    expect(initializedEvidence(pod({ conditions: c }))).toStrictEqual(expected);
  });
});

describe('logTail', () => {
  it('only this container, only tails with lines, the preferred instance, the last five non-blank lines', () => {
    const logs = [
      log('other', true, ['not mine']),
      log('migrate', true, []),
      log('migrate', false, ['current 1']),
      log('migrate', true, ['p1', 'p2', '  ', 'p3', 'p4', 'p5', '', 'p6  ']),
    ];
    const tail = logTail(logs, migrate, true);
    expect(tail.last).toBe('p6');
    expect(tail.evidence).toEqual(
      ['p2', 'p3', 'p4', 'p5', 'p6  '].map((l) => ({ source: 'log', text: `migrate previous log: ${l}` })),
    );
  });

  it('the current instance when asked for it', () => {
    const logs = [log('migrate', true, ['old']), log('migrate', false, ['new'])];
    expect(logTail(logs, migrate, false)).toEqual({
      last: 'new',
      evidence: [{ source: 'log', text: 'migrate log: new' }],
    });
  });

  it('the other instance when the preferred one is missing', () => {
    expect(logTail([log('migrate', false, ['only current'])], migrate, true).last).toBe('only current');
  });

  it.each([
    { name: 'no logs', logs: [] },
    { name: 'only blank lines', logs: [log('migrate', false, ['', '   '])] },
    { name: 'another container only', logs: [log('app', false, ['x'])] },
  ])('$name: nothing', ({ logs }) => {
    expect(logTail(logs, migrate, false)).toEqual({ last: '', evidence: [] });
  });

  it('a shorter tail when asked for fewer lines', () => {
    const tail = logTail([log('migrate', false, ['a', 'b', 'c'])], migrate, false, 2);
    expect(tail.evidence.map((e) => e.text)).toEqual(['migrate log: b', 'migrate log: c']);
    expect(tail.last).toBe('c');
  });
});
