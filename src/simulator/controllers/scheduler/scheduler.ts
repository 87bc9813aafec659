/**
 * default-scheduler as a controller: informers feed the cache and the queue, a pump schedules
 * pods one at a time (in simulated zero time), failures become FailedScheduling events and the
 * PodScheduled=False condition, and successes are assumed at once and bound a few ms later
 * (after the PVCs the VolumeBinding plugin provisions for WaitForFirstConsumer claims bind).
 */
import type { Controller } from '../types.js';
import type { World } from '../../world/world.js';
import type { Change } from '../../world/store.js';
import type { NodeObj, PodObj } from '../../world/types.js';
import { nodeFingerprint, SchedulerCache } from './node-cache.js';
import { isTerminal, priorityOf } from './pod-info.js';
import { SchedulingQueue, type QueuedPod } from './queue.js';
import { scheduleOne, type ScheduleEnv } from './schedule-one.js';
import { normalizeImage } from './images.js';
import { setPodScheduled } from './pod-condition.js';
import { truncate } from './fit-error.js';
import { reserveVolumes, VolumeWaits } from './volume-prebind.js';

export const SCHEDULER_NAME = 'default-scheduler';

/** Plugins whose rejections a freed node (pod deleted or finished) may lift. */
const FREED_HELPS = new Set([
  'NodeResourcesFit',
  'NodePorts',
  'InterPodAffinity',
  'PodTopologySpread',
  'VolumeBinding',
  '*',
]);
/** Plugins whose rejections a newly placed or relabelled pod may lift. */
const PLACED_HELPS = new Set(['InterPodAffinity', 'PodTopologySpread']);
const VOLUME_HELPS = new Set(['VolumeBinding', '*']);

