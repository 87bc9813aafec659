/**
 * Events a paste gives without their object (an Events table cut from its describe, `get events`
 * without its OBJECT column) are tied to a pasted pod when the text leaves exactly one candidate:
 *
 * - by address: a kubelet message that quotes a pod IP (probes dial `http://<podIP>:<port>/…`)
 *   is about the pod with that IP (pod IPs are unique in a cluster at one time);
 * - by node: the kubelet that recorded it (`From: kubelet, <node>`, source.host) runs only the
 *   pods bound to its node;
 * - by state: the kubelet's warnings are the events of the state the pod's status shows
 *   (`Error: couldn't find key …` under CreateContainerConfigError, `Back-off restarting failed
 *   container` under CrashLoopBackOff, …), so when one pasted pod alone shows that state, it is theirs.
 *
 * Clues of one event must agree; a clue that fits no pasted pod (a node's IP, a pod not pasted, a
 * state since left) says nothing. The events of the unnamed pod move together (they are one
 * object's list); when two of them point at different pods, they stay unnamed.
 */
import { rec, str, type Raw } from '../normalize/coerce.js';
import { UNNAMED_CONTAINER, UNNAMED_POD } from './common/types.js';
import { STATUS_COLUMN } from './get/table.js';

const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;

/** The pod status words (kubectl STATUS column, waiting reasons) under which the kubelet records a warning. */
const STATE_OF_WARNING: readonly { readonly message: RegExp; readonly states: readonly string[] }[] = [
  {
    message:
      /^Error: (?:configmaps? "|secrets? "|couldn't find key|container has runAsNonRoot|configmap references non-existent|container's runAsUser breaks non-root)/,
    states: ['CreateContainerConfigError'],
  },
  {
    message: /^(?:Failed to pull image "|Error: (?:ErrImagePull|ImagePullBackOff)|Back-off pulling image )/,
    states: ['ErrImagePull', 'ImagePullBackOff'],
  },
  { message: /^Back-off restarting failed container/, states: ['CrashLoopBackOff'] },
  {
    message:
      /^(?:MountVolume\.[A-Za-z]+ failed |Unable to attach or mount volumes|AttachVolume\.Attach failed |Multi-Attach error|Failed to create pod sandbox: )/,
    states: ['ContainerCreating'],
  },
  {
    // The scheduler's message, or only its per-node reasons as a sentence quotes them.
    message:
      /^(?:0\/\d+ nodes are available|pod has unbound immediate PersistentVolumeClaims|\d+ (?:node\(s\) |Insufficient ))/,
    states: ['Pending'],
  },
];

function isUnnamedPodEvent(e: Raw): boolean {
  const involved = rec(e.involvedObject);
  return involved.kind === 'Pod' && str(involved.name) === UNNAMED_POD;
}

/** The words a pod's status shows: kubectl's STATUS column, its phase, its containers' waiting reasons. */
function statesOf(pod: Raw): Set<string> {
  const status = rec(pod.status);
  const out = new Set<string>();
  const column = str(rec(rec(pod.metadata).annotations)[STATUS_COLUMN]);
  if (column !== undefined) out.add(column);
  const phase = str(status.phase);
  if (phase !== undefined) out.add(phase);
  for (const list of [status.containerStatuses, status.initContainerStatuses]) {
    if (!Array.isArray(list)) continue;
    for (const c of list as unknown[]) {
      const reason = str(rec(rec(rec(c).state).waiting).reason);
      if (reason !== undefined) out.add(reason);
    }
  }
  return out;
}

/** The pods (keys) one event points at, or undefined when it says nothing about which pod. */
function pointsAt(e: Raw, pods: ReadonlyMap<string, Raw>): Set<string> | undefined {
  const message = str(e.message) ?? '';
  const ips = new Set(message.match(IPV4) ?? []);
  const host = str(rec(e.source).host);
  const byIp = new Set<string>();
  const byNode = new Set<string>();
  const byState = new Set<string>();
  const states = STATE_OF_WARNING.find((s) => s.message.test(message.trim()))?.states;
  for (const [key, pod] of pods) {
    const ip = str(rec(pod.status).podIP);
    if (ip !== undefined && ips.has(ip)) byIp.add(key);
    if (host !== undefined && str(rec(pod.spec).nodeName) === host) byNode.add(key);
    const shown = statesOf(pod);
    if (states?.some((s) => shown.has(s)) === true) byState.add(key);
  }
  // A clue that fits no pasted pod (a node IP, a pod not pasted, a state since left) says nothing.
  const clues = [byIp, byNode, byState].filter((s) => s.size > 0);
  if (clues.length === 0) return undefined;
  return new Set([...pods.keys()].filter((k) => clues.every((c) => c.has(k))));
}

/**
 * Ties the unnamed pod's events to the one pasted pod they point at; returns the pod's key and
 * how it was found, or undefined when the text leaves no single candidate.
 */
export function attributeUnnamedEvents(
  events: readonly Record<string, unknown>[],
  pods: ReadonlyMap<string, Raw>,
): { readonly key: string; readonly pod: Raw } | undefined {
  const unnamed = events.filter(isUnnamedPodEvent);
  if (unnamed.length === 0) return undefined;
  const named = new Map([...pods].filter(([, p]) => str(rec(p.metadata).name) !== UNNAMED_POD));
  if (named.size === 0) return undefined;
  let candidates: Set<string> | undefined;
  for (const e of unnamed) {
    const points = pointsAt(e, named);
    if (points === undefined) continue;
    candidates = candidates === undefined ? points : new Set([...candidates].filter((k) => points.has(k)));
  }
  if (candidates?.size !== 1) return undefined;
  const [key] = [...candidates];
  const pod = key === undefined ? undefined : named.get(key);
  if (key === undefined || pod === undefined) return undefined;
  const meta = rec(pod.metadata);
  for (const e of unnamed) {
    e.involvedObject = { ...rec(e.involvedObject), name: str(meta.name), namespace: str(meta.namespace) };
    const m = rec(e.metadata);
    e.metadata = { ...m, namespace: str(meta.namespace) };
  }
  return { key, pod };
}

/**
 * The other way round: a pod the text could not name (a status or spec fragment cut out of a
 * manifest, an unnamed pod's events) is the one pod the rest of the paste talks about, when the
 * paste holds no other pod object and its events name exactly one pod. Renames that pod (and its
 * unnamed events) in place; returns the name it took, or undefined when it is not that clear.
 */
export function adoptUnnamedPod(
  pods: Map<string, Raw>,
  events: readonly Record<string, unknown>[],
): string | undefined {
  if (pods.size !== 1) return undefined;
  const [[key, pod] = ['', {}]] = [...pods];
  if (str(rec(pod.metadata).name) !== UNNAMED_POD) return undefined;
  const named = new Map<string, { name: string; namespace: string | undefined }>();
  for (const e of events) {
    const involved = rec(e.involvedObject);
    const name = str(involved.name);
    if (involved.kind !== 'Pod' || name === undefined || name === UNNAMED_POD) continue;
    const namespace = str(involved.namespace);
    named.set(`${namespace ?? ''}/${name}`, { name, namespace });
  }
  if (named.size !== 1) return undefined;
  const [[newKey, target] = ['', { name: '', namespace: undefined }]] = [...named];
  const meta = rec(pod.metadata);
  const namespace = target.namespace ?? str(meta.namespace);
  pods.delete(key);
  pods.set(newKey, {
    ...pod,
    metadata: { ...meta, name: target.name, ...(namespace === undefined ? {} : { namespace }) },
  });
  for (const e of events.filter(isUnnamedPodEvent)) {
    e.involvedObject = { ...rec(e.involvedObject), name: target.name, namespace };
  }
  return target.name;
}

const containerStatuses = (pod: Raw): Raw[] =>
  Array.isArray(rec(pod.status).containerStatuses)
    ? (rec(pod.status).containerStatuses as unknown[]).map(rec)
    : [];

const specContainers = (pod: Raw): Raw[] =>
  Array.isArray(rec(pod.spec).containers) ? (rec(pod.spec).containers as unknown[]).map(rec) : [];

/** The names a pod gives its app containers (spec and status), the placeholder left out. */
function appContainerNames(pod: Raw): Set<string> {
  const names = [...specContainers(pod), ...containerStatuses(pod)].map((c) => str(c.name));
  return new Set(names.filter((n): n is string => n !== undefined && n !== UNNAMED_CONTAINER));
}

/**
 * One container state told twice: the pod's own wins, and when both are of the same kind (a `get
 * pods` row dating a `terminated` that the fragment gives the reason and exit code of) the
 * fragment fills the fields the pod's lacks.
 */
function sameStateJoined(own: unknown, fragment: unknown): unknown {
  if (own === undefined) return fragment;
  const [kind, ...more] = Object.keys(rec(own));
  if (kind === undefined || more.length > 0 || fragment === undefined) return own;
  const theirs = rec(fragment)[kind];
  return theirs === undefined ? own : { [kind]: { ...rec(theirs), ...rec(rec(own)[kind]) } };
}

/**
 * A container's state cut out of a `describe pod` without its pod (`Last State: Terminated`,
 * `Reason: StartError`, `Exit Code: 128`) beside the one pod the paste names (a `get pods` row):
 * the fragment is that pod's, when the pod has one app container (or names none) and the fragment
 * names no other. `guessed` holds the pods whose names the text did not give (unnamed, or named
 * after their container); the fragment must be one of them and nothing of a pod's own (labels,
 * owners, node). Its status fills what the pod's lacks, the pod's own fields win. Returns the
 * fragment's name and the pod's, or undefined when it is not that clear.
 */
export function joinPodFragment(
  pods: Map<string, Raw>,
  guessed: ReadonlySet<string>,
): { readonly fragment: string; readonly pod: string } | undefined {
  if (pods.size !== 2) return undefined;
  const keys = [...pods.keys()];
  const fragmentKey = keys.find((k) => guessed.has(k));
  const podKey = keys.find((k) => !guessed.has(k));
  const fragment = fragmentKey === undefined ? undefined : pods.get(fragmentKey);
  const pod = podKey === undefined ? undefined : pods.get(podKey);
  if (fragment === undefined || pod === undefined || podKey === undefined || fragmentKey === undefined)
    return undefined;
  const meta = rec(fragment.metadata);
  if (Object.keys(meta).some((k) => k !== 'name' && k !== 'namespace')) return undefined;
  if (Object.keys(rec(fragment.spec)).some((k) => k !== 'containers')) return undefined;
  const names = appContainerNames(pod);
  const theirs = appContainerNames(fragment);
  if (names.size > 1 || theirs.size > 1) return undefined;
  const [name = UNNAMED_CONTAINER] = [...names];
  const [their] = [...theirs];
  if (their !== undefined && names.size === 1 && their !== name) return undefined;
  const fragments = containerStatuses(fragment);
  if (fragments.length !== 1) return undefined;
  const [from = {}] = fragments;
  const own = containerStatuses(pod);
  const into = own.find((c) => str(c.name) === name || str(c.name) === UNNAMED_CONTAINER) ?? {};
  const joined: Raw = {
    ...from,
    ...into,
    name: their ?? name,
    ...(into.state !== undefined || from.state !== undefined
      ? { state: sameStateJoined(into.state, from.state) }
      : {}),
    ...(into.lastState !== undefined || from.lastState !== undefined
      ? { lastState: sameStateJoined(into.lastState, from.lastState) }
      : {}),
  };
  // The fragment's spec of the container (image, probes, limits) too, the pod's own fields first.
  const specs = specContainers(pod);
  const [fromSpec] = specContainers(fragment);
  const intoSpec = specs.find((c) => str(c.name) === name || str(c.name) === UNNAMED_CONTAINER);
  const spec =
    fromSpec === undefined
      ? pod.spec
      : {
          ...rec(pod.spec),
          containers: [
            ...specs.filter((c) => c !== intoSpec),
            { ...fromSpec, ...intoSpec, name: their ?? name },
          ],
        };
  pods.delete(fragmentKey);
  pods.set(podKey, {
    ...pod,
    ...(spec === undefined ? {} : { spec }),
    status: { ...rec(pod.status), containerStatuses: [...own.filter((c) => c !== into), joined] },
  });
  return { fragment: str(meta.name) ?? UNNAMED_POD, pod: str(rec(pod.metadata).name) ?? '' };
}
