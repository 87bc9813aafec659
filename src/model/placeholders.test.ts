import { describe, expect, it } from 'vitest';
import { isUnnamed, placeholderWord, UNNAMED_CONTAINER, unnamedName } from './placeholders.js';

describe('made-up names', () => {
  it.each([
    ['Pod', 'unnamed-pod', 'POD'],
    ['ReplicaSet', 'unnamed-replicaset', 'REPLICASET'],
    ['Job', 'unnamed-job', 'JOB'],
    ['owner', 'unnamed-owner', 'OWNER'],
  ])('%s: %s, said %s in a command', (kind, name, word) => {
    expect(unnamedName(kind)).toBe(name);
    expect(isUnnamed(name)).toBe(true);
    expect(placeholderWord(name)).toBe(word);
  });

  it.each(['unnamed-pod-on-worker-2', 'unnamed-pod-using-data-web-0', 'unnamed-pod-of-api'])(
    '%s: one of several pods the evidence does not name, said POD in a command',
    (name) => {
      expect(isUnnamed(name)).toBe(true);
      expect(placeholderWord(name)).toBe('POD');
    },
  );

  it('the container placeholder', () => {
    expect(UNNAMED_CONTAINER).toBe('unnamed');
    expect(isUnnamed(UNNAMED_CONTAINER)).toBe(true);
    expect(placeholderWord(UNNAMED_CONTAINER)).toBe('CONTAINER');
  });

  it.each([
    'web-1',
    'unnamed-pod-1',
    'unnamed-',
    'xunnamed-pod',
    'unnamed-Pod',
    'unnamedpod',
    '',
    'unnamed-pod ',
    'unnamed-pod-of-',
    'unnamed-pod-by-x',
  ])('%j is a real name', (name) => {
    expect(isUnnamed(name)).toBe(false);
    expect(placeholderWord(name)).toBeUndefined();
  });
});
