import { describe, expect, it } from 'vitest';
import { fitErrorMessage, histogram, truncate } from './fit-error.js';
import { reject } from './filters.js';

const taint = reject(
  'TaintToleration',
  'UnschedulableAndUnresolvable',
  'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }',
);
const cpu = reject('NodeResourcesFit', 'Unschedulable', 'Insufficient cpu');
const cpuMem = reject('NodeResourcesFit', 'Unschedulable', 'Insufficient cpu', 'Insufficient memory');

describe('FitError message', () => {
  it('prints the sorted histogram and the preemption suffix as the scheduler does', () => {
    expect(fitErrorMessage({ numAllNodes: 3, statuses: [cpu, taint, cpu], preemptionNever: false })).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. ' +
        'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    );
  });

  it('sorts entries as strings, so 10 comes before 2', () => {
    const statuses = [...Array.from({ length: 10 }, () => cpu), taint, taint];
    expect(histogram(statuses, (s) => s.reasons)).toBe(
      '10 Insufficient cpu, 2 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }',
    );
  });

  it('counts every reason of a node', () => {
    expect(histogram([cpuMem, cpu], (s) => s.reasons)).toBe('1 Insufficient memory, 2 Insufficient cpu');
  });

  it('replaces the histogram with a PreFilter message', () => {
    const status = reject(
      'VolumeBinding',
      'UnschedulableAndUnresolvable',
      'pod has unbound immediate PersistentVolumeClaims',
    );
    expect(
      fitErrorMessage({
        numAllNodes: 2,
        preFilterMsg: 'pod has unbound immediate PersistentVolumeClaims',
        statuses: [status, status],
        preemptionNever: false,
      }),
    ).toBe(
      '0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    );
  });

  it('says why preemption was not tried for preemptionPolicy Never', () => {
    expect(fitErrorMessage({ numAllNodes: 1, statuses: [cpu], preemptionNever: true })).toBe(
      '0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.',
    );
  });

  it('truncates long notes to 1024 characters', () => {
    const long = truncate('x'.repeat(2000));
    expect(long).toHaveLength(1024);
    expect(long.endsWith('...')).toBe(true);
  });
});
