/**
 * What a pod's processes answer on the network: which running container listens on a port
 * (its behaviour's ports after listenAfter, else its declared containerPorts) and its HTTP
 * answer by path. Probes and pods/proxy GETs share it, so both see the same thing.
 */
import type { HttpAnswer } from '../../world/world.js';
import type { ContainerRun } from './model.js';
import type { PodWorker } from './pod-worker.js';

export function listener(w: PodWorker, port: number): ContainerRun | undefined {
  const now = w.world.clock.now();
  return w.runs.find((r) => {
    if (r.state.kind !== 'running') return false;
    const b = w.runner.behavior(r);
    const ports = b.ports.length > 0 ? b.ports : (r.spec.ports ?? []).map((p) => p.containerPort);
    return ports.includes(port) && now - r.state.startedAt >= b.listenAfter;
  });
}

export function podHttp(w: PodWorker, port: number, path: string, timeoutMs: number): HttpAnswer {
  const r = listener(w, port);
  const ip = w.podIP ?? '';
  if (r === undefined || r.state.kind !== 'running')
    return { kind: 'error', message: `dial tcp ${ip}:${port}: connect: connection refused` };
  const elapsed = w.world.clock.now() - r.state.startedAt;
  const ep = w.runner
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
