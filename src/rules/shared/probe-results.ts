/**
 * Active probe results (`--probe`, or the `probes` of a capture bundle): the answer of a
 * container's readiness or liveness httpGet endpoint, fetched through the API server's
 * pods/proxy at collection time. They are current state, like the pod's status, and they are
 * judged as the kubelet's HTTP prober judges its own GET (pkg/probe/http): a status code
 * 200 <= code < 400 succeeds; any other code, and any error (connection refused, a timeout),
 * fails. Unlike the kubelet's probe they come from the API server, without the probe's
 * httpHeaders and without following redirects, so they are evidence beside the kubelet's
 * verdict (the Ready condition, Unhealthy events), never a replacement for it.
 */
import type { Container, ContainerStatus, Evidence, ProbeResult } from '../../model/index.js';
import { humanDuration, parseTime } from '../../k8s/index.js';
import { summarizeFailure, type FailureSummary } from './probe-events.js';
import { probeOf, PROBE_DEFAULTS, type ProbeName } from './probe-spec.js';

/**
 * Results taken more than this before the reference time are not the present (watch mode keeps
 * the probes of its first collection while pods change); the same window as readiness events.
 */
export const STALE_PROBE_MS = 10 * 60_000;

export type ProbeOutcome = 'pass' | 'fail' | 'unknown';

/** What the kubelet's HTTP prober would make of the answer: 200-399 pass; other codes and errors fail. */
export function probeOutcome(r: ProbeResult): ProbeOutcome {
  if (r.statusCode !== undefined) return r.statusCode >= 200 && r.statusCode < 400 ? 'pass' : 'fail';
  if (r.error !== undefined && r.error.trim() !== '') return 'fail';
  return 'unknown';
}

/** The answer as a failure summary ("HTTP status 503", "connection refused", "timed out"), for fix hints. */
export function probeResultSummary(r: ProbeResult): FailureSummary {
  if (r.statusCode !== undefined)
    return { kind: 'status', text: `HTTP status ${r.statusCode}`, statusCode: r.statusCode };
  return summarizeFailure(r.error ?? '');
}

const PROXY_PATH = /\/pods\/[^/]+:([^/]+)\/proxy(\/.*)?$/;

/** `:8080/ready` from `/api/v1/namespaces/NS/pods/NAME:8080/proxy/ready`; other URLs as they are. */
export function probeEndpoint(r: ProbeResult): string {
  const m = PROXY_PATH.exec(r.url);
  if (m === null) return r.url;
  const port = m[1] ?? '';
  return `:${port}${m[2] ?? '/'}`;
}

/** `HTTP 503` or the error in a few words (`connection refused`, `timed out`, else its last line). */
function answerText(r: ProbeResult): string {
  if (r.statusCode !== undefined) return `HTTP ${r.statusCode}`;
  if (r.error === undefined || r.error.trim() === '') return 'no answer recorded';
  return summarizeFailure(r.error).text;
}

/**
 * `readiness probe GET :8080/ready on container checkout via pods/proxy: HTTP 503 (fails; 4 ms)`,
 * source `probe`, at the time it was taken.
 */
export function probeResultEvidence(r: ProbeResult): Evidence {
  const outcome = probeOutcome(r);
  const verdict = outcome === 'pass' ? 'passes' : outcome === 'fail' ? 'fails' : 'outcome unknown';
  const latency = r.latencyMs === undefined ? '' : `; ${r.latencyMs} ms`;
  return {
    source: 'probe',
    text: `${r.probe} probe GET ${probeEndpoint(r)} on container ${r.container} via pods/proxy: ${answerText(r)} (${verdict}${latency})`,
    ...(r.at === undefined || r.at === '' ? {} : { at: r.at }),
  };
}

/** Results that are not stale at `now` (undated ones count as current), in collection order. */
export function currentProbeResults(results: readonly ProbeResult[], now: number): ProbeResult[] {
  return results.filter((r) => {
    const t = parseTime(r.at);
    return t === undefined || now - t <= STALE_PROBE_MS;
  });
}

/**
 * The newest current result of one of the container's probes whose outcome is known, taken at or
 * after `since` (the container's start: a result from before a restart is about another instance).
 */
export function latestProbeResult(
  results: readonly ProbeResult[],
  now: number,
  container: string,
  probe: ProbeName,
  since?: number,
): ProbeResult | undefined {
  let best: ProbeResult | undefined;
  let bestAt = -Infinity;
  for (const r of currentProbeResults(results, now)) {
    if (r.container !== container || r.probe !== probe || probeOutcome(r) === 'unknown') continue;
    const t = parseTime(r.at);
    if (since !== undefined && t !== undefined && t < since) continue;
    const key = t ?? -Infinity;
    if (best === undefined || key >= bestAt) {
      best = r;
      bestAt = key;
    }
  }
  return best;
}

/**
 * How soon after its readiness endpoint starts to pass the kubelet marks a container Ready:
 * successThreshold (default 1) passing probes, one every periodSeconds (default 10 s).
 */
export function readyWithin(spec: Container | undefined): string {
  const p = probeOf(spec, 'readiness');
  const seconds = (p?.successThreshold ?? 1) * (p?.periodSeconds ?? PROBE_DEFAULTS.periodSeconds);
  return humanDuration(Math.max(1, seconds) * 1000);
}

/**
 * The failing result of the liveness endpoint of the container's running instance (`--probe`):
 * the probe fails now, so the kubelet kills the container within failureThreshold periods.
 * Undefined when the container does not run (a refused GET during a back-off says nothing).
 */
export function failingLivenessNow(
  results: readonly ProbeResult[],
  now: number,
  status: ContainerStatus | undefined,
): ProbeResult | undefined {
  const running = status?.state?.running;
  if (status === undefined || running === undefined) return undefined;
  const r = latestProbeResult(results, now, status.name, 'liveness', parseTime(running.startedAt));
  return r !== undefined && probeOutcome(r) === 'fail' ? r : undefined;
}
