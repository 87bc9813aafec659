import type { ContainerRef, EventRecord, Pod, StageId } from '../../model/index.js';
import { stageOrder } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { containerEntries, isSidecar, wasCreated, type ContainerEntry } from '../shared/containers.js';
import { eventContainer } from '../shared/events.js';
import { hookFailedSince } from '../shared/post-start-hook.js';

/**
 * When a stage was passed: `at` is epoch ms when known (a milestone from current state may have
 * no time); `iso` keeps the RFC 3339 text it came from, so output need not format it again.
 */
export interface Passed {
  readonly at?: number;
  readonly iso?: string;
}

/**
 * Milestones that mark stages passed (docs/architecture.md §1), from the pod's current state and from
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
 * Pod events only the kubelet records, after it admitted the pod: volume, sandbox, image and
 * container events (kubernetes-facts §2.1). Any of them proves the pod was bound and admitted by
 * its node. Any other kubelet event (a rejection such as OutOfcpu) proves only the binding.
 */
const KUBELET_POD_REASONS = new Set([
  'Pulling',
  'Pulled',
  'Created',
  'Started',
  'Killing',
  'Unhealthy',
  'ProbeWarning',
  'BackOff',
  'Failed',
  'InspectFailed',
  'ErrImageNeverPull',
  'FailedMount',
  'FailedMapVolume',
  'SuccessfulMountVolume',
  'FailedCreatePodSandBox',
  'SandboxChanged',
  'FailedKillPod',
  'ExceededGracePeriod',
  'FailedPostStartHook',
  'FailedPreStopHook',
  'FailedSync',
  'NetworkNotReady',
]);

/** The kubelet tried to create the pod's sandbox, which it does only once the volumes are mounted. */
const SANDBOX_TRIED = new Set(['FailedCreatePodSandBox', 'SandboxChanged']);

/** Keys under which eventMilestones records kubelet activity, with no time: it proves, it does not date. */
const KUBELET_SEEN = 'kubelet';
const ADMITTED_SEEN = 'admitted';
const SANDBOX_SEEN = 'sandbox-tried';

/** A probe result proves the container ran (docs/architecture.md §1): an Unhealthy event counts as Started. */
function milestoneReason(e: EventRecord): string | undefined {
  if (MILESTONE_REASONS.has(e.reason)) return e.reason;
  return e.reason === 'Unhealthy' && eventContainer(e) !== undefined ? 'Started' : undefined;
}

/** The newest FailedPostStartHook per container key ('' for events that name none). */
function postStartFailures(events: readonly EventRecord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of events) {
    if (e.reason !== 'FailedPostStartHook') continue;
    const c = eventContainer(e);
    const key = c === undefined ? '' : containerKey(c);
    const t = e.last ?? e.first ?? Number.NEGATIVE_INFINITY;
    out.set(key, Math.max(out.get(key) ?? Number.NEGATIVE_INFINITY, t));
  }
  return out;
}

/**
 * The kubelet writes `Started` before it runs the container's postStart hook, and the start is
 * complete only when the hook returns: a start whose latest run's hook failed (the kubelet then
 * kills the container) does not prove the container-start stage.
 */
function startHookFailed(started: EventRecord, hooks: ReadonlyMap<string, number>): boolean {
  if (hooks.size === 0) return false;
  const c = eventContainer(started);
  const at = started.last ?? started.first;
  if (at === undefined) return true;
  const keys = c === undefined ? [...hooks.keys()] : [containerKey(c), ''];
  return keys.some((k) => hookFailedSince(hooks.get(k) ?? Number.NEGATIVE_INFINITY, at));
}

/**
 * One pass over the pod's events: for each milestone reason (and container), when it first
 * happened. Keys are `reason` and `reason|type/name`, plus the undated KUBELET_SEEN, ADMITTED_SEEN
 * and SANDBOX_SEEN.
 */
