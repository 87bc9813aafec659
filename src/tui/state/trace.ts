import type {
  ChainStatus,
  Diagnosis,
  EventRecord,
  Pod,
  StageId,
  StartupBreakdown,
} from '../../model/index.js';
import { parseDuration, parseTime } from '../../k8s/index.js';
import { formatMs } from '../format.js';
import type { PodFacts } from './pod-facts.js';

/** The pod-startup SLO (SIG Scalability): 5 s, excluding image pulls and init containers. */
export const STARTUP_SLO_MS = 5000;

/** One bar of the timeline: a stage, or a finer step inside it (one container's pull). */
export interface TraceBar {
  readonly stage: StageId;
  /** The stage id, or the step: "pull app", "init db-migrate". */
  readonly label: string;
  /** A step inside its stage (drawn indented). */
  readonly step: boolean;
  readonly status: ChainStatus;
  readonly startMs: number;
  readonly endMs: number;
  /** Extra words: "510ms pulling (6.0s incl. waiting)". */
  readonly note?: string | undefined;
}

export interface StartupSlo {
  readonly createdMs: number;
  /** When the pod breaks the SLO: creation + 5 s + pull time + init time. */
  readonly deadlineMs: number;
  readonly breakdown: StartupBreakdown;
}

export interface PodTrace {
  readonly originMs: number;
  readonly endMs: number;
  readonly bars: readonly TraceBar[];
  readonly slo: StartupSlo | undefined;
}

const FIELD_PATH = /^spec\.(containers|initContainers|ephemeralContainers)\{(.+)\}$/;

function containerOf(e: EventRecord): { readonly init: boolean; readonly name: string } | undefined {
  const m = FIELD_PATH.exec(e.regarding.fieldPath ?? '');
  return m?.[2] === undefined ? undefined : { init: m[1] === 'initContainers', name: m[2] };
}

/** `Successfully pulled image "x" in 510ms (6.033s including waiting)` (kubelet, facts §image). */
const PULLED = /^Successfully pulled image ".*" in ([0-9.]+[a-zµ]+) \(([0-9.]+[a-zµ]+) including waiting\)/;

export interface PullStep {
  readonly container: string;
  readonly init: boolean;
  readonly startMs: number;
  readonly endMs: number;
  /** The kubelet's own pull duration, when it says. */
  readonly pullMs: number | undefined;
  readonly waitedMs: number | undefined;
}

/** Each container's first image pull: Pulling to Pulled, with the kubelet's measured time. */
export function pullSteps(events: readonly EventRecord[]): PullStep[] {
  const out: PullStep[] = [];
  for (const e of events) {
    if (e.reason !== 'Pulled') continue;
    const m = PULLED.exec(e.message);
    const c = containerOf(e);
    const end = e.first ?? e.last;
    if (m === null || c === undefined || end === undefined || out.some((p) => p.container === c.name))
      continue;
    const pulling = events.find((x) => x.reason === 'Pulling' && containerOf(x)?.name === c.name);
    const pullMs = parseDuration(m[1] ?? '');
    const waitedMs = parseDuration(m[2] ?? '');
    const start = pulling?.first ?? (waitedMs === undefined ? end : end - waitedMs);
    out.push({ container: c.name, init: c.init, startMs: start, endMs: end, pullMs, waitedMs });
  }
  return out;
}

/** "510ms pulling (6.0s incl. waiting)": the kubelet's own figures. */
export function pullNote(p: PullStep): string | undefined {
  if (p.pullMs === undefined) return undefined;
  const waited = p.waitedMs === undefined ? '' : ` (${(p.waitedMs / 1000).toFixed(1)}s incl. waiting)`;
  return `${formatMs(p.pullMs)} pulling${waited}`;
}

function pullBar(stage: StageId, p: PullStep): TraceBar {
  return {
    stage,
    label: `pull ${p.container}`,
    step: true,
    status: 'passed',
    startMs: p.startMs,
    endMs: p.endMs,
    note: pullNote(p),
  };
}

/** Init containers that ran to completion: from start to finish. */
function initRuns(pod: Pod): { name: string; startMs: number; endMs: number }[] {
  const out: { name: string; startMs: number; endMs: number }[] = [];
  for (const s of pod.status.initContainerStatuses ?? []) {
    const t = s.state?.terminated;
    const start = parseTime(t?.startedAt);
    const end = parseTime(t?.finishedAt);
    if (t?.exitCode === 0 && start !== undefined && end !== undefined)
      out.push({ name: s.name, startMs: start, endMs: end });
  }
  return out;
}

