/**
 * `kubectl delete pod` confirmed, then the same pod listed again: its deletion was requested
 * (the API server set deletionTimestamp) and something keeps it. The later listing carries the
 * DELETION_SEEN annotation only when it is that pod, not a new one of the same name.
 */
import { describe, expect, it } from 'vitest';
import { DELETION_SEEN } from '../../model/index.js';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';

const HEADER = 'NAME                                   READY     STATUS    RESTARTS   AGE';
const row = (name: string, status: string, age: string) =>
  `${name.padEnd(39)}1/1       ${status.padEnd(10)}0          ${age}`;

function marks(text: string): (string | undefined)[] {
  return parsePaste(text, PASTE_PARSERS)
    .objects.filter((o) => o.raw.kind === 'Pod')
    .map((o) => {
      const annotations = (o.raw.metadata as { annotations?: Record<string, string> }).annotations;
      return annotations?.[DELETION_SEEN];
    });
}

const listed = (age: string, status = 'Running') => [HEADER, row('dash-1', status, age)];

describe('a pod still listed after kubectl confirmed its deletion', () => {
  it.each([
    ['pod "dash-1" deleted', '3h', '3h'],
    ['pod "dash-1" deleted', '5m', '6m'],
    ['pod "dash-1" force deleted', '20d', '20d'],
    ['pod "dash-1" deleted from default namespace', '45s', '45s'],
    ['pods "dash-1" deleted', '10m', '12m'],
    ['  pod "dash-1" deleted  ', '3h', '3h'],
  ])('%j, listed at %s then %s: the later listing is marked', (confirmation, before, after) => {
    const text = [
      '$ kubectl get pod dash-1',
      ...listed(before, 'Unknown'),
      '$ kubectl delete pod dash-1',
      confirmation,
      '$ kubectl get pod dash-1',
      ...listed(after, 'Unknown'),
    ].join('\n');
    const [first, later] = marks(text);
    expect(first).toBeUndefined();
    expect(later).toBe(
      'kubectl confirmed pod "dash-1" deleted (line 5); a later listing (line 8) still shows the pod listed before it (line 3), not a newer one',
    );
  });

  it.each([
    ['a younger pod of the same name (a StatefulSet made a new one)', '3h', '4s'],
    ['one second younger', '61s', '60s'],
  ])('%s: not marked', (_, before, after) => {
    const text = [...listed(before), 'pod "dash-1" deleted', ...listed(after)].join('\n');
    expect(marks(text)).toEqual([undefined, undefined]);
  });

  it('no listing before the delete: nothing tells the pods apart, not marked', () => {
    expect(marks(['pod "dash-1" deleted', ...listed('3h')].join('\n'))).toEqual([undefined]);
  });

  it('another pod deleted, or another namespace: not marked', () => {
    const other = [...listed('3h'), 'pod "dash-2" deleted', ...listed('3h')].join('\n');
    expect(marks(other)).toEqual([undefined, undefined]);
    const ns = [
      'NAMESPACE   NAME     READY   STATUS    RESTARTS   AGE',
      'shop        dash-1   1/1     Running   0          3h',
      'pod "dash-1" deleted from web namespace',
      'NAMESPACE   NAME     READY   STATUS    RESTARTS   AGE',
      'shop        dash-1   1/1     Running   0          3h',
    ].join('\n');
    expect(marks(ns)).toEqual([undefined, undefined]);
  });

  it.each([
    'pod "dash-1" deleted?',
    'deployment "dash-1" deleted',
    'pod dash-1 deleted',
    'the pod "dash-1" deleted',
  ])('%j is no confirmation of a pod deletion', (line) => {
    expect(marks([...listed('3h'), line, ...listed('3h')].join('\n'))).toEqual([undefined, undefined]);
  });
});
