/**
 * One pod on one node, driven in the kubelet's SyncPod order: volumes, sandbox, init containers
 * one at a time, then the app containers (each pulled, configured, created and started). Every
 * change goes into the worker's own model; `flush` turns it into one status update per
 * simulated instant, so watchers see one MODIFIED per visible change.
 */
import type { Task } from '../../world/queue.js';
import type { PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import {
  type ContainerRun,
  type PodWorkerView,
  type TerminalStatus,
  type WorkerEnv,
  SYNC_RETRY_MS,
  lastEnded,
  newRun,
  restarts,
} from './model.js';
import { buildStatus } from './pod-status.js';
import { ContainerRunner } from './container-runner.js';
import { formatPod, goDuration } from './format.js';
import { sameJson } from './same-json.js';

export class PodWorker implements PodWorkerView {
  readonly uid: string;
  readonly namespace: string;
  readonly name: string;
  readonly runs: ContainerRun[];
  readonly runner: ContainerRunner;
  podIP: string | undefined;
  /** The sandbox was torn down (the pod keeps its IP in status, as upstream does). */
  sandboxRemoved = false;
  private volumesMounted = false;
  private volumesRequested = false;
  private sandboxRequested = false;
  private readonly startTime: string;
  /** Set once the pod is finished: its status stays terminal. */
  terminal: TerminalStatus | undefined;
  terminating = false;
  /** The kubelet stopped (node lost or shut down): nothing more happens. */
  frozen = false;
  private flushTask: Task | undefined;
  private syncTask: Task | undefined;

  constructor(
    readonly env: WorkerEnv,
    pod: PodObj,
  ) {
    this.uid = pod.metadata.uid ?? '';
    this.namespace = pod.metadata.namespace ?? 'default';
    this.name = pod.metadata.name;
    const inits = pod.spec.initContainers ?? [];
    this.runs = [
      ...inits.map((c) => newRun(c, true, 'PodInitializing')),
      ...pod.spec.containers.map((c) =>
        newRun(c, false, inits.length > 0 ? 'PodInitializing' : 'ContainerCreating'),
      ),
    ];
    this.startTime = env.world.clock.iso();
    this.runner = new ContainerRunner(this);
  }

  get world(): World {
    return this.env.world;
  }

  /** The stored pod, if it is still this pod. */
  pod(): PodObj | undefined {
    const pod = this.world.store.get<PodObj>('pods', this.namespace, this.name);
    return pod?.metadata.uid === this.uid ? pod : undefined;
  }

  get policy(): string {
    return this.pod()?.spec.restartPolicy ?? 'Always';
  }

  start(): void {
    this.flush();
    this.sync();
  }

  /** Coalesces status writes: one update after everything at this instant has run. */
  requestFlush(): void {
    if (this.flushTask !== undefined || this.frozen) return;
    this.flushTask = this.world.after(0, () => {
      this.flushTask = undefined;
      this.flush();
    });
  }

  flush(): void {
    const pod = this.pod();
    if (pod === undefined || this.frozen) return;
    const status = buildStatus({
      pod,
      runs: this.runs,
      now: this.world.clock.iso(),
      iso: (ms) => this.world.clock.iso(ms),
      startTime: this.startTime,
      hostIP: this.env.hostIP,
      ...(this.podIP === undefined ? {} : { podIP: this.podIP }),
      sandboxReady: this.podIP !== undefined && !this.sandboxRemoved,
      terminal: this.terminal !== undefined,
      ...(this.terminal?.phase === undefined ? {} : { phase: this.terminal.phase }),
      ...(this.terminal?.reason === undefined ? {} : { reason: this.terminal.reason }),
      ...(this.terminal?.message === undefined ? {} : { message: this.terminal.message }),
      ...(this.terminal?.disruption === undefined ? {} : { disruption: this.terminal.disruption }),
    });
    if (sameJson(status, pod.status)) return;
    pod.status = status;
    this.world.store.update(pod);
  }

  /** Runs sync after `delayMs` unless one is already due sooner. */
  scheduleSync(delayMs: number): void {
    const at = this.world.clock.now() + delayMs;
    if (this.syncTask !== undefined && !this.syncTask.cancelled && this.syncTask.at <= at) return;
    this.world.cancel(this.syncTask);
    this.syncTask = this.world.after(delayMs, () => {
      this.syncTask = undefined;
      this.sync();
    });
  }

  /** SyncPod: take the next step the pod is ready for. */
  sync(): void {
    if (this.frozen || this.terminating || this.terminal !== undefined) return;
    const pod = this.pod();
    if (pod === undefined) return;
    if (!this.volumesMounted) {
      if (!this.volumesRequested) {
        this.volumesRequested = true;
        this.env.hosts.volumes.mount(pod, () => {
          this.volumesMounted = true;
          this.sync();
        });
      }
      return;
    }
    if (this.podIP === undefined) {
      if (!this.sandboxRequested) {
        this.sandboxRequested = true;
        this.env.hosts.sandbox.create(pod, (ip) => {
          if (this.frozen) return;
          this.podIP = ip;
          this.requestFlush();
          this.sync();
        });
      }
      return;
    }
    if (!this.syncInit()) return;
    for (const r of this.runs) if (!r.init) this.syncContainer(r);
    this.requestFlush();
  }

  /** Init containers in order; true once they are all done (sidecars started). */
  private syncInit(): boolean {
    // Once an app container has run, the pod was initialized: only dead sidecars restart.
    const initialized = this.runs.some((r) => !r.init && r.instances > 0);
    for (const r of this.runs) {
      if (!r.init) continue;
      if (initialized) {
        if (r.sidecar) this.syncContainer(r);
        continue;
      }
      if (r.sidecar) {
        if (r.state.kind === 'running' && r.started) continue;
        this.syncContainer(r);
        return false;
      }
      if (r.state.kind === 'terminated' && r.state.exitCode === 0) continue;
      this.syncContainer(r);
      this.requestFlush();
      return false;
    }
    return true;
  }

  /** Starts a container that is not running, if its restart policy and back-off allow. */
  private syncContainer(r: ContainerRun): void {
    if (r.busy || r.state.kind === 'running') return;
    const ended = lastEnded(r);
    if (ended !== undefined) {
      if (!restarts(r, this.policy, ended.exitCode)) return;
      const key = `${this.uid}/${r.spec.name}`;
      const now = this.world.clock.now();
      const { backoff } = this.env;
      if (backoff.inBackOff(key, ended.finishedAt, now)) {
        this.crashLoopBackOff(r, ended.finishedAt, key);
        return;
      }
      backoff.next(key, ended.finishedAt);
    }
    this.runner.start(r);
  }

  private crashLoopBackOff(r: ContainerRun, finishedAt: number, key: string): void {
    const pod = this.pod();
    if (pod === undefined) return;
    if (r.state.kind === 'terminated') r.last = r.state;
    const { backoff } = this.env;
    r.state = {
      kind: 'waiting',
      reason: 'CrashLoopBackOff',
      message: `back-off ${goDuration(backoff.get(key))} restarting failed container=${r.spec.name} pod=${formatPod(pod)}`,
    };
    this.world.events.record({
      object: pod,
      fieldPath: r.fieldPath,
      type: 'Warning',
      reason: 'BackOff',
      message: `Back-off restarting failed container ${r.spec.name} in pod ${formatPod(pod)}`,
      component: 'kubelet',
      host: this.env.nodeName,
    });
    this.requestFlush();
    const due = backoff.until(key, finishedAt) - this.world.clock.now();
    this.scheduleSync(Math.max(0, Math.min(due, SYNC_RETRY_MS)));
  }

  /** The kubelet is back: pick up where it stopped. */
  resume(): void {
    if (!this.frozen) return;
    this.frozen = false;
    if (this.terminal === undefined && !this.terminating) this.runner.resumeAll();
    this.requestFlush();
    this.sync();
  }

  /** The kubelet stops without cleaning up (node lost): the pod keeps its last status. */
  freeze(): void {
    this.frozen = true;
    this.runner.stopAll();
    this.world.cancel(this.syncTask);
    this.world.cancel(this.flushTask);
  }
}
