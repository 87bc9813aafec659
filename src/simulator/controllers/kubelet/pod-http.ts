/**
 * What a pod's processes answer on the network: which running container listens on a port
 * (its behaviour's ports after listenAfter, else its declared containerPorts) and its HTTP
 * answer by path. Probes and pods/proxy GETs share it, so both see the same thing.
 */
import type { ContainerBehavior } from '../../scenario/types.js';
import type { HttpAnswer } from '../../world/world.js';
import type { ContainerRun, PodWorkerView } from './model.js';

/** What each container's process does (the pod's container runner). */
export interface Behaviors {
  behavior(r: ContainerRun): ContainerBehavior;
}

export function listener(w: PodWorkerView, behaviors: Behaviors, port: number): ContainerRun | undefined {
  const now = w.world.clock.now();
  return w.runs.find((r) => {
    if (r.state.kind !== 'running') return false;
    const b = behaviors.behavior(r);
    const ports = b.ports.length > 0 ? b.ports : (r.spec.ports ?? []).map((p) => p.containerPort);
    return ports.includes(port) && now - r.state.startedAt >= b.listenAfter;
  });
}

export function podHttp(
  w: PodWorkerView,
  behaviors: Behaviors,
  port: number,
  path: string,
  timeoutMs: number,
): HttpAnswer {
  const r = listener(w, behaviors, port);
  const ip = w.podIP ?? '';
  if (r === undefined || r.state.kind !== 'running')
    return { kind: 'error', message: `dial tcp ${ip}:${port}: connect: connection refused` };
  const elapsed = w.world.clock.now() - r.state.startedAt;
  const ep = behaviors
    .behavior(r)
    .http.find(
      (e) =>
        e.path === path &&
        (e.after === undefined || elapsed >= e.after) &&
        (e.until === undefined || elapsed < e.until),
    );
  const status = ep?.status ?? 200;
  const latencyMs = ep?.latency ?? 1;
  // The Go HTTP client gives up after timeoutSeconds, before any response header arrives.
  if (latencyMs > timeoutMs)
    return {
      kind: 'error',
      message: 'context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
    };
  return { kind: 'response', status, body: status < 400 ? 'ok' : `${status}`, latencyMs };
}
