/**
 * Node incidents and the node lifecycle controller (pkg/controller/nodelifecycle). The
 * scenario's incidents change what the node's kubelet reports (NotReady, pressure, shutdown,
 * recovery, a cordon) or stop it reporting at all ('lost'); the controller then notices a
 * silent node after the node-monitor grace period (40 s; 50 s since 1.32) and marks its
 * conditions Unknown, taints nodes by condition (not-ready, unreachable, *-pressure,
 * unschedulable), marks their pods not Ready (MarkPodsNotReady) and the taint eviction
 * controller deletes pods after their tolerationSeconds. The kubelet helper does the pods'
 * side (it stops syncing a lost node's pods).
 */
import type { NodeIncident } from '../../scenario/types.js';
import type { NodeObj, PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import type { Controller } from '../types.js';
import { atLeast } from '../../world/version.js';
import {
  addTaint,
  KUBELET_CONDITIONS,
  nodeEvent,
  NOT_READY_TAINT,
  removeTaints,
  setNodeCondition,
  UNREACHABLE_TAINT,
  UNSCHEDULABLE_TAINT,
  type ConditionType,
} from './node-status.js';
import { podsByNode } from './pods-by-node.js';
import { TaintEviction } from './taint-eviction.js';

/** How long the kubelet keeps terminating pods after a shutdown starts before the machine is off. */
const SHUTDOWN_GRACE_MS = 30_000;
const PRESSURE: Record<string, keyof typeof KUBELET_CONDITIONS> = {
  'memory-pressure': 'MemoryPressure',
  'disk-pressure': 'DiskPressure',
  'pid-pressure': 'PIDPressure',
};

export const nodeMonitorGracePeriod = (version: string): number =>
  atLeast(version, 1, 32) ? 50_000 : 40_000;

export const nodeLifecycleController: Controller = {
  name: 'node-lifecycle-controller',
  start(world) {
    const eviction = new TaintEviction(world);
    /** Nodes whose kubelet stopped posting, with the pending "unknown" check. */
    const silent = new Map<string, ReturnType<World['after']>>();
    const noExecute = new Map<string, string>();
    world.watch('nodes', (c) => {
      if (c.type === 'ADDED')
        world.events.record({
          object: c.object,
          type: 'Normal',
          reason: 'RegisteredNode',
          message: `Node ${c.object.metadata.name} event: Registered Node ${c.object.metadata.name} in Controller`,
          component: 'node-controller',
        });
      // Only a change of NoExecute taints re-plans evictions (heartbeats must not rescan every pod).
      const node = c.object as NodeObj;
      const sig = JSON.stringify((node.spec.taints ?? []).filter((t) => t.effect === 'NoExecute'));
      if (c.type === 'DELETED') noExecute.delete(node.metadata.name);
      else if (noExecute.get(node.metadata.name) !== sig) {
        noExecute.set(node.metadata.name, sig);
        eviction.node(node);
      }
    });
    world.watch('pods', (c) => {
      if (c.type !== 'DELETED') eviction.pod(c.object as PodObj);
    });
    const stopPosting = (name: string): void => {
      world.cancel(silent.get(name));
      silent.set(
        name,
        world.after(nodeMonitorGracePeriod(world.scenario.cluster.version), () => {
          silent.delete(name);
          markUnknown(world, name);
        }),
      );
    };
    for (const spec of world.scenario.cluster.nodes)
      for (const incident of spec.incidents)
        world.after(incident.at, () => {
          if (incident.type === 'recover') {
            world.cancel(silent.get(spec.name));
            silent.delete(spec.name);
          }
          if (silent.has(spec.name) && incident.type !== 'recover') return;
          apply(world, spec.name, incident);
          if (incident.type === 'lost') stopPosting(spec.name);
          if (incident.type === 'shutdown')
            world.after(SHUTDOWN_GRACE_MS, () => {
              stopPosting(spec.name);
            });
        });
  },
};

/** What the kubelet reports when the incident happens. */
function apply(world: World, name: string, incident: NodeIncident): void {
  const node = world.store.get<NodeObj>('nodes', undefined, name);
  if (node === undefined) return;
  const now = world.clock.iso();
  switch (incident.type) {
    case 'lost':
      return; // The kubelet just stops posting; the controller notices after the grace period.
    case 'not-ready':
    case 'shutdown': {
      const message =
        incident.type === 'not-ready'
          ? (incident.message ?? 'container runtime is down')
          : 'node is shutting down';
      const changed = setNodeCondition(node, 'Ready', 'False', 'KubeletNotReady', message, now, true);
      if (!changed) return;
      addTaint(node, NOT_READY_TAINT, 'NoSchedule', now);
      addTaint(node, NOT_READY_TAINT, 'NoExecute', now);
      world.store.update(node);
      nodeEvent(world, node, 'NodeNotReady', 'kubelet');
      nodeEvent(world, node, 'NodeNotReady', 'node-controller');
      markPodsNotReady(world, name);
      return;
    }
    case 'memory-pressure':
    case 'disk-pressure':
    case 'pid-pressure': {
      const type = PRESSURE[incident.type] ?? 'MemoryPressure';
      const [status, reason, message, event] = KUBELET_CONDITIONS[type].bad;
      if (!setNodeCondition(node, type, status, reason, message, now, true)) return;
      addTaint(node, KUBELET_CONDITIONS[type].taint, 'NoSchedule', now);
      world.store.update(node);
      nodeEvent(world, node, event, 'kubelet');
      return;
    }
    case 'cordon':
      if (node.spec.unschedulable === true) return;
      node.spec.unschedulable = true;
      addTaint(node, UNSCHEDULABLE_TAINT, 'NoSchedule', now);
      world.store.update(node);
      nodeEvent(world, node, 'NodeNotSchedulable', 'kubelet');
      return;
    case 'recover':
      recover(world, node, now);
      return;
  }
}

function recover(world: World, node: NodeObj, now: string): void {
  const wasReady = node.status.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
  for (const type of Object.keys(KUBELET_CONDITIONS) as (keyof typeof KUBELET_CONDITIONS)[]) {
    const [status, reason, message, event] = KUBELET_CONDITIONS[type].ok;
    const before = node.status.conditions?.find((c) => c.type === type)?.status;
    setNodeCondition(node, type, status, reason, message, now, true);
    if (before !== status) nodeEvent(world, node, event, 'kubelet');
  }
  setNodeCondition(node, 'Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', now, true);
  const cordoned = node.spec.unschedulable === true;
  delete node.spec.unschedulable;
  removeTaints(node, [
    NOT_READY_TAINT,
    UNREACHABLE_TAINT,
    UNSCHEDULABLE_TAINT,
    ...Object.values(KUBELET_CONDITIONS).map((c) => c.taint),
  ]);
  world.store.update(node);
  if (!wasReady) {
    nodeEvent(world, node, 'NodeReady', 'kubelet');
    nodeEvent(world, node, 'NodeReady', 'node-controller');
  }
  if (cordoned) nodeEvent(world, node, 'NodeSchedulable', 'kubelet');
}

/** tryUpdateNodeHealth for a node that stopped posting: every condition Unknown, then unreachable taints. */
function markUnknown(world: World, name: string): void {
  const node = world.store.get<NodeObj>('nodes', undefined, name);
  if (node === undefined) return;
  const now = world.clock.iso();
  const wasReady = node.status.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
  const types: ConditionType[] = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'];
  for (const type of types)
    setNodeCondition(
      node,
      type,
      'Unknown',
      'NodeStatusUnknown',
      'Kubelet stopped posting node status.',
      now,
      false,
    );
  removeTaints(node, [NOT_READY_TAINT]);
  addTaint(node, UNREACHABLE_TAINT, 'NoSchedule', now);
  addTaint(node, UNREACHABLE_TAINT, 'NoExecute', now);
  world.store.update(node);
  if (wasReady) {
    nodeEvent(world, node, 'NodeNotReady', 'node-controller');
    markPodsNotReady(world, name);
  }
}

/** nodeutil.MarkPodsNotReady: Ready False on each pod of the node, and a NodeNotReady event. */
function markPodsNotReady(world: World, nodeName: string): void {
  const now = world.clock.iso();
  for (const pod of podsByNode(world).on(nodeName)) {
    if (pod.spec.nodeName !== nodeName) continue;
    const ready = pod.status.conditions?.find((c) => c.type === 'Ready');
    if (ready === undefined || ready.status === 'False') continue;
    ready.status = 'False';
    ready.lastTransitionTime = now;
    world.store.update(pod);
    world.events.record({
      object: pod,
      type: 'Warning',
      reason: 'NodeNotReady',
      message: 'Node is not ready',
      component: 'node-controller',
    });
  }
}
