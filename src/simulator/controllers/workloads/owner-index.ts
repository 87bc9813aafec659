/**
 * Which objects each controller owns, kept current synchronously from the store's change
 * stream (like a shared informer's index by controller UID), so a sync costs what the owner
 * owns rather than a scan of every pod in the namespace.
 */
import type { Store, Change } from '../../world/store.js';
import type { KObject } from '../../world/types.js';
import type { World } from '../../world/world.js';

const TRACKED = new Set(['pods', 'replicasets', 'jobs']);

export class OwnerIndex {
  private readonly byOwner = new Map<string, Map<string, KObject>>();
  private readonly ownerOfKey = new Map<string, string>();

  constructor(store: Store) {
    for (const resource of TRACKED)
      for (const obj of store.list(resource)) this.apply(resource, 'ADDED', obj);
    store.subscribe((c: Change) => {
      if (TRACKED.has(c.resource)) this.apply(c.resource, c.type, c.object);
    });
  }

  private apply(resource: string, type: Change['type'], obj: KObject): void {
    const key = `${resource}/${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
    const before = this.ownerOfKey.get(key);
    const after =
      type === 'DELETED' ? undefined : obj.metadata.ownerReferences?.find((r) => r.controller === true)?.uid;
    if (before !== undefined && before !== after) {
      this.byOwner.get(before)?.delete(key);
      this.ownerOfKey.delete(key);
    }
    if (after === undefined) return;
    let owned = this.byOwner.get(after);
    if (owned === undefined) {
      owned = new Map();
      this.byOwner.set(after, owned);
    }
    owned.set(key, obj);
    this.ownerOfKey.set(key, after);
  }

  /** The owner's objects of one resource, in name order (as a list from the store would be). */
  owned<T extends KObject>(resource: string, owner: KObject): T[] {
    const owned = this.byOwner.get(owner.metadata.uid ?? '');
    if (owned === undefined) return [];
    const prefix = `${resource}/`;
    const out: T[] = [];
    for (const [key, obj] of owned) if (key.startsWith(prefix)) out.push(obj as T);
    return out.sort((a, b) =>
      a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0,
    );
  }
}

const indexes = new WeakMap<Store, OwnerIndex>();

/** The one index of a world's store, shared by every controller. */
export function ownerIndex(world: World): OwnerIndex {
  let index = indexes.get(world.store);
  if (index === undefined) {
    index = new OwnerIndex(world.store);
    indexes.set(world.store, index);
  }
  return index;
}
