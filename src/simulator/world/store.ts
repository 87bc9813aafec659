/**
 * The simulated etcd: objects per resource, one global resourceVersion, and a bounded log of
 * changes that watches replay from. Lists come back in key order (namespace, then name), as
 * etcd's range reads do, so `limit`/`continue` pages are stable.
 */
import type { SimClock } from './clock.js';
import type { KObject } from './types.js';
import type { Rng } from './rng.js';
import { storeKeyOfKind } from './resources.js';
import { lowerBound, SortedKeys } from './sorted-keys.js';

export type ChangeType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface Change {
  readonly rv: number;
  readonly resource: string;
  readonly type: ChangeType;
  readonly namespace: string;
  /** The object as it was right after the change, serialised then (watchers must not see later edits). */
  /** Empty while history is off (no watcher can ask for it). */
  readonly json: string;
  readonly object: KObject;
}

export type ChangeListener = (change: Change) => void;

const key = (namespace: string | undefined, name: string): string => `${namespace ?? ''}/${name}`;

export class ConflictError extends Error {}

export class Store {
  private readonly tables = new Map<string, Map<string, KObject>>();
  /** The same objects by resource, namespace and name: `get` without building a key string. */
  private readonly byName = new Map<string, Map<string, Map<string, KObject>>>();
  /** Per resource: all keys, and the keys of each namespace (so a namespace list costs that namespace). */
  private readonly sortedKeys = new Map<string, { all: SortedKeys; byNamespace: Map<string, SortedKeys> }>();
  private readonly log: Change[] = [];
  private logStart = 0;
  /** Off until a watcher can exist (an HTTP server): then each change is serialised as it happens. */
  private history = false;
  private version = 1;
  private readonly listeners = new Set<ChangeListener>();

  constructor(
    private readonly clock: SimClock,
    private readonly rng: Rng,
    /** How many changes watches can resume from; older resourceVersions get 410 Gone. */
    private readonly historyLimit = 20_000,
  ) {}

  /**
   * Starts keeping the change log watches resume from. Serialising every change costs time and
   * memory that an in-process run (no watchers) does not need; a watch from before this moment
   * gets 410 Gone, as one from too old a resourceVersion does on a real server.
   */
  enableHistory(): void {
    this.history = true;
  }

  /** The current resourceVersion, as a number. */
  get resourceVersion(): number {
    return this.version;
  }

  /** The oldest resourceVersion a watch can still resume from. */
  get oldestResumable(): number {
    const first = this.log[this.logStart];
    return first === undefined ? this.version : first.rv - 1;
  }

  private table(resource: string): Map<string, KObject> {
    let t = this.tables.get(resource);
    if (t === undefined) {
      t = new Map();
      this.tables.set(resource, t);
    }
    return t;
  }

  private setByName(resource: string, obj: KObject): void {
    let namespaces = this.byName.get(resource);
    if (namespaces === undefined) {
      namespaces = new Map();
      this.byName.set(resource, namespaces);
    }
    const ns = obj.metadata.namespace ?? '';
    let names = namespaces.get(ns);
    if (names === undefined) {
      names = new Map();
      namespaces.set(ns, names);
    }
    names.set(obj.metadata.name, obj);
  }

  private keysOf(resource: string): { all: SortedKeys; byNamespace: Map<string, SortedKeys> } {
    let k = this.sortedKeys.get(resource);
    if (k === undefined) {
      k = { all: new SortedKeys(), byNamespace: new Map() };
      this.sortedKeys.set(resource, k);
    }
    return k;
  }

  private namespaceKeys(resource: string, namespace: string): SortedKeys {
    const { byNamespace } = this.keysOf(resource);
    let k = byNamespace.get(namespace);
    if (k === undefined) {
      k = new SortedKeys();
      byNamespace.set(namespace, k);
    }
    return k;
  }

