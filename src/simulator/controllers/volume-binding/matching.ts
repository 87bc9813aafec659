/**
 * Claim-to-volume matching shared by the PV controller and the scheduler's VolumeBinding
 * plugin (pkg/controller/volume/persistentvolume/index.go findBestMatchForClaim): same class
 * and volume mode, access modes a superset, enough capacity, not bound to another claim; the
 * smallest such volume wins, a volume pre-bound to the claim first.
 */
import { parseQuantity } from '../../../k8s/index.js';
import type { NodeObj, PvObj, PvcObj, StorageClassObj } from '../../world/types.js';
import type { Store } from '../../world/store.js';

export interface SelectorTerm {
  readonly matchExpressions?: readonly { key: string; operator: string; values?: readonly string[] }[];
}

export const NO_PROVISIONER = 'kubernetes.io/no-provisioner';
export const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
const DEFAULT_CLASS = 'storageclass.kubernetes.io/is-default-class';

/** The claim's class name; '' means "no class" (only volumes without a class match). */
export const claimClass = (pvc: PvcObj): string =>
  pvc.spec.storageClassName ?? pvc.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '';

export const storageClass = (store: Store, name: string): StorageClassObj | undefined =>
  name === '' ? undefined : store.get<StorageClassObj>('storageclasses', undefined, name);

export function defaultStorageClass(store: Store): StorageClassObj | undefined {
  // Several defaults: the newest wins, as the DefaultStorageClass admission plugin picks.
  const defaults = store
    .list<StorageClassObj>('storageclasses')
    .filter((c) => c.metadata.annotations?.[DEFAULT_CLASS] === 'true')
    .sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? ''));
  return defaults[0];
}

/** storagehelpers.IsDelayBindingMode: a missing class counts as immediate. */
export function isDelayBinding(store: Store, pvc: PvcObj): boolean {
  return storageClass(store, claimClass(pvc))?.volumeBindingMode === 'WaitForFirstConsumer';
}

export const claimRequest = (pvc: PvcObj): number =>
  parseQuantity(pvc.spec.resources?.requests?.storage) ?? 0;

function boundElsewhere(pv: PvObj, pvc: PvcObj): boolean {
  const ref = pv.spec.claimRef;
  if (ref === undefined) return false;
  if (ref.name !== pvc.metadata.name || ref.namespace !== pvc.metadata.namespace) return true;
  return ref.uid !== undefined && ref.uid !== pvc.metadata.uid;
}

export function volumeMatches(pv: PvObj, pvc: PvcObj): boolean {
  if (pv.metadata.deletionTimestamp !== undefined) return false;
  const phase = (pv.status as PvObj['status'] | undefined)?.phase;
  if (phase === 'Released' || phase === 'Failed') return false;
  if (boundElsewhere(pv, pvc)) return false;
  if ((pv.spec.storageClassName ?? '') !== claimClass(pvc)) return false;
  const pvMode = (pv.spec as { volumeMode?: string }).volumeMode ?? 'Filesystem';
  if (pvMode !== (pvc.spec.volumeMode ?? 'Filesystem')) return false;
  const modes = pv.spec.accessModes ?? [];
  if (!(pvc.spec.accessModes ?? []).every((m) => modes.includes(m))) return false;
  return (parseQuantity(pv.spec.capacity?.storage) ?? 0) >= claimRequest(pvc);
}

export function pvNodeTerms(pv: PvObj): readonly SelectorTerm[] | undefined {
  const na = pv.spec.nodeAffinity as
    { required?: { nodeSelectorTerms?: readonly SelectorTerm[] } } | undefined;
  return na?.required?.nodeSelectorTerms;
}

/** Node selector terms (matchExpressions only, as PV affinity and allowedTopologies use). */
export function termsMatchNode(terms: readonly SelectorTerm[] | undefined, node: NodeObj): boolean {
  if (terms === undefined || terms.length === 0) return true;
  const labels = node.metadata.labels ?? {};
  return terms.some((t) =>
    (t.matchExpressions ?? []).every((e) => {
      const v = labels[e.key];
      const values = e.values ?? [];
      switch (e.operator) {
        case 'In':
          return v !== undefined && values.includes(v);
        case 'NotIn':
          return v === undefined || !values.includes(v);
        case 'Exists':
          return v !== undefined;
        case 'DoesNotExist':
          return v === undefined;
        default:
          return false;
      }
    }),
  );
}

/** StorageClass.allowedTopologies as node selector terms. */
export function classTopology(sc: StorageClassObj): SelectorTerm[] {
  return (sc.allowedTopologies ?? []).map((t) => {
    const exprs = (t as { matchLabelExpressions?: { key: string; values?: readonly string[] }[] })
      .matchLabelExpressions;
    return {
      matchExpressions: (exprs ?? []).map((e) => ({ key: e.key, operator: 'In', values: e.values ?? [] })),
    };
  });
}

/** The best volume for the claim among `pvs`, optionally only volumes usable from `node`. */
export function findBestMatch(
  pvs: readonly PvObj[],
  pvc: PvcObj,
  node?: NodeObj,
  taken?: ReadonlySet<string>,
): PvObj | undefined {
  let best: PvObj | undefined;
  let bestSize = Infinity;
  for (const pv of pvs) {
    if (taken?.has(pv.metadata.name) === true || !volumeMatches(pv, pvc)) continue;
    if (node !== undefined && !termsMatchNode(pvNodeTerms(pv), node)) continue;
    if (pv.spec.claimRef !== undefined) return pv;
    const size = parseQuantity(pv.spec.capacity?.storage) ?? 0;
    if (size < bestSize) {
      best = pv;
      bestSize = size;
    }
  }
  return best;
}

/** Claim names of a pod: persistentVolumeClaim volumes and generic ephemeral volumes. */
export function podClaims(pod: {
  metadata: { name: string };
  spec: {
    volumes?: readonly { name: string; persistentVolumeClaim?: { claimName: string }; ephemeral?: unknown }[];
  };
}): string[] {
  return (pod.spec.volumes ?? []).flatMap((v) =>
    v.persistentVolumeClaim !== undefined
      ? [v.persistentVolumeClaim.claimName]
      : v.ephemeral !== undefined
        ? [`${pod.metadata.name}-${v.name}`]
        : [],
  );
}
