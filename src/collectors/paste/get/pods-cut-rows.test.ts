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
    ['cut before STATUS', 'web-1                              1/1'],
    ['cut after a STATUS kubectl never prints', 'web-1                              1/1     Happy'],
    ['a READY that is no count', 'web-1                              one     Running       0'],
  ])('%s: not a pod row', (_, row) => {
    expect(read(`${PLAIN}\n${row}`)).toEqual([]);
  });
});

/**
 * Rows without their header, cut after STATUS (the reporter kept NAME, READY and STATUS): READY
 * reads N/M and STATUS is a word kubectl prints for pods, so it is a pod row; kubectl's columns are
 * two or more spaces apart, so prose with the same words is not.
 */
describe('get pods rows cut after STATUS', () => {
  it.each([
    [
      'an init container failed',
      'prototype-549bcf6cc6-v87x5            0/2     Init:Error ',
      'Init:Error',
      undefined,
    ],
    ['a crash loop', 'web-7d9f-x2k4q   0/1     CrashLoopBackOff', 'CrashLoopBackOff', undefined],
    [
      'with the NAMESPACE column',
      'shop        web-7d9f-x2k4q   0/1     ImagePullBackOff',
      'ImagePullBackOff',
      'shop',
    ],
    [
      'under its header',
      `${PLAIN}\nweb-1                              1/1     Running`,
      'Running',
      undefined,
    ],
  ])('%s', (_, text, status, namespace) => {
    const [pod, ...rest] = read(text);
    expect(rest).toEqual([]);
    const metadata = pod?.raw.metadata as { namespace?: string; annotations: Record<string, string> };
    expect(metadata.annotations[STATUS_COLUMN]).toBe(status);
    expect(metadata.namespace).toBe(namespace);
    expect(pod?.age).toBeUndefined();
  });

  it.each([
    ['prose, one space apart', 'the pod 0/1 CrashLoopBackOff'],
    ['prose with a count', 'we have  3/4  Running'],
    ['no READY count', 'web-7d9f-x2k4q   ready   CrashLoopBackOff'],
  ])('%s: not a pod row', (_, text) => {
    expect(read(text)).toEqual([]);
  });
});
