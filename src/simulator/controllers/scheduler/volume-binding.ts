/**
 * The VolumeBinding plugin: PreFilter rejects pods with missing or unbound immediate claims
 * (its message replaces the per-node histogram); Filter checks bound volumes' node affinity and
 * whether each WaitForFirstConsumer claim can get a volume on the node (a matching static PV
 * there, or a provisioner allowed in the node's topology).
 */
import type { PvObj, PvcObj, PodObj } from '../../world/types.js';
import type { Store } from '../../world/store.js';
import {
  NO_PROVISIONER,
  classTopology,
  claimClass,
  findBestMatch,
  isDelayBinding,
  podClaims,
  pvNodeTerms,
  storageClass,
  termsMatchNode,
} from '../volume-binding/matching.js';
import type { NodeInfo } from './node-cache.js';
import { atLeast } from '../../world/version.js';
import { reject, type NodeStatus } from './filters.js';

export interface PodVolumes {
  readonly bound: readonly { readonly pvc: PvcObj; readonly pv: PvObj | undefined }[];
  /** WaitForFirstConsumer claims the scheduler must find or provision a volume for. */
  readonly delayed: readonly PvcObj[];
}

export type VolumePreFilter =
  { readonly ok: true; readonly volumes: PodVolumes } | { readonly ok: false; readonly message: string };

const PLUGIN = 'VolumeBinding';

/** Claims applied from manifests may have no status until the PV controller writes one. */
export const phaseOf = (pvc: PvcObj | undefined): string | undefined =>
  pvc === undefined ? undefined : (pvc as { status?: PvcObj['status'] }).status?.phase;

export function volumePreFilter(store: Store, pod: PodObj): VolumePreFilter {
  const ns = pod.metadata.namespace;
  const bound: { pvc: PvcObj; pv: PvObj | undefined }[] = [];
  const delayed: PvcObj[] = [];
  let immediateUnbound = false;
  for (const name of podClaims(pod)) {
    const pvc = store.get<PvcObj>('persistentvolumeclaims', ns, name);
    if (pvc === undefined) return { ok: false, message: `persistentvolumeclaim "${name}" not found` };
    if (pvc.metadata.deletionTimestamp !== undefined)
      return { ok: false, message: `persistentvolumeclaim "${name}" is being deleted` };
    const volumeName = pvc.spec.volumeName ?? '';
    if (phaseOf(pvc) === 'Bound' && volumeName !== '')
      bound.push({ pvc, pv: store.get<PvObj>('persistentvolumes', undefined, volumeName) });
    else if (isDelayBinding(store, pvc)) delayed.push(pvc);
    else immediateUnbound = true;
  }
  if (immediateUnbound) return { ok: false, message: 'pod has unbound immediate PersistentVolumeClaims' };
  return { ok: true, volumes: { bound, delayed } };
}

/** For each delayed claim, the static volume it would get on `node` (undefined: provision one). */
export function volumesOnNode(
  store: Store,
  volumes: PodVolumes,
  n: NodeInfo,
): { ok: true; picks: Map<string, PvObj | undefined> } | { ok: false } {
  const picks = new Map<string, PvObj | undefined>();
  if (volumes.delayed.length === 0) return { ok: true, picks };
  const pvs = store.list<PvObj>('persistentvolumes');
  const taken = new Set<string>();
  for (const pvc of volumes.delayed) {
    const pv = findBestMatch(pvs, pvc, n.node, taken);
    if (pv !== undefined) {
      taken.add(pv.metadata.name);
      picks.set(pvc.metadata.name, pv);
      continue;
    }
    const sc = storageClass(store, claimClass(pvc));
    if (sc === undefined || sc.provisioner === NO_PROVISIONER) return { ok: false };
    if (!termsMatchNode(classTopology(sc), n.node)) return { ok: false };
    picks.set(pvc.metadata.name, undefined);
  }
  return { ok: true, picks };
}

/** `version`: the release imitated (the node-affinity conflict text changed; see below). */
export function volumeFilter(
  store: Store,
  volumes: PodVolumes,
  n: NodeInfo,
  version: string,
): NodeStatus | undefined {
  const reasons: string[] = [];
  for (const { pv } of volumes.bound) {
    if (pv === undefined) {
      reasons.push('node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)');
      break;
    }
    if (!termsMatchNode(pvNodeTerms(pv), n.node)) {
      // kube-scheduler v1.37.2 (measured) writes ErrReasonNodeConflict as "didn't match
      // PersistentVolume's node affinity"; older releases "had volume node affinity conflict".
      // The first release with the new text is not established here: 1.37 is assumed.
      reasons.push(
        atLeast(version, 1, 37)
          ? "node(s) didn't match PersistentVolume's node affinity"
          : 'node(s) had volume node affinity conflict',
      );
      break;
    }
  }
  if (!volumesOnNode(store, volumes, n).ok)
    reasons.push("node(s) didn't find available persistent volumes to bind");
  return reasons.length === 0 ? undefined : reject(PLUGIN, 'UnschedulableAndUnresolvable', ...reasons);
}
