/**
 * The kubelet's volume manager on one node. Each volume is retried by the operation executor
 * with its own back-off (500 ms doubling to 2m2s), each failure a FailedMount event (the
 * recorder folds repeats into a count); while the pod waits, every WaitForAttachAndMount
 * timeout (2m3s, then the next sync after 10 s) adds the aggregate
 * `Unable to attach or mount volumes: …: timed out waiting for the condition`.
 */
import type { Volume } from '../../../../model/index.js';
import type { Task } from '../../../world/queue.js';
import type { PodObj } from '../../../world/types.js';
import type { World } from '../../../world/world.js';
import type { VolumeHost } from '../hosts.js';
import { Backoff } from '../images/backoff.js';
import { kubeletLiveness, type Liveness } from '../sandbox/node-alive.js';
import { checkVolume } from './sources.js';
import { atLeast } from '../../../world/version.js';

const OP_BACKOFF_INITIAL = 500;
const OP_BACKOFF_MAX = 122_000;
/** podAttachAndMountTimeout, and the pod worker's requeue after the failed sync. */
const ATTACH_MOUNT_TIMEOUT = 123_000;
const SYNC_BACKOFF = 10_000;
/** How often a waiting volume is looked at again (the reconciler loop runs every 100 ms). */
const WAIT_POLL = 1_000;

interface PodMount {
  readonly pod: PodObj;
  readonly mounted: Set<string>;
  readonly tasks: Map<string, Task>;
  timeout: Task | undefined;
  finished: boolean;
}

export function createVolumeHost(world: World, nodeName: string): VolumeHost {
  return new NodeVolumes(world, nodeName);
}

export class NodeVolumes implements VolumeHost {
  private readonly pods = new Map<string, PodMount>();
  private readonly backoff = new Backoff(OP_BACKOFF_INITIAL, OP_BACKOFF_MAX);

  private readonly alive: Liveness;

  constructor(
    private readonly world: World,
    private readonly nodeName: string,
  ) {
    this.alive = kubeletLiveness(world, nodeName);
  }

  mount(pod: PodObj, done: () => void): void {
    const key = podKey(pod);
    this.stop(key);
    const state: PodMount = {
      pod,
      mounted: new Set(),
      tasks: new Map(),
      timeout: undefined,
      finished: false,
    };
    this.pods.set(key, state);
    const volumes = pod.spec.volumes ?? [];
    const finishIfDone = (): void => {
      if (state.finished || state.mounted.size < volumes.length) return;
      state.finished = true;
      this.world.cancel(state.timeout);
      done();
    };
    const attempt = (volume: Volume): void => {
      state.tasks.delete(volume.name);
      if (state.finished) return;
      if (!this.alive()) {
        this.later(state, volume, SYNC_BACKOFF, attempt);
        return;
      }
      const check = checkVolume(this.world, pod, volume, this.nodeName);
      if (check.kind === 'wait') {
        this.later(state, volume, WAIT_POLL, attempt);
        return;
      }
      const opKey = `${key}/${volume.name}`;
      if (check.kind === 'error') {
        this.event(pod, check.message);
        this.later(state, volume, this.backoff.next(opKey, this.world.clock.now()), attempt);
        return;
      }
      this.backoff.reset(opKey);
      this.later(state, volume, check.after, () => {
        state.tasks.delete(volume.name);
        if (state.finished) return;
        state.mounted.add(volume.name);
        finishIfDone();
      });
    };
    const timeoutLoop = (): void => {
      if (state.finished) return;
      if (this.alive()) this.reportTimeout(state, volumes);
      state.timeout = this.world.after(ATTACH_MOUNT_TIMEOUT + SYNC_BACKOFF, timeoutLoop);
    };
    state.timeout = this.world.after(ATTACH_MOUNT_TIMEOUT, timeoutLoop);
    for (const volume of volumes) attempt(volume);
    finishIfDone();
  }

  unmount(pod: PodObj, done: () => void): void {
    const key = podKey(pod);
    this.stop(key);
    const count = pod.spec.volumes?.length ?? 0;
    // TearDown of each volume is quick; detaching is the attach/detach controller's business.
    this.world.after(count === 0 ? 0 : 100 * count, done);
  }

  /** Pods whose volumes are all mounted (for tests). */
  isMounted(pod: PodObj): boolean {
    return this.pods.get(podKey(pod))?.finished === true;
  }

  private stop(key: string): void {
    const state = this.pods.get(key);
    if (state === undefined) return;
    state.finished = true;
    this.world.cancel(state.timeout);
    for (const t of state.tasks.values()) this.world.cancel(t);
    this.pods.delete(key);
  }

  private later(state: PodMount, volume: Volume, delay: number, fn: (v: Volume) => void): void {
    state.tasks.set(
      volume.name,
      this.world.after(delay, () => {
        fn(volume);
      }),
    );
  }

  /**
   * The aggregate as the kubelet words it: pod volume names, in spec order. Kubelets from 1.28
   * emit it only for errors other than the wait timing out (facts §4.6), so newer clusters rely
   * on the per-volume events alone.
   */
  private reportTimeout(state: PodMount, volumes: readonly Volume[]): void {
    if (atLeast(this.world.scenario.cluster.version, 1, 28)) return;
    const unmounted = volumes.filter((v) => !state.mounted.has(v.name)).map((v) => v.name);
    if (unmounted.length === 0) return;
    const all = volumes.map((v) => v.name);
    this.event(
      state.pod,
      `Unable to attach or mount volumes: unmounted volumes=[${unmounted.join(' ')}], unattached volumes=[${all.join(' ')}]: timed out waiting for the condition`,
    );
  }

  private event(pod: PodObj, message: string): void {
    const current = this.world.store.get<PodObj>('pods', pod.metadata.namespace, pod.metadata.name) ?? pod;
    this.world.events.record({
      object: current,
      type: 'Warning',
      reason: 'FailedMount',
      message,
      component: 'kubelet',
      host: this.nodeName,
    });
  }
}

const podKey = (pod: PodObj): string =>
  pod.metadata.uid ?? `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
