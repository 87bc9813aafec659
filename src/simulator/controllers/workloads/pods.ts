/** Pod helpers the workload controllers share (controller_utils.go and podutil, as data). */
import type { OwnerReference, PodSpec } from '../../../model/index.js';
import { parseTime } from '../../../k8s/index.js';
import type { KObject, Meta, Mutable, PodObj, WorkloadObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import { ownerIndex } from './owner-index.js';

export const isTerminal = (p: PodObj): boolean =>
  p.status.phase === 'Succeeded' || p.status.phase === 'Failed';

/** controller.IsPodActive: not finished and not being deleted. */
export const isActive = (p: PodObj): boolean => !isTerminal(p) && p.metadata.deletionTimestamp === undefined;

export function isReady(p: PodObj): boolean {
  // A plain loop: this runs for every pod of a workload on every sync.
  for (const c of p.status.conditions ?? []) if (c.type === 'Ready' && c.status === 'True') return true;
  return false;
}

/** podutil.IsPodAvailable: Ready for at least minReadySeconds. */
export function isAvailable(p: PodObj, minReadySeconds: number, now: number): boolean {
  const ready = p.status.conditions?.find((c) => c.type === 'Ready' && c.status === 'True');
  if (ready === undefined) return false;
  if (minReadySeconds <= 0) return true;
  const since = parseTime(ready.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 <= now;
}

/** When a Ready pod becomes available (ms), for requeueing after minReadySeconds. */
export function availableAt(p: PodObj, minReadySeconds: number): number | undefined {
  const ready = p.status.conditions?.find((c) => c.type === 'Ready' && c.status === 'True');
  const since = parseTime(ready?.lastTransitionTime);
  return since === undefined ? undefined : since + minReadySeconds * 1000;
}

export type OwnerRef = OwnerReference & { blockOwnerDeletion?: boolean };

/** metav1.NewControllerRef. */
export function controllerRef(owner: KObject): OwnerRef {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name,
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

export const ownerOf = (o: KObject): OwnerReference | undefined =>
  o.metadata.ownerReferences?.find((r) => r.controller === true);

export const isControlledBy = (o: KObject, owner: KObject): boolean => ownerOf(o)?.uid === owner.metadata.uid;

/** Objects of `resource` whose controller is the owner (from the shared owner index). */
export function ownedBy<T extends KObject>(world: World, resource: string, owner: KObject): T[] {
  return ownerIndex(world).owned<T>(resource, owner);
}

export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Mutable<PodSpec>;
}

export const templateOf = (w: WorkloadObj): PodTemplate => w.spec.template ?? {};

/** controller.GetPodFromTemplate: a pod named by generateName, owned by the controller. */
export function podFromTemplate(
  owner: KObject,
  template: PodTemplate,
  opts: {
    readonly name?: string;
    readonly generateName?: string;
    readonly labels?: Readonly<Record<string, string>>;
  },
): PodObj {
  const metadata: Meta & { generateName?: string } = {
    name: opts.name ?? '',
    ...(opts.generateName === undefined ? {} : { generateName: opts.generateName }),
    ...(owner.metadata.namespace === undefined ? {} : { namespace: owner.metadata.namespace }),
    labels: { ...(template.metadata?.labels ?? {}), ...(opts.labels ?? {}) },
    ...(template.metadata?.annotations === undefined
      ? {}
      : { annotations: { ...template.metadata.annotations } }),
    ownerReferences: [controllerRef(owner)],
  };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec: structuredClone(template.spec ?? { containers: [] }),
    status: { phase: 'Pending' },
  };
}

/** Newest first by creation, then name: the order controllers pick pods to delete in. */
export const byCreation = (a: KObject, b: KObject): number =>
  (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') ||
  a.metadata.name.localeCompare(b.metadata.name);
