/**
 * Node conditions, taints and events as the kubelet and the node lifecycle controller write
 * them. Texts: kubelet nodestatus setters (KubeletReady, KubeletNotReady, KubeletHas…),
 * node lifecycle controller (NodeStatusUnknown "Kubelet stopped posting node status."), and
 * both components' "Node <name> status is now: <event>" node events.
 */
import type { NodeObj } from '../../world/types.js';
import type { World } from '../../world/world.js';

export type ConditionType = 'Ready' | 'MemoryPressure' | 'DiskPressure' | 'PIDPressure';

/** The healthy and unhealthy (status, reason, message, node event) of each kubelet condition. */
export const KUBELET_CONDITIONS = {
  MemoryPressure: {
    ok: [
      'False',
      'KubeletHasSufficientMemory',
      'kubelet has sufficient memory available',
      'NodeHasSufficientMemory',
    ],
    bad: [
      'True',
      'KubeletHasInsufficientMemory',
      'kubelet has insufficient memory available',
      'NodeHasInsufficientMemory',
    ],
    taint: 'node.kubernetes.io/memory-pressure',
  },
  DiskPressure: {
    ok: ['False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure', 'NodeHasNoDiskPressure'],
    bad: ['True', 'KubeletHasDiskPressure', 'kubelet has disk pressure', 'NodeHasDiskPressure'],
    taint: 'node.kubernetes.io/disk-pressure',
  },
  PIDPressure: {
    ok: ['False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available', 'NodeHasSufficientPID'],
    bad: [
      'True',
      'KubeletHasInsufficientPID',
      'kubelet has insufficient PID available',
      'NodeHasInsufficientPID',
    ],
    taint: 'node.kubernetes.io/pid-pressure',
  },
} as const;

export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';
export const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable';

/** Sets one condition; the transition time moves only when the status changes. Returns whether anything changed. */
export function setNodeCondition(
  node: NodeObj,
  type: ConditionType,
  status: string,
  reason: string,
  message: string,
  now: string,
  heartbeat: boolean,
): boolean {
  const list = (node.status.conditions ??= []);
  const current = list.find((c) => c.type === type);
  if (current === undefined) {
    list.push({ type, status, reason, message, lastHeartbeatTime: now, lastTransitionTime: now });
    return true;
  }
  if (current.status === status && current.reason === reason && current.message === message && !heartbeat)
    return false;
  if (current.status !== status) current.lastTransitionTime = now;
  current.status = status;
  current.reason = reason;
  current.message = message;
  if (heartbeat) current.lastHeartbeatTime = now;
  return true;
}

export function addTaint(
  node: NodeObj,
  key: string,
  effect: 'NoSchedule' | 'NoExecute',
  now: string,
): boolean {
  const taints = (node.spec.taints ??= []);
  if (taints.some((t) => t.key === key && t.effect === effect)) return false;
  taints.push({ key, effect, timeAdded: now });
  return true;
}

export function removeTaints(node: NodeObj, keys: readonly string[]): boolean {
  const before = node.spec.taints ?? [];
  const after = before.filter((t) => !keys.includes(t.key));
  if (after.length === before.length) return false;
  if (after.length === 0) delete node.spec.taints;
  else node.spec.taints = after;
  return true;
}

/** `Node <name> status is now: <status>` on the Node, from the kubelet or the node controller. */
export function nodeEvent(
  world: World,
  node: NodeObj,
  status: string,
  from: 'kubelet' | 'node-controller',
): void {
  world.events.record({
    object: node,
    type: 'Normal',
    reason: status,
    message: `Node ${node.metadata.name} status is now: ${status}`,
    component: from,
    ...(from === 'kubelet' ? { host: node.metadata.name } : {}),
  });
}
