import { matchesServiceSelector } from '../../k8s/index.js';
import { arr, isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import type { Collection } from './collection.js';
import { fetchLogs, type LogPicker } from './previous-logs.js';
import {
  CORE_EVENTS,
  ENDPOINT_SLICES,
  NODES,
  OWNER_TYPES,
  PODS,
  PVCS,
  PVS,
  SERVICES,
  STORAGE_CLASSES,
} from './resources.js';

/**
 * A single-pod diagnosis: GET the pod, then everything related to it at once — its events (by
 * field selector), its node, its PVCs (then their PV and StorageClass), its owners (then theirs:
 * ReplicaSet → Deployment, Job → CronJob), the Services that select it (then their
 * EndpointSlices by label selector) and bounded previous logs of its crashing containers.
 */
export async function collectPod(
  c: Collection,
  namespace: string,
  name: string,
  logs: LogPicker,
): Promise<void> {
  const eventsFor = (uid: string | undefined) =>
    c.list({
      type: CORE_EVENTS,
      namespace,
      fieldSelector: [
        `involvedObject.name=${name}`,
        `involvedObject.namespace=${namespace}`,
        ...(uid === undefined ? [] : [`involvedObject.uid=${uid}`]),
      ].join(','),
    });
  const pod = await c.get(PODS, namespace, name);
  if (pod === undefined) {
    // No pod (or not readable): events that still name it are all there is to show.
    await eventsFor(undefined);
    return;
  }
  const meta = rec(pod.metadata);
  const spec = rec(pod.spec);
  const nodeName = str(spec.nodeName);
  const before = logs.picked.length;
  logs.offer(pod);
  await Promise.all([
    eventsFor(str(meta.uid)),
    nodeName ? c.get(NODES, undefined, nodeName) : undefined,
    ...claimNames(pod).map((claim) => pvcChain(c, namespace, claim)),
    ...controllerOf(pod).map((ref) => ownerChain(c, namespace, ref, 2)),
    servicesChain(c, namespace, labelsOf(meta.labels)),
    fetchLogs(c.transport, c.builder, logs.picked.slice(before)),
  ]);
}

function claimNames(pod: Raw): string[] {
  const podName = str(rec(pod.metadata).name) ?? '';
  return arr(rec(pod.spec).volumes, (v) => {
    if (!isRecord(v)) return undefined;
    const claim = str(rec(v.persistentVolumeClaim).claimName);
    if (claim !== undefined) return claim;
    // Generic ephemeral volumes get a PVC named <pod>-<volume>.
    return isRecord(v.ephemeral) ? `${podName}-${str(v.name) ?? ''}` : undefined;
  });
}

async function pvcChain(c: Collection, namespace: string, claim: string): Promise<void> {
  const pvc = await c.get(PVCS, namespace, claim);
  if (pvc === undefined) return;
  const spec = rec(pvc.spec);
  const volume = str(spec.volumeName);
  const storageClass = str(spec.storageClassName);
  await Promise.all([
    volume ? c.get(PVS, undefined, volume) : undefined,
    storageClass ? c.get(STORAGE_CLASSES, undefined, storageClass) : undefined,
  ]);
}

interface OwnerRef {
  readonly kind: string;
  readonly name: string;
}

function controllerOf(obj: Raw): OwnerRef[] {
  const refs = arr(rec(obj.metadata).ownerReferences, (r) => (isRecord(r) ? r : undefined));
  const controller = refs.find((r) => r.controller === true) ?? refs[0];
  const kind = str(controller?.kind);
  const name = str(controller?.name);
  return kind !== undefined && name !== undefined && OWNER_TYPES[kind] !== undefined ? [{ kind, name }] : [];
}

async function ownerChain(c: Collection, namespace: string, ref: OwnerRef, depth: number): Promise<void> {
  const type = OWNER_TYPES[ref.kind];
  if (type === undefined || depth <= 0) return;
  const owner = await c.get(type, namespace, ref.name);
  if (owner === undefined) return;
  await Promise.all(controllerOf(owner).map((next) => ownerChain(c, namespace, next, depth - 1)));
}

function labelsOf(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(rec(v))) if (typeof value === 'string') out[k] = value;
  return out;
}

/** Services in the namespace, keeping those that select the pod; then their EndpointSlices. */
async function servicesChain(
  c: Collection,
  namespace: string,
  podLabels: Record<string, string>,
): Promise<void> {
  const selecting: string[] = [];
  const outcome = await c.list({
    type: SERVICES,
    namespace,
    accept: (svc) => matchesServiceSelector(labelsOf(rec(svc.spec).selector), podLabels),
    onItem: (svc) => {
      const name = str(rec(svc.metadata).name);
      if (name !== undefined) selecting.push(name);
    },
  });
  if (outcome.status !== 'complete') return;
  if (selecting.length === 0) c.builder.markCollected(ENDPOINT_SLICES.evidence);
  await Promise.all(
    selecting.map((svc) =>
      c.list({ type: ENDPOINT_SLICES, namespace, labelSelector: `kubernetes.io/service-name=${svc}` }),
    ),
  );
}
