/**
 * Test support for the kubelet hosts: a World with the real clock, store, recorder and API
 * server but only the controllers a test asks for, and Ready nodes shaped as bootstrap makes
 * them, so hosts can be driven directly before (or without) the pod worker.
 */
import { ApiServer } from '../../../api/server.js';
import { apiServerHooks } from '../../../api/hooks.js';
import { parseScenario } from '../../../scenario/load.js';
import type { Scenario } from '../../../scenario/types.js';
import { SimClock } from '../../../world/clock.js';
import { EventRecorder } from '../../../world/events.js';
import { TaskQueue, type Task } from '../../../world/queue.js';
import { Rng } from '../../../world/rng.js';
import { Store, type Change } from '../../../world/store.js';
import { ContainerLogs, type PodHttp, type World } from '../../../world/world.js';
import type { EventObj, KObject, NodeObj, PodObj } from '../../../world/types.js';
import type { Controller } from '../../types.js';

export class TestWorld implements World {
  readonly scenario: Scenario;
  readonly clock: SimClock;
  readonly rng: Rng;
  readonly store: Store;
  readonly events: EventRecorder;
  readonly api: ApiServer;
  readonly logs = new ContainerLogs();
  podHttp: PodHttp = () => ({ kind: 'error', message: 'connect: connection refused' });
  private readonly queue = new TaskQueue();
  private readonly handlers = new Map<string, ((change: Change) => void)[]>();

  constructor(yaml: string, controllers: readonly Controller[] = []) {
    this.scenario = parseScenario(
      `name: t\ndescription: t\nexpect: {verdict: healthy}\n${yaml}`,
      'test.yaml',
    );
    this.clock = new SimClock(this.scenario.start);
    this.rng = new Rng(this.scenario.seed);
    this.store = new Store(this.clock, this.rng);
    this.events = new EventRecorder(this.store, this.clock);
    this.api = new ApiServer(this, apiServerHooks(this));
    this.store.subscribe((change) => {
      for (const handler of this.handlers.get(change.resource) ?? [])
        this.queue.push(this.clock.now(), () => {
          handler(change);
        });
    });
    for (const c of controllers) c.start(this);
    this.scenario.cluster.nodes.forEach((spec, i) => {
      this.store.create<NodeObj>({
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: spec.name },
        spec: { podCIDR: `10.244.${i}.0/24` },
        status: {
          conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
          addresses: [{ type: 'InternalIP', address: `10.0.0.${i + 2}` }],
          images: spec.images.map((name) => ({ names: [name], sizeBytes: 50_000_000 })),
        },
      } as NodeObj);
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

  /** Seconds since the start, for asserting timings. */
  get seconds(): number {
    return this.clock.elapsed() / 1000;
  }

  pod(name: string, spec: Record<string, unknown>, nodeName = 'node-1', namespace = 'default'): PodObj {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace },
      spec: { nodeName, containers: [{ name: 'app', image: 'nginx:1.27' }], ...spec },
      status: { phase: 'Pending' },
    } as PodObj;
    return this.store.create(pod);
  }

  create(obj: KObject): KObject {
    return this.store.create(obj);
  }

  /** Events about an object, oldest first, as `Reason: message (xN)`. */
  eventsFor(name: string): string[] {
    return this.store
      .list<EventObj>('events')
      .filter((e) => e.involvedObject.name === name)
      .sort(
        (a, b) =>
          (a.firstTimestamp ?? '').localeCompare(b.firstTimestamp ?? '') ||
          a.metadata.name.localeCompare(b.metadata.name),
      )
      .map((e) => `${e.reason}: ${e.message}${(e.count ?? 1) > 1 ? ` (x${e.count ?? 1})` : ''}`);
  }
}
