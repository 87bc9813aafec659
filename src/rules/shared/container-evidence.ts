import type { ContainerRef, ContainerStatus, EventRecord, Evidence, Pod } from '../../model/index.js';
import { isUnnamed } from '../../model/index.js';
import { containerEntries, type ContainerEntry } from './containers.js';
import { eventContainer, eventTime } from './events.js';
import { kubectl } from './kubectl.js';

/**
 * Shared wording and look-ups for rules that report one container's failure: how to name
 * it, how to quote its status, which events belong to it, and kubectl commands for it.
 */

/** "container app", "init container migrate", or "a container" when the evidence does not say which. */
export function containerSubject(ref: ContainerRef | undefined): string {
  if (ref === undefined) return 'a container';
  const kind =
    ref.type === 'init' ? 'init container' : ref.type === 'ephemeral' ? 'ephemeral container' : 'container';
  return `${kind} ${ref.name}`;
}

function specList(ref: ContainerRef): string {
  return ref.type === 'init'
    ? 'initContainers'
    : ref.type === 'ephemeral'
      ? 'ephemeralContainers'
      : 'containers';
}

/** `containerStatuses[app]`, `initContainerStatuses[migrate]`. */
export function statusField(ref: ContainerRef): string {
  return `${ref.type === 'init' ? 'initContainerStatuses' : ref.type === 'ephemeral' ? 'ephemeralContainerStatuses' : 'containerStatuses'}[${ref.name}]`;
}

/** Evidence line quoting a container state, e.g. `containerStatuses[app].state.waiting: ErrImagePull: …`. */
export function stateEvidence(
  ref: ContainerRef,
  where: string,
  reason: string,
  message: string | undefined,
): Evidence {
  const detail =
    message === undefined || message.trim() === ''
      ? reason
      : `${reason}: ${message.replace(/\s+/g, ' ').trim()}`;
  return { source: 'status', text: `${statusField(ref)}.${where}: ${detail}` };
}

/** `kubectl get pod P -n NS -o jsonpath='{.spec.containers[?(@.name=="app")].image}'` (every container of its list when the container is unknown or unnamed). */
export function containerJsonPath(pod: Pod, ref: ContainerRef | undefined, field: string): string {
  const path =
    ref === undefined
      ? `{.spec.initContainers[*].${field}}{"\\n"}{.spec.containers[*].${field}}`
      : isUnnamed(ref.name)
        ? `{.spec.${specList(ref)}[*].${field}}`
        : `{.spec.${specList(ref)}[?(@.name=="${ref.name}")].${field}}`;
  return kubectl.raw(
    `get pod ${kubectl.quote(pod.metadata.name)}${kubectl.nsFlag(pod.metadata.namespace)} -o jsonpath=${kubectl.quote(path)}`,
  );
}

export function describePod(pod: Pod): string {
  return kubectl.describe('pod', pod.metadata.name, pod.metadata.namespace);
}

/** The entry for a container ref, if the pod's spec or status lists it. */
export function entryFor(pod: Pod, ref: ContainerRef | undefined): ContainerEntry | undefined {
  if (ref === undefined) return undefined;
  return containerEntries(pod).find((e) => e.ref.name === ref.name && e.ref.type === ref.type);
}

/** A status that tells the container's current state (builders and parsers may leave `state` out). */
export function hasState(
  status: ContainerStatus | undefined,
): status is ContainerStatus & { state: NonNullable<ContainerStatus['state']> } {
  const s = status?.state;
  return (
    s !== undefined && (s.waiting !== undefined || s.running !== undefined || s.terminated !== undefined)
  );
}

/** Whether any container of the pod has a current state: then events that name no container are history. */
export function podHasState(pod: Pod): boolean {
  return [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])].some((s) =>
    hasState(s),
  );
}

const ERROR = /^\s*Error:\s*([\s\S]*)$/;
/** Kubelets 1.5-1.6 (CRI and dockertools), before the `Error: …` form. */
const OLD_CREATE = /^\s*Failed to create (?:docker )?container with error:\s*([\s\S]*)$/;
const OLD_START = /^\s*Failed to start container with (?:docker )?id \S+ with error:\s*([\s\S]*)$/;

/**
 * The detail of a kubelet `Failed` event reporting a create, config or start error: `Error:
 * <detail>`, or the 1.5-1.6 `Failed to create container with error: <detail>` / `Failed to start
 * container with id <id> with error: <detail>`; else undefined.
 */
export function errorDetail(e: EventRecord): string | undefined {
  if (e.reason !== 'Failed') return undefined;
  const m = ERROR.exec(e.message) ?? OLD_CREATE.exec(e.message) ?? OLD_START.exec(e.message);
  return m?.[1]?.trim();
}

/** A 1.5-1.6 `Failed to start container with id … with error: …` event: the runtime could not start it. */
export function isOldStartError(e: EventRecord): boolean {
  return e.reason === 'Failed' && OLD_START.test(e.message);
}

const LIFECYCLE = /^\s*(?:Created|Started) container:? ?"?([^\s"]+)/;
/** Docker-era lifecycle messages name the runtime's container, not the spec's. */
const NOT_A_NAME = /^with$/;

/** The container a `Created`/`Started` message names (`Created container: app`), if any. */
export function lifecycleName(e: EventRecord): string | undefined {
  if (e.reason !== 'Created' && e.reason !== 'Started') return undefined;
  const name = LIFECYCLE.exec(e.message)?.[1];
  return name === undefined || NOT_A_NAME.test(name) ? undefined : name;
}

/** Whether an event is about this container: by fieldPath, else by the name in a lifecycle message. */
function isAbout(e: EventRecord, ref: ContainerRef): boolean {
  const c = eventContainer(e);
  if (c !== undefined) return c.name === ref.name && c.type === ref.type;
  return LIFECYCLE.exec(e.message)?.[1] === ref.name;
}

/**
 * A `Created` or `Started` event (or only the `reasons` given) for the container at or after
 * `since`: the failure was overcome. Start failures follow a `Created`, so they pass ['Started'].
 */
export function createdSince(
  events: readonly EventRecord[],
  ref: ContainerRef | undefined,
  since: number,
  reasons: readonly string[] = ['Created', 'Started'],
): EventRecord | undefined {
  if (ref === undefined) return undefined;
  return events.find((e) => reasons.includes(e.reason) && eventTime(e) >= since && isAbout(e, ref));
}

/** Newest last-seen time of a list of events, undefined when none carries a time. */
export function newestTime(events: readonly EventRecord[]): number | undefined {
  let t: number | undefined;
  for (const e of events) {
    const v = e.last ?? e.first;
    if (v !== undefined && (t === undefined || v > t)) t = v;
  }
  return t;
}

/** Oldest first-seen time of a list of events, undefined when none carries a time. */
export function oldestTime(events: readonly EventRecord[]): number | undefined {
  let t: number | undefined;
  for (const e of events) {
    const v = e.first ?? e.last;
    if (v !== undefined && (t === undefined || v < t)) t = v;
  }
  return t;
}

/** Shortens long runtime messages for one-line summaries (the evidence keeps them whole). */
export function shorten(text: string, max = 240): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}