function eventMilestones(events: readonly EventRecord[]): Map<string, Passed> {
  const out = new Map<string, Passed>();
  const see = (key: string, t: number | undefined): void => {
    const prev = out.get(key);
    if (prev === undefined) out.set(key, t === undefined ? {} : { at: t });
    else if (t !== undefined && (prev.at === undefined || t < prev.at)) out.set(key, { at: t });
  };
  const hooksFailed = postStartFailures(events);
  for (const e of events) {
    if (KUBELET_POD_REASONS.has(e.reason)) see(ADMITTED_SEEN, undefined);
    if (KUBELET_POD_REASONS.has(e.reason) || (e.source ?? '').startsWith('kubelet'))
      see(KUBELET_SEEN, undefined);
    if (SANDBOX_TRIED.has(e.reason)) see(SANDBOX_SEEN, undefined);
    const reason = milestoneReason(e);
    if (reason === undefined) continue;
    if (e.reason === 'Started' && startHookFailed(e, hooksFailed)) continue;
    const t = e.first ?? e.last;
    see(reason, t);
    const c = eventContainer(e);
    if (c !== undefined) see(`${reason}|${containerKey(c)}`, t);
  }
  return out;
}

/**
 * A pod known only from its events (or pasted without its containers) has the containers its
 * events name (by fieldPath); without any name, the one container the events are about.
 */
function containersFromEvents(events: readonly EventRecord[]): ContainerEntry[] {
  const out = new Map<string, ContainerEntry>();
  let unnamed = false;
  for (const e of events) {
    const c = eventContainer(e);
    if (c !== undefined && c.type !== 'ephemeral')
      out.set(containerKey(c), { ref: c, spec: undefined, status: undefined });
    else if (c === undefined && milestoneReason(e) !== undefined && e.reason !== 'Scheduled') unnamed = true;
  }
  if (out.size === 0 && unnamed)
    return [{ ref: { name: '', type: 'app' }, spec: undefined, status: undefined }];
  return [...out.values()];
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
    // The one container events do not name is looked up by reason alone.
    const ev = (reason: string): Passed | undefined =>
      fromEvents.get(entry.ref.name === '' ? reason : `${reason}|${key}`);
    // Each milestone: the first evidence found, most direct first (`??` stops at the first).
    const startedAt = started(entry) ?? ev('Started');
    const createdAt = (wasCreated(entry.status) ? {} : undefined) ?? ev('Created') ?? startedAt;
    const pulledAt = pulled(entry) ?? ev('Pulled') ?? createdAt;
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
  // The object exists when it has a creation time or any status; a pod rebuilt from its events
  // (a FailedCreate on it) may never have existed, and then only a later stage proves admission.
  if (created !== undefined) m.set('admission', { at: created });
  else if (pod.status.phase !== undefined || pod.metadata.uid) m.set('admission', {});

  const known = containerEntries(pod);
  const entries = known.length > 0 ? known : containersFromEvents(events);
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
  // The kubelet creates the sandbox only once the volumes are mounted.
  const mounted = sandbox ?? fromEvents.get(SANDBOX_SEEN);
  // Only the kubelet of the pod's node records kubelet events: the pod was bound and admitted.
  const kubelet = fromEvents.get(KUBELET_SEEN);
  const scheduled =
    conditionTrue(pod, 'PodScheduled') ??
    fromEvents.get('Scheduled') ??
    (pod.spec.nodeName ? {} : undefined) ??
    mounted ??
    kubelet;
  if (scheduled) m.set('scheduling', scheduled);
  const kubeletStart = parseTime(pod.status.startTime);
  // status.startTime is set when the kubelet accepts the pod (a rejected pod gets none).
  if (kubeletStart !== undefined) m.set('node', { at: kubeletStart });
  else if (mounted ?? fromEvents.get(ADMITTED_SEEN)) m.set('node', {});
  if (mounted) m.set('volumes', mounted);
  if (sandbox) m.set('sandbox-network', sandbox);

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
  // Any later stage proves the pod was admitted.
  if (m.size > 0 && !m.has('admission')) m.set('admission', {});
  let furthest = -1;
  for (const stage of m.keys())
    if (stage !== 'init-containers') furthest = Math.max(furthest, stageOrder(stage));
  return { pod: m, containers, furthest };
}
