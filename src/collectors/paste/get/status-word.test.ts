import { describe, expect, it } from 'vitest';
import { parseStatusWord } from './status-word.js';
import { readWith } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseStatusWord);

describe('a pod STATUS value on a line of its own', () => {
  it.each([
    ['CrashLoopBackOff', { containerStatuses: [{ state: { waiting: { reason: 'CrashLoopBackOff' } } }] }],
    ['ImagePullBackOff', { containerStatuses: [{ state: { waiting: { reason: 'ImagePullBackOff' } } }] }],
    ['OOMKilled', { containerStatuses: [{ state: { terminated: { reason: 'OOMKilled' } } }] }],
    [
      'Init:CreateContainerConfigError',
      { initContainerStatuses: [{ state: { waiting: { reason: 'CreateContainerConfigError' } } }] },
    ],
    ['Init:0/2', { phase: 'Pending', conditions: [{ type: 'Initialized', status: 'False' }] }],
    ['`ContainerCreating`', { phase: 'Pending' }],
  ])('%s', (line, status) => {
    const [o] = read(line);
    expect(o?.raw).toMatchObject({ kind: 'Pod', metadata: { name: 'unnamed-pod' }, status });
    expect(o?.inferredName).toBeDefined();
  });

  it.each([
    'Running',
    'Pending',
    'Error',
    'Completed',
    'Unknown',
    'HelloWorld',
    'Init:',
    'CrashLoopBackOff again',
  ])('leaves %s alone', (line) => {
    expect(read(line)).toEqual([]);
  });
});
