import type { ContainerRef, EventRecord, Pod, StageId } from '../../model/index.js';
import { stageOrder } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { containerEntries, isSidecar, wasCreated, type ContainerEntry } from '../shared/containers.js';
import { eventContainer } from '../shared/events.js';

/**
 * When a stage was passed: `at` is epoch ms when known (a milestone from current state may have
 * no time); `iso` keeps the RFC 3339 text it came from, so output need not format it again.
 */
export interface Passed {
  readonly at?: number;
  readonly iso?: string;
}

/**
 * Milestones that mark stages passed (DESIGN.md §1), from the pod's current state and from
 * events: nodeName / PodScheduled / Scheduled; PodReadyToStartContainers or any container
 * created; Pulled; Created; Initialized; Started; ContainersReady; Ready.
 */
export interface Milestones {
  readonly pod: ReadonlyMap<StageId, Passed>;
  /** Container-level stages (image-pull, container-config, container-start), keyed by `type/name`. */
  readonly containers: ReadonlyMap<string, ReadonlyMap<StageId, Passed>>;
  /**
   * Highest chain position among the pod-level milestones (-1 when none). Initialized does not
   * count: init containers run before app images are pulled, although the chain lists them after.
   */
  readonly furthest: number;
}

export const CONTAINER_STAGES: ReadonlySet<StageId> = new Set([
  'image-pull',
  'container-config',
  'container-start',
]);

export function containerKey(ref: ContainerRef): string {
  return `${ref.type}/${ref.name}`;
}

const START_ERRORS = new Set(['StartError', 'ContainerCannotRun']);

function conditionTrue(pod: Pod, type: string): Passed | undefined {
  const c = pod.status.conditions?.find((x) => x.type === type);
  if (c?.status !== 'True') return undefined;
  const text = c.lastTransitionTime;
  const at = parseTime(text);
  if (at === undefined || text === undefined) return {};
  // Reuse the API's own text when it is already in the form formatTime would produce.
  return text.length === 20 && text.endsWith('Z') ? { at, iso: text } : { at };
}

/** Reasons of events that mark a milestone. */
const MILESTONE_REASONS = new Set(['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started']);

/**
 * One pass over the pod's events: for each milestone reason (and container), when it first
 * happened. Keys are `reason` and `reason|type/name`.
 */
function eventMilestones(events: readonly EventRecord[]): Map<string, Passed> {
  const out = new Map<string, Passed>();
  const see = (key: string, t: number | undefined): void => {
    const prev = out.get(key);
    if (prev === undefined) out.set(key, t === undefined ? {} : { at: t });
    else if (t !== undefined && (prev.at === undefined || t < prev.at)) out.set(key, { at: t });
  };
  for (const e of events) {
    if (!MILESTONE_REASONS.has(e.reason)) continue;
    const t = e.first ?? e.last;
    see(e.reason, t);
    const c = eventContainer(e);
    if (c !== undefined) see(`${e.reason}|${containerKey(c)}`, t);
  }
  return out;
}

function started(entry: ContainerEntry): Passed | undefined {
  const s = entry.status;
  if (s === undefined) return undefined;
  const running = s.state?.running;
  if (running !== undefined) {
    const at = parseTime(running.startedAt);
    return at === undefined ? {} : { at };
  }
  if (s.started === true) return {};
  for (const term of [s.state?.terminated, s.lastState?.terminated]) {
    if (term !== undefined && !START_ERRORS.has(term.reason ?? '') && term.exitCode !== 128) {
      const at = parseTime(term.startedAt);
      return at === undefined ? {} : { at };
    }
  }
  return undefined;
}

function pulled(entry: ContainerEntry): Passed | undefined {
  const s = entry.status;
  if (wasCreated(s)) return {};
  if (s?.imageID) return {};
  return undefined;
}

/** Milestones that events record, looked up by `reason` or `reason|type/name`. */
interface EventMilestones {
  get(key: string): Passed | undefined;
}

