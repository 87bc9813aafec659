/**
 * The scheduling queue (pkg/scheduler/backend/queue): an active heap ordered by priority, then
 * the time the pod entered the queue; a back-off area (1 s doubling to 10 s per attempt); and
 * the unschedulable pods, which move back when a cluster event may help them (per rejecting
 * plugin) or at the latest after five minutes.
 */
export const INITIAL_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 10_000;
export const MAX_UNSCHEDULABLE_MS = 5 * 60_000;

export interface QueuedPod {
  readonly uid: string;
  readonly namespace: string;
  readonly name: string;
  priority: number;
  /** Sequence number of its current active-heap entry (older entries are stale). */
  activeSeq: number;
  attempts: number;
  lastAttempt: number;
  state: 'active' | 'backoff' | 'unschedulable' | 'inflight';
  /** Plugins that rejected it last time: which cluster events can help. */
  rejectedBy: ReadonlySet<string>;
  /** Bumped on every state change, so stale timers do nothing. */
  generation: number;
  /** Order of arrival in the queue: moves requeue waiting pods in this order. */
  readonly order: number;
}

/** A heap entry: the keys are copied so that later changes to the pod cannot break the heap. */
interface Entry {
  readonly pod: QueuedPod;
  readonly priority: number;
  /** When it (re-)entered the active queue; ties keep arrival order (seq). */
  readonly at: number;
  readonly seq: number;
}

const before = (a: Entry, b: Entry): boolean =>
  a.priority !== b.priority ? a.priority > b.priority : a.at !== b.at ? a.at < b.at : a.seq < b.seq;

/** Binary heap of active pods. */
class ActiveHeap {
  private readonly heap: Entry[] = [];
  get size(): number {
    return this.heap.length;
  }
  push(p: Entry): void {
    const h = this.heap;
    h.push(p);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const up = h[parent];
      if (up === undefined || !before(p, up)) break;
      h[i] = up;
      i = parent;
    }
    h[i] = p;
  }
  pop(): Entry | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (top === undefined || last === undefined || h.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      let m = last;
      let mi = i;
      const lp = h[l];
      const rp = h[l + 1];
      if (lp !== undefined && before(lp, m)) {
        m = lp;
        mi = l;
      }
      if (rp !== undefined && before(rp, m)) {
        m = rp;
        mi = l + 1;
      }
      if (mi === i) break;
      h[i] = m;
      i = mi;
    }
    h[i] = last;
    return top;
  }
}

export interface QueueClock {
  now(): number;
  /** Runs `fn` after `ms`; the queue uses it for back-off expiry and the unschedulable flush. */
  after(ms: number, fn: () => void): void;
  /** Called when the active queue gains a pod. */
  wake(): void;
}

export class SchedulingQueue {
  private readonly pods = new Map<string, QueuedPod>();
  /** Kept apart so that cluster events scan only the pods waiting for one, not the whole queue. */
  private readonly waiting = new Set<QueuedPod>();
  /** The waiting pods by each plugin that rejected them: an event that helps some plugins visits only theirs. */
  private readonly waitingBy = new Map<string, Set<QueuedPod>>();
  private readonly active = new ActiveHeap();
  private seq = 0;
  private arrivals = 0;

  constructor(private readonly clock: QueueClock) {}

  get(uid: string): QueuedPod | undefined {
    return this.pods.get(uid);
  }

  get activeCount(): number {
    return this.active.size;
  }

  /** A new pending pod. */
  add(uid: string, namespace: string, name: string, priority: number): void {
    if (this.pods.has(uid)) return;
    const p: QueuedPod = {
      uid,
      namespace,
      name,
      priority,
      activeSeq: 0,
      attempts: 0,
      lastAttempt: 0,
      state: 'active',
      rejectedBy: new Set(),
      generation: 0,
      order: this.arrivals++,
    };
    this.pods.set(uid, p);
    this.activate(p);
  }

  /** The pod left the queue's concern (bound, deleted, or no longer ours). */
  remove(uid: string): void {
    const p = this.pods.get(uid);
    if (p === undefined) return;
    p.generation++;
    this.pods.delete(uid);
    this.stopWaiting(p);
  }

  private startWaiting(p: QueuedPod): void {
    this.waiting.add(p);
    for (const plugin of p.rejectedBy) {
      let set = this.waitingBy.get(plugin);
      if (set === undefined) this.waitingBy.set(plugin, (set = new Set()));
      set.add(p);
    }
  }

  private stopWaiting(p: QueuedPod): void {
    if (!this.waiting.delete(p)) return;
    for (const plugin of p.rejectedBy) this.waitingBy.get(plugin)?.delete(p);
  }

  /** The next pod to schedule, marked in flight. */
  pop(): QueuedPod | undefined {
    for (;;) {
      const e = this.active.pop();
      if (e === undefined) return undefined;
      const p = e.pod;
      // Entries of removed or re-queued pods stay in the heap until popped.
      if (this.pods.get(p.uid) !== p || p.state !== 'active' || p.activeSeq !== e.seq) continue;
      p.state = 'inflight';
      p.generation++;
      p.attempts++;
      p.lastAttempt = this.clock.now();
      return p;
    }
  }

  backoffMs(p: QueuedPod): number {
    return Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** Math.max(0, p.attempts - 1));
  }

  /** The attempt found no node: wait for a helpful event or the periodic flush. */
  unschedulable(p: QueuedPod, rejectedBy: ReadonlySet<string>): void {
    p.state = 'unschedulable';
    p.rejectedBy = rejectedBy;
    this.startWaiting(p);
    const gen = ++p.generation;
    this.clock.after(MAX_UNSCHEDULABLE_MS, () => {
      if (p.generation === gen && p.state === 'unschedulable') this.requeue(p);
    });
  }

  /** The attempt failed for another reason: retry after back-off. */
  error(p: QueuedPod): void {
    this.requeue(p);
  }

  /** Moves the unschedulable pods one of the `helps` plugins rejected, or all of them (MoveAllToActiveOrBackoffQueue). */
  move(helps: ReadonlySet<string> | 'all'): void {
    // Only the waiting pods can move (not every queued pod): those a helped plugin rejected, in
    // arrival order.
    const found = new Set<QueuedPod>(helps === 'all' ? this.waiting : []);
    if (helps !== 'all')
      for (const plugin of helps) for (const p of this.waitingBy.get(plugin) ?? []) found.add(p);
    if (found.size === 0) return;
    const moved = [...found];
    moved.sort((a, b) => a.order - b.order);
    for (const p of moved) if (p.state === 'unschedulable') this.requeue(p);
  }

  private requeue(p: QueuedPod): void {
    this.stopWaiting(p);
    const until = p.lastAttempt + this.backoffMs(p);
    if (until > this.clock.now()) {
      p.state = 'backoff';
      const gen = ++p.generation;
      this.clock.after(until - this.clock.now(), () => {
        if (p.generation === gen && p.state === 'backoff') this.activate(p);
      });
    } else this.activate(p);
  }

  private activate(p: QueuedPod): void {
    p.state = 'active';
    p.generation++;
    p.activeSeq = ++this.seq;
    this.active.push({ pod: p, priority: p.priority, at: this.clock.now(), seq: p.activeSeq });
    this.clock.wake();
  }
}