/** The startup breakdown of the diagnosis, or the same figures from the pod when the engine gave none. */
function startupOf(d: Diagnosis, facts: PodFacts, pulls: readonly PullStep[]): StartupBreakdown | undefined {
  if (d.startup !== undefined) return d.startup;
  const pod = facts.pod;
  const created = pod?.metadata.creationTimestamp;
  if (pod === undefined || created === undefined) return undefined;
  const imagePullMs = pulls.reduce((sum, p) => sum + (p.pullMs ?? p.endMs - p.startMs), 0);
  const initMs = initRuns(pod).reduce((sum, r) => sum + (r.endMs - r.startMs), 0);
  const statuses = pod.status.containerStatuses ?? [];
  const starts = statuses.map((s) => parseTime(s.state?.running?.startedAt));
  const allStarted =
    statuses.length > 0 &&
    statuses.length === pod.spec.containers.length &&
    starts.every((s) => s !== undefined);
  const createdMs = parseTime(created) ?? 0;
  if (!allStarted) return { createdAt: created, imagePullMs, initMs };
  const startedMs = Math.max(...starts.map((s) => s ?? 0));
  const totalMs = startedMs - createdMs;
  return {
    createdAt: created,
    startedAt: new Date(startedMs).toISOString(),
    totalMs,
    imagePullMs,
    initMs,
    sloMs: Math.max(0, totalMs - imagePullMs - initMs),
  };
}

/**
 * The pod's lifecycle as bars over time: each reached stage of the chain (from its `at` and
 * duration), refined with event times (milliseconds) and finer steps (each container's pull,
 * each init container's run). Open stages (failed, progressing) run until `nowMs`.
 */
export function podTrace(d: Diagnosis, facts: PodFacts, nowMs: number): PodTrace {
  const pulls = pullSteps(facts.events);
  const startup = startupOf(d, facts, pulls);
  const created = parseTime(startup?.createdAt ?? facts.pod?.metadata.creationTimestamp);
  const scheduled = facts.events.find((e) => e.reason === 'Scheduled')?.first;
  const bars: TraceBar[] = [];
  let cursor = created;
  for (const entry of d.chain) {
    if (entry.status === 'not-reached') continue;
    let end = parseTime(entry.at);
    let start = end === undefined ? undefined : end - (entry.durationMs ?? 0);
    if (entry.stage === 'scheduling' && scheduled !== undefined && created !== undefined) {
      start = created;
      end = scheduled;
    }
    if (entry.status === 'failed' || entry.status === 'progressing') {
      // Open since the stage before it ended; else since its `at` (when the evidence first shows it).
      start = cursor ?? parseTime(entry.at) ?? nowMs;
      end = nowMs;
    }
    if (start === undefined || end === undefined) continue;
    bars.push({
      stage: entry.stage,
      label: entry.stage,
      step: false,
      status: entry.status,
      startMs: start,
      endMs: Math.max(start, end),
    });
    cursor = Math.max(cursor ?? end, end);
    if (entry.stage === 'image-pull' || (entry.stage === 'init-containers' && pulls.some((p) => p.init))) {
      for (const p of pulls.filter((x) => x.init === (entry.stage === 'init-containers')))
        bars.push(pullBar(entry.stage, p));
    }
    if (entry.stage === 'init-containers' && facts.pod !== undefined)
      for (const r of initRuns(facts.pod))
        bars.push({
          stage: entry.stage,
          label: `init ${r.name}`,
          step: true,
          status: 'passed',
          startMs: r.startMs,
          endMs: r.endMs,
        });
  }
  // Pulls the chain does not list as a stage of its own (the image-pull entry is per container).
  if (!bars.some((b) => b.stage === 'image-pull'))
    for (const p of pulls.filter((x) => !x.init)) bars.push(pullBar('image-pull', p));
  const createdMs = created ?? bars[0]?.startMs;
  const slo =
    startup === undefined || createdMs === undefined
      ? undefined
      : {
          createdMs,
          deadlineMs: createdMs + STARTUP_SLO_MS + startup.imagePullMs + startup.initMs,
          breakdown: startup,
        };
  const originMs = Math.min(createdMs ?? nowMs, ...bars.map((b) => b.startMs));
  const endMs = Math.max(originMs + 1, ...bars.map((b) => b.endMs), slo?.deadlineMs ?? 0);
  return { originMs, endMs, bars, slo };
}
