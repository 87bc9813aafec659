/** The pod worker's own view of each container: what the runtime knows, before it becomes status. */
import type { Container } from '../../../model/index.js';
import type { Task } from '../../world/queue.js';
import type { PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import type { CrashBackoff } from './backoff.js';
import { fieldPathOf, type KubeletHosts } from './hosts.js';

/** The pod worker retries a failed sync after this long (pod_workers.go backOffPeriod). */
export const SYNC_RETRY_MS = 10_000;
/** PLEG relists every second: the kubelet notices an exit about this late. */
export const PLEG_MS = 1000;

export interface Waiting {
  readonly kind: 'waiting';
  readonly reason: string;
  readonly message?: string;
}
export interface Running {
  readonly kind: 'running';
  readonly startedAt: number;
  readonly containerID: string;
}
export interface Terminated {
  readonly kind: 'terminated';
  readonly exitCode: number;
  readonly reason: string;
  readonly message?: string;
  /** 0 (the epoch) when the process never started (StartError), as containerd reports it. */
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly containerID: string;
}
export type RunState = Waiting | Running | Terminated;

export interface ContainerRun {
  readonly spec: Container;
  readonly init: boolean;
  /** An init container with restartPolicy Always. */
  readonly sidecar: boolean;
  readonly fieldPath: string;
  state: RunState;
  /** The previous instance, once it has ended and the container waits or runs again. */
  last?: Terminated;
  restartCount: number;
  /** Instances created so far (a restart is every one after the first). */
  instances: number;
  ready: boolean;
  started: boolean;
  imageID: string;
  /** A pull, config or start is in flight. */
  busy: boolean;
  /** Timers of the running instance (exit, OOM, kill), cancelled when it ends. */
  tasks: Task[];
}

export function newRun(spec: Container, init: boolean, initialReason: string): ContainerRun {
  return {
    spec,
    init,
    sidecar: init && spec.restartPolicy === 'Always',
    fieldPath: fieldPathOf(spec, init),
    state: { kind: 'waiting', reason: initialReason },
    restartCount: 0,
    instances: 0,
    ready: false,
    started: false,
    imageID: '',
    busy: false,
    tasks: [],
  };
}

/** The instance that ended last, whether it is still the state or already lastState. */
export const lastEnded = (r: ContainerRun): Terminated | undefined =>
  r.state.kind === 'terminated' ? r.state : r.last;

/** Whether the pod's restart policy restarts this container after it exited with `exitCode`. */
export function restarts(r: ContainerRun, policy: string, exitCode: number): boolean {
  if (r.sidecar) return true;
  if (r.init) return policy !== 'Never' && exitCode !== 0;
  if (policy === 'Always') return true;
  return policy === 'OnFailure' && exitCode !== 0;
}

/** What a pod worker gets from its kubelet. */
export interface WorkerEnv {
  readonly world: World;
  readonly hosts: KubeletHosts;
  readonly nodeName: string;
  readonly hostIP: string;
  readonly backoff: CrashBackoff;
  /** The worker is finished with the pod (it was removed). */
  readonly done: (uid: string) => void;
}

export interface TerminalStatus {
  /** Set by the kubelet outright (eviction, shutdown); otherwise from the containers. */
  readonly phase?: 'Failed';
  readonly reason?: string;
  readonly message?: string;
  readonly disruption?: { readonly reason: string; readonly message: string };
}

/**
 * What a pod worker's container runner and the pod's network see of the worker: the pod, its
 * containers and state, and how to ask for a status write or another sync. Declared here,
 * below both, so that the runner does not import the worker that creates it.
 */
export interface PodWorkerView {
  readonly env: WorkerEnv;
  readonly world: World;
  readonly namespace: string;
  readonly name: string;
  readonly runs: readonly ContainerRun[];
  readonly podIP: string | undefined;
  readonly policy: string;
  readonly frozen: boolean;
  readonly terminating: boolean;
  readonly terminal: TerminalStatus | undefined;
  /** The stored pod, if it is still this pod. */
  pod(): PodObj | undefined;
  requestFlush(): void;
  scheduleSync(delayMs: number): void;
}
