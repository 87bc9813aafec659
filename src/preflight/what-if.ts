/**
 * The what-if run: the cluster's state loaded into a simulator that runs only the control plane
 * (no kubelet: the nodes are real ones, seen as they are), the input applied through its API
 * server as `kubectl apply` would send it, then a minute of simulated time. The API server's
 * admission (namespace, ServiceAccount, LimitRange, PodSecurity, ResourceQuota), the workload
 * controllers' pod creation, volume binding and the scheduler's filters then leave the objects
 * and events Kubernetes would, with Kubernetes' own messages.
 */
import { ADMIN } from '../simulator/api/types.js';
import type { StatusObj } from '../simulator/api/status.js';
import { CONTROL_PLANE_CONTROLLERS } from '../simulator/controllers/index.js';
import { parseScenario } from '../simulator/scenario/load.js';
import { Simulation } from '../simulator/simulation.js';
import { Store } from '../simulator/world/store.js';
import type { KObject } from '../simulator/world/types.js';
import type { ClusterState, InputObject } from './types.js';
import { placedPodsStart } from './placed-pods-start.js';

/** How long the what-if runs: long enough for every controller's first sync and the scheduler's first attempts. */
export const WHAT_IF_MS = 60_000;

/** An input object the API server refused, with the status it answered. */
export interface Refusal {
  readonly input: InputObject;
  readonly status: StatusObj;
}

export interface WhatIf {
  readonly sim: Simulation;
  readonly refused: readonly Refusal[];
  /** State objects the simulator does not hold (kinds it does not store), counted by kind. */
  readonly skipped: ReadonlyMap<string, number>;
}

/**
 * The order `helm install` applies kinds in (and a sensible one for `kubectl apply`): what a pod
 * needs exists before the pod's owner is created. Kinds not listed come last, in input order.
 */
const APPLY_ORDER = [
  'Namespace',
  'ResourceQuota',
  'LimitRange',
  'ServiceAccount',
  'Secret',
  'ConfigMap',
  'StorageClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'Service',
  'Pod',
  'ReplicationController',
  'ReplicaSet',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
];
const rank = (kind: string): number => {
  const i = APPLY_ORDER.indexOf(kind);
  return i === -1 ? APPLY_ORDER.length : i;
};

/** Objects of the state the simulation holds as they are (server-set fields are kept). */
function seed(sim: Simulation, objects: readonly KObject[]): Map<string, number> {
  const skipped = new Map<string, number>();
  for (const original of objects) {
    let resource: string;
    try {
      resource = Store.resourceOf(original);
    } catch {
      skipped.set(original.kind, (skipped.get(original.kind) ?? 0) + 1);
      continue;
    }
    const obj = structuredClone(original);
    const { namespace, name } = obj.metadata;
    if (sim.store.get(resource, namespace, name) === undefined) sim.store.create(obj);
    else sim.store.update(obj);
  }
  return skipped;
}

export function runWhatIf(state: ClusterState, inputs: readonly InputObject[], runMs = WHAT_IF_MS): WhatIf {
  const base = parseScenario(
    'name: preflight\ndescription: the what-if run of handoff preflight\nduration: 1m\nexpect: { verdict: healthy }\n',
    '(preflight)',
  );
  // The scenario format's defaults (a node, a default StorageClass) would add to the cluster: none.
  const cluster = { ...base.cluster, nodes: [], storageClasses: [], csiDrivers: [], webhooks: [] };
  const seeded = new Set<string>();
  const sim = new Simulation(
    { ...base, cluster, start: state.at },
    { controllers: [...CONTROL_PLANE_CONTROLLERS, placedPodsStart(seeded)] },
  );
  const skipped = seed(sim, state.objects);
  for (const o of state.objects)
    if (o.kind === 'Pod') seeded.add(`${o.metadata.namespace ?? ''}/${o.metadata.name}`);
  const refused: Refusal[] = [];
  const ordered = inputs
    .map((input, i) => ({ input, i }))
    .sort((a, b) => rank(a.input.object.kind) - rank(b.input.object.kind) || a.i - b.i);
  for (const { input } of ordered) {
    const obj = structuredClone(input.object);
    // `kubectl apply` of an object that exists replaces it; the new one still passes admission.
    const resource = Store.resourceOf(obj);
    const namespace = obj.metadata.namespace ?? (resource === 'namespaces' ? undefined : 'default');
    if (sim.store.get(resource, namespace, obj.metadata.name) !== undefined)
      sim.store.remove(resource, namespace, obj.metadata.name);
    const result = sim.api.create(obj, ADMIN);
    if (!result.ok) refused.push({ input, status: result.status });
  }
  sim.runFor(runMs);
  return { sim, refused, skipped };
}
