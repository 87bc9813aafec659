/**
 * A paste that shows nodes not Ready and nothing else (`kubectl describe node`, its Conditions
 * rows, the node controller's `NodeNotReady` events, a kubelet's PLEG line): no pod, workload or
 * Service to judge. Every pod bound to such a node stops at the node handoff, so each not-Ready
 * node gets one unnamed pod bound to it, and the report says that it stands for the node's pods.
 */
import { rec, str, type Raw } from '../normalize/coerce.js';
import { UNNAMED_POD } from './common/types.js';
import { WORKLOAD_KINDS } from '../../model/index.js';

/** Kinds whose presence gives the paste a target of its own. */
const TARGET_KINDS: ReadonlySet<string> = new Set([
  'Pod',
  ...WORKLOAD_KINDS,
  'Service',
  'EndpointSlice',
  'Endpoints',
]);

/** Whether the paste shows a pod, workload or Service (or an event about one): a target of its own. */
export function hasTargetOfItsOwn(objects: readonly Raw[]): boolean {
  return objects.some((o) => TARGET_KINDS.has(kindOf(o)));
}

/** Node reasons of the node lifecycle controller and kubelet events, in the order they settle a node's state. */
const NOT_READY_EVENTS = new Set(['NodeNotReady']);
const READY_EVENTS = new Set(['NodeReady']);

function kindOf(raw: Raw): string {
  return raw.kind === 'Event' ? (str(rec(raw.involvedObject).kind) ?? '') : (str(raw.kind) ?? '');
}

/** The nodes the paste shows not Ready: by their Ready condition, else by their newest Ready/NotReady event. */
function unreadyNodes(objects: readonly Raw[]): string[] {
  const byCondition = new Map<string, boolean>();
  for (const o of objects) {
    if (o.kind !== 'Node') continue;
    const name = str(rec(o.metadata).name);
    const conditions = rec(o.status).conditions;
    const ready = Array.isArray(conditions)
      ? conditions.map(rec).find((c) => str(c.type) === 'Ready')
      : undefined;
    if (name !== undefined && ready !== undefined) byCondition.set(name, str(ready.status) === 'True');
  }
  const byEvent = new Map<string, { ready: boolean; at: number }>();
  objects.forEach((o, index) => {
    if (o.kind !== 'Event' || kindOf(o) !== 'Node') return;
    const reason = str(o.reason) ?? '';
    if (!NOT_READY_EVENTS.has(reason) && !READY_EVENTS.has(reason)) return;
    const name = str(rec(o.involvedObject).name);
    if (name === undefined) return;
    const at = Date.parse(str(o.lastTimestamp) ?? str(o.eventTime) ?? '') || index;
    const seen = byEvent.get(name);
    if (seen === undefined || at >= seen.at) byEvent.set(name, { ready: READY_EVENTS.has(reason), at });
  });
  const names = new Set([...byCondition.keys(), ...byEvent.keys()]);
  return [...names].filter((n) => !(byCondition.get(n) ?? byEvent.get(n)?.ready ?? true)).sort();
}

/**
 * The unnamed pods that stand for the pods of not-Ready nodes, with the note that says so; none
 * when the paste has a target of its own or every node it shows is Ready.
 */
export function podsOnUnreadyNodes(
  objects: readonly Raw[],
  namespace: string,
): { readonly pods: readonly Raw[]; readonly notes: readonly string[] } {
  if (hasTargetOfItsOwn(objects)) return { pods: [], notes: [] };
  const nodes = unreadyNodes(objects);
  const pods = nodes.map((node) => ({
    kind: 'Pod',
    metadata: { name: nodes.length === 1 ? UNNAMED_POD : `${UNNAMED_POD}-on-${node}`, namespace },
    spec: { nodeName: node, containers: [] },
    status: {},
  }));
  const notes = nodes.map(
    (node, i) =>
      `the text shows node ${node} not Ready and no pod: pod ${str(rec(pods[i]?.metadata).name) ?? ''} stands for the pods bound to it`,
  );
  return { pods, notes };
}
