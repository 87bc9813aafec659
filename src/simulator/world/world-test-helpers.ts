/**
 * The core every controller test world shares: the real clock, seeded randomness, store, event
 * recorder and task queue, and informers that run a handler for each change at the same
 * simulated time. Each test world adds its API server, the controllers it tests and helpers.
 */
import { parseScenario } from '../scenario/load.js';
import type { Scenario } from '../scenario/types.js';
import { SimClock } from './clock.js';
import { EventRecorder } from './events.js';
import { TaskQueue, type Task } from './queue.js';
import { Rng } from './rng.js';
import { Store, type Change } from './store.js';
import type { EventObj } from './types.js';
import { ContainerLogs, type PodHttp, type World } from './world.js';

/** The header a test scenario needs before its own `cluster:` (or other) YAML. */
export const TEST_SCENARIO_HEADER = 'name: t\ndescription: t\nexpect: {verdict: healthy}\n';

export abstract class TestWorldBase implements World {
  readonly scenario: Scenario;
  readonly clock: SimClock;
  readonly rng: Rng;
  readonly store: Store;
  readonly events: EventRecorder;
  readonly logs = new ContainerLogs();
  podHttp: PodHttp = () => ({ kind: 'error', message: 'connect: connection refused' });
  private readonly queue = new TaskQueue();
  private readonly handlers = new Map<string, ((change: Change) => void)[]>();

  /** `yaml` is a whole scenario file. */
  protected constructor(yaml: string) {
    this.scenario = parseScenario(yaml, 'test.yaml');
    this.clock = new SimClock(this.scenario.start);
    this.rng = new Rng(this.scenario.seed);
    this.store = new Store(this.clock, this.rng);
    this.events = new EventRecorder(this.store, this.clock);
    this.store.subscribe((change) => {
      for (const handler of this.handlers.get(change.resource) ?? [])
        this.queue.push(this.clock.now(), () => {
          handler(change);
        });
    });
  }

  after(delayMs: number, fn: () => void): Task {
    return this.queue.push(this.clock.now() + Math.max(0, Math.round(delayMs)), fn);
  }

  cancel(task: Task | undefined): void {
    if (task !== undefined) task.cancelled = true;
  }

  watch(resource: string, handler: (change: Change) => void): void {
    this.handlers.set(resource, [...(this.handlers.get(resource) ?? []), handler]);
  }

  /** Runs every task due in the next `ms` of simulated time. */
  runFor(ms: number): void {
    const until = this.clock.now() + ms;
    for (;;) {
      const next = this.queue.peek();
      if (next === undefined || next.at > until) break;
      this.queue.pop();
      if (next.cancelled) continue;
      if (next.at > this.clock.now()) this.clock.advanceTo(next.at);
      next.run();
    }
    if (until > this.clock.now()) this.clock.advanceTo(until);
  }

  /** Events that `keep` accepts, oldest first, as `Reason: message` with ` (xN)` above one. */
  protected sortedEventLines(keep: (e: EventObj) => boolean): string[] {
    return this.store
      .list<EventObj>('events')
      .filter(keep)
      .sort(
        (a, b) =>
          (a.firstTimestamp ?? '').localeCompare(b.firstTimestamp ?? '') ||
          a.metadata.name.localeCompare(b.metadata.name),
      )
      .map((e) => `${e.reason}: ${e.message}${(e.count ?? 1) > 1 ? ` (x${String(e.count)})` : ''}`);
  }
}
