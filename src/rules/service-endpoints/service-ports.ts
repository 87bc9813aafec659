/**
 * How a Service port's targetPort resolves against a pod's container ports, as the EndpointSlice
 * controller does it (podutil.FindPort): a name must match a container port name; a number is
 * used as it is, so it can only be judged when the containers declare their ports.
 */
import type { ContainerPort, Pod, ServicePort } from '../../model/index.js';

/** Container ports a Service can target: app containers and sidecars (restartable init containers). */
export function podPorts(pod: Pod): { container: string; port: ContainerPort }[] {
  const sidecars = (pod.spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always');
  return [...pod.spec.containers, ...sidecars].flatMap((c) =>
    (c.ports ?? []).map((port) => ({ container: c.name, port })),
  );
}

export type TargetPortCheck =
  | { readonly kind: 'ok' }
  /** The pod declares no ports (or its spec is not in the evidence): a numeric port may still work. */
  | { readonly kind: 'unknown' }
  | { readonly kind: 'missing'; readonly named: boolean; readonly target: string };

/** The targetPort as given: a number, or a port name ("8080" strings count as numbers). */
export function targetOf(p: ServicePort): number | string {
  const t = p.targetPort ?? p.port;
  return typeof t === 'string' && /^\d+$/.test(t) ? Number(t) : t;
}

/** How a service port's targetPort resolves on one pod. */
export function checkTargetPort(p: ServicePort, pod: Pod): TargetPortCheck {
  const target = targetOf(p);
  const protocol = p.protocol ?? 'TCP';
  const ports = podPorts(pod).filter((x) => (x.port.protocol ?? 'TCP') === protocol);
  if (typeof target === 'string') {
    if (pod.spec.containers.length === 0) return { kind: 'unknown' };
    return ports.some((x) => x.port.name === target)
      ? { kind: 'ok' }
      : { kind: 'missing', named: true, target };
  }
  if (podPorts(pod).length === 0) return { kind: 'unknown' };
  return ports.some((x) => x.port.containerPort === target)
    ? { kind: 'ok' }
    : { kind: 'missing', named: false, target: String(target) };
}

/** "app 3000/TCP (http), metrics 9090/TCP" or "none". */
export function declaredPorts(pod: Pod): string {
  const list = podPorts(pod).map(
    (x) =>
      `${x.container} ${x.port.containerPort}/${x.port.protocol ?? 'TCP'}${x.port.name ? ` (${x.port.name})` : ''}`,
  );
  return list.length === 0 ? 'none' : list.join(', ');
}

/** The target port is missing on every selected pod whose spec can tell; undefined when any has it or none can tell. */
export function targetPortMissing(
  p: ServicePort,
  pods: readonly Pod[],
): { named: boolean; target: string } | undefined {
  const checks = pods.map((pod) => checkTargetPort(p, pod)).filter((c) => c.kind !== 'unknown');
  if (checks.length === 0 || checks.some((c) => c.kind === 'ok')) return undefined;
  const first = checks[0];
  return first?.kind === 'missing' ? { named: first.named, target: first.target } : undefined;
}

/** "http 80/TCP". */
export function portLabel(p: ServicePort): string {
  return `${p.name ? `${p.name} ` : ''}${p.port}/${p.protocol ?? 'TCP'}`;
}
