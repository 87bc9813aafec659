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

/**
 * Namespaces and ServiceAccounts the state could not read are taken to exist (the report says
 * they are unknown): otherwise every pod would be refused for want of them.
 */
function standIns(sim: Simulation, state: ClusterState, inputs: readonly InputObject[]): void {
  const namespaces = new Set<string>();
  const accounts = new Set<string>();
  for (const { object } of inputs) {
    const ns = object.metadata.namespace;
    if (ns === undefined) continue;
    namespaces.add(ns);
    const spec = podSpecOf(object);
    if (spec !== undefined)
      accounts.add(
        `${ns}/${typeof spec.serviceAccountName === 'string' ? spec.serviceAccountName : 'default'}`,
      );
  }
  if (!state.known.has('Namespace'))
    for (const name of namespaces)
      if (sim.store.get('namespaces', undefined, name) === undefined)
        sim.store.create({
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
          status: { phase: 'Active' },
        });
  if (!state.known.has('ServiceAccount'))
    for (const key of accounts) {
      const [namespace = '', name = ''] = key.split('/');
      if (sim.store.get('serviceaccounts', namespace, name) === undefined)
        sim.store.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } });
    }
}

type Rec = Record<string, unknown>;
const rec = (x: unknown): Rec | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Rec) : undefined;

/** The pod spec an object makes pods from (a Pod's own spec, a template's, a CronJob's). */
function podSpecOf(o: KObject): Rec | undefined {
  const spec = rec(o.spec);
  if (o.kind === 'Pod') return spec;
  if (o.kind === 'CronJob') return rec(rec(rec(rec(spec?.jobTemplate)?.spec)?.template)?.spec);
  return rec(rec(spec?.template)?.spec);
}

export function runWhatIf(state: ClusterState, inputs: readonly InputObject[], runMs = WHAT_IF_MS): WhatIf {
  const base = parseScenario(
    'name: preflight\ndescription: the what-if run of handoff preflight\nduration: 1m\nexpect: { verdict: healthy }\n',
    '(preflight)',
  );
  // The scenario format's defaults (a node, a default StorageClass) would add to the cluster: none.
  const cluster = {
    ...base.cluster,
    ...(state.version === undefined ? {} : { version: state.version }),
    nodes: [],
    storageClasses: [],
    csiDrivers: [],
    webhooks: [],
  };
  const seeded = new Set<string>();
  const sim = new Simulation(
    { ...base, cluster, start: state.at },
    { controllers: [...CONTROL_PLANE_CONTROLLERS, placedPodsStart(seeded)] },
  );
  const skipped = seed(sim, state.objects);
  for (const o of state.objects)
    if (o.kind === 'Pod') seeded.add(`${o.metadata.namespace ?? ''}/${o.metadata.name}`);
  standIns(sim, state, inputs);
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
    // kube-controller-manager's ServiceAccounts controller gives a new namespace its `default`
    // account as soon as it appears; the pods the input makes there run as it.
    else if (
      obj.kind === 'Namespace' &&
      sim.store.get('serviceaccounts', obj.metadata.name, 'default') === undefined
    )
      sim.store.create({
        apiVersion: 'v1',
        kind: 'ServiceAccount',
        metadata: { name: 'default', namespace: obj.metadata.name },
      });
  }
  sim.runFor(runMs);
  return { sim, refused, skipped };
}
