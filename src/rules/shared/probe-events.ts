/**
 * Probe events as the kubelet's prober writes them (pkg/kubelet/prober/prober.go):
 * `Unhealthy` "<Probe> probe failed: <output>", "<Probe> probe errored and resulted in <state>
 * state: <err>" (older: "<Probe> probe errored: <err>"), and `Killing` "Container <name> failed
 * liveness|startup probe, will be restarted" from the runtime manager.
 */
import type { ContainerRef, EventRecord } from '../../model/index.js';
import { eventContainer } from './events.js';
import type { ProbeName } from './probe-spec.js';

export interface ProbeMessage {
  readonly probe: ProbeName;
  readonly outcome: 'failed' | 'errored';
  /** The probe's output or error, as the kubelet reported it (may span lines). */
  readonly detail: string;
}

/** The event recorder's aggregation prefix on repeated similar events. */
const COMBINED = /^\(combined from similar events\):\s*/;
const UNHEALTHY =
  /^(liveness|readiness|startup) probe (failed|errored)(?: and resulted in \S+ state)?:\s?([\s\S]*)$/i;

export function parseProbeMessage(message: string): ProbeMessage | undefined {
  const m = UNHEALTHY.exec(message.trim().replace(COMBINED, ''));
  if (m === null) return undefined;
  const probe = (m[1] ?? '').toLowerCase() as ProbeName;
  return {
    probe,
    outcome: (m[2] ?? '').toLowerCase() === 'errored' ? 'errored' : 'failed',
    detail: (m[3] ?? '').trim(),
  };
}

export interface ProbeKill {
  readonly container: string;
  readonly probe: 'liveness' | 'startup';
  /** False when the restart policy keeps the container down (no ", will be restarted"). */
  readonly restart: boolean;
}

/** 1.16+: `Container app failed liveness probe, will be restarted`. */
const KILL = /^Container (\S+) failed (liveness|startup) probe(, will be restarted)?/i;
/** 1.9-1.15: `Killing container with id docker://app:Container failed liveness probe.. Container will be killed and recreated.` */
const KILL_1_9 =
  /^Killing container with id \w[\w.-]*:\/\/([^:\s]*):\s*Container failed (liveness|startup) probe\.*\s*(Container will be killed and recreated)?/i;
/** 1.3-1.8: `Killing container with docker id 7dc6893a5f79: pod "p_ns(uid)" container "app" is unhealthy, it will be killed and re-created.` */
const KILL_1_3 =
  /^Killing container with .*?container "([^"]+)" is unhealthy, it will be killed and re-created/i;
/** A runtime container ID (docker, containerd) rather than a name. */
const CONTAINER_ID = /^[0-9a-f]{12,64}$/;

export function parseProbeKill(message: string): ProbeKill | undefined {
  const text = message.trim().replace(COMBINED, '');
  const m = KILL.exec(text) ?? KILL_1_9.exec(text);
  if (m !== null) {
    const name = m[1] ?? '';
    return {
      container: CONTAINER_ID.test(name) ? '' : name,
      probe: (m[2] ?? '').toLowerCase() === 'startup' ? 'startup' : 'liveness',
      restart: m[3] !== undefined,
    };
  }
  // Before 1.9 only the liveness probe killed containers, and it always restarted them.
  const old = KILL_1_3.exec(text);
  return old === null ? undefined : { container: old[1] ?? '', probe: 'liveness', restart: true };
}

/**
 * Whether an event concerns a container: by involvedObject.fieldPath when it has one, else by
 * the container name in the message, else only when the pod has a single container (`sole`).
 */
export function aboutContainer(e: EventRecord, ref: ContainerRef, sole: boolean, named?: string): boolean {
  const c = eventContainer(e);
  if (c !== undefined) return c.name === ref.name && c.type === ref.type;
  if (named !== undefined && named !== '') return named === ref.name;
  return sole;
}

export interface ProbeFailureEvent {
  readonly event: EventRecord;
  readonly parsed: ProbeMessage;
}

