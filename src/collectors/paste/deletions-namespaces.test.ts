/**
 * A pod kubectl confirmed deleted and listed again: which deletion matches which listing (name,
 * namespace, kind), and which earlier listing it is compared with.
 */
import { describe, expect, it } from 'vitest';
import { DELETION_SEEN } from '../../model/index.js';
import type { PastedObject } from './common/types.js';
import { deletionConfirmed, markStillListed } from './deletions.js';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';

const marked = (o: PastedObject | undefined): string | undefined =>
  (o?.raw.metadata as { annotations?: Record<string, string> } | undefined)?.annotations?.[DELETION_SEEN];

describe('deletionConfirmed', () => {
  it.each([
    ['pod "dash-1" deleted', 4, { name: 'dash-1', line: 4 }],
    ['pod "dash-1" force deleted', 12, { name: 'dash-1', line: 12 }],
    ['pod "dash-1" deleted from shop namespace', 7, { name: 'dash-1', namespace: 'shop', line: 7 }],
    [
      'pods "web-0" deleted from kube-system namespace',
      100,
      { name: 'web-0', namespace: 'kube-system', line: 100 },
    ],
  ])('%j on line %i', (line, at, expected) => {
    expect(deletionConfirmed(line, at)).toStrictEqual(expected);
  });
});

describe('the namespace of the deletion and of the listings', () => {
  const ALL = 'NAMESPACE   NAME     READY   STATUS    RESTARTS   AGE';
  const inShop = 'shop        dash-1   1/1     Running   0          3h';
  it.each([
    ['pod "dash-1" deleted', true],
    ['pod "dash-1" force deleted', true],
    ['pod "dash-1" deleted from shop namespace', true],
    ['pod "dash-1" deleted from web namespace', false],
  ])('%j between two `get pods -A` listings of shop/dash-1: marked %s', (confirmation, expected) => {
    const text = [ALL, inShop, confirmation, ALL, inShop].join('\n');
    const pods = parsePaste(text, PASTE_PARSERS).objects;
    expect(pods.map((o) => (o.raw.metadata as { namespace?: string }).namespace)).toEqual(['shop', 'shop']);
    expect(marked(pods[0])).toBeUndefined();
    expect(marked(pods[1])).toBe(
      expected
        ? 'kubectl confirmed pod "dash-1" deleted (line 3); a later listing (line 5) still shows the pod listed before it (line 2), not a newer one'
        : undefined,
    );
  });
});

describe('markStillListed', () => {
  const pod = (line: number, age?: number): PastedObject => ({
    raw: { kind: 'Pod', metadata: { name: 'dash-1', namespace: 'shop' } },
    line,
    ...(age === undefined ? {} : { age: { last: age } }),
  });
  const deletion = { name: 'dash-1', line: 3 };

  it.each(['Service', 'Endpoints', 'StatefulSet'])('a %s of the pod’s name is not the pod', (kind) => {
    const other = (line: number): PastedObject => ({
      raw: { kind, metadata: { name: 'dash-1', namespace: 'shop' } },
      line,
      age: { last: 600 },
    });
    const objects = [other(2), other(5)];
    expect(markStillListed(objects, [deletion])).toEqual(objects);
  });

  it('a later showing without an age (`-o yaml`) is not compared', () => {
    const objects = [pod(2, 600), pod(5)];
    expect(markStillListed(objects, [deletion])).toEqual(objects);
  });

  it('the earlier listing compared with is the first one with an age', () => {
    const r = markStillListed([pod(1), pod(2, 600), pod(5, 660)], [deletion]);
    expect(r.map(marked)).toEqual([
      undefined,
      undefined,
      'kubectl confirmed pod "dash-1" deleted (line 3); a later listing (line 5) still shows the pod listed before it (line 2), not a newer one',
    ]);
  });

  it('no deletion: the objects as they are', () => {
    const objects = [pod(2, 600), pod(5, 660)];
    expect(markStillListed(objects, [])).toEqual(objects);
  });
});
