import { formatTime } from '../../k8s/index.js';
import { rec, str, type Raw } from '../normalize/coerce.js';
import { UNNAMED_POD, type PastedObject } from './common/types.js';
import { adoptUnnamedPod, attributeUnnamedEvents, joinPodFragment } from './attribute.js';
import { appContainersNamedByEvents, nameUnnamedContainer, restoreFieldPath } from './container-names.js';
import { TERMINATING_FOR } from './describe/kinds.js';
import { LAST_RESTART_AGO } from './get/pods.js';
import { parseAge } from './common/text.js';
import { CLUSTER_SCOPED } from './common/kind-names.js';
import { deepMerge } from './merge.js';
import { STATUS_COLUMN } from './get/table.js';
import { podsOnUnreadyNodes } from './node-only.js';
import { podsOfPendingClaims } from './claim-only.js';
import { detailShapeOf, podReasonOf, shapeOf } from './lines/messages.js';
import { pasteReferenceTime, type ReferenceOptions } from './reference-time.js';

/** Kinds that live in no namespace. */

export interface AssembleOptions extends ReferenceOptions {
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

/** "line 4", "lines 1-7", "lines 2, 5, 9" */
function linesText(lines: readonly number[]): string {
  const sorted = [...lines].sort((a, b) => a - b);
  if (sorted.length === 1) return `line ${sorted[0] ?? ''}`;
  const first = sorted[0] ?? 0;
  const last = sorted.at(-1) ?? 0;
  if (last - first === sorted.length - 1) return `lines ${first}-${last}`;
  return `lines ${sorted.slice(0, 6).join(', ')}${sorted.length > 6 ? ', …' : ''}`;
}

/** The objects assembled so far, and what is to be said about them. */
interface Assembly {
  /** The namespace given to objects pasted without one. */
  readonly ns: string;
  /** Epoch ms that relative ages count back from. */
  readonly reference: number;
  /** Pods by `namespace/name`: what several blocks say about one pod is merged. */
  readonly pods: Map<string, Raw>;
  readonly others: Raw[];
  /** Where in `others` each object other than an event is, by `kind/namespace/name`. */
  readonly otherAt: Map<string, number>;
  /** Note text -> the lines it applies to, so one remark about seven events is said once. */
  readonly notes: Map<string, number[]>;
  /** Pods whose name the text did not give (unnamed, or named after their container). */
  readonly guessed: Set<string>;
  /** Set once an object was put in `ns` for want of a namespace of its own. */
  filled: boolean;
}

function note(a: Assembly, line: number, text: string): void {
  const lines = a.notes.get(text);
  if (lines === undefined) a.notes.set(text, [line]);
  else if (!lines.includes(line)) lines.push(line);
}

/** An event gets the paste's namespace when it names none, a name of its own, and times for its ages. */
function addEvent(a: Assembly, o: PastedObject, index: number): void {
  const raw: Record<string, unknown> = { ...o.raw };
  const meta: Record<string, unknown> = { ...rec(raw.metadata) };
  const involved: Record<string, unknown> = { ...rec(raw.involvedObject) };
  if (str(involved.namespace) === undefined && !CLUSTER_SCOPED.has(str(involved.kind) ?? '')) {
    involved.namespace = a.ns;
    a.filled = true;
  }
  raw.involvedObject = involved;
  // A describe or table cut before its Reason / Type: the message says which event it is.
  const message = str(raw.message) ?? '';
  const shape = shapeOf(message) ?? detailShapeOf(message);
  if (shape !== undefined && raw.reason === undefined) {
    raw.reason = shape.reason;
    raw.type ??= shape.type;
  }
  // Only the inner part of the message pasted (a kubelet error without its "Error: "): the whole
  // message as the component records it, unless the event says it is of another reason.
  if (shape?.recorded !== undefined && raw.reason === shape.reason) raw.message = shape.recorded(message);
  meta.name ??= `${str(involved.name) ?? 'event'}.paste-${o.line}-${index}`;
  meta.namespace ??= involved.namespace;
  if (o.age?.last !== undefined) raw.lastTimestamp = formatTime(a.reference - o.age.last * 1000);
  if (o.age?.first !== undefined) raw.firstTimestamp = formatTime(a.reference - o.age.first * 1000);
  raw.metadata = meta;
  a.others.push(raw);
  if (o.inferredName !== undefined) note(a, o.line, `the event names no object; ${o.inferredName}`);
}

/**
 * The one container of a `get pods` row whose RESTARTS said `(2m ago)`: its last run ended then
 * (kubectl prints the newest lastState.terminated.finishedAt there).
 */
function lastRestartDated(status: unknown, at: number): Record<string, unknown> {
  const s = rec(status);
  const containers = Array.isArray(s.containerStatuses) ? s.containerStatuses : [];
  if (containers.length !== 1) return s;
  const c = rec(containers[0]);
  const lastState = rec(c.lastState);
  const terminated = { ...rec(lastState.terminated), finishedAt: formatTime(at) };
  return { ...s, containerStatuses: [{ ...c, lastState: { ...lastState, terminated } }] };
}

/**
 * A pod whose status message holds an event's message, not a pod status message (a describe's
 * `Message:` with the scheduler's "0/3 nodes are available: ..." typed under `Events:`; kubectl
 * prints status.message there, which only the kubelet and the node controller write): the pod
 * without it, and the event it is, on the pod.
 */
function withMessageEvent(o: PastedObject): PastedObject[] {
  if (o.raw.kind !== 'Pod') return [o];
  const status = rec(o.raw.status);
  const message = str(status.message);
  if (message === undefined || podReasonOf(message) !== undefined) return [o];
  const shape = shapeOf(message) ?? detailShapeOf(message);
  if (shape === undefined) return [o];
  const meta = rec(o.raw.metadata);
  const rest = Object.fromEntries(Object.entries(status).filter(([k]) => k !== 'message'));
  const involvedObject = {
    kind: 'Pod',
    name: str(meta.name) ?? UNNAMED_POD,
    ...(str(meta.namespace) === undefined ? {} : { namespace: str(meta.namespace) }),
  };
  return [
    { ...o, raw: { ...o.raw, status: rest } },
    {
      raw: { kind: 'Event', reason: shape.reason, type: shape.type, message, involvedObject },
      line: o.line,
    },
  ];
}

/** Any other object gets the paste's namespace, times for its age and `Terminating (lasts …)`; pods merge. */
function addObject(a: Assembly, o: PastedObject): void {
  const raw: Record<string, unknown> = { ...o.raw };
  const kind = str(raw.kind) ?? '';
  const meta: Record<string, unknown> = { ...rec(raw.metadata) };
  if (str(meta.namespace) === undefined && !CLUSTER_SCOPED.has(kind)) {
    meta.namespace = a.ns;
    a.filled = true;
  }
  const annotations = rec(meta.annotations);
  const terminatingFor = parseAge(str(annotations[TERMINATING_FOR]) ?? '');
  if (terminatingFor !== undefined && meta.deletionTimestamp === undefined) {
    meta.deletionTimestamp = formatTime(a.reference - terminatingFor * 1000);
  }
  if (o.age?.last !== undefined && meta.creationTimestamp === undefined)
    meta.creationTimestamp = formatTime(a.reference - o.age.last * 1000);
  const restartAgo = parseAge(str(annotations[LAST_RESTART_AGO]) ?? '');
  if (restartAgo !== undefined) raw.status = lastRestartDated(raw.status, a.reference - restartAgo * 1000);
  raw.metadata = meta;
  if (o.inferredName !== undefined) {
    note(
      a,
      o.line,
      `${kind.toLowerCase() || 'object'} ${str(meta.name) ?? ''} was not named in the text; ${o.inferredName}`,
    );
  }
  if (kind === 'Pod') {
    const key = `${str(meta.namespace) ?? ''}/${str(meta.name) ?? ''}`;
    const prev = a.pods.get(key);
    a.pods.set(key, prev === undefined ? raw : mergeRows(prev, raw));
    const guessed =
      str(meta.name) === UNNAMED_POD || o.inferredName?.startsWith('named after its container') === true;
    if (guessed && prev === undefined) a.guessed.add(key);
    else if (!guessed) a.guessed.delete(key);
  } else {
    // What several blocks say about one object is one object: `describe svc` shows only the ready
    // addresses and `describe ep` the not-ready ones too; a `get pvc` row gives the phase and age a
    // `describe pvc | grep ...` after it leaves out.
    const key = `${kind}/${str(meta.namespace) ?? ''}/${str(meta.name) ?? ''}`;
    const at = a.otherAt.get(key);
    if (at === undefined) {
      a.otherAt.set(key, a.others.length);
      a.others.push(raw);
    } else a.others[at] = deepMerge(a.others[at], raw) as Raw;
  }
}

/** The notes that start with `start`, said again as `text` at the same lines (what the text was found to be). */
function restateNotes(a: Assembly, start: string, text: string): void {
  for (const [said, lines] of [...a.notes]) {
    if (!said.startsWith(start)) continue;
    a.notes.delete(said);
    a.notes.set(text, lines);
  }
}

const statusColumn = (pod: Raw): string | undefined => str(rec(rec(pod.metadata).annotations)[STATUS_COLUMN]);

/**
 * What two blocks say about one pod, merged. Two `get pods` rows of it with different STATUS words
 * (`kubectl get pods -w`, the table run again later) are the pod at two moments: the row pasted
 * later is the pod's state since, and its status replaces the earlier row's rather than joining it.
 * Not AGE: a StatefulSet's pod deleted and created again keeps its name and starts a new AGE.
 * A row reading Terminating is kubectl's word for a deletion requested, shown over whatever state
 * the containers are in: it adds the deletion and leaves the state as the earlier row told it.
 */
function mergeRows(prev: Raw, raw: Raw): Raw {
  const before = statusColumn(prev);
  const now = statusColumn(raw);
  if (before === undefined || now === undefined || before === now || now === 'Terminating')
    return deepMerge(prev, raw) as Raw;
  return { ...(deepMerge(prev, raw) as Raw), status: raw.status };
}

/**
 * Turns pasted objects into raw Kubernetes objects ready for the SnapshotBuilder: fills the
 * namespace kubectl left out, merges what several blocks say about the same pod, gives every
 * event its own name, and turns relative ages into times counted back from the moment kubectl
 * ran (reference-time.ts).
 */
export function assemble(pasted: readonly PastedObject[], options: AssembleOptions): Assembled {
  const { ns, why } = dominantNamespace(pasted, options.commandNamespaces);
  const usesAges = pasted.some((o) => o.age !== undefined);
  const reference = pasteReferenceTime(pasted, options);
  const a: Assembly = {
    ns,
    reference,
    pods: new Map(),
    others: [],
    otherAt: new Map(),
    notes: new Map(),
    guessed: new Set(),
    filled: false,
  };
  pasted.flatMap(withMessageEvent).forEach((o, index) => {
    if (o.raw.kind === 'Event') addEvent(a, o, index);
    else addObject(a, o);
  });
  const { pods, others } = a;
  const tied = attributeUnnamedEvents(
    others.filter((e) => e.kind === 'Event'),
    pods,
  );
  if (tied !== undefined) {
    const name = str(rec(tied.pod.metadata).name) ?? '';
    restateNotes(
      a,
      'the event names no object',
      `the event names no object; the text ties it to pod ${name} (its IP, node or state)`,
    );
  }
  const adopted = adoptUnnamedPod(
    pods,
    others.filter((e) => e.kind === 'Event'),
  );
  if (adopted !== undefined) {
    restateNotes(
      a,
      `pod ${UNNAMED_POD} was not named in the text`,
      `the pod was not named in the text; it is pod ${adopted}, the one pod its events name`,
    );
  }
  const joined = adopted === undefined ? joinPodFragment(pods, a.guessed) : undefined;
  if (joined !== undefined) {
    restateNotes(
      a,
      `pod ${joined.fragment} was not named in the text`,
      `the container's state names no pod; it is pod ${joined.pod}'s, the one pod pasted`,
    );
  }
  for (const e of others) if (e.kind === 'Event') restoreFieldPath(e, pods);
  const eventContainers = appContainersNamedByEvents(others);
  for (const [key, pod] of pods) pods.set(key, nameUnnamedContainer(pod, eventContainers.get(key)));
  const notes = [...a.notes].map(([text, lines]) => `${linesText(lines)}: ${text}`);
  if (a.filled) notes.push(`objects pasted without a namespace were put in ${ns} (${why})`);
  const seen = [...pods.values(), ...others];
  const onNodes = podsOnUnreadyNodes(seen, ns);
  const ofClaims = podsOfPendingClaims(seen, ns);
  notes.push(...onNodes.notes, ...ofClaims.notes);
  return {
    namespace: ns,
    objects: [...pods.values(), ...onNodes.pods, ...ofClaims.pods, ...ofClaims.claims, ...others],
    ...(usesAges ? { referenceTime: formatTime(reference) } : {}),
    notes,
  };
}
