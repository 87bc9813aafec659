/**
 * Container names the text left out and its events give back: the field path of an event whose
 * message names its container, and the one container of a `get pods` row.
 */
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import { UNNAMED_CONTAINER } from './common/types.js';

/** Kubelet event messages that name their container (kubernetes-facts §4.3, §4.4). */
const CONTAINER_IN_MESSAGE = [
  /^(?:Created|Started) container:? ([a-z0-9][-a-z0-9]*)$/,
  /^Back-off restarting failed container ([a-z0-9][-a-z0-9]*) in pod /,
  /^Container ([a-z0-9][-a-z0-9]*) failed (?:liveness|startup) probe/,
  /^Stopping container ([a-z0-9][-a-z0-9]*)$/,
];

function names(list: unknown): string[] {
  return Array.isArray(list)
    ? (list as unknown[]).flatMap((c) =>
        isRecord(c) && str(c.name) !== undefined ? [str(c.name) ?? ''] : [],
      )
    : [];
}

/**
 * Events tables without a SUBOBJECT column drop involvedObject.fieldPath; the kubelet's messages
 * that name their container give it back (spec.initContainers{x} when x is a known init container).
 */
export function restoreFieldPath(event: Record<string, unknown>, pods: ReadonlyMap<string, Raw>): void {
  const involved = rec(event.involvedObject);
  if (involved.kind !== 'Pod' || str(involved.fieldPath) !== undefined) return;
  const message = str(event.message) ?? '';
  const container = CONTAINER_IN_MESSAGE.map((re) => re.exec(message)?.[1]).find((c) => c !== undefined);
  if (container === undefined) return;
  const pod = pods.get(`${str(involved.namespace) ?? ''}/${str(involved.name) ?? ''}`);
  const inits = [...names(rec(pod?.spec).initContainers), ...names(rec(pod?.status).initContainerStatuses)];
  const field = inits.includes(container) ? 'initContainers' : 'containers';
  event.involvedObject = { ...involved, fieldPath: `spec.${field}{${container}}` };
}

/** For each pod (`namespace/name`), the app containers its events name in their fieldPath. */
export function appContainersNamedByEvents(events: readonly Raw[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const e of events) {
    const involved = rec(e.involvedObject);
    if (involved.kind !== 'Pod') continue;
    const c = /^spec\.containers\{([^}]+)\}$/.exec(str(involved.fieldPath) ?? '')?.[1];
    if (c === undefined) continue;
    const key = `${str(involved.namespace) ?? ''}/${str(involved.name) ?? ''}`;
    let set = out.get(key);
    if (set === undefined) out.set(key, (set = new Set()));
    set.add(c);
  }
  return out;
}

/**
 * A pod known from a `get pods` row, or rebuilt from a container's spec cut out of a manifest,
 * has one container the text could not name (in its statuses, its spec, or both). When its
 * events name exactly one app container, that is the one.
 */
export function nameUnnamedContainer(pod: Raw, named: ReadonlySet<string> | undefined): Raw {
  if (named?.size !== 1) return pod;
  const name = [...named][0];
  const status = rec(pod.status);
  const spec = rec(pod.spec);
  const statuses = Array.isArray(status.containerStatuses) ? (status.containerStatuses as unknown[]) : [];
  const specs = Array.isArray(spec.containers) ? (spec.containers as unknown[]) : [];
  if (statuses.length > 1 || specs.length > 1 || statuses.length + specs.length === 0) return pod;
  const unnamed = (c: unknown): c is Raw => isRecord(c) && str(c.name) === UNNAMED_CONTAINER;
  if (![...statuses, ...specs].every(unnamed)) return pod;
  const renamed = (list: unknown[]): unknown[] => list.map((c) => ({ ...(c as Raw), name }));
  return {
    ...pod,
    ...(specs.length === 0 ? {} : { spec: { ...spec, containers: renamed(specs) } }),
    ...(statuses.length === 0 ? {} : { status: { ...status, containerStatuses: renamed(statuses) } }),
  };
}
