/**
 * A `kubectl get pods` row the paste cut short (the excerpt ends, a terminal line was
 * cut after RESTARTS) keeps the cells it has; kubectl itself always prints AGE, so an empty AGE
 * under a header can only be a cut row. A cell that is there must still be what its column holds.
 */
import { describe, expect, it } from 'vitest';
import { parseGetPods } from './pods.js';
import { readWith } from '../common/parser-test-helpers.js';
import { STATUS_COLUMN } from './table.js';

const read = (t: string) => readWith(t, parseGetPods);
const WIDE =
  'NAME                               READY   STATUS        RESTARTS   AGE   IP           NODE             NOMINATED NODE   READINESS GATES';
const PLAIN = 'NAME                               READY   STATUS        RESTARTS   AGE';

describe('get pods rows cut short', () => {
  it.each([
    ['-o wide, cut after RESTARTS', WIDE, 'test-nginx-wp-2-595dff4799-hz9xr   1/1     Terminating   0'],
    ['plain, cut after RESTARTS', PLAIN, 'test-nginx-wp-2-595dff4799-hz9xr   1/1     Terminating   0'],
    [
      '-o wide, cut after AGE',
      WIDE,
      'test-nginx-wp-2-595dff4799-hz9xr   1/1     Terminating   0          42m',
    ],
  ])('%s: the pod and its STATUS are read', (_, header, row) => {
    const [pod, ...rest] = read(`${header}\n${row}`);
    expect(rest).toEqual([]);
    expect(pod?.line).toBe(2);
    const metadata = pod?.raw.metadata as { name: string; annotations: Record<string, string> };
    expect(metadata.name).toBe('test-nginx-wp-2-595dff4799-hz9xr');
    expect(metadata.annotations[STATUS_COLUMN]).toBe('Terminating');
  });

  it('a cut row has no age; a whole one keeps it', () => {
    const [cut] = read(`${PLAIN}\nweb-1                              1/1     Running       0`);
    expect(cut?.age).toBeUndefined();
    const [whole] = read(`${PLAIN}\nweb-1                              1/1     Running       0          42m`);
    expect(whole?.age).toEqual({ last: 2520 });
  });

  it.each([
    ['an AGE that is no age', 'web-1                              1/1     Running       0          soon'],
    ['cut before RESTARTS', 'web-1                              1/1     Running'],
    ['a READY that is no count', 'web-1                              one     Running       0'],
  ])('%s: not a pod row', (_, row) => {
    expect(read(`${PLAIN}\n${row}`)).toEqual([]);
  });
});