  static resourceOf(obj: KObject): string {
    const resource = storeKeyOfKind(obj.kind);
    if (resource === undefined) throw new Error(`the simulator does not store kind ${obj.kind}`);
    return resource;
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- callers name the kind the resource holds
  get<T extends KObject = KObject>(
    resource: string,
    namespace: string | undefined,
    name: string,
  ): T | undefined {
    return this.byName
      .get(resource)
      ?.get(namespace ?? '')
      ?.get(name) as T | undefined;
  }

  /** Objects of a resource in key order, optionally one namespace only. Do not mutate them without `update`. */
  list<T extends KObject = KObject>(resource: string, namespace?: string): T[] {
    return this.listFrom<T>(resource, namespace, '');
  }

  /**
   * Like `list`, but only the objects whose key (`namespace/name`) is >= `fromKey`, and at most
   * `limit` of them (0: all): a page of a chunked list, found by binary search.
   */
  listFrom<T extends KObject = KObject>(
    resource: string,
    namespace: string | undefined,
    fromKey: string,
    limit = 0,
  ): T[] {
    const table = this.tables.get(resource);
    if (table === undefined) return [];
    const keys = this.sortedKeysOf(resource, namespace);
    const out: T[] = [];
    for (let i = fromKey === '' ? 0 : lowerBound(keys, fromKey); i < keys.length; i++) {
      if (limit > 0 && out.length >= limit) break;
      const obj = table.get(keys[i] as string);
      if (obj !== undefined) out.push(obj as T);
    }
    return out;
  }

  /** How many objects of a resource (optionally one namespace) have a key >= `fromKey`. */
  countFrom(resource: string, namespace: string | undefined, fromKey: string): number {
    const keys = this.sortedKeysOf(resource, namespace);
    return keys.length - lowerBound(keys, fromKey);
  }

  private sortedKeysOf(resource: string, namespace: string | undefined): readonly string[] {
    const k = this.sortedKeys.get(resource);
    if (k === undefined) return [];
    if (namespace === undefined) return k.all.sorted();
    return k.byNamespace.get(namespace)?.sorted() ?? [];
  }

  count(resource: string): number {
    return this.tables.get(resource)?.size ?? 0;
  }

  /** Stores a new object, filling uid, creationTimestamp, resourceVersion and generation. */
  create<T extends KObject>(obj: T): T {
    const resource = Store.resourceOf(obj);
    const table = this.table(resource);
    const k = key(obj.metadata.namespace, obj.metadata.name);
    if (table.has(k)) throw new ConflictError(`${resource} "${obj.metadata.name}" already exists`);
    obj.metadata.uid ??= this.rng.uid();
    obj.metadata.creationTimestamp ??= this.clock.iso();
    if ('spec' in obj && obj.metadata.generation === undefined && obj.kind !== 'Pod' && obj.kind !== 'Node')
      obj.metadata.generation = 1;
    table.set(k, obj);
    this.setByName(resource, obj);
    this.keysOf(resource).all.add(k);
    this.namespaceKeys(resource, obj.metadata.namespace ?? '').add(k);
    this.record(resource, 'ADDED', obj);
    return obj;
  }

  /** Records an in-place change to a stored object (or replaces it). */
  update<T extends KObject>(obj: T): T {
    const resource = Store.resourceOf(obj);
    const table = this.table(resource);
    const k = key(obj.metadata.namespace, obj.metadata.name);
    const current = table.get(k);
    if (current === undefined) throw new ConflictError(`${resource} "${obj.metadata.name}" not found`);
    if (current !== obj) {
      table.set(k, obj);
      this.setByName(resource, obj);
    }
    this.record(resource, 'MODIFIED', obj);
    return obj;
  }

  /** Removes an object at once (graceful deletion is the API server's business). */
  remove(resource: string, namespace: string | undefined, name: string): KObject | undefined {
    const table = this.tables.get(resource);
    const k = key(namespace, name);
    const obj = table?.get(k);
    if (table === undefined || obj === undefined) return undefined;
    table.delete(k);
    this.byName
      .get(resource)
      ?.get(namespace ?? '')
      ?.delete(name);
    this.keysOf(resource).all.delete(k);
    this.namespaceKeys(resource, namespace ?? '').delete(k);
    this.record(resource, 'DELETED', obj);
    return obj;
  }

  /** Changes after `rv`, or 'expired' when they are no longer kept (HTTP 410 Gone). */
  changesSince(rv: number, resource?: string): Change[] | 'expired' {
    if (rv < this.oldestResumable) return 'expired';
    const out: Change[] = [];
    // The log is ordered by rv: binary search for the first change after rv.
    let lo = this.logStart;
    let hi = this.log.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.log[mid]?.rv ?? 0) <= rv) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.log.length; i++) {
      const c = this.log[i];
      if (c !== undefined && (resource === undefined || c.resource === resource)) out.push(c);
    }
    return out;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private record(resource: string, type: ChangeType, obj: KObject): void {
    this.version++;
    if (type !== 'DELETED') obj.metadata.resourceVersion = String(this.version);
    const change: Change = {
      rv: this.version,
      resource,
      type,
      namespace: obj.metadata.namespace ?? '',
      json: this.history
        ? JSON.stringify(
            type === 'DELETED'
              ? { ...obj, metadata: { ...obj.metadata, resourceVersion: String(this.version) } }
              : obj,
          )
        : '',
      object: obj,
    };
    if (this.history) this.log.push(change);
    if (this.log.length - this.logStart > this.historyLimit) {
      this.logStart++;
      if (this.logStart > 4096 && this.logStart * 2 > this.log.length) {
        this.log.splice(0, this.logStart);
        this.logStart = 0;
      }
    }
    for (const listener of this.listeners) listener(change);
  }
}
