/**
 * RunPodSandbox with CNI ADD on one node: host-local IPs from the node's pod CIDR, the
 * scenario's CNI failure modes, NetworkNotReady while the plugin is not initialised, and the
 * kubelet's retry (a failed sync is requeued after 10 s with jitter; NetworkNotReady is
 * re-reported on every sync, about every 2 s). The pause image is always on the node.
 */
import type { Task } from '../../../world/queue.js';
import type { World } from '../../../world/world.js';
import type { NodeObj, PodObj } from '../../../world/types.js';
import type { SandboxHost } from '../hosts.js';
import { cniAddError, failureOn, NETWORK_NOT_READY_MESSAGE, sandboxFailureMessage } from './cni.js';
import { IpPool } from './ip-pool.js';
import { kubeletLiveness, type Liveness } from './node-alive.js';

/** kubelet backOffPeriod for a failed pod sync, and wait.Jitter's factor. */
const SYNC_BACKOFF = 10_000;
const SYNC_JITTER = 0.5;
const NETWORK_NOT_READY_RESYNC = 2_000;

export function createSandboxHost(world: World, nodeName: string): SandboxHost {
  return new NodeSandboxes(world, nodeName);
}

export class NodeSandboxes implements SandboxHost {
  private pool: IpPool | undefined;
  private readonly tasks = new Map<string, Task>();

  private readonly alive: Liveness;

  constructor(
    private readonly world: World,
    private readonly nodeName: string,
  ) {
    this.alive = kubeletLiveness(world, nodeName);
  }

  private ipPool(): IpPool {
    if (this.pool === undefined) {
      const node = this.world.store.get<NodeObj>('nodes', undefined, this.nodeName);
      const spec = this.world.scenario.cluster.nodes.find((n) => n.name === this.nodeName);
      this.pool = new IpPool(node?.spec.podCIDR ?? '10.244.0.0/24', spec?.podIPs ?? 254);
    }
    return this.pool;
  }

  /** Addresses handed out now (for tests and the node's own bookkeeping). */
  get allocated(): number {
    return this.pool?.inUse ?? 0;
  }

  create(pod: PodObj, done: (podIP: string) => void): void {
    const key = podKey(pod);
    this.world.cancel(this.tasks.get(key));
    const attempt = (): void => {
      this.tasks.delete(key);
      if (!this.stillHere(pod)) return;
      if (!this.alive()) {
        this.schedule(key, SYNC_BACKOFF, attempt);
        return;
      }
      const cni = this.world.scenario.cluster.cni;
      if (pod.spec.hostNetwork === true) {
        this.schedule(key, cni.setupDelay, () => {
          this.tasks.delete(key);
          done(this.nodeIP());
        });
        return;
      }
      const failure = failureOn(cni, this.nodeName);
      if (failure?.mode === 'not-ready') {
        this.event(pod, 'NetworkNotReady', NETWORK_NOT_READY_MESSAGE);
        this.schedule(key, NETWORK_NOT_READY_RESYNC, attempt);
        return;
      }
      const mode = failure?.mode;
      const sandboxId = this.world.rng.hex(64);
      this.schedule(key, cni.setupDelay, () => {
        this.tasks.delete(key);
        if (!this.stillHere(pod)) return;
        const pool = this.ipPool();
        const ip = mode === undefined ? pool.allocate(key) : undefined;
        if (ip !== undefined) {
          done(ip);
          return;
        }
        const detail = cniAddError(cni, mode ?? 'ip-exhausted', pool.rangeSet);
        this.event(pod, 'FailedCreatePodSandBox', sandboxFailureMessage(cni.plugin, sandboxId, detail));
        this.schedule(key, SYNC_BACKOFF * (1 + this.world.rng.next() * SYNC_JITTER), attempt);
      });
    };
    attempt();
  }

  remove(pod: PodObj): void {
    const key = podKey(pod);
    this.world.cancel(this.tasks.get(key));
    this.tasks.delete(key);
    this.pool?.release(key);
  }

  private schedule(key: string, delay: number, fn: () => void): void {
    this.tasks.set(key, this.world.after(delay, fn));
  }

  private event(pod: PodObj, reason: string, message: string): void {
    this.world.events.record({
      object: pod,
      type: 'Warning',
      reason,
      message,
      component: 'kubelet',
      host: this.nodeName,
    });
  }

  /** The pod object is still the one we were asked about (not deleted, not replaced). */
  private stillHere(pod: PodObj): boolean {
    const current = this.world.store.get<PodObj>('pods', pod.metadata.namespace, pod.metadata.name);
    return current !== undefined && current.metadata.uid === pod.metadata.uid;
  }

  private nodeIP(): string {
    const node = this.world.store.get<NodeObj>('nodes', undefined, this.nodeName);
    const addresses = (node?.status as { addresses?: { type: string; address: string }[] } | undefined)
      ?.addresses;
    return addresses?.find((a) => a.type === 'InternalIP')?.address ?? '10.0.0.2';
  }
}

const podKey = (pod: PodObj): string =>
  pod.metadata.uid ?? `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
