/**
 * The STATUS column inverted gives exactly the fields the word and the row's facts imply: no key
 * for a restart count, a phase or conditions the row does not give; Init:N/M with 2-digit
 * counts; an init reason the tool does not list; padded words.
 */
import { describe, expect, it } from 'vitest';
import { statusFromColumn } from './pod-status.js';

const unnamed = { name: 'unnamed', ready: false };

describe('STATUS column inverted: exactly the fields implied', () => {
  it.each([
    ['Running', {}, { phase: 'Running' }],
    ['Running', { ready: { ready: 0, total: 0 } }, { phase: 'Running' }],
    [
      'Running',
      { ready: { ready: 9, total: 10 } },
      { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] },
    ],
    [
      'Running',
      { ready: { ready: 10, total: 10 } },
      { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    ],
    [
      'CrashLoopBackOff',
      {},
      { containerStatuses: [{ ...unnamed, state: { waiting: { reason: 'CrashLoopBackOff' } } }] },
    ],
    [
      'CrashLoopBackOff',
      { restarts: 12 },
      {
        containerStatuses: [
          { ...unnamed, restartCount: 12, state: { waiting: { reason: 'CrashLoopBackOff' } } },
        ],
      },
    ],
    [
      'Init:0/1',
      {},
      {
        phase: 'Pending',
        conditions: [{ type: 'Initialized', status: 'False' }],
        initContainerStatuses: [{ ...unnamed, state: { running: {} } }],
      },
    ],
    [
      'Init:CrashLoopBackOff',
      {},
      {
        conditions: [{ type: 'Initialized', status: 'False' }],
        initContainerStatuses: [{ ...unnamed, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
      },
    ],
  ])('%s with %j', (word, facts, want) => {
    expect(statusFromColumn(word, facts)).toStrictEqual(want);
  });

  it.each([
    ['Init:0/10', 0],
    ['Init:9/10', 3],
    ['Init:10/12', 0],
    ['Init:99/100', 1],
  ])('%s (restarts %i): an init container runs', (word, restarts) => {
    expect(statusFromColumn(word, { restarts })).toStrictEqual({
      phase: 'Pending',
      conditions: [{ type: 'Initialized', status: 'False' }],
      initContainerStatuses: [{ ...unnamed, restartCount: restarts, state: { running: {} } }],
    });
  });

  // kubectl prints `Init:` + any waiting reason; one the tool does not list is kept as waiting.
  it.each(['KillContainerError'])('Init:%s: waiting for that reason', (reason) => {
    expect(statusFromColumn(`Init:${reason}`, { restarts: 2 })).toStrictEqual({
      conditions: [{ type: 'Initialized', status: 'False' }],
      initContainerStatuses: [{ ...unnamed, restartCount: 2, state: { waiting: { reason } } }],
    });
  });

  it.each(['Init:', 'Init:0/', 'Init:/1', 'Init:ExitCode:', 'Init:Signal:'])(
    '%s (a word the paste cut) says nothing',
    (word) => {
      expect(statusFromColumn(word, {})).toBeUndefined();
    },
  );

  it.each([' Running', 'Running ', '\tRunning\t', ' Init:0/1 '])('%j is read trimmed', (word) => {
    expect(statusFromColumn(word, {})).toMatchObject({
      phase: word.includes('Init') ? 'Pending' : 'Running',
    });
  });
});
