import { describe, expect, it } from 'vitest';
import {
  chooseSchedulingReason,
  isIntendedTaint,
  toReason,
  type SchedulingCode,
  type SchedulingReason,
} from './scheduling-reasons.js';
import { parseSchedulingMessage } from './scheduling-message.js';

const choose = (message: string): SchedulingCode => {
  const m = parseSchedulingMessage(message);
  return chooseSchedulingReason(m.reasons, m.totalNodes);
};

describe('toReason', () => {
  it.each<[string, number | undefined, SchedulingReason]>([
    ['  Insufficient cpu ', 3, { text: 'Insufficient cpu', count: 3, code: 'InsufficientResources' }],
    ['\n PodFitsPorts', undefined, { text: 'PodFitsPorts', code: 'HostPortConflict' }],
  ])('%j (%s)', (raw, count, reason) => {
    expect(toReason(raw, count)).toEqual(reason);
  });
});

describe('isIntendedTaint', () => {
  it.each<[string, SchedulingReason, boolean]>([
    [
      'control-plane taint',
      toReason('node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }', 1),
      true,
    ],
    [
      'master taint (before 1.24)',
      toReason("node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate", 1),
      true,
    ],
    ['another taint', toReason('node(s) had untolerated taint {dedicated: gpu}', 1), false],
    ['taint not named (1.35 on)', toReason('node(s) had untolerated taint(s)', 1), false],
    [
      'the control-plane label in a reason that is not a taint',
      { text: 'node-role.kubernetes.io/control-plane', count: 1, code: 'NodeAffinityMismatch' },
      false,
    ],
  ])('%s', (_name, r, intended) => {
    expect(isIntendedTaint(r)).toBe(intended);
  });
});

describe('chooseSchedulingReason', () => {
  it.each<[string, string, SchedulingCode]>([
    [
      'control-plane taints on most nodes are intended: the other reason counts',
      "0/5 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector.",
      'NodeAffinityMismatch',
    ],
    [
      'only control-plane taints: they are the reason',
      '0/3 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }.',
      'UntoleratedTaint',
    ],
    [
      'placement excludes some nodes, resources the rest: resources',
      "0/5 nodes are available: 2 Insufficient cpu, 3 node(s) didn't match Pod's node affinity/selector.",
      'InsufficientResources',
    ],
    [
      'a tie goes to the later filter (Too many pods after resources)',
      '0/4 nodes are available: 2 Insufficient cpu, 2 Too many pods.',
      'TooManyPods',
    ],
    [
      'a tie goes to the later filter (resources after host ports), whatever the order listed',
      "0/4 nodes are available: 2 Insufficient cpu, 2 node(s) didn't have free ports for the requested pod ports.",
      'InsufficientResources',
    ],
    [
      'more nodes win over a later filter',
      '0/5 nodes are available: 3 Insufficient cpu, 2 Too many pods.',
      'InsufficientResources',
    ],
  ])('%s', (_name, message, code) => {
    expect(choose(message)).toBe(code);
  });
});
