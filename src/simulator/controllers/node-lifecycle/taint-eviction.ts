/**
 * The taint eviction controller (NoExecute taint manager): a pod on a node with NoExecute
 * taints it does not tolerate is deleted at once; one that tolerates them for
 * tolerationSeconds is deleted that long after the taint's timeAdded. Pods without any
 * toleration for not-ready/unreachable are treated as having the 300 s ones the
 * DefaultTolerationSeconds admission plugin adds. Before deleting, it records
 * TaintManagerEviction and sets DisruptionTarget (DeletionByTaintManager), as upstream.
 */
import { tolerates } from '../../../k8s/index.js';
import type { Taint, Toleration } from '../../../model/index.js';
import { controllerUser } from '../../api/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { Task } from '../../world/queue.js';
import type { NodeObj, PodObj } from '../../world/types.js';
import type { ApiWorld } from '../../api/server.js';
import { atLeast } from '../../world/version.js';
import { keyOf } from '../workloads/sync-queue.js';
import { NOT_READY_TAINT, UNREACHABLE_TAINT } from './node-status.js';
import { podsByNode } from './pods-by-node.js';

const DEFAULT_TOLERATION_SECONDS = 300;

/** When the pod must go (ms), Infinity when it tolerates every NoExecute taint forever, undefined if none applies. */
export function evictionTime(pod: PodObj, node: NodeObj): number | undefined {
  const taints = (node.spec.taints ?? []).filter((t) => t.effect === 'NoExecute');
  if (taints.length === 0) return undefined;
  let at = Infinity;
  for (const taint of taints) {
    let matching: Toleration[] = (pod.spec.tolerations ?? []).filter((t) => tolerates(t, taint as Taint));
    if (matching.length === 0 && (taint.key === NOT_READY_TAINT || taint.key === UNREACHABLE_TAINT))
      matching = [
        {
          key: taint.key,
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: DEFAULT_TOLERATION_SECONDS,
        },
      ];
    const added = taint.timeAdded === undefined ? 0 : Date.parse(taint.timeAdded);
    if (matching.length === 0) return added;
    // getMinTolerationTime: the shortest tolerationSeconds among those that set one.
    const seconds = matching.map((t) => t.tolerationSeconds).filter((s): s is number => s !== undefined);
    if (seconds.length > 0) at = Math.min(at, added + Math.max(0, Math.min(...seconds)) * 1000);
  }
  return at;
}

export class TaintEviction {
  private readonly timers = new Map<string, { task: Task; at: number }>();

  constructor(private readonly world: ApiWorld) {}

  /** Re-plans the eviction of every pod on the node. */
  node(node: NodeObj): void {
    for (const pod of podsByNode(this.world).on(node.metadata.name))
      if (pod.spec.nodeName === node.metadata.name) this.pod(pod, node);
  }

  pod(pod: PodObj, node?: NodeObj): void {
    const key = keyOf(pod);
    const n =
      node ??
      (pod.spec.nodeName === undefined
        ? undefined
        : this.world.store.get<NodeObj>('nodes', undefined, pod.spec.nodeName));
    const at =
      n === undefined || pod.metadata.deletionTimestamp !== undefined ? undefined : evictionTime(pod, n);
    const current = this.timers.get(key);
    if (at === undefined || at === Infinity) {
      this.world.cancel(current?.task);
      this.timers.delete(key);
      return;
    }
    if (current !== undefined && current.at === at) return;
    this.world.cancel(current?.task);
    const task = this.world.after(at - this.world.clock.now(), () => {
      this.timers.delete(key);
      this.evict(key);
    });
    this.timers.set(key, { task, at });
  }

  private evict(key: string): void {
    const [ns = '', name = ''] = key.split('/');
    const pod = this.world.store.get<PodObj>('pods', ns, name);
    if (pod === undefined || pod.metadata.deletionTimestamp !== undefined || pod.spec.nodeName === undefined)
      return;
    const node = this.world.store.get<NodeObj>('nodes', undefined, pod.spec.nodeName);
    const at = node === undefined ? undefined : evictionTime(pod, node);
    if (at === undefined || at > this.world.clock.now()) return;
    const version = this.world.scenario.cluster.version;
    const component = atLeast(version, 1, 29) ? 'taint-eviction-controller' : 'taint-controller';
    this.world.events.record({
      object: pod,
      type: 'Normal',
      reason: 'TaintManagerEviction',
      message: `Marking for deletion Pod ${ns}/${name}`,
      component,
    });
    const now = this.world.clock.iso();
    const conditions = (pod.status.conditions ??= []);
    if (!conditions.some((c) => c.type === 'DisruptionTarget')) {
      conditions.push({
        type: 'DisruptionTarget',
        status: 'True',
        lastTransitionTime: now,
        reason: 'DeletionByTaintManager',
        message: 'Taint manager: deleting due to NoExecute taint',
      });
      this.world.store.update(pod);
    }
    const info = resourceByKind('Pod');
    if (info !== undefined) this.world.api.delete(info, ns, name, controllerUser(component));
  }
}
