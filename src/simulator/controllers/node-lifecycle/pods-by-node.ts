/**
 * The pods bound to each node, kept current synchronously from the store's change stream (a
 * shared informer's index by spec.nodeName), so that a node going NotReady or gaining a
 * NoExecute taint costs that node's pods rather than a scan of every pod in the cluster.
 */
import type { Change, Store } from '../../world/store.js';
import type { PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';

const keyOf = (pod: PodObj): string => `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;

export class PodsByNode {
  /** node name → pods there, by store key. */
  private readonly byNode = new Map<string, Map<string, PodObj>>();
  /** store key → the node it is indexed under. */
  private readonly nodeOf = new Map<string, string>();

  constructor(store: Store) {
    for (const pod of store.list<PodObj>('pods')) this.apply('ADDED', pod);
    store.subscribe((c: Change) => {
      if (c.resource === 'pods') this.apply(c.type, c.object as PodObj);
    });
  }

  private apply(type: Change['type'], pod: PodObj): void {
    const key = keyOf(pod);
    const before = this.nodeOf.get(key);
    const after = type === 'DELETED' ? undefined : pod.spec.nodeName;
    if (before !== undefined && before !== after) {
      this.byNode.get(before)?.delete(key);
      this.nodeOf.delete(key);
    }
    if (after === undefined) return;
    let pods = this.byNode.get(after);
    if (pods === undefined) {
      pods = new Map();
      this.byNode.set(after, pods);
    }
    pods.set(key, pod);
    this.nodeOf.set(key, after);
  }

  /** The node's pods in store key order, as a filtered list of all pods would give (a copy). */
  on(node: string): PodObj[] {
    const pods = this.byNode.get(node);
    if (pods === undefined) return [];
    return [...pods.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, p]) => p);
  }
}

const indexes = new WeakMap<Store, PodsByNode>();

export function podsByNode(world: World): PodsByNode {
  let index = indexes.get(world.store);
  if (index === undefined) {
    index = new PodsByNode(world.store);
    indexes.set(world.store, index);
  }
  return index;
}