/** `Unhealthy` failures of the given probes that concern the container, oldest first. */
export function probeFailures(
  events: readonly EventRecord[],
  ref: ContainerRef,
  sole: boolean,
  probes: readonly ProbeName[],
): ProbeFailureEvent[] {
  const out: ProbeFailureEvent[] = [];
  for (const event of events) {
    if (event.reason !== 'Unhealthy') continue;
    const parsed = parseProbeMessage(event.message);
    if (parsed !== undefined && probes.includes(parsed.probe) && aboutContainer(event, ref, sole)) {
      out.push({ event, parsed });
    }
  }
  return out;
}

export interface ProbeKillEvent {
  readonly event: EventRecord;
  readonly kill: ProbeKill;
}

/**
 * `Killing` events that say the kubelet killed the container for a failed liveness/startup probe.
 * A kill that names no container (old messages name the runtime's container ID) is about the
 * container only when the pod has a single one (`sole`).
 */
export function probeKills(
  events: readonly EventRecord[],
  ref: ContainerRef,
  sole = false,
): ProbeKillEvent[] {
  const out: ProbeKillEvent[] = [];
  for (const event of events) {
    if (event.reason !== 'Killing') continue;
    const kill = parseProbeKill(event.message);
    if (kill !== undefined && aboutContainer(event, ref, sole, kill.container)) out.push({ event, kill });
  }
  return out;
}

export type FailureKind = 'status' | 'refused' | 'timeout' | 'unreachable' | 'reset' | 'other';

export interface FailureSummary {
  readonly kind: FailureKind;
  /** Short human text: "HTTP status 404", "connection refused (GET http://10.0.0.5:8080/healthz)". */
  readonly text: string;
  readonly statusCode?: number;
}

const STATUS = /HTTP probe failed with statuscode: (\d{3})/;
const URL_IN_GET = /Get "([^"]+)"/;
const TIMEOUT = /Client\.Timeout exceeded|context deadline exceeded|i\/o timeout|timed out|timeout/i;

function lastLine(detail: string): string {
  const lines = detail
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const line = lines.at(-1) ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** Classifies a probe's failure output into what a person acts on. */
export function summarizeFailure(detail: string): FailureSummary {
  const url = URL_IN_GET.exec(detail)?.[1];
  const where = url === undefined ? '' : ` (GET ${url})`;
  const status = STATUS.exec(detail);
  if (status !== null) {
    const code = Number(status[1]);
    return { kind: 'status', text: `HTTP status ${code}${where}`, statusCode: code };
  }
  if (/connection refused/i.test(detail)) return { kind: 'refused', text: `connection refused${where}` };
  if (TIMEOUT.test(detail)) return { kind: 'timeout', text: `timed out${where}` };
  if (/no route to host|network is unreachable/i.test(detail))
    return { kind: 'unreachable', text: `no route to host${where}` };
  if (/connection reset by peer|EOF/.test(detail)) return { kind: 'reset', text: `connection reset${where}` };
  const line = lastLine(detail);
  return { kind: 'other', text: line === '' ? 'no output' : line };
}

/** One plain-language fix sentence for a failing probe. */
export function probeFixHint(probe: ProbeName, summary: FailureSummary): string {
  switch (summary.kind) {
    case 'status':
      return summary.statusCode === 404
        ? 'The probed path does not exist: point httpGet.path at the endpoint the app really serves.'
        : `The endpoint answers with an error status: check why the app reports itself unhealthy (its logs), or whether the ${probe} probe checks the right thing.`;
    case 'refused':
      return probe === 'readiness'
        ? 'Nothing listens on the probed port: check the probe port against the port the app listens on.'
        : 'Nothing listens on the probed port: check the probe port against the port the app listens on, and give a slow starter a startupProbe instead of a short initialDelaySeconds.';
    case 'timeout':
      return 'The endpoint answers too slowly: make the check cheaper or raise timeoutSeconds (default 1s).';
    case 'unreachable':
    case 'reset':
      return 'The probe could not reach the app: check that it listens on the pod IP (not only 127.0.0.1) and on the probed port.';
    case 'other':
      return `Read the probe output above: it is the app's own explanation of why the ${probe} check fails.`;
  }
}
