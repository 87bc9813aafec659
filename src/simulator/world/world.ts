/**
 * What every controller sees of the simulated cluster: its state, time and randomness. The API
 * server that writes it sits one floor up (api/server.ts, `ApiWorld`).
 */
import type { Scenario } from '../scenario/types.js';
import type { SimClock } from './clock.js';
import type { EventRecorder } from './events.js';
import type { Task } from './queue.js';
import type { Rng } from './rng.js';
import type { Change, Store } from './store.js';
import type { PodObj } from './types.js';

export type HttpAnswer =
  | { readonly kind: 'response'; readonly status: number; readonly body: string; readonly latencyMs: number }
  | { readonly kind: 'error'; readonly message: string };

/** What a pod's process answers to an HTTP GET on port/path (probes and pods/proxy). */
export type PodHttp = (pod: PodObj, port: number, path: string, timeoutMs: number) => HttpAnswer;

export interface World {
  readonly scenario: Scenario;
  readonly clock: SimClock;
  readonly rng: Rng;
  readonly store: Store;
  readonly events: EventRecorder;
  readonly logs: ContainerLogs;
  /** Runs `fn` after `delayMs` of simulated time (0: after the current task, same time). */
  after(delayMs: number, fn: () => void): Task;
  cancel(task: Task | undefined): void;
  /** An informer: `handler` runs after every change to `resource`, at the time of the change. */
  watch(resource: string, handler: (change: Change) => void): void;
  /** Set by the kubelet: what a pod's containers answer over HTTP. */
  podHttp: PodHttp;
}

export interface LogLine {
  readonly at: number;
  readonly text: string;
}

/** Container logs as the kubelet keeps them: the current instance and the previous one. */
export class ContainerLogs {
  private readonly current = new Map<string, LogLine[]>();
  private readonly previous = new Map<string, LogLine[]>();

  private static key(namespace: string, pod: string, container: string): string {
    return `${namespace}/${pod}/${container}`;
  }

  append(namespace: string, pod: string, container: string, line: LogLine): void {
    const k = ContainerLogs.key(namespace, pod, container);
    let lines = this.current.get(k);
    if (lines === undefined) {
      lines = [];
      this.current.set(k, lines);
    }
    lines.push(line);
    if (lines.length > 1000) lines.splice(0, lines.length - 1000);
  }

  /** A container restarted: its log becomes the previous one. */
  rotate(namespace: string, pod: string, container: string): void {
    const k = ContainerLogs.key(namespace, pod, container);
    this.previous.set(k, this.current.get(k) ?? []);
    this.current.set(k, []);
  }

  read(namespace: string, pod: string, container: string, previous: boolean): readonly LogLine[] | undefined {
    const k = ContainerLogs.key(namespace, pod, container);
    return (previous ? this.previous : this.current).get(k);
  }

  forget(namespace: string, pod: string): void {
    const prefix = `${namespace}/${pod}/`;
    for (const map of [this.current, this.previous])
      for (const k of [...map.keys()]) if (k.startsWith(prefix)) map.delete(k);
  }
}