const uidOf = (pod: PodObj): string =>
  pod.metadata.uid ?? `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;

export const isOurs = (pod: PodObj): boolean => (pod.spec.schedulerName ?? SCHEDULER_NAME) === SCHEDULER_NAME;

export class Scheduler {
  readonly cache = new SchedulerCache();
  readonly queue: SchedulingQueue;
  private readonly env: ScheduleEnv;
  private readonly imageNodes = new Map<string, number>();
  private readonly nodeImages = new Map<string, string[]>();
  private readonly nodePrints = new Map<string, string>();
  private readonly volumeWaits: VolumeWaits;
  /** Pods already seen bound to a node. */
  private readonly assignedSeen = new Set<string>();
  private pumpScheduled = false;

  constructor(private readonly world: World) {
    this.queue = new SchedulingQueue({
      now: () => world.clock.now(),
      after: (ms, fn) => world.after(ms, fn),
      wake: () => {
        if (this.pumpScheduled) return;
        this.pumpScheduled = true;
        world.after(0, () => {
          this.pumpScheduled = false;
          this.pump();
        });
      },
    });
    this.volumeWaits = new VolumeWaits(world);
    this.env = {
      store: world.store,
      cache: this.cache,
      rng: world.rng,
      imageNodes: this.imageNodes,
      nextStartNodeIndex: 0,
      version: world.scenario.cluster.version,
    };
  }

  start(): void {
    const w = this.world;
    w.watch('nodes', (c) => {
      this.onNode(c);
    });
    w.watch('pods', (c) => {
      this.onPod(c);
    });
    for (const r of ['persistentvolumeclaims', 'persistentvolumes', 'storageclasses'])
      w.watch(r, (c) => {
        if (c.resource === 'persistentvolumeclaims') this.volumeWaits.check();
        this.queue.move(VOLUME_HELPS);
      });
  }

  private onNode(c: Change): void {
    const node = c.object as NodeObj;
    const name = node.metadata.name;
    if (c.type === 'DELETED') {
      this.cache.removeNode(name);
      this.setImages(name, []);
      this.nodePrints.delete(name);
      return;
    }
    this.cache.setNode(node);
    this.setImages(
      name,
      (node.status.images ?? []).flatMap((i) => (i.names ?? []).map(normalizeImage)),
    );
    const print = nodeFingerprint(node);
    if (this.nodePrints.get(name) === print) return;
    this.nodePrints.set(name, print);
    // A new or changed node may fit any pending pod (queueing hints narrow this upstream).
    this.queue.move('all');
  }

  private setImages(node: string, images: string[]): void {
    for (const i of this.nodeImages.get(node) ?? [])
      this.imageNodes.set(i, (this.imageNodes.get(i) ?? 1) - 1);
    const unique = [...new Set(images)];
    for (const i of unique) this.imageNodes.set(i, (this.imageNodes.get(i) ?? 0) + 1);
    this.nodeImages.set(node, unique);
  }

  private onPod(c: Change): void {
    const pod = c.object as PodObj;
    const uid = uidOf(pod);
    const deleted = c.type === 'DELETED';
    const freed = this.cache.updatePod(pod, deleted);
    const assigned = pod.spec.nodeName !== undefined && pod.spec.nodeName !== '';
    // AssignedPodAdd: the informer sees the pod bound (assumed pods raise no event).
    const newlyAssigned = assigned && !deleted && !this.assignedSeen.has(uid);
    if (deleted) this.assignedSeen.delete(uid);
    else if (newlyAssigned) this.assignedSeen.add(uid);
    if (freed) this.queue.move(FREED_HELPS);
    else if (newlyAssigned && !isTerminal(pod))
      this.queue.move(PLACED_HELPS);
    if (deleted || assigned || pod.metadata.deletionTimestamp !== undefined || !isOurs(pod)) {
      if (!this.volumeWaits.has(uid)) this.queue.remove(uid);
      return;
    }
    if ((pod.spec.schedulingGates ?? []).length > 0) {
      setPodScheduled(
        this.world,
        pod,
        'SchedulingGated',
        'Scheduling is blocked due to non-empty scheduling gates',
      );
      return;
    }
    this.queue.add(uid, pod.metadata.namespace ?? '', pod.metadata.name, priorityOf(pod));
  }

  private pump(): void {
    for (let p = this.queue.pop(); p !== undefined; p = this.queue.pop()) this.attempt(p);
  }

  private attempt(q: QueuedPod): void {
    const pod = this.world.store.get<PodObj>('pods', q.namespace, q.name);
    if (pod === undefined || uidOf(pod) !== q.uid || (pod.spec.nodeName ?? '') !== '') {
      this.queue.remove(q.uid);
      return;
    }
    const d = scheduleOne(this.env, pod);
    if (!d.ok) {
      this.fail(pod, q, d.message, d.rejectedBy);
      return;
    }
    this.cache.assume(pod, d.node);
    const claims = reserveVolumes(this.world, d);
    const bindSoon = (): void => {
      // Binding is an API call: it lands a few ms later.
      this.world.after(2 + this.world.rng.int(4), () => {
        this.bind(q, d.node);
      });
    };
    if (claims.length === 0) {
      bindSoon();
      return;
    }
    this.volumeWaits.add(q.uid, q.namespace, claims, bindSoon, () => {
      this.cache.forget(q.uid);
      const current = this.world.store.get<PodObj>('pods', q.namespace, q.name);
      if (current === undefined) {
        this.queue.remove(q.uid);
        return;
      }
      this.fail(
        current,
        q,
        'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded',
        new Set(['VolumeBinding']),
        true,
      );
    });
  }

  private bind(q: QueuedPod, node: string): void {
    const pod = this.world.store.get<PodObj>('pods', q.namespace, q.name);
    this.queue.remove(q.uid);
    if (pod === undefined || uidOf(pod) !== q.uid || pod.metadata.deletionTimestamp !== undefined) {
      this.cache.forget(q.uid);
      return;
    }
    if ((pod.spec.nodeName ?? '') !== '') return;
    pod.spec.nodeName = node;
    setPodScheduled(this.world, pod, undefined, undefined, false);
    this.world.store.update(pod);
    this.world.events.record({
      object: pod,
      type: 'Normal',
      reason: 'Scheduled',
      message: `Successfully assigned ${pod.metadata.namespace ?? 'default'}/${pod.metadata.name} to ${node}`,
      component: SCHEDULER_NAME,
      style: 'series',
      action: 'Binding',
    });
  }

  private fail(
    pod: PodObj,
    q: QueuedPod,
    message: string,
    rejectedBy: ReadonlySet<string>,
    error = false,
  ): void {
    const note = truncate(message);
    this.world.events.record({
      object: pod,
      type: 'Warning',
      reason: 'FailedScheduling',
      message: note,
      component: SCHEDULER_NAME,
      style: 'series',
      action: 'Scheduling',
    });
    setPodScheduled(this.world, pod, error ? 'SchedulerError' : 'Unschedulable', note);
    if (error) this.queue.error(q);
    else this.queue.unschedulable(q, rejectedBy);
  }
}

export const schedulerController: Controller = {
  name: 'scheduler',
  start(world) {
    new Scheduler(world).start();
  },
};
