import { formatTime, parseTime } from '../../k8s/index.js';
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import type { PastedObject } from './common/types.js';
import { TERMINATING_FOR } from './describe/kinds.js';
import { UNNAMED_CONTAINER } from './common/types.js';
import { parseAge } from './common/text.js';

/** Kinds that live in no namespace. */
const CLUSTER_SCOPED = new Set(['Node', 'PersistentVolume', 'StorageClass', 'Namespace']);

export interface AssembleOptions {
  /** `--now`, epoch ms: ages count back from it. */
  readonly now?: number;
  /** The newest absolute time in the other evidence, epoch ms. */
  readonly newestElsewhere?: number;
  /** Wall clock, when nothing else gives a time. */
  readonly clock: () => number;
  /** Namespaces named in pasted commands (`-n shop`). */
  readonly commandNamespaces: readonly string[];
}

export interface Assembled {
  readonly objects: readonly Raw[];
  /** The namespace given to objects pasted without one. */
  readonly namespace: string;
  /** Set when relative ages were turned into times: the moment they count back from. */
  readonly referenceTime?: string;
  readonly notes: readonly string[];
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

function namespaceOf(raw: Raw): string | undefined {
  return str(rec(raw.metadata).namespace) ?? str(rec(raw.involvedObject).namespace);
}

/** The namespace a paste is about: the one its objects name most, else the one its commands name, else kubectl's default. */
function dominantNamespace(
  objects: readonly PastedObject[],
  commandNamespaces: readonly string[],
): { ns: string; why: string } {
  const counts = new Map<string, number>();
  for (const o of objects) {
    const ns = namespaceOf(o.raw);
    if (ns !== undefined && ns !== '') counts.set(ns, (counts.get(ns) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (best !== undefined) return { ns: best[0], why: 'the namespace the rest of the paste names' };
  const fromCommand = commandNamespaces.at(-1);
  if (fromCommand !== undefined) return { ns: fromCommand, why: 'the namespace the pasted command names' };
  return { ns: 'default', why: "kubectl's default namespace" };
}

function mergeByName(into: unknown[], from: unknown[]): unknown[] {
  const out = [...into];
  for (const item of from) {
    const name = isRecord(item) ? (str(item.name) ?? str(item.type)) : undefined;
    const at =
      name === undefined ? -1 : out.findIndex((x) => isRecord(x) && (str(x.name) ?? str(x.type)) === name);
    if (at === -1) out.push(item);
    else out[at] = deepMerge(out[at], item);
  }
  return foldUnnamed(out);
}

/**
 * A `get pods` row knows a container only as "unnamed"; once another block names the pod's
 * containers, the placeholder is folded into the sole named one (whose own fields win), or
 * dropped when there are several: it would otherwise stand for a container that does not exist.
 */
function foldUnnamed(list: unknown[]): unknown[] {
  const isUnnamed = (x: unknown): boolean => isRecord(x) && str(x.name) === UNNAMED_CONTAINER;
  const unnamed = list.filter(isUnnamed);
  const named = list.filter((x) => isRecord(x) && str(x.name) !== undefined && !isUnnamed(x));
  if (unnamed.length === 0 || named.length === 0) return list;
  if (named.length > 1) return list.filter((x) => !isUnnamed(x));
  const [only] = named;
  return list
    .filter((x) => !isUnnamed(x))
    .map((x) => (x === only ? unnamed.reduce<unknown>((acc, u) => deepMerge(u, acc), only) : x));
}

/** Later text adds to what earlier text said about the same object; lists of named things merge by name. */
function deepMerge(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return mergeByName(a as unknown[], b as unknown[]);
  if (isRecord(a) && isRecord(b)) {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? deepMerge(out[k], v) : v;
    return out;
  }
  return b === undefined ? a : b;
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

/** Kubelet event messages that name their container (kubernetes-facts §4.3, §4.4). */
const CONTAINER_IN_MESSAGE = [
  /^(?:Created|Started) container:? ([a-z0-9][-a-z0-9]*)$/,
  /^Back-off restarting failed container ([a-z0-9][-a-z0-9]*) in pod /,
  /^Container ([a-z0-9][-a-z0-9]*) failed (?:liveness|startup) probe/,
  /^Stopping container ([a-z0-9][-a-z0-9]*)$/,
];

function names(list: unknown): string[] {
  return Array.isArray(list)
    ? (list as unknown[]).flatMap((c) =>
        isRecord(c) && str(c.name) !== undefined ? [str(c.name) ?? ''] : [],
      )
    : [];
}

/**
 * Events tables without a SUBOBJECT column drop involvedObject.fieldPath; the kubelet's messages
 * that name their container give it back (spec.initContainers{x} when x is a known init container).
 */
function restoreFieldPath(event: Record<string, unknown>, pods: ReadonlyMap<string, Raw>): void {
  const involved = rec(event.involvedObject);
  if (involved.kind !== 'Pod' || str(involved.fieldPath) !== undefined) return;
  const message = str(event.message) ?? '';
  const container = CONTAINER_IN_MESSAGE.map((re) => re.exec(message)?.[1]).find((c) => c !== undefined);
  if (container === undefined) return;
  const pod = pods.get(`${str(involved.namespace) ?? ''}/${str(involved.name) ?? ''}`);
  const inits = [...names(rec(pod?.spec).initContainers), ...names(rec(pod?.status).initContainerStatuses)];
  const field = inits.includes(container) ? 'initContainers' : 'containers';
  event.involvedObject = { ...involved, fieldPath: `spec.${field}{${container}}` };
}

/** For each pod (`namespace/name`), the app containers its events name in their fieldPath. */
function appContainersNamedByEvents(events: readonly Raw[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const e of events) {
    const involved = rec(e.involvedObject);
    if (involved.kind !== 'Pod') continue;
    const c = /^spec\.containers\{([^}]+)\}$/.exec(str(involved.fieldPath) ?? '')?.[1];
    if (c === undefined) continue;
    const key = `${str(involved.namespace) ?? ''}/${str(involved.name) ?? ''}`;
    let set = out.get(key);
    if (set === undefined) out.set(key, (set = new Set()));
    set.add(c);
  }
  return out;
}

/**
 * A pod known from a `get pods` row has one container the row could not name. When its events
 * name exactly one app container, that is the one.
 */
function nameUnnamedContainer(pod: Raw, named: ReadonlySet<string> | undefined): Raw {
  if (named?.size !== 1) return pod;
  const status = rec(pod.status);
  const statuses = Array.isArray(status.containerStatuses) ? (status.containerStatuses as unknown[]) : [];
  const only = statuses[0];
  if (statuses.length !== 1 || !isRecord(only) || str(only.name) !== UNNAMED_CONTAINER) return pod;
  if (names(rec(pod.spec).containers).length > 0) return pod;
  return { ...pod, status: { ...status, containerStatuses: [{ ...only, name: [...named][0] }] } };
}

/** "line 4", "lines 1-7", "lines 2, 5, 9" */
function linesText(lines: readonly number[]): string {
  const sorted = [...lines].sort((a, b) => a - b);
  if (sorted.length === 1) return `line ${sorted[0] ?? ''}`;
  const first = sorted[0] ?? 0;
  const last = sorted.at(-1) ?? 0;
  if (last - first === sorted.length - 1) return `lines ${first}-${last}`;
  return `lines ${sorted.slice(0, 6).join(', ')}${sorted.length > 6 ? ', …' : ''}`;
}

/**
 * Turns pasted objects into raw Kubernetes objects ready for the SnapshotBuilder: fills the
 * namespace kubectl left out, merges what several blocks say about the same pod, gives every
 * event its own name, and turns relative ages into times counted back from the moment kubectl
 * ran: `--now`; else worked out from a happening shown both with a time and as an aged event;
 * else the newest absolute time plus the oldest event age; else the clock.
 */
export function assemble(pasted: readonly PastedObject[], options: AssembleOptions): Assembled {
  /** Note text -> the lines it applies to, so one remark about seven events is said once. */
  const byText = new Map<string, number[]>();
  const note = (line: number, text: string): void => {
    const lines = byText.get(text);
    if (lines === undefined) byText.set(text, [line]);
    else if (!lines.includes(line)) lines.push(line);
  };
  const { ns, why } = dominantNamespace(pasted, options.commandNamespaces);
  const usesAges = pasted.some((o) => o.age !== undefined);
  let newest = options.newestElsewhere;
  for (const o of pasted) {
    const t = newestTime(o.raw);
    if (t !== undefined && (newest === undefined || t > newest)) newest = t;
  }
  const reference =
    options.now ?? anchoredReference(pasted) ?? fallbackReference(pasted, newest) ?? options.clock();
  let filled = false;

  const pods = new Map<string, Raw>();
  const others: Raw[] = [];
  pasted.forEach((o, index) => {
    const raw: Record<string, unknown> = { ...o.raw };
    const kind = str(raw.kind) ?? '';
    const meta: Record<string, unknown> = { ...rec(raw.metadata) };
    if (kind === 'Event') {
      const involved: Record<string, unknown> = { ...rec(raw.involvedObject) };
      if (str(involved.namespace) === undefined && !CLUSTER_SCOPED.has(str(involved.kind) ?? '')) {
        involved.namespace = ns;
        filled = true;
      }
      raw.involvedObject = involved;
      meta.name ??= `${str(involved.name) ?? 'event'}.paste-${o.line}-${index}`;
      meta.namespace ??= involved.namespace;
      if (o.age?.last !== undefined) raw.lastTimestamp = formatTime(reference - o.age.last * 1000);
      if (o.age?.first !== undefined) raw.firstTimestamp = formatTime(reference - o.age.first * 1000);
      raw.metadata = meta;
      others.push(raw);
    } else {
      if (str(meta.namespace) === undefined && !CLUSTER_SCOPED.has(kind)) {
        meta.namespace = ns;
        filled = true;
      }
      const annotations = rec(meta.annotations);
      const terminatingFor = parseAge(str(annotations[TERMINATING_FOR]) ?? '');
      if (terminatingFor !== undefined && meta.deletionTimestamp === undefined) {
        meta.deletionTimestamp = formatTime(reference - terminatingFor * 1000);
      }
      if (o.age?.last !== undefined && meta.creationTimestamp === undefined)
        meta.creationTimestamp = formatTime(reference - o.age.last * 1000);
      raw.metadata = meta;
      if (o.inferredName !== undefined) {
        note(
          o.line,
          `${kind.toLowerCase() || 'object'} ${str(meta.name) ?? ''} was not named in the text; ${o.inferredName}`,
        );
      }
      if (kind === 'Pod') {
        const key = `${str(meta.namespace) ?? ''}/${str(meta.name) ?? ''}`;
        const prev = pods.get(key);
        pods.set(key, prev === undefined ? raw : (deepMerge(prev, raw) as Raw));
      } else {
        others.push(raw);
      }
    }
    if (kind === 'Event' && o.inferredName !== undefined) {
      note(o.line, `the event names no object; ${o.inferredName}`);
    }
  });
  for (const e of others) if (e.kind === 'Event') restoreFieldPath(e, pods);
  const eventContainers = appContainersNamedByEvents(others);
  for (const [key, pod] of pods) pods.set(key, nameUnnamedContainer(pod, eventContainers.get(key)));
  const notes = [...byText].map(([text, lines]) => `${linesText(lines)}: ${text}`);
  if (filled) notes.push(`objects pasted without a namespace were put in ${ns} (${why})`);
  return {
    namespace: ns,
    objects: [...pods.values(), ...others],
    ...(usesAges ? { referenceTime: formatTime(reference) } : {}),
    notes,
  };
}
