/**
 * The prober (pkg/kubelet/prober): one loop per probe of a running container. Startup runs
 * first; liveness and readiness begin once it passes. Each failed attempt records a Warning
 * Unhealthy event (`Liveness probe failed: …`); failureThreshold consecutive failures flip the
 * result, successThreshold successes flip it back.
 */
import type { Container, Probe } from '../../../model/index.js';
import type { Task } from '../../world/queue.js';
import type { PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';

export type ProbeKind = 'startup' | 'liveness' | 'readiness';

export interface ProbeHooks {
  pod(): PodObj | undefined;
  podIP(): string | undefined;
  /** A TCP connect to the pod's port succeeds. */
  listening(port: number): boolean;
  /** An exec probe's command exits 0. */
  execOk(): boolean;
  started(): void;
  ready(ready: boolean): void;
  /** Liveness or startup failed past its threshold: the container must be killed. */
  failed(kind: 'liveness' | 'startup'): void;
}

const TITLE: Readonly<Record<ProbeKind, string>> = {
  startup: 'Startup',
  liveness: 'Liveness',
  readiness: 'Readiness',
};

function resolvePort(container: Container, port: number | string): number {
  if (typeof port === 'number') return port;
  const named = container.ports?.find((p) => p.name === port);
  return named?.containerPort ?? Number(port);
}

/** One probe attempt: undefined when it passed, else the prober's output. */
export function runProbe(
  world: World,
  container: Container,
  probe: Probe,
  hooks: ProbeHooks,
): string | undefined {
  const ip = hooks.podIP() ?? '';
  const timeoutMs = (probe.timeoutSeconds ?? 1) * 1000;
  if (probe.httpGet !== undefined) {
    const port = resolvePort(container, probe.httpGet.port);
    const path = probe.httpGet.path ?? '/';
    const scheme = (probe.httpGet.scheme ?? 'HTTP').toLowerCase();
    const url = `${scheme}://${ip}:${port}${path.startsWith('/') ? path : `/${path}`}`;
    const pod = hooks.pod();
    if (pod === undefined) return `Get "${url}": dial tcp ${ip}:${port}: connect: connection refused`;
    const answer = world.podHttp(pod, port, path, timeoutMs);
    if (answer.kind === 'error') return `Get "${url}": ${answer.message}`;
    if (answer.status >= 200 && answer.status < 400) return undefined;
    return `HTTP probe failed with statuscode: ${answer.status}`;
  }
  if (probe.tcpSocket !== undefined || probe.grpc !== undefined) {
    const port = probe.grpc?.port ?? resolvePort(container, probe.tcpSocket?.port ?? 0);
    if (hooks.listening(port)) return undefined;
    return probe.grpc === undefined
      ? `dial tcp ${ip}:${port}: connect: connection refused`
      : `timeout: failed to connect service "${ip}:${port}" within ${probe.timeoutSeconds ?? 1}s`;
  }
  if (probe.exec !== undefined) return hooks.execOk() ? undefined : '';
  return undefined;
}

export class ProbeSet {
  private readonly tasks = new Map<ProbeKind, Task>();
  private stopped = false;

  constructor(
    private readonly world: World,
    private readonly container: Container,
    private readonly fieldPath: string,
    private readonly nodeName: string,
    private readonly hooks: ProbeHooks,
  ) {}

  /** The container just started. */
  start(): void {
    if (this.container.startupProbe !== undefined) this.loop('startup', this.container.startupProbe);
    else this.afterStartup();
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.tasks.values()) this.world.cancel(t);
    this.tasks.clear();
  }

  private afterStartup(): void {
    this.hooks.started();
    if (this.container.livenessProbe !== undefined) this.loop('liveness', this.container.livenessProbe);
    if (this.container.readinessProbe !== undefined) this.loop('readiness', this.container.readinessProbe);
    else this.hooks.ready(true);
  }

  private loop(kind: ProbeKind, probe: Probe): void {
    const period = (probe.periodSeconds ?? 10) * 1000;
    const failureThreshold = probe.failureThreshold ?? 3;
    const successThreshold = kind === 'readiness' ? (probe.successThreshold ?? 1) : 1;
    let failures = 0;
    let successes = 0;
    let result: boolean | undefined;
    const tick = (): void => {
      if (this.stopped) return;
      const failure = runProbe(this.world, this.container, probe, this.hooks);
      if (failure === undefined) {
        failures = 0;
        successes++;
        if (successes >= successThreshold && result !== true) {
          result = true;
          if (kind === 'startup') {
            this.tasks.delete(kind);
            this.afterStartup();
            return;
          }
          if (kind === 'readiness') this.hooks.ready(true);
        }
      } else {
        successes = 0;
        failures++;
        const pod = this.hooks.pod();
        if (pod !== undefined)
          this.world.events.record({
            object: pod,
            fieldPath: this.fieldPath,
            type: 'Warning',
            reason: 'Unhealthy',
            message: `${TITLE[kind]} probe failed: ${failure}`,
            component: 'kubelet',
            host: this.nodeName,
          });
        if (failures >= failureThreshold && result !== false) {
          result = false;
          if (kind === 'readiness') this.hooks.ready(false);
          else {
            this.stop();
            this.hooks.failed(kind);
            return;
          }
        }
      }
      this.tasks.set(kind, this.world.after(period, tick));
    };
    // The worker's first effective probe comes once initialDelaySeconds have passed (and not
    // before the kubelet has seen the container running, ~1 s after the start).
    const first = Math.max((probe.initialDelaySeconds ?? 0) * 1000, 1000);
    this.tasks.set(kind, this.world.after(first, tick));
  }
}
