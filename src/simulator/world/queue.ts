/** Timed tasks ordered by (time, insertion order): a binary heap, so ties run in the order scheduled. */
export interface Task {
  readonly at: number;
  readonly seq: number;
  readonly run: () => void;
  cancelled: boolean;
}

export class TaskQueue {
  private readonly heap: Task[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(at: number, run: () => void): Task {
    const task: Task = { at, seq: this.seq++, run, cancelled: false };
    const heap = this.heap;
    heap.push(task);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent];
      if (p === undefined || before(p, task)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = task;
    return task;
  }

  peek(): Task | undefined {
    return this.heap[0];
  }

  pop(): Task | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let i = 0;
    const n = heap.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      let mTask = last;
      const lt = heap[l];
      if (l < n && lt !== undefined && before(lt, mTask)) {
        m = l;
        mTask = lt;
      }
      const rt = heap[r];
      if (r < n && rt !== undefined && before(rt, mTask)) {
        m = r;
        mTask = rt;
      }
      if (m === i) break;
      heap[i] = mTask;
      i = m;
    }
    heap[i] = last;
    return top;
  }
}

const before = (a: Task, b: Task): boolean => a.at < b.at || (a.at === b.at && a.seq < b.seq);
