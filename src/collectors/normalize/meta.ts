import type { ObjectMeta, ObjectRef, OwnerReference } from '../../model/index.js';
import { arr, bool, defined, isRecord, num, rec, str, strings, strMap, time } from './coerce.js';

/** Annotations kube-handoff never keeps: they can hold whole manifests, env values included. */
const DROPPED_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);

function ownerRef(v: unknown): OwnerReference | undefined {
  if (!isRecord(v)) return undefined;
  const kind = str(v.kind);
  const name = str(v.name);
  if (kind === undefined || name === undefined) return undefined;
  return defined<OwnerReference>({
    apiVersion: str(v.apiVersion),
    kind,
    name,
    uid: str(v.uid),
    controller: bool(v.controller),
  });
}

function annotations(v: unknown): Record<string, string> | undefined {
  const all = strMap(v);
  if (all === undefined) return undefined;
  const kept = Object.entries(all).filter(([k]) => !DROPPED_ANNOTATIONS.has(k));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** ObjectMeta, or undefined when there is no name (an object without a name cannot be a target). */
export function meta(v: unknown, fallbackName?: string): ObjectMeta | undefined {
  const m = rec(v);
  const name = str(m.name) ?? fallbackName;
  if (name === undefined || name === '') return undefined;
  const owners = arr(m.ownerReferences, ownerRef);
  const finalizers = strings(m.finalizers);
  return defined<ObjectMeta>({
    name,
    namespace: str(m.namespace),
    uid: str(m.uid),
    creationTimestamp: time(m.creationTimestamp),
    deletionTimestamp: time(m.deletionTimestamp),
    deletionGracePeriodSeconds: num(m.deletionGracePeriodSeconds),
    labels: strMap(m.labels),
    annotations: annotations(m.annotations),
    ownerReferences: owners.length > 0 ? owners : undefined,
    finalizers: finalizers.length > 0 ? finalizers : undefined,
    resourceVersion: str(m.resourceVersion),
    generation: num(m.generation),
  });
}

export function objectRef(v: unknown): ObjectRef | undefined {
  if (!isRecord(v)) return undefined;
  const kind = str(v.kind);
  const name = str(v.name);
  if (kind === undefined || name === undefined) return undefined;
  return defined<ObjectRef>({
    kind,
    namespace: str(v.namespace),
    name,
    uid: str(v.uid),
    fieldPath: str(v.fieldPath),
  });
}
