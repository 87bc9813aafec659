import { describe, expect, it } from 'vitest';
import { SimClock } from './clock.js';
import { Rng } from './rng.js';
import { Store } from './store.js';
import type { KObject } from './types.js';

const cm = (namespace: string, name: string): KObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace },
});

const keyOf = (o: KObject): string => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** What `list` returned before the indexes: every key sorted, filtered by namespace. */
function scan(objects: ReadonlyMap<string, KObject>, namespace?: string): string[] {
  return [...objects.keys()]
    .sort()
    .filter((k) => namespace === undefined || (objects.get(k)?.metadata.namespace ?? '') === namespace);
}

describe('Store lists', () => {
  it('returns the same as a sorted, filtered scan through random creates and removes', () => {
    const store = new Store(new SimClock(0), new Rng(1));
    const rng = new Rng(7);
    // "a-b" sorts before "a/" by key but after "a" by namespace: the key order must win.
    const namespaces = ['a', 'a-b', 'b', 'kube-system'];
    const live = new Map<string, KObject>();
    for (let step = 0; step < 3000; step++) {
      const ns = rng.pick(namespaces);
      const name = `cm-${rng.int(200)}`;
      const k = `${ns}/${name}`;
      if (live.has(k)) {
        store.remove('configmaps', ns, name);
        live.delete(k);
      } else live.set(k, store.create(cm(ns, name)));
      if (step % 97 === 0 || step > 2990) {
        expect(store.list('configmaps').map(keyOf)).toEqual(scan(live));
        for (const n of [...namespaces, 'absent'])
          expect(store.list('configmaps', n).map(keyOf)).toEqual(scan(live, n));
      }
    }
    expect(store.count('configmaps')).toBe(live.size);
  });

  it('pages with listFrom and counts what is left with countFrom', () => {
    const store = new Store(new SimClock(0), new Rng(1));
    for (const name of ['e', 'c', 'a', 'd', 'b']) store.create(cm('shop', name));
    store.create(cm('web', 'z'));
    store.remove('configmaps', 'shop', 'c');
    expect(store.listFrom('configmaps', 'shop', 'shop/b', 2).map(keyOf)).toEqual(['shop/b', 'shop/d']);
    expect(store.listFrom('configmaps', undefined, 'shop/d\u0000').map(keyOf)).toEqual(['shop/e', 'web/z']);
    expect(store.countFrom('configmaps', undefined, 'shop/b')).toBe(4);
    expect(store.countFrom('configmaps', 'shop', 'shop/b\u0000')).toBe(2);
    expect(store.countFrom('configmaps', 'none', '')).toBe(0);
    // Re-creating a removed key lists it once.
    store.create(cm('shop', 'c'));
    expect(store.list('configmaps', 'shop').map(keyOf)).toEqual([
      'shop/a',
      'shop/b',
      'shop/c',
      'shop/d',
      'shop/e',
    ]);
  });
});

describe('Store get', () => {
  it('finds created and replaced objects by namespace and name, and not removed ones', () => {
    const store = new Store(new SimClock(0), new Rng(1));
    store.create(cm('shop', 'a'));
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    expect(store.get('configmaps', 'shop', 'a')?.metadata.name).toBe('a');
    expect(store.get('configmaps', 'web', 'a')).toBeUndefined();
    expect(store.get('namespaces', undefined, 'shop')?.kind).toBe('Namespace');
    const replacement = { ...cm('shop', 'a'), data: { k: 'v' } };
    store.update(replacement);
    expect(store.get('configmaps', 'shop', 'a')).toBe(replacement);
    store.remove('configmaps', 'shop', 'a');
    expect(store.get('configmaps', 'shop', 'a')).toBeUndefined();
  });
});

describe('Store watch history', () => {
  it('keeps no change log until a watcher can exist, then replays every change as it was', () => {
    const store = new Store(new SimClock(0), new Rng(1));
    const before = store.create(cm('shop', 'early'));
    expect(store.changesSince(0)).toBe('expired');
    store.enableHistory();
    const from = store.resourceVersion;
    const obj = store.create(cm('shop', 'late'));
    (obj as KObject & { data?: Record<string, string> }).data = { k: 'v1' };
    store.update(obj);
    (obj as KObject & { data?: Record<string, string> }).data = { k: 'v2' };
    const changes = store.changesSince(from);
    expect(changes).not.toBe('expired');
    if (changes === 'expired') return;
    expect(changes.map((c) => c.type)).toEqual(['ADDED', 'MODIFIED']);
    // Serialised at the time of the change, not later.
    expect(JSON.parse(changes[1]?.json ?? '{}')).toMatchObject({ data: { k: 'v1' } });
    expect(changes.some((c) => c.object === before)).toBe(false);
  });
});
