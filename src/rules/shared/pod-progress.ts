/**
 * Milestones read from a pod's own status, for rules that must not fire on plainly resolved
 * state (the engine's chain resolution does the full job; these are the cheap local checks).
 */
import type { Pod, PodCondition } from '../../model/index.js';
import { wasCreated } from './containers.js';

/** The condition of a type, when the pod reports it. */
export function podCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status.conditions?.find((c) => c.type === type);
}

/**
 * PodReadyToStartContainers (formerly PodHasNetwork): true/false when reported,
 * undefined when the cluster or the evidence does not carry it.
 */
export function sandboxReady(pod: Pod): boolean | undefined {
  const c = podCondition(pod, 'PodReadyToStartContainers') ?? podCondition(pod, 'PodHasNetwork');
  if (c === undefined) return undefined;
  if (c.status === 'True') return true;
  if (c.status === 'False') return false;
  return undefined;
}

/** Some init or app container was created by the runtime at some point. */
export function anyContainerCreated(pod: Pod): boolean {
  const all = [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])];
  return all.some((s) => wasCreated(s));
}

function phaseShowsStart(pod: Pod): boolean {
  return pod.status.phase === 'Running' || pod.status.phase === 'Succeeded';
}

/**
 * The kubelet got past the volume wait: the sandbox is ready, a container was created, or
 * the pod runs. Volumes stay mounted when a sandbox is recreated, so a created container counts.
 */
export function pastVolumes(pod: Pod): boolean {
  return sandboxReady(pod) === true || anyContainerCreated(pod) || phaseShowsStart(pod);
}

/**
 * The sandbox exists now. PodReadyToStartContainers decides when reported (False after a
 * sandbox was lost means it is being recreated); otherwise a created container or a running
 * phase shows it.
 */
export function pastSandbox(pod: Pod): boolean {
  const ready = sandboxReady(pod);
  if (ready !== undefined) return ready;
  return anyContainerCreated(pod) || phaseShowsStart(pod);
}

/** Running, Ready and not being deleted: old failure events about it are history. */
export function plainlyHealthy(pod: Pod): boolean {
  if (pod.metadata.deletionTimestamp !== undefined) return false;
  if (pod.status.phase === 'Succeeded') return true;
  return pod.status.phase === 'Running' && podCondition(pod, 'Ready')?.status === 'True';
}

/** Phase Succeeded or Failed: the kubelet is done with the pod. */
export function isTerminal(pod: Pod): boolean {
  return pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';
}
