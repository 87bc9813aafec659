import type { ContainerRef, EventRecord, Evidence } from '../../model/index.js';
import { formatTime, humanDuration } from '../../k8s/index.js';
import { containerFromFieldPath } from './containers.js';

/** Events whose reason is one of `reasons`, oldest first (the order the context keeps). */
export function withReason(events: readonly EventRecord[], ...reasons: readonly string[]): EventRecord[] {
  return events.filter((e) => reasons.includes(e.reason));
}

/** The newest event of a list (by last-seen time, then first-seen). */
export function newest(events: readonly EventRecord[]): EventRecord | undefined {
  let best: EventRecord | undefined;
  for (const e of events) {
    if (best === undefined || eventTime(e) >= eventTime(best)) best = e;
  }
  return best;
}

/** Last-seen time of an event (epoch ms), 0 when the evidence carries none. */
export function eventTime(e: EventRecord): number {
  return e.last ?? e.first ?? 0;
}

const containerCache = new WeakMap<EventRecord, ContainerRef | null>();

/** The container an event is about, from its involvedObject.fieldPath (parsed once per event). */
export function eventContainer(e: EventRecord): ContainerRef | undefined {
  let ref = containerCache.get(e);
  if (ref === undefined) {
    ref = containerFromFieldPath(e.regarding.fieldPath) ?? null;
    containerCache.set(e, ref);
  }
  return ref ?? undefined;
}

/** Events about one container (by fieldPath). Events with no fieldPath are not included. */
export function forContainer(events: readonly EventRecord[], ref: ContainerRef): EventRecord[] {
  return events.filter((e) => {
    const c = eventContainer(e);
    return c !== undefined && c.name === ref.name && c.type === ref.type;
  });
}

/** The event each evidence line quotes, so the engine can read its times (see quotedEvent). */
const quoted = new WeakMap<Evidence, EventRecord>();

/** The event an evidence line made by eventEvidence quotes, if it is one. */
export function quotedEvent(evidence: Evidence): EventRecord | undefined {
  return quoted.get(evidence);
}

/**
 * Evidence line for an event, in the shape `kubectl describe` prints it:
 * `Warning FailedMount (x5 over 10m) kubelet: MountVolume.SetUp failed ...`.
 */
export function eventEvidence(e: EventRecord, now: number): Evidence {
  const parts = [e.type, e.reason];
  if (e.count > 1 && e.first !== undefined && e.last !== undefined) {
    parts.push(`(x${e.count} over ${humanDuration(e.last - e.first)})`);
  } else if (e.count > 1) {
    parts.push(`(x${e.count})`);
  }
  const when = e.last ?? e.first;
  const age = when === undefined ? '' : ` ${humanDuration(now - when)} ago`;
  const from = e.source ? ` ${e.source}${e.host ? `, ${e.host}` : ''}` : '';
  const text = `${parts.join(' ')}${age}${from}: ${e.message}`;
  const evidence: Evidence =
    when === undefined ? { source: 'event', text } : { source: 'event', text, at: formatTime(when) };
  quoted.set(evidence, e);
  return evidence;
}
