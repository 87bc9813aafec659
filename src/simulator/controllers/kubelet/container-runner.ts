/**
 * Starting and stopping one container instance (kuberuntime_container.go startContainer and
 * killContainer): image, config, Created, start (or StartError), Started; then the process's
 * behaviour — logs, exit, OOM — and its probes until it ends.
 */
import type { ContainerBehavior } from '../../scenario/types.js';
import { containerConfigError } from './container-config.js';
import { CONTAINER_ID_PREFIX, imageIdOf, startErrorMessage } from './format.js';
import {
  type ContainerRun,
  PLEG_MS,
  type PodWorkerView,
  SYNC_RETRY_MS,
  type Terminated,
  restarts,
} from './model.js';
import { ProbeSet } from './probes.js';
import { listener } from './pod-http.js';
import { atLeast } from '../../world/version.js';

/** Time a container takes to stop on SIGTERM when it is not killed by the grace period. */
export const STOP_MS = 1000;

export class ContainerRunner {
  private readonly probes = new Map<string, ProbeSet>();
  private readonly behaviors = new Map<string, ContainerBehavior>();

  constructor(private readonly w: PodWorkerView) {}

  private event(r: ContainerRun, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const pod = this.w.pod();
    if (pod === undefined) return;
    this.w.world.events.record({
      object: pod,
      fieldPath: r.fieldPath,
      type,
      reason,
      message,
      component: 'kubelet',
      host: this.w.env.nodeName,
    });
  }

  /** The image's behaviour, looked up once per image (probes ask for it every period). */
  behavior(r: ContainerRun): ContainerBehavior {
    const image = r.spec.image ?? '';
    let b = this.behaviors.get(image);
    if (b === undefined) {
      b = this.w.env.hosts.images.behavior(image);
      this.behaviors.set(image, b);
    }
    return b;
  }

  /** Pull (or find) the image, build the config, create and start the container. */
  start(r: ContainerRun): void {
    const pod = this.w.pod();
    if (pod === undefined) return;
    r.busy = true;
    this.w.env.hosts.images.ensure(pod, r.spec, r.fieldPath, (result) => {
      r.busy = false;
      const current = this.w.pod();
      if (this.w.frozen || this.w.terminating || this.w.terminal !== undefined || current === undefined)
        return;
      if (!result.ok) {
        this.wait(r, result.reason, result.message);
        this.w.scheduleSync(SYNC_RETRY_MS);
        return;
      }
      const configError = containerConfigError(this.w.world, current, r.spec);
      if (configError !== undefined) {
        this.wait(r, 'CreateContainerConfigError', configError);
        this.event(r, 'Warning', 'Failed', `Error: ${configError}`);
        this.w.scheduleSync(SYNC_RETRY_MS);
        return;
      }
      this.createAndStart(r);
    });
  }

  private wait(r: ContainerRun, reason: string, message: string): void {
    if (r.state.kind === 'terminated') r.last = r.state;
    r.state = { kind: 'waiting', reason, message };
    this.w.requestFlush();
  }

  private createAndStart(r: ContainerRun): void {
    const { world } = this.w;
    const ns = this.w.namespace;
    const containerID = CONTAINER_ID_PREFIX + world.rng.hex(64);
    if (r.instances > 0) {
      r.restartCount++;
      world.logs.rotate(ns, this.w.name, r.spec.name);
    }
    r.instances++;
    r.imageID = imageIdOf(r.spec.image ?? '');
    const colon = atLeast(world.scenario.cluster.version, 1, 33) ? ':' : '';
    this.event(r, 'Normal', 'Created', `Created container${colon} ${r.spec.name}`);
    const image = r.spec.image ?? '';
    const b = this.behavior(r);
    const wrongArch = this.w.env.hosts.images.wrongArch(image);
    if (b.startError !== undefined || wrongArch) {
      const executable =
        r.spec.command?.[0] ??
        `/usr/local/bin/${
          image
            .replace(/[:@].*$/, '')
            .split('/')
            .pop() ?? 'app'
        }`;
      const message = startErrorMessage(wrongArch ? 'exec format error' : (b.startError ?? ''), executable);
      const now = world.clock.now();
      const ended: Terminated = {
        kind: 'terminated',
        exitCode: 128,
        reason: 'StartError',
        message,
        startedAt: 0,
        finishedAt: now,
        containerID,
      };
      this.event(r, 'Warning', 'Failed', `Error: ${message}`);
      if (restarts(r, this.w.policy, 128)) {
        r.last = ended;
        r.state = { kind: 'waiting', reason: 'RunContainerError', message };
      } else r.state = ended;
      this.w.requestFlush();
      this.w.scheduleSync(PLEG_MS);
      return;
    }
    const startedAt = world.clock.now();
    if (r.state.kind === 'terminated') r.last = r.state;
    r.state = { kind: 'running', startedAt, containerID };
    r.started = false;
    r.ready = false;
    this.event(r, 'Normal', 'Started', `Started container ${r.spec.name}`);
    this.runBehavior(r, b, startedAt);
    this.startProbes(r);
    this.w.requestFlush();
    // The next init container (or a sidecar's followers) may go now.
    this.w.scheduleSync(0);
  }

