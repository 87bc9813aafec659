/**
 * What lets a DaemonSet sync look only at the nodes that changed since its last sync instead of
 * every node in the cluster (each daemon pod's status change wakes its DaemonSet: a full pass per
 * change is O(nodes²) over a rollout). Kept current synchronously from the store's change stream:
 * daemon pods by owner and node, which nodes each DaemonSet must look at again, and an epoch that
 * moves whenever a node appears, goes or changes what decides placement (labels, taints). A sync
 * does a full pass when it has none to build on (first sync, spec changed, nodes changed, a
 * minReadySeconds that makes availability depend on time, or a sync that stopped early), and
 * otherwise only the dirty nodes, in node order: the nodes it skips would have needed nothing.
 */
import type { Change, Store } from '../../world/store.js';
import type { NodeObj, PodObj, WorkloadObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import { ownerOf } from './pods.js';

/** One node's share of the DaemonSet's status. */
export interface NodeCounts {
  readonly desired: number;
  readonly current: number;
  readonly ready: number;
  readonly available: number;
  readonly misscheduled: number;
}

const ZERO: NodeCounts = { desired: 0, current: 0, ready: 0, available: 0, misscheduled: 0 };

interface DaemonState {
  specSig: string;
  nodeEpoch: number;
  /** False until a full pass completed (and after one stopped early). */
  valid: boolean;
  readonly counts: Map<string, NodeCounts>;
  totals: NodeCounts;
}

export interface DaemonPlan {
  /** The nodes to look at, in node order. */
  readonly nodes: readonly NodeObj[];
  /** Names of every node whose share must be recomputed (the planned ones, plus vanished ones). */
  readonly recount: readonly string[];
  readonly full: boolean;
}

const isZero = (c: NodeCounts): boolean =>
  c.desired === 0 && c.current === 0 && c.ready === 0 && c.available === 0 && c.misscheduled === 0;

const add = (a: NodeCounts, b: NodeCounts, sign: 1 | -1): NodeCounts => ({
  desired: a.desired + sign * b.desired,
  current: a.current + sign * b.current,
  ready: a.ready + sign * b.ready,
  available: a.available + sign * b.available,
  misscheduled: a.misscheduled + sign * b.misscheduled,
});

export class DaemonTracker {
  /** DaemonSet uid → node name → its pods there, by name. */
  private readonly pods = new Map<string, Map<string, Map<string, PodObj>>>();
  /** namespace/pod → where it is indexed. */
  private readonly placed = new Map<string, { owner: string; node: string }>();
  /** DaemonSet uid → nodes to look at again. */
  private readonly dirty = new Map<string, Set<string>>();
  private readonly nodeSig = new Map<string, string>();
  private nodeEpoch = 0;
  private readonly states = new Map<string, DaemonState>();

  constructor(
    store: Store,
    private readonly nodeOfPod: (pod: PodObj) => string | undefined,
  ) {
    for (const node of store.list<NodeObj>('nodes')) this.node('ADDED', node);
    for (const pod of store.list<PodObj>('pods')) this.pod('ADDED', pod);
    store.subscribe((c: Change) => {
      if (c.resource === 'pods') this.pod(c.type, c.object as PodObj);
      else if (c.resource === 'nodes') this.node(c.type, c.object as NodeObj);
    });
  }

  private node(type: Change['type'], node: NodeObj): void {
    const name = node.metadata.name;
    if (type === 'DELETED') {
      this.nodeSig.delete(name);
      this.nodeEpoch++;
      return;
    }
    const sig = JSON.stringify([node.metadata.labels, node.spec.taints]);
    if (this.nodeSig.get(name) === sig) return;
    this.nodeSig.set(name, sig);
    this.nodeEpoch++;
  }

  private pod(type: Change['type'], pod: PodObj): void {
    const key = `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
    const before = this.placed.get(key);
    const ref = type === 'DELETED' ? undefined : ownerOf(pod);
    const owner = ref?.kind === 'DaemonSet' ? ref.uid : undefined;
    const node = owner === undefined ? undefined : this.nodeOfPod(pod);
    if (before !== undefined) {
      this.markDirty(before.owner, before.node);
      if (before.owner !== owner || before.node !== node) {
        this.pods.get(before.owner)?.get(before.node)?.delete(pod.metadata.name);
        this.placed.delete(key);
      }
    }
    if (owner === undefined || node === undefined) return;
    let byNode = this.pods.get(owner);
    if (byNode === undefined) {
      byNode = new Map();
      this.pods.set(owner, byNode);
    }
    let here = byNode.get(node);
    if (here === undefined) {
      here = new Map();
      byNode.set(node, here);
    }
    here.set(pod.metadata.name, pod);
    this.placed.set(key, { owner, node });
    this.markDirty(owner, node);
  }

  private markDirty(owner: string, node: string): void {
    let set = this.dirty.get(owner);
    if (set === undefined) {
      set = new Set();
      this.dirty.set(owner, set);
    }
    set.add(node);
  }

  /** The DaemonSet's pods on a node, in name order (as grouping its owned pods would give). */
  podsOn(ds: WorkloadObj, node: string): PodObj[] {
    const here = this.pods.get(ds.metadata.uid ?? '')?.get(node);
    if (here === undefined) return [];
    return [...here.values()].sort((a, b) =>
      a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0,
    );
  }

  /** Which nodes this sync must look at; takes (and clears) the dirty set. */
  plan(world: World, ds: WorkloadObj): DaemonPlan {
    const uid = ds.metadata.uid ?? '';
    const dirty = this.dirty.get(uid) ?? new Set<string>();
    this.dirty.set(uid, new Set());
    const state = this.states.get(uid);
    const specSig = JSON.stringify(ds.spec);
    if (
      state === undefined ||
      !state.valid ||
      state.specSig !== specSig ||
      state.nodeEpoch !== this.nodeEpoch ||
      (ds.spec.minReadySeconds ?? 0) > 0
    ) {
      this.states.set(uid, {
        specSig,
        nodeEpoch: this.nodeEpoch,
        valid: false,
        counts: new Map(),
        totals: ZERO,
      });
      const nodes = world.store.list<NodeObj>('nodes');
      return { nodes, recount: nodes.map((n) => n.metadata.name), full: true };
    }
    const recount = [...dirty].sort();
    const nodes: NodeObj[] = [];
    for (const name of recount) {
      const node = world.store.get<NodeObj>('nodes', undefined, name);
      if (node !== undefined) nodes.push(node);
    }
    return { nodes, recount, full: false };
  }

  /** Records the recounted nodes' shares and gives the totals. */
  count(ds: WorkloadObj, shares: ReadonlyMap<string, NodeCounts>): NodeCounts {
    const state = this.states.get(ds.metadata.uid ?? '');
    if (state === undefined) return [...shares.values()].reduce((a, b) => add(a, b, 1), ZERO);
    let totals = state.totals;
    for (const [name, share] of shares) {
      const old = state.counts.get(name);
      if (old !== undefined) totals = add(totals, old, -1);
      if (isZero(share)) state.counts.delete(name);
      else {
        state.counts.set(name, share);
        totals = add(totals, share, 1);
      }
    }
    state.totals = totals;
    return totals;
  }

  /** After a sync: a full pass that ran to the end is what later syncs build on. */
  finish(ds: WorkloadObj, plan: DaemonPlan, stoppedEarly: boolean): void {
    const state = this.states.get(ds.metadata.uid ?? '');
    if (state === undefined) return;
    if (stoppedEarly) state.valid = false;
    else if (plan.full) state.valid = true;
  }
}

const trackers = new WeakMap<Store, DaemonTracker>();

export function daemonTracker(world: World, nodeOfPod: (pod: PodObj) => string | undefined): DaemonTracker {
  let t = trackers.get(world.store);
  if (t === undefined) {
    t = new DaemonTracker(world.store, nodeOfPod);
    trackers.set(world.store, t);
  }
  return t;
}