/** Each container's own stages (image-pull, container-config, container-start), keyed by `type/name`. */
function containerMilestones(
  entries: readonly ContainerEntry[],
  fromEvents: EventMilestones,
): Map<string, Map<StageId, Passed>> {
  const containers = new Map<string, Map<StageId, Passed>>();
  for (const entry of entries) {
    const cm = new Map<StageId, Passed>();
    const key = containerKey(entry.ref);
    // Each milestone: the first evidence found, most direct first (`??` stops at the first).
    const startedAt = started(entry) ?? fromEvents.get(`Started|${key}`);
    const createdAt =
      (wasCreated(entry.status) ? {} : undefined) ?? fromEvents.get(`Created|${key}`) ?? startedAt;
    const pulledAt = pulled(entry) ?? fromEvents.get(`Pulled|${key}`) ?? createdAt;
    if (pulledAt) cm.set('image-pull', pulledAt);
    if (createdAt) cm.set('container-config', createdAt);
    if (startedAt) cm.set('container-start', startedAt);
    containers.set(key, cm);
  }
  return containers;
}

export function podMilestones(pod: Pod, events: readonly EventRecord[]): Milestones {
  const m = new Map<StageId, Passed>();
  const created = parseTime(pod.metadata.creationTimestamp);
  m.set('admission', created === undefined ? {} : { at: created });

  const entries = containerEntries(pod);
  // Events only fill in what the status does not show; most pods never need them.
  let cache: Map<string, Passed> | undefined;
  const fromEvents: EventMilestones = {
    get: (key: string): Passed | undefined => (cache ??= eventMilestones(events)).get(key),
  };
  const containers = containerMilestones(entries, fromEvents);

  let anyContainerActivity = false;
  for (const cm of containers.values()) if (cm.size > 0) anyContainerActivity = true;
  const sandbox =
    conditionTrue(pod, 'PodReadyToStartContainers') ??
    conditionTrue(pod, 'PodHasNetwork') ??
    (anyContainerActivity ? {} : undefined) ??
    fromEvents.get('Pulling');
  const scheduled =
    conditionTrue(pod, 'PodScheduled') ??
    fromEvents.get('Scheduled') ??
    (pod.spec.nodeName ? {} : undefined) ??
    sandbox;
  if (scheduled) m.set('scheduling', scheduled);
  const kubeletStart = parseTime(pod.status.startTime);
  if (sandbox) {
    m.set('node', kubeletStart === undefined ? {} : { at: kubeletStart });
    m.set('volumes', sandbox);
    m.set('sandbox-network', sandbox);
  }

  const app = entries.filter((e) => e.ref.type === 'app');
  const inits = entries.filter((e) => e.ref.type === 'init' && !isSidecar(e));
  const allApp = (stage: StageId): Passed | undefined => {
    if (app.length === 0) return undefined;
    let at: number | undefined;
    for (const e of app) {
      const p = containers.get(containerKey(e.ref))?.get(stage);
      if (p === undefined) return undefined;
      if (p.at !== undefined && (at === undefined || p.at > at)) at = p.at;
    }
    return at === undefined ? {} : { at };
  };
  const initDone = inits.length > 0 && inits.every((e) => e.status?.state?.terminated?.exitCode === 0);
  const initialized =
    (inits.length > 0 ? conditionTrue(pod, 'Initialized') : undefined) ??
    (initDone ? {} : undefined) ??
    allApp('container-config');
  const ready = conditionTrue(pod, 'Ready');
  const succeeded = pod.status.phase === 'Succeeded' ? {} : undefined;

  const ordered: [StageId, Passed | undefined][] = [
    ['image-pull', allApp('image-pull')],
    ['container-config', allApp('container-config')],
    ['init-containers', inits.length === 0 ? (sandbox ?? undefined) : initialized],
    ['container-start', allApp('container-start')],
    ['readiness', ready ?? succeeded],
  ];
  for (const [stage, passed] of ordered) if (passed) m.set(stage, passed);
  if (succeeded) {
    for (const stage of ['crash', 'liveness'] as const) m.set(stage, {});
  }
  let furthest = -1;
  for (const stage of m.keys())
    if (stage !== 'init-containers') furthest = Math.max(furthest, stageOrder(stage));
  return { pod: m, containers, furthest };
}