  /** The process's own course: its start logs, then exit or OOM at the set time (`resumed`: no new logs). */
  private runBehavior(r: ContainerRun, b: ContainerBehavior, startedAt: number, resumed = false): void {
    const { world } = this.w;
    const ns = this.w.namespace;
    const crashes = b.exitAfter !== undefined || b.oomAfter !== undefined;
    const atStart = crashes && b.logs.length > 1 ? b.logs.slice(0, -1) : b.logs;
    if (!resumed)
      for (const text of atStart) world.logs.append(ns, this.w.name, r.spec.name, { at: startedAt, text });
    const lastLine = crashes && b.logs.length > 1 ? b.logs.at(-1) : undefined;
    const oom = b.oomAfter !== undefined && (b.exitAfter === undefined || b.oomAfter <= b.exitAfter);
    const after = oom ? b.oomAfter : b.exitAfter;
    if (after === undefined) return;
    r.tasks.push(
      world.after(startedAt + after - world.clock.now(), () => {
        if (lastLine !== undefined)
          world.logs.append(ns, this.w.name, r.spec.name, { at: world.clock.now(), text: lastLine });
        if (oom) this.exit(r, 137, 'OOMKilled');
        else this.exit(r, b.exitCode, b.exitCode === 0 ? 'Completed' : 'Error');
      }),
    );
  }

  private startProbes(r: ContainerRun): void {
    const probes = new ProbeSet(this.w.world, r.spec, r.fieldPath, this.w.env.nodeName, {
      pod: () => this.w.pod(),
      podIP: () => this.w.podIP,
      listening: (port) => listener(this.w, this, port) !== undefined,
      execOk: () => this.behavior(r).execOk,
      started: () => {
        r.started = true;
        this.w.requestFlush();
        this.w.scheduleSync(0);
      },
      ready: (ready) => {
        r.ready = ready;
        this.w.requestFlush();
      },
      failed: (kind) => {
        this.event(
          r,
          'Normal',
          'Killing',
          `Container ${r.spec.name} failed ${kind} probe, will be restarted`,
        );
        this.stop(r, this.gracePeriodMs(), 137, 'Error');
      },
    });
    this.probes.set(r.spec.name, probes);
    probes.start();
  }

  gracePeriodMs(): number {
    return (this.w.pod()?.spec.terminationGracePeriodSeconds ?? 30) * 1000;
  }

  /** Stops a running instance: it ends `afterMs` later with `exitCode`. */
  stop(r: ContainerRun, afterMs: number, exitCode: number, reason: string): void {
    if (r.state.kind !== 'running') return;
    this.probes.get(r.spec.name)?.stop();
    for (const t of r.tasks) this.w.world.cancel(t);
    r.tasks = [
      this.w.world.after(afterMs, () => {
        this.exit(r, exitCode, reason);
      }),
    ];
  }

  /** The process ended: terminated state, the kubelet notices on the next relist. */
  exit(r: ContainerRun, exitCode: number, reason: string): void {
    const s = r.state;
    if (s.kind !== 'running') return;
    this.probes.get(r.spec.name)?.stop();
    for (const t of r.tasks) this.w.world.cancel(t);
    r.tasks = [];
    r.state = {
      kind: 'terminated',
      exitCode,
      reason,
      startedAt: s.startedAt,
      finishedAt: this.w.world.clock.now(),
      containerID: s.containerID,
    };
    r.ready = false;
    r.started = false;
    this.w.requestFlush();
    this.w.scheduleSync(PLEG_MS);
  }

  /** The kubelet is back (node recovered): running containers carry on, probed again. */
  resumeAll(): void {
    for (const r of this.w.runs) {
      if (r.state.kind !== 'running') continue;
      this.runBehavior(r, this.behavior(r), r.state.startedAt, true);
      this.startProbes(r);
    }
  }

  /** Cancels every timer and probe (the kubelet is gone); states stay as they are. */
  stopAll(): void {
    for (const p of this.probes.values()) p.stop();
    for (const r of this.w.runs) {
      for (const t of r.tasks) this.w.world.cancel(t);
      r.tasks = [];
    }
  }
}
