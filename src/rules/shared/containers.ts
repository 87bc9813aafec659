import type { Container, ContainerRef, ContainerStatus, ContainerType, Pod } from '../../model/index.js';

export interface ContainerEntry {
  readonly ref: ContainerRef;
  /** The container's spec, when the pod spec is in the evidence. */
  readonly spec: Container | undefined;
  readonly status: ContainerStatus | undefined;
}

function entries(
  type: ContainerType,
  specs: readonly Container[] | undefined,
  statuses: readonly ContainerStatus[] | undefined,
): ContainerEntry[] {
  const out: ContainerEntry[] = [];
  const seen = new Set<string>();
  for (const spec of specs ?? []) {
    seen.add(spec.name);
    out.push({ ref: { name: spec.name, type }, spec, status: statuses?.find((s) => s.name === spec.name) });
  }
  for (const status of statuses ?? []) {
    if (!seen.has(status.name)) out.push({ ref: { name: status.name, type }, spec: undefined, status });
  }
  return out;
}

const entriesCache = new WeakMap<Pod, readonly ContainerEntry[]>();

/** Init containers in spec order, then app containers; statuses without a spec are kept. Computed once per pod. */
export function containerEntries(pod: Pod): readonly ContainerEntry[] {
  let list = entriesCache.get(pod);
  if (list === undefined) {
    list = [
      ...entries('init', pod.spec.initContainers, pod.status.initContainerStatuses),
      ...entries('app', pod.spec.containers, pod.status.containerStatuses),
    ];
    entriesCache.set(pod, list);
  }
  return list;
}

export function initContainerEntries(pod: Pod): readonly ContainerEntry[] {
  return entries('init', pod.spec.initContainers, pod.status.initContainerStatuses);
}

export function appContainerEntries(pod: Pod): readonly ContainerEntry[] {
  return entries('app', pod.spec.containers, pod.status.containerStatuses);
}

const FIELD_PATH = /^spec\.(containers|initContainers|ephemeralContainers)\{([^}]*)\}$/;

/** `spec.containers{app}` -> { name: 'app', type: 'app' }; anything else -> undefined. */
export function containerFromFieldPath(fieldPath: string | undefined): ContainerRef | undefined {
  if (fieldPath === undefined) return undefined;
  const m = FIELD_PATH.exec(fieldPath);
  if (m === null) return undefined;
  const kind = m[1];
  const type: ContainerType =
    kind === 'initContainers' ? 'init' : kind === 'ephemeralContainers' ? 'ephemeral' : 'app';
  return { name: m[2] ?? '', type };
}

/** A sidecar is an init container with restartPolicy Always (it keeps running). */
export function isSidecar(entry: ContainerEntry): boolean {
  return entry.ref.type === 'init' && entry.spec?.restartPolicy === 'Always';
}

/** The container has been created by the runtime at some point (it has an ID or a running/terminated state). */
export function wasCreated(status: ContainerStatus | undefined): boolean {
  if (status === undefined) return false;
  if (status.containerID) return true;
  if (status.restartCount > 0) return true;
  return status.state?.running !== undefined || status.state?.terminated !== undefined;
}
