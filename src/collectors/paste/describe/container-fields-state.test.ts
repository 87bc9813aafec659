import { describe, expect, it } from 'vitest';
import { containerRaws, stateRaw } from './container-fields.js';
import { newState, type ContainerAcc, type StateAcc, type StateKind } from './doc.js';

/**
 * A State / Last State block as read from the text (kubectl describeContainerState prints Reason,
 * Message, Exit Code, Signal when non-zero, Started, Finished) turned into a core/v1 ContainerState.
 * When the paste starts below the `State:` line the kind is taken from the fields it shows.
 */

const STARTED = '2026-11-29T15:29:37Z';
const FINISHED = '2026-11-29T16:04:25Z';

function state(kind: StateKind | undefined, fields: Partial<Omit<StateAcc, 'kind'>>): StateAcc {
  return { ...newState(kind), ...fields };
}

describe('stateRaw: kind read from the fields when the State line is not in the paste', () => {
  it.each<[string, Partial<Omit<StateAcc, 'kind'>>, unknown]>([
    ['Exit Code only', { exitCode: 137 }, { terminated: { exitCode: 137 } }],
    ['Exit Code 0', { exitCode: 0 }, { terminated: { exitCode: 0 } }],
    ['Finished only', { finishedAt: FINISHED }, { terminated: { finishedAt: FINISHED } }],
    ['Signal only', { signal: 9 }, { terminated: { signal: 9 } }],
    ['Reason OOMKilled', { reason: 'OOMKilled' }, { terminated: { reason: 'OOMKilled' } }],
    ['Reason Completed', { reason: 'Completed' }, { terminated: { reason: 'Completed' } }],
    [
      'Reason Error with Started',
      { reason: 'Error', startedAt: STARTED },
      { terminated: { reason: 'Error', startedAt: STARTED } },
    ],
    ['Reason CrashLoopBackOff', { reason: 'CrashLoopBackOff' }, { waiting: { reason: 'CrashLoopBackOff' } }],
    [
      'Reason ImagePullBackOff with a Started line',
      { reason: 'ImagePullBackOff', startedAt: STARTED },
      { waiting: { reason: 'ImagePullBackOff' } },
    ],
    [
      'Message only',
      { message: 'back-off 5m0s restarting failed container=app pod=web-0_shop(0c1d)' },
      { waiting: { message: 'back-off 5m0s restarting failed container=app pod=web-0_shop(0c1d)' } },
    ],
    ['Started only', { startedAt: STARTED }, { running: { startedAt: STARTED } }],
    [
      'Reason Error, Exit Code 1, Started, Finished',
      { reason: 'Error', exitCode: 1, startedAt: STARTED, finishedAt: FINISHED },
      { terminated: { exitCode: 1, reason: 'Error', startedAt: STARTED, finishedAt: FINISHED } },
    ],
  ])('%s', (_label, fields, want) => {
    expect(stateRaw(state(undefined, fields))).toStrictEqual(want);
  });

  it('says nothing when no field was read', () => {
    expect(stateRaw(state(undefined, {}))).toBeUndefined();
    expect(stateRaw(undefined)).toBeUndefined();
  });
});

describe('stateRaw: the State line decides the kind and which fields belong to it', () => {
  const all = {
    reason: 'Error',
    message: 'exec format error',
    exitCode: 143,
    signal: 15,
    startedAt: STARTED,
    finishedAt: FINISHED,
  };
  it.each<[StateKind, Partial<Omit<StateAcc, 'kind'>>, unknown]>([
    ['running', {}, { running: {} }],
    ['running', { startedAt: STARTED }, { running: { startedAt: STARTED } }],
    ['running', all, { running: { startedAt: STARTED } }],
    ['waiting', {}, { waiting: {} }],
    ['waiting', { reason: 'ContainerCreating' }, { waiting: { reason: 'ContainerCreating' } }],
    ['waiting', all, { waiting: { reason: 'Error', message: 'exec format error' } }],
    ['terminated', {}, { terminated: {} }],
    ['terminated', all, { terminated: all }],
    [
      'terminated',
      { reason: 'OOMKilled', exitCode: 137, startedAt: STARTED, finishedAt: FINISHED },
      { terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: STARTED, finishedAt: FINISHED } },
    ],
  ])('%s %j', (kind, fields, want) => {
    expect(stateRaw(state(kind, fields))).toStrictEqual(want);
  });
});

function container(over: Partial<ContainerAcc>): ContainerAcc {
  return {
    name: 'app',
    named: true,
    group: 'app',
    spec: {},
    status: {},
    hasStatus: false,
    state: undefined,
    lastState: undefined,
    ...over,
  };
}

describe('containerRaws', () => {
  it('gives only the spec when the text showed no status', () => {
    const c = container({ spec: { image: 'nginx:1.25' }, state: state('running', { startedAt: STARTED }) });
    expect(containerRaws(c)).toStrictEqual({ spec: { name: 'app', image: 'nginx:1.25' } });
  });

  it('copies the image into the status and adds State and Last State', () => {
    const c = container({
      spec: { image: 'ghcr.io/acme/orders:2.4.1' },
      status: { restartCount: 5, ready: false },
      hasStatus: true,
      state: state('waiting', { reason: 'CrashLoopBackOff' }),
      lastState: state('terminated', {
        reason: 'OOMKilled',
        exitCode: 137,
        startedAt: STARTED,
        finishedAt: FINISHED,
      }),
    });
    expect(containerRaws(c)).toStrictEqual({
      spec: { name: 'app', image: 'ghcr.io/acme/orders:2.4.1' },
      status: {
        name: 'app',
        image: 'ghcr.io/acme/orders:2.4.1',
        restartCount: 5,
        ready: false,
        state: { waiting: { reason: 'CrashLoopBackOff' } },
        lastState: {
          terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: STARTED, finishedAt: FINISHED },
        },
      },
    });
  });

  it('leaves out image, state and lastState it did not see', () => {
    const c = container({
      status: { restartCount: 0 },
      hasStatus: true,
      state: newState(),
      lastState: undefined,
    });
    expect(containerRaws(c)).toStrictEqual({
      spec: { name: 'app' },
      status: { name: 'app', restartCount: 0 },
    });
  });
});
