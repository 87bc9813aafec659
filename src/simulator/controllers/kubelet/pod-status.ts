/**
 * generateAPIPodStatus: the kubelet's pod status from its containers (kubelet_pods.go getPhase,
 * status/generate.go conditions). Conditions keep their lastTransitionTime while their status
 * does not change; conditions other components own (PodScheduled, readiness gates,
 * DisruptionTarget) are carried over.
 */
import type { PodCondition } from '../../../model/index.js';
import type { Mutable, PodObj } from '../../world/types.js';
import type { ContainerRun, RunState } from './model.js';
import { qosClass } from './resources.js';

type Condition = Mutable<PodCondition>;
type Status = PodObj['status'];

export interface StatusInput {
  readonly pod: PodObj;
  readonly runs: readonly ContainerRun[];
  readonly now: string;
  readonly iso: (ms: number) => string;
  readonly startTime: string;
  readonly hostIP: string;
  readonly podIP?: string;
  readonly sandboxReady: boolean;
  /** The pod is done for good (terminated, evicted, shut down): phase from its containers as terminal. */
  readonly terminal: boolean;
  readonly phase?: string;
  readonly reason?: string;
  readonly message?: string;
  readonly disruption?: { readonly reason: string; readonly message: string };
}

const oldConditions = (pod: PodObj): readonly Condition[] =>
  (pod.status as Status | undefined)?.conditions ?? [];

const KUBELET_OWNED = new Set(['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady']);

function stateJson(s: RunState, iso: (ms: number) => string): Record<string, unknown> {
  switch (s.kind) {
    case 'waiting':
      return { waiting: { reason: s.reason, ...(s.message === undefined ? {} : { message: s.message }) } };
    case 'running':
      return { running: { startedAt: iso(s.startedAt) } };
    case 'terminated':
      return {
        terminated: {
          exitCode: s.exitCode,
          reason: s.reason,
          ...(s.message === undefined ? {} : { message: s.message }),
          startedAt: iso(s.startedAt),
          finishedAt: iso(s.finishedAt),
          containerID: s.containerID,
        },
      };
  }
}

function containerStatus(r: ContainerRun, iso: (ms: number) => string) {
  const id = r.state.kind === 'waiting' ? r.last?.containerID : r.state.containerID;
  return {
    name: r.spec.name,
    state: stateJson(r.state, iso),
    lastState: r.last === undefined ? {} : stateJson(r.last, iso),
    ready: r.ready,
    restartCount: r.restartCount,
    image: r.spec.image ?? '',
    imageID: r.imageID,
    ...(id === undefined ? {} : { containerID: id }),
    started: r.started,
  };
}

/** kubelet_pods.go getPhase. */
export function podPhase(pod: PodObj, runs: readonly ContainerRun[], terminal: boolean): string {
  const policy = pod.spec.restartPolicy ?? 'Always';
  let pendingInit = 0;
  let failedInit = 0;
  for (const r of runs.filter((x) => x.init && !x.sidecar)) {
    const s = r.state;
    if (s.kind === 'terminated') {
      if (s.exitCode !== 0) failedInit++;
    } else if (s.kind === 'waiting' && r.last !== undefined && r.last.exitCode !== 0) failedInit++;
    else pendingInit++;
  }
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  const apps = runs.filter((x) => !x.init);
  for (const r of apps) {
    if (r.state.kind === 'running') running++;
    else if (r.state.kind === 'terminated') {
      stopped++;
      if (r.state.exitCode === 0) succeeded++;
    } else if (r.last !== undefined) stopped++;
    else waiting++;
  }
  if (failedInit > 0 && policy === 'Never') return 'Failed';
  const anyStarted = apps.some((r) => r.instances > 0);
  let phase = 'Pending';
  if ((pendingInit > 0 && !anyStarted) || waiting > 0) phase = 'Pending';
  else if (running > 0) phase = 'Running';
  else if (stopped > 0) {
    if (terminal) phase = stopped === succeeded ? 'Succeeded' : 'Failed';
    else if (policy === 'Always') phase = 'Running';
    else if (stopped === succeeded) phase = 'Succeeded';
    else phase = policy === 'Never' ? 'Failed' : 'Running';
  }
  // A pod the kubelet finished (deleted, evicted, shut down) ends in a terminal phase.
  return terminal && phase !== 'Succeeded' && phase !== 'Failed' ? 'Failed' : phase;
}

