/**
 * One node's kubelet: admits pods bound to the node, runs a pod worker for each, and plays the
 * node's incidents from the kubelet's side (eviction under pressure, graceful shutdown, a lost
 * node that stops doing anything). Node conditions and taints are node-lifecycle's business.
 */
import type { NodeIncident } from '../../scenario/types.js';
import type { Change } from '../../world/store.js';
import type { NodeObj, PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import { admit, type Rejection } from './admission.js';
import { CrashBackoff } from './backoff.js';
import type { KubeletHosts } from './hosts.js';
import { deadlineExceeded, shutdown, terminate } from './lifecycle.js';
import { PodWorker } from './pod-worker.js';
import { qosClass } from './resources.js';
import { EvictionManager } from './eviction-manager.js';
import { STOP_MS } from './container-runner.js';

export class Kubelet {
  private readonly workers = new Map<string, PodWorker>();
  private readonly rejected = new Set<string>();
  private readonly backoff = new CrashBackoff();
  private readonly eviction: EvictionManager;
  private alive = true;

  constructor(
    private readonly world: World,
    readonly nodeName: string,
    private readonly hosts: KubeletHosts,
    /** Every node's workers by pod uid (for pods/proxy and probes). */
    private readonly registry: Map<string, PodWorker>,
  ) {
    this.eviction = new EvictionManager(
      world,
      nodeName,
      () => [...this.workers.values()],
      () => this.alive,
    );
    const spec = world.scenario.cluster.nodes.find((n) => n.name === nodeName);
    for (const incident of spec?.incidents ?? [])
      world.after(incident.at - world.clock.elapsed(), () => {
        this.incident(incident);
      });
    for (const pod of world.store.list<PodObj>('pods'))
      if (pod.spec.nodeName === nodeName) this.onPod({ type: 'ADDED', object: pod });
  }

  private node(): NodeObj | undefined {
    return this.world.store.get<NodeObj>('nodes', undefined, this.nodeName);
  }

  private hostIP(): string {
    const status = this.node()?.status as { addresses?: { type: string; address: string }[] } | undefined;
    return status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '';
  }

  onPod(change: Pick<Change, 'type' | 'object'>): void {
    if (!this.alive) return;
    const pod = change.object as PodObj;
    const uid = pod.metadata.uid ?? '';
    const worker = this.workers.get(uid);
    if (change.type === 'DELETED') {
      if (worker !== undefined && !worker.terminating) {
        // Removed without a graceful stop (force delete): tear down what is left.
        worker.freeze();
        if (worker.podIP !== undefined && !worker.sandboxRemoved) this.hosts.sandbox.remove(pod);
        this.hosts.volumes.unmount(pod, () => undefined);
      }
      this.forget(uid);
      this.world.logs.forget(pod.metadata.namespace ?? 'default', pod.metadata.name);
      return;
    }
    const current = this.world.store.get<PodObj>('pods', pod.metadata.namespace, pod.metadata.name);
    if (current?.metadata.uid !== uid || current.spec.nodeName !== this.nodeName) return;
    if (worker !== undefined) {
      if (current.metadata.deletionTimestamp !== undefined) terminate(worker);
      return;
    }
    if (this.rejected.has(uid)) {
      if (
        current.metadata.deletionTimestamp !== undefined &&
        (current.metadata.finalizers ?? []).length === 0
      )
        this.world.store.remove('pods', current.metadata.namespace, current.metadata.name);
      return;
    }
    // Objects written without a status (no API server defaulting) still get one from the kubelet.
    const phase = (current.status as PodObj['status'] | undefined)?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') return;
    const rejection = this.admission(current);
    if (rejection !== undefined) {
      this.reject(current, rejection);
      return;
    }
    const w = new PodWorker(
      {
        world: this.world,
        hosts: this.hosts,
        nodeName: this.nodeName,
        hostIP: this.hostIP(),
        backoff: this.backoff,
        done: (id) => {
          this.forget(id);
        },
      },
      current,
    );
    this.workers.set(uid, w);
    this.registry.set(uid, w);
    w.start();
    const deadline = current.spec.activeDeadlineSeconds;
    if (deadline !== undefined)
      this.world.after(deadline * 1000, () => {
        if (this.alive) deadlineExceeded(w);
      });
    if (current.metadata.deletionTimestamp !== undefined) terminate(w);
  }

  private forget(uid: string): void {
    this.workers.delete(uid);
    this.registry.delete(uid);
    this.backoff.forget(`${uid}/`);
  }

  private admission(pod: PodObj): Rejection | undefined {
    const node = this.node();
    if (node === undefined) return { reason: 'InvalidNodeInfo', message: 'Kubelet cannot get node info.' };
    const admitted = [...this.workers.values()]
      .filter((w) => w.terminal === undefined)
      .map((w) => w.pod())
      .filter((p): p is PodObj => p !== undefined);
    const fit = admit(node, pod, admitted);
    if (fit !== undefined) return fit;
    // The eviction manager turns away BestEffort pods while memory is short.
    if (this.eviction.under('memory-pressure') && qosClass(pod) === 'BestEffort')
      return { reason: 'Evicted', message: 'The node had condition: [MemoryPressure]. ' };
    return undefined;
  }

  private reject(pod: PodObj, r: Rejection): void {
    this.rejected.add(pod.metadata.uid ?? '');
    this.world.events.record({
      object: pod,
      type: 'Warning',
      reason: r.reason,
      message: r.message,
      component: 'kubelet',
      host: this.nodeName,
    });
    pod.status = {
      phase: 'Failed',
      reason: r.reason,
      message: `Pod was rejected: ${r.message}`,
      qosClass: qosClass(pod),
    };
    this.world.store.update(pod);
  }

  private incident(incident: NodeIncident): void {
    if (!this.alive && incident.type !== 'recover') return;
    switch (incident.type) {
      case 'lost':
        this.stop();
        return;
      case 'shutdown':
        for (const w of this.workers.values()) shutdown(w);
        // The node powers off once the pods had their shutdown grace period.
        this.world.after(STOP_MS + 1000, () => {
          this.stop();
        });
        return;
      case 'memory-pressure':
      case 'disk-pressure':
      case 'pid-pressure':
        this.eviction.start(incident.type);
        return;
      case 'recover':
        this.eviction.clear();
        if (!this.alive) this.restart();
        return;
      default:
        return;
    }
  }

  /** The kubelet runs again: its pods resume and it catches up on pods bound or deleted meanwhile. */
  private restart(): void {
    this.alive = true;
    for (const w of this.workers.values()) w.resume();
    for (const pod of this.world.store.list<PodObj>('pods'))
      if (pod.spec.nodeName === this.nodeName) this.onPod({ type: 'MODIFIED', object: pod });
  }

  private stop(): void {
    this.alive = false;
    for (const w of this.workers.values()) w.freeze();
  }
}
