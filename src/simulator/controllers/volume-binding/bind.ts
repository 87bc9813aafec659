/**
 * Binding a claim and a volume as the PV controller writes it: claimRef on the volume, volumeName
 * on the claim, the bind-completed / bound-by-controller annotations, and both phases Bound with
 * the claim's status copying the volume's access modes and capacity.
 */
import type { World } from '../../world/world.js';
import type { PvObj, PvcObj } from '../../world/types.js';

const BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
const BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';

/** Objects applied from manifests may come without a status; the controllers write one. */
export function ensureStatus(obj: PvObj | PvcObj): void {
  const o = obj as { status?: { phase?: string } };
  o.status ??= {};
}

export function bindVolume(world: World, pv: PvObj, pvc: PvcObj): void {
  ensureStatus(pv);
  ensureStatus(pvc);
  const ref = pv.spec.claimRef;
  const needsRef = ref === undefined || ref.uid !== pvc.metadata.uid || ref.name !== pvc.metadata.name;
  if (needsRef || pv.status.phase !== 'Bound') {
    if (ref === undefined)
      pv.metadata.annotations = { ...(pv.metadata.annotations ?? {}), [BOUND_BY_CONTROLLER]: 'yes' };
    if (needsRef)
      pv.spec.claimRef = {
        kind: 'PersistentVolumeClaim',
        namespace: pvc.metadata.namespace ?? 'default',
        name: pvc.metadata.name,
        ...(pvc.metadata.uid === undefined ? {} : { uid: pvc.metadata.uid }),
        ...{ apiVersion: 'v1', resourceVersion: pvc.metadata.resourceVersion ?? '' },
      };
    pv.status.phase = 'Bound';
    world.store.update(pv);
  }
  pvc.spec.volumeName = pv.metadata.name;
  pvc.metadata.annotations = {
    ...(pvc.metadata.annotations ?? {}),
    [BIND_COMPLETED]: 'yes',
    [BOUND_BY_CONTROLLER]: 'yes',
  };
  const status = pvc.status as PvcObj['status'] & { capacity?: Record<string, string> };
  status.phase = 'Bound';
  status.accessModes = [...(pv.spec.accessModes ?? [])];
  status.capacity = { ...(pv.spec.capacity ?? {}) };
  world.store.update(pvc);
}
