import { describe, expect, it } from 'vitest';
import { jsonPatch, mergePatch, strategicMerge } from './patch.js';
import { HttpError } from './respond.js';

describe('mergePatch (RFC 7386)', () => {
  it('merges maps, removes nulls and replaces lists', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, l: [1, 2] }, { b: { c: null, e: 4 }, l: [3] })).toEqual({
      a: 1,
      b: { d: 3, e: 4 },
      l: [3],
    });
  });
});

describe('strategicMerge', () => {
  it('merges named list items by name, deletes with $patch, orders by $setElementOrder', () => {
    const target = {
      containers: [
        { name: 'a', image: 'a:1', env: [{ name: 'X', value: '1' }] },
        { name: 'b', image: 'b:1' },
      ],
    };
    const patch = {
      '$setElementOrder/containers': [{ name: 'c' }, { name: 'a' }],
      containers: [
        { name: 'a', image: 'a:2' },
        { name: 'b', $patch: 'delete' },
        { name: 'c', image: 'c:1' },
      ],
    };
    expect(strategicMerge(target, patch)).toEqual({
      containers: [
        { name: 'c', image: 'c:1' },
        { name: 'a', image: 'a:2', env: [{ name: 'X', value: '1' }] },
      ],
    });
  });

  it('merges container ports by containerPort and replaces lists without a merge key', () => {
    expect(
      strategicMerge(
        { ports: [{ containerPort: 80, protocol: 'TCP' }], args: ['a', 'b'] },
        { ports: [{ containerPort: 80, name: 'http' }], args: ['c'] },
      ),
    ).toEqual({ ports: [{ containerPort: 80, protocol: 'TCP', name: 'http' }], args: ['c'] });
  });
});

describe('jsonPatch (RFC 6902)', () => {
  it('adds, replaces, removes, tests, escapes ~1 in keys', () => {
    const doc = { metadata: { labels: { 'app.kubernetes.io/name': 'web' } }, list: [1, 2] };
    expect(
      jsonPatch(doc, [
        { op: 'test', path: '/list/0', value: 1 },
        { op: 'replace', path: '/metadata/labels/app.kubernetes.io~1name', value: 'api' },
        { op: 'add', path: '/list/-', value: 3 },
        { op: 'remove', path: '/list/0' },
      ]),
    ).toEqual({ metadata: { labels: { 'app.kubernetes.io/name': 'api' } }, list: [2, 3] });
    expect(doc.list).toEqual([1, 2]);
  });

  it('fails with a 400 when a path is missing or a test fails', () => {
    expect(() => jsonPatch({}, [{ op: 'replace', path: '/a', value: 1 }])).toThrow(HttpError);
    expect(() => jsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toThrow(
      'testing value /a failed',
    );
    expect(() => jsonPatch({}, { op: 'add' })).toThrow(HttpError);
  });
});
