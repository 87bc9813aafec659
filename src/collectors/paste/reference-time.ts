/**
 * When kubectl ran: the moment the relative ages of pasted text (AGE, LAST SEEN, "(x3 over 5m)")
 * count back from, found from the paste itself when `--now` does not say.
 */
import { parseTime } from '../../k8s/index.js';
import { isRecord, rec, str } from '../normalize/coerce.js';
import type { PastedObject } from './common/types.js';

export interface ReferenceOptions {
  /** `--now`, epoch ms: ages count back from it. */
  readonly now?: number;
  /** The newest absolute time in the other evidence, epoch ms. */
  readonly newestElsewhere?: number;
  /** Wall clock, when nothing else gives a time. */
  readonly clock: () => number;
}

const TIME_KEYS = new Set([
  'firstTimestamp',
  'lastTimestamp',
  'eventTime',
  'startTime',
  'creationTimestamp',
  'startedAt',
  'finishedAt',
  'lastTransitionTime',
  'lastObservedTime',
]);

/** Newest absolute time anywhere in a raw object (epoch ms), walking nested objects. */
export function newestTime(value: unknown, depth = 0): number | undefined {
  if (depth > 8) return undefined;
  let newest: number | undefined;
  const see = (t: number | undefined): void => {
    if (t !== undefined && (newest === undefined || t > newest)) newest = t;
  };
  if (Array.isArray(value)) {
    for (const v of value) see(newestTime(v, depth + 1));
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (TIME_KEYS.has(k) && typeof v === 'string') see(parseTime(v));
      else if (typeof v === 'object') see(newestTime(v, depth + 1));
    }
  }
  return newest;
}

/** Seconds of the oldest relative age any pasted event shows. */
function oldestEventAge(pasted: readonly PastedObject[]): number | undefined {
  let oldest: number | undefined;
  for (const o of pasted) {
    if (o.raw.kind !== 'Event') continue;
    const a = o.age?.first ?? o.age?.last;
    if (a !== undefined && (oldest === undefined || a > oldest)) oldest = a;
  }
  return oldest;
}

/**
 * When kubectl ran, from one happening the paste shows both ways: an absolute time (a container's
 * `Started:`, the pod's `Start Time:`) and the age of the event that recorded it (`Started`,
 * `Scheduled`). The command ran that age after that time.
 */
function anchoredReference(pasted: readonly PastedObject[]): number | undefined {
  const pods = pasted.filter((o) => o.raw.kind === 'Pod');
  // Pods by name, indexed once: pastes can hold tens of thousands of rows and events.
  const byName = new Map<string, PastedObject[]>();
  for (const p of pods) {
    const name = str(rec(p.raw.metadata).name) ?? '';
    const list = byName.get(name);
    if (list === undefined) byName.set(name, [p]);
    else list.push(p);
  }
  // A pod's AGE (a `get pods` row) and its creationTimestamp (from -o yaml or describe).
  for (const row of pods) {
    if (row.age?.last === undefined) continue;
    for (const p of byName.get(str(rec(row.raw.metadata).name) ?? '') ?? []) {
      const created = parseTime(str(rec(p.raw.metadata).creationTimestamp));
      if (p !== row && created !== undefined) return created + row.age.last * 1000;
    }
  }
  for (const o of pasted) {
    if (o.raw.kind !== 'Event' || o.age?.last === undefined) continue;
    const reason = str(o.raw.reason);
    const involved = rec(o.raw.involvedObject);
    const pod =
      byName.get(str(involved.name) ?? '')?.[0]?.raw ?? (pods.length === 1 ? pods[0]?.raw : undefined);
    if (pod === undefined) continue;
    const status = rec(pod.status);
    let at: number | undefined;
    if (reason === 'Scheduled') {
      at = parseTime(str(status.startTime));
    } else if (reason === 'Started') {
      const named =
        /\{([^}]+)\}$/.exec(str(involved.fieldPath) ?? '')?.[1] ??
        /^Started container:? (\S+)/.exec(str(o.raw.message) ?? '')?.[1];
      const statuses = Array.isArray(status.containerStatuses) ? (status.containerStatuses as unknown[]) : [];
      const running = statuses.filter(isRecord).filter((c) => named === undefined || str(c.name) === named);
      if (running.length === 1) at = parseTime(str(rec(rec(running[0]?.state).running).startedAt));
    }
    if (at !== undefined) return at + o.age.last * 1000;
  }
  return undefined;
}

/**
 * Without an anchor: the events about a pod come after the absolute times the paste shows (its
 * start, its containers' starts), so the command ran at least the oldest event age after the
 * newest of those times.
 */
function fallbackReference(
  pasted: readonly PastedObject[],
  newestAbsolute: number | undefined,
): number | undefined {
  if (newestAbsolute === undefined) return undefined;
  return newestAbsolute + (oldestEventAge(pasted) ?? 0) * 1000;
}

/**
 * The moment the paste's relative ages count back from: `--now`; else worked out from a happening
 * shown both with a time and as an aged event; else the newest absolute time plus the oldest event
 * age; else the clock.
 */
export function pasteReferenceTime(pasted: readonly PastedObject[], options: ReferenceOptions): number {
  let newest = options.newestElsewhere;
  for (const o of pasted) {
    const t = newestTime(o.raw);
    if (t !== undefined && (newest === undefined || t > newest)) newest = t;
  }
  return options.now ?? anchoredReference(pasted) ?? fallbackReference(pasted, newest) ?? options.clock();
}
