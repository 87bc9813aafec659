/**
 * Which events a scan keeps. Events are the largest list of a cluster, and most of them are the
 * routine record of pods that started long ago and have run quietly since (Scheduled, Pulled,
 * Created, Started …): none of them can change a verdict. Once the pods and nodes are listed,
 * the events are listed through a filter that drops those, so that memory follows the failing
 * part of the cluster, not its size. Everything else is kept: every event of a pod that is not
 * quiet, every event that is not routine, every recent one (it may be a start still under its
 * grace period, and it gives a fresh pod's chain its times), and every event about another kind.
 */
import type { EventRecord, Node, Pod } from '../../model/index.js';
import { isRoutineEvent, podStatusQuiet, UNHEALTHY_NODE_TAINTS } from '../../k8s/index.js';
import { event } from '../normalize/event.js';
import { str, type Raw } from '../normalize/coerce.js';

/**
 * Routine events newer than this are kept whatever their pod: well beyond the longest grace
 * period and the kubelet's 10-minute restart window, so nothing still being judged loses one.
 */
export const KEEP_RECENT_MS = 60 * 60_000;

const UNHEALTHY_TAINTS: ReadonlySet<string> = new Set(UNHEALTHY_NODE_TAINTS);

/** Ready=True and no taint of the node lifecycle controller. */
function nodeHealthy(node: Node): boolean {
  const ready = node.status.conditions?.find((c) => c.type === 'Ready');
  return ready?.status === 'True' && !(node.spec.taints ?? []).some((t) => UNHEALTHY_TAINTS.has(t.key));
}

const key = (namespace: string | undefined, name: string): string => `${namespace ?? ''}/${name}`;

export interface EventFilterInput {
  /** The pods listed (whole list). */
  readonly pods: readonly Pod[];
  /** The nodes listed; undefined when the node list could not be read whole. */
  readonly nodes: readonly Node[] | undefined;
  /** The pod list is the whole scope: a pod it lacks no longer exists (no -l selector, list complete). */
  readonly podsComplete: boolean;
  readonly now: number;
}

/**
 * Keeps an event unless it is routine, older than KEEP_RECENT_MS, about a Pod, and that pod is
 * either quiet (podStatusQuiet, on a listed node that is Ready) or, when the pod list is whole,
 * no longer exists. Counts what it dropped, for the note that says so.
 */
export class RoutineEventFilter {
  private readonly quiet = new Set<string>();
  private readonly listed = new Set<string>();
  private readonly podsComplete: boolean;
  private readonly now: number;
  /** Events dropped, and the distinct pods they were about. */
  dropped = 0;
  private readonly droppedPods = new Set<string>();

  constructor(input: EventFilterInput) {
    this.podsComplete = input.podsComplete;
    this.now = input.now;
    const healthyNodes = new Set((input.nodes ?? []).filter(nodeHealthy).map((n) => n.metadata.name ?? ''));
    for (const pod of input.pods) {
      const name = pod.metadata.name;
      if (name === undefined) continue;
      const k = key(pod.metadata.namespace, name);
      this.listed.add(k);
      const node = pod.spec.nodeName;
      if (node !== undefined && healthyNodes.has(node) && podStatusQuiet(pod)) this.quiet.add(k);
    }
  }

  /** Whether the raw event (core/v1 or events.k8s.io/v1) is kept. */
  readonly accept = (raw: Raw): boolean => {
    // An event that is not routine is kept on its raw type and reason, without normalising it
    // here: the builder normalises each kept event once.
    if (!isRoutineEvent({ type: str(raw.type), reason: str(raw.reason) })) return true;
    const e = event(raw);
    if (e === undefined || !this.droppable(e)) return true;
    this.dropped++;
    this.droppedPods.add(key(e.regarding.namespace, e.regarding.name));
    return false;
  };

  private droppable(e: EventRecord): boolean {
    if (e.regarding.kind !== 'Pod' || !isRoutineEvent(e)) return false;
    const at = e.last ?? e.first;
    if (at === undefined || this.now - at < KEEP_RECENT_MS) return false;
    const k = key(e.regarding.namespace, e.regarding.name);
    return this.quiet.has(k) || (this.podsComplete && !this.listed.has(k));
  }

  /** The note for the report, or undefined when nothing was dropped. */
  note(): string | undefined {
    if (this.dropped === 0) return undefined;
    const n = this.dropped;
    const pods = this.droppedPods.size;
    return (
      `${n} routine event${n === 1 ? '' : 's'} (Scheduled, Pulled, Started …) older than ` +
      `${KEEP_RECENT_MS / 60_000} min, about ${pods} pod${pods === 1 ? '' : 's'} Running and Ready since ` +
      'with no restart on a Ready node (or no longer listed), were not kept: they cannot change a ' +
      "verdict, but those pods' chains lack the times they gave"
    );
  }
}
