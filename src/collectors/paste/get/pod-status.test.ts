import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../model/index.js';
import { podStatusColumn } from '../../../k8s/index.js';
import { pod as normalizePod } from '../../normalize/pod.js';
import { isPodStatusWord, statusFromColumn } from './pod-status.js';

describe('STATUS column inverted (kubectl printPod)', () => {
  it.each([
    ['Pending', { phase: 'Pending' }],
    ['Succeeded', { phase: 'Succeeded' }],
    ['Failed', { phase: 'Failed' }],
    ['Unknown', { phase: 'Unknown' }],
    ['NodeLost', { reason: 'NodeLost' }],
    ['Evicted', { phase: 'Failed', reason: 'Evicted' }],
    ['OutOfcpu', { phase: 'Failed', reason: 'OutOfcpu' }],
    ['OutOfnvidia.com/gpu', { phase: 'Failed', reason: 'OutOfnvidia.com/gpu' }],
    ['UnexpectedAdmissionError', { phase: 'Failed', reason: 'UnexpectedAdmissionError' }],
    ['Terminated', { phase: 'Failed', reason: 'Terminated' }],
    [
      'SchedulingGated',
      {
        phase: 'Pending',
        conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }],
      },
    ],
    ['NotReady', { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] }],
  ])('%s', (word, expected) => {
    expect(statusFromColumn(word, {})).toEqual(expected);
  });

  it('puts container reasons on an unnamed app container with the restart count', () => {
    expect(statusFromColumn('ErrImagePull', { restarts: 0 })).toEqual({
      containerStatuses: [
        { name: 'unnamed', ready: false, restartCount: 0, state: { waiting: { reason: 'ErrImagePull' } } },
      ],
    });
    expect(statusFromColumn('OOMKilled', { restarts: 3 })).toEqual({
      containerStatuses: [
        { name: 'unnamed', ready: false, restartCount: 3, state: { terminated: { reason: 'OOMKilled' } } },
      ],
    });
    expect(statusFromColumn('ExitCode:2', {})).toMatchObject({
      containerStatuses: [{ state: { terminated: { exitCode: 2 } } }],
    });
    expect(statusFromColumn('Signal:9', {})).toMatchObject({
      containerStatuses: [{ state: { terminated: { signal: 9 } } }],
    });
    expect(statusFromColumn('PodInitializing', {})).toMatchObject({ phase: 'Pending' });
  });

  it('puts Init: statuses on an unnamed init container', () => {
    expect(statusFromColumn('Init:0/2', { restarts: 0 })).toEqual({
      phase: 'Pending',
      conditions: [{ type: 'Initialized', status: 'False' }],
      initContainerStatuses: [{ name: 'unnamed', ready: false, restartCount: 0, state: { running: {} } }],
    });
    expect(statusFromColumn('Init:Error', {})).toMatchObject({
      initContainerStatuses: [{ state: { terminated: { reason: 'Error' } } }],
    });
    expect(statusFromColumn('Init:ErrImagePull', {})).toMatchObject({
      initContainerStatuses: [{ state: { waiting: { reason: 'ErrImagePull' } } }],
    });
    expect(statusFromColumn('Init:ExitCode:1', {})).toMatchObject({
      initContainerStatuses: [{ state: { terminated: { exitCode: 1 } } }],
    });
  });

  it('knows nothing of words kubectl does not print, and of Terminating', () => {
    expect(statusFromColumn('Active', {})).toBeUndefined();
    expect(statusFromColumn('Terminating', {})).toBeUndefined();
    expect(isPodStatusWord('Terminating')).toBe(true);
    expect(isPodStatusWord('Bound')).toBe(false);
  });

  // Init:Error is left out: the column does not show the exit code, and the normaliser reads a
  // missing exitCode as 0, which kubectl counts as a completed init container.
  it("round-trips through kubectl's own STATUS column", () => {
    for (const word of [
      'Running',
      'Pending',
      'Evicted',
      'CrashLoopBackOff',
      'ImagePullBackOff',
      'CreateContainerConfigError',
      'ContainerStatusUnknown',
      'OOMKilled',
      'Completed',
      'Init:0/1',
      'Init:CrashLoopBackOff',
      'ExitCode:2',
    ]) {
      const status = statusFromColumn(word, { ready: { ready: 0, total: 1 }, restarts: 1 });
      const init = word.startsWith('Init:') ? { initContainers: [{ name: 'unnamed' }] } : {};
      const p = normalizePod({
        metadata: { name: 'p' },
        spec: { containers: [{ name: 'unnamed' }], ...init },
        status,
      });
      expect(podStatusColumn(p as Pod)).toBe(word);
    }
  });
});
