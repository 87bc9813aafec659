/** Every control loop, in the order they start (informers registered first run first). */
import type { Controller } from './types.js';
import { WORKLOADS_CONTROLLERS } from './workloads/index.js';
import { GARBAGE_COLLECTOR_CONTROLLERS } from './garbage-collector/index.js';
import { ENDPOINTSLICE_CONTROLLERS } from './endpointslice/index.js';
import { NODE_LIFECYCLE_CONTROLLERS } from './node-lifecycle/index.js';
import { VOLUME_BINDING_CONTROLLERS } from './volume-binding/index.js';
import { ATTACH_DETACH_CONTROLLERS } from './attach-detach/index.js';
import { SCHEDULER_CONTROLLERS } from './scheduler/index.js';
import { KUBELET_CONTROLLERS } from './kubelet/index.js';

export const CONTROLLERS: readonly Controller[] = [
  ...WORKLOADS_CONTROLLERS,
  ...GARBAGE_COLLECTOR_CONTROLLERS,
  ...ENDPOINTSLICE_CONTROLLERS,
  ...NODE_LIFECYCLE_CONTROLLERS,
  ...VOLUME_BINDING_CONTROLLERS,
  ...ATTACH_DETACH_CONTROLLERS,
  ...SCHEDULER_CONTROLLERS,
  ...KUBELET_CONTROLLERS,
];

/**
 * The control plane without the nodes: what decides a pod's fate before any kubelet acts on it
 * (workload controllers, EndpointSlices, volume binding, the scheduler).
 * Preflight runs these over a cluster's state, whose nodes are real and not simulated.
 */
export const CONTROL_PLANE_CONTROLLERS: readonly Controller[] = [
  ...WORKLOADS_CONTROLLERS,
  ...ENDPOINTSLICE_CONTROLLERS,
  ...VOLUME_BINDING_CONTROLLERS,
  ...SCHEDULER_CONTROLLERS,
];
