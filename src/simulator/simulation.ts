/**
 * One simulated cluster: the world (clock, store, recorder, API server) plus the controllers
 * that drive it, stepped by a discrete-event loop. Nothing inside reads the wall clock or
 * unseeded randomness, so a scenario gives the same objects every run.
 */
import type { Scenario } from './scenario/types.js';
import { ApiServer, type ApiWorld } from './api/server.js';
import { SimClock } from './world/clock.js';
import { EventRecorder } from './world/events.js';
import { TaskQueue, type Task } from './world/queue.js';
import { Rng } from './world/rng.js';
import { Store, type Change } from './world/store.js';
import { ContainerLogs, type PodHttp } from './world/world.js';
import type { KObject } from './world/types.js';
import { apiServerHooks } from './api/hooks.js';
import { CONTROLLERS } from './controllers/index.js';
import type { Controller } from './controllers/types.js';
import { bootstrap, type ApplyError } from './bootstrap.js';

export interface SimulationOptions {
  /** Keep this many changes for watches to resume from. */
  readonly watchHistory?: number;
  /** The control loops to run (default: all of them, CONTROLLERS). */
  readonly controllers?: readonly Controller[];
}

export class Simulation implements ApiWorld {
  readonly clock: SimClock;
  readonly rng: Rng;
  readonly store: Store;
  readonly events: EventRecorder;
  readonly api: ApiServer;
  readonly logs = new ContainerLogs();
  /** Scenario objects the API server refused, as `kubectl apply` would have printed them. */
  readonly applyErrors: ApplyError[] = [];
  podHttp: PodHttp = () => ({ kind: 'error', message: 'connect: connection refused' });
  private readonly queue = new TaskQueue();
  private readonly handlers = new Map<string, ((change: Change) => void)[]>();
  private steps = 0;

  constructor(
    readonly scenario: Scenario,
    opts: SimulationOptions = {},
  ) {
    this.clock = new SimClock(scenario.start);
    this.rng = new Rng(scenario.seed);
    this.store = new Store(this.clock, this.rng, opts.watchHistory);
    this.events = new EventRecorder(this.store, this.clock);
    this.api = new ApiServer(this, apiServerHooks(this));
    this.store.subscribe((change) => {
      const list = this.handlers.get(change.resource);
      if (list === undefined) return;
      // One task runs every handler in turn: the same order as one task per handler (nothing
      // can be queued between them at this instant), without a task per change per handler.
      const n = list.length;
      this.queue.push(this.clock.now(), () => {
        for (let i = 0; i < n; i++) list[i]?.(change);
      });
    });
    for (const controller of opts.controllers ?? CONTROLLERS) controller.start(this);
    bootstrap(this, this.applyErrors);
  }

  after(delayMs: number, fn: () => void): Task {
    return this.queue.push(this.clock.now() + Math.max(0, Math.round(delayMs)), fn);
  }

  cancel(task: Task | undefined): void {
    if (task !== undefined) task.cancelled = true;
  }

  watch(resource: string, handler: (change: Change) => void): void {
    const list = this.handlers.get(resource);
    if (list === undefined) this.handlers.set(resource, [handler]);
    else list.push(handler);
  }

  /** Simulated time since the start, ms. */
  get elapsed(): number {
    return this.clock.elapsed();
  }

  /** Tasks run so far (a measure of work, for benchmarks). */
  get taskCount(): number {
    return this.steps;
  }

  /** Runs every task due up to `at` (absolute ms), then sets the clock to `at`. */
  runUntil(at: number): void {
    for (;;) {
      const next = this.queue.peek();
      if (next === undefined || next.at > at) break;
      this.queue.pop();
      if (next.cancelled) continue;
      if (next.at > this.clock.now()) this.clock.advanceTo(next.at);
      this.steps++;
      next.run();
    }
    if (at > this.clock.now()) this.clock.advanceTo(at);
  }

  /** Runs for `ms` more simulated time. */
  runFor(ms: number): void {
    this.runUntil(this.clock.now() + ms);
  }

  /** Runs to the scenario's own duration (or `elapsed` ms after start). */
  run(elapsed = this.scenario.duration): this {
    this.runUntil(this.scenario.start + elapsed);
    return this;
  }

  /** Every stored object, for building a Snapshot or a bundle. */
  allObjects(): KObject[] {
    const out: KObject[] = [];
    for (const resource of STORED_RESOURCES) for (const obj of this.store.list(resource)) out.push(obj);
    return out;
  }
}

const STORED_RESOURCES = [
  'namespaces',
  'nodes',
  'pods',
  'services',
  'endpoints',
  'events',
  'configmaps',
  'secrets',
  'serviceaccounts',
  'persistentvolumeclaims',
  'persistentvolumes',
  'resourcequotas',
  'limitranges',
  'deployments',
  'replicasets',
  'statefulsets',
  'daemonsets',
  'jobs',
  'cronjobs',
  'endpointslices',
  'storageclasses',
  'csidrivers',
  'volumeattachments',
  'validatingwebhookconfigurations',
  'mutatingwebhookconfigurations',
] as const;