const list = (names: readonly string[]): string => `[${names.join(' ')}]`;

function kubeletConditions(input: StatusInput, phase: string): Condition[] {
  const { pod, runs } = input;
  const inits = runs.filter((r) => r.init);
  const incomplete = inits
    .filter((r) => (r.sidecar ? !r.started : r.state.kind !== 'terminated' || r.state.exitCode !== 0))
    .map((r) => r.spec.name);
  const anyAppStarted = runs.some((r) => !r.init && r.instances > 0);
  let initialized: Condition;
  if (inits.length === 0 || incomplete.length === 0 || anyAppStarted)
    initialized = { type: 'Initialized', status: 'True' };
  else if (phase === 'Succeeded')
    initialized = { type: 'Initialized', status: 'True', reason: 'PodCompleted' };
  else
    initialized = {
      type: 'Initialized',
      status: 'False',
      reason: 'ContainersNotInitialized',
      message: `containers with incomplete status: ${list(incomplete)}`,
    };
  const unready = runs.filter((r) => (!r.init || r.sidecar) && !r.ready).map((r) => r.spec.name);
  let containersReady: Condition;
  if (phase === 'Succeeded')
    containersReady = { type: 'ContainersReady', status: 'False', reason: 'PodCompleted' };
  else if (unready.length > 0)
    containersReady = {
      type: 'ContainersReady',
      status: 'False',
      reason: 'ContainersNotReady',
      message: `containers with unready status: ${list(unready)}`,
    };
  else containersReady = { type: 'ContainersReady', status: 'True' };
  let ready: Condition = { ...containersReady, type: 'Ready' };
  if (containersReady.status === 'True') {
    const gates: string[] = [];
    for (const gate of pod.spec.readinessGates ?? []) {
      const c = oldConditions(pod).find((x) => x.type === gate.conditionType);
      if (c === undefined)
        gates.push(`corresponding condition of pod readiness gate "${gate.conditionType}" does not exist.`);
      else if (c.status !== 'True')
        gates.push(`the status of pod readiness gate "${gate.conditionType}" is not "True", but ${c.status}`);
    }
    if (gates.length > 0)
      ready = { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady', message: gates.join(', ') };
  }
  return [
    { type: 'PodReadyToStartContainers', status: input.sandboxReady ? 'True' : 'False' },
    initialized,
    ready,
    containersReady,
  ];
}

export function buildStatus(input: StatusInput): Status {
  const { pod, runs } = input;
  const phase = input.phase ?? podPhase(pod, runs, input.terminal);
  const old = oldConditions(pod);
  const stamp = (c: Condition): Condition => {
    const prev = old.find((o) => o.type === c.type);
    const at =
      prev !== undefined && prev.status === c.status ? (prev.lastTransitionTime ?? input.now) : input.now;
    return { ...c, lastTransitionTime: at };
  };
  const conditions: Condition[] = kubeletConditions(input, phase).map(stamp);
  const scheduled = old.find((c) => c.type === 'PodScheduled');
  conditions.push(
    scheduled === undefined ? stamp({ type: 'PodScheduled', status: 'True' }) : { ...scheduled },
  );
  if (input.disruption !== undefined)
    conditions.push(stamp({ type: 'DisruptionTarget', status: 'True', ...input.disruption }));
  for (const c of old)
    if (!KUBELET_OWNED.has(c.type) && !conditions.some((x) => x.type === c.type)) conditions.push({ ...c });
  const init = runs.filter((r) => r.init).map((r) => containerStatus(r, input.iso));
  return {
    phase,
    ...(input.reason === undefined ? {} : { reason: input.reason }),
    ...(input.message === undefined ? {} : { message: input.message }),
    conditions,
    hostIP: input.hostIP,
    hostIPs: [{ ip: input.hostIP }],
    ...(input.podIP === undefined ? {} : { podIP: input.podIP, podIPs: [{ ip: input.podIP }] }),
    startTime: input.startTime,
    ...(init.length === 0 ? {} : { initContainerStatuses: init }),
    containerStatuses: runs.filter((r) => !r.init).map((r) => containerStatus(r, input.iso)),
    qosClass: qosClass(pod),
  };
}
