import type { Container, Probe } from '../../model/index.js';
import { kubectl } from './kubectl.js';

/** The three container probes, as the pod spec names them. */
export const PROBE_FIELDS = {
  liveness: 'livenessProbe',
  readiness: 'readinessProbe',
  startup: 'startupProbe',
} as const;
export type ProbeName = keyof typeof PROBE_FIELDS;

/** Kubernetes defaults for probe timing (pod-lifecycle docs). */
export const PROBE_DEFAULTS = {
  initialDelaySeconds: 0,
  periodSeconds: 10,
  timeoutSeconds: 1,
  failureThreshold: 3,
} as const;

export function probeOf(spec: Container | undefined, name: ProbeName): Probe | undefined {
  return spec?.[PROBE_FIELDS[name]];
}

function portText(port: number | string | undefined): string {
  return port === undefined || port === '' ? '?' : String(port);
}

/** The probe's handler: `httpGet http://:8080/healthz`, `tcpSocket :5432`, `grpc :9090`, `exec [cat /tmp/ok]`. */
function handlerText(probe: Probe): string {
  if (probe.httpGet !== undefined) {
    const scheme = (probe.httpGet.scheme ?? 'HTTP').toLowerCase() === 'https' ? 'https' : 'http';
    const path = probe.httpGet.path ?? '/';
    return `httpGet ${scheme}://:${portText(probe.httpGet.port)}${path.startsWith('/') ? '' : '/'}${path}`;
  }
  if (probe.tcpSocket !== undefined) return `tcpSocket :${portText(probe.tcpSocket.port)}`;
  if (probe.grpc !== undefined) return `grpc :${portText(probe.grpc.port)}`;
  if (probe.exec !== undefined) {
    const cmd = (probe.exec.command ?? []).join(' ');
    return `exec [${cmd.length > 80 ? `${cmd.slice(0, 77)}...` : cmd}]`;
  }
  return 'handler not in the evidence';
}

const TIMING_FIELDS = [
  'initialDelaySeconds',
  'periodSeconds',
  'timeoutSeconds',
  'failureThreshold',
  'successThreshold',
] as const;

/**
 * A probe as one line, quoting only the fields the spec sets (so it reads like the YAML):
 * `httpGet http://:8080/healthz, initialDelaySeconds=5, periodSeconds=10, failureThreshold=3`.
 */
export function formatProbe(probe: Probe): string {
  const parts = [handlerText(probe)];
  for (const field of TIMING_FIELDS) {
    const value = probe[field];
    if (typeof value === 'number') parts.push(`${field}=${value}`);
  }
  return parts.join(', ');
}

function nonNegative(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * Seconds a probe may fail from the container's start before the kubelet acts on it:
 * initialDelaySeconds + failureThreshold × periodSeconds, with the Kubernetes defaults
 * (0, 3, 10) for fields the spec leaves out.
 */
export function probeBudgetSeconds(probe: Probe): number {
  const delay = nonNegative(probe.initialDelaySeconds, PROBE_DEFAULTS.initialDelaySeconds);
  const threshold =
    nonNegative(probe.failureThreshold, PROBE_DEFAULTS.failureThreshold) || PROBE_DEFAULTS.failureThreshold;
  const period =
    nonNegative(probe.periodSeconds, PROBE_DEFAULTS.periodSeconds) || PROBE_DEFAULTS.periodSeconds;
  return delay + threshold * period;
}

/** The port a probe targets, when it names one (number or named container port). */
export function probePort(probe: Probe): number | string | undefined {
  return probe.httpGet?.port ?? probe.tcpSocket?.port ?? probe.grpc?.port;
}

/**
 * Commands to try an HTTP probe by hand from the workstation (port-forward, then curl), when
 * the probe is an httpGet on a numeric port; none otherwise.
 */
export function probeCheckCommands(
  pod: string,
  namespace: string | undefined,
  probe: Probe | undefined,
): string[] {
  const port = probe?.httpGet?.port;
  if (typeof port !== 'number') return [];
  const path = probe?.httpGet?.path ?? '/';
  const scheme = (probe?.httpGet?.scheme ?? 'HTTP').toLowerCase() === 'https' ? 'https' : 'http';
  return [
    kubectl.raw(`port-forward pod/${kubectl.quote(pod)}${kubectl.nsFlag(namespace)} ${port}:${port}`),
    `curl -i${scheme === 'https' ? 'k' : ''} ${scheme}://127.0.0.1:${port}${path.startsWith('/') ? '' : '/'}${path}`,
  ];
}
