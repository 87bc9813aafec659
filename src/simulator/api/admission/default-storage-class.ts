/**
 * DefaultStorageClass: a claim that names no class (the field absent, not "") gets the
 * class annotated `storageclass.kubernetes.io/is-default-class: "true"` (the newest wins).
 */
import type { World } from '../../world/world.js';
import type { AdmissionPlugin } from '../types.js';
import { ensure } from '../fields.js';

export function defaultStorageClass(world: World): AdmissionPlugin {
  return {
    name: 'DefaultStorageClass',
    phase: 'mutating',
    admit(req) {
      if (req.operation !== 'CREATE' || req.resource.kind !== 'PersistentVolumeClaim') return undefined;
      const spec = ensure(req.object, 'spec');
      if (spec.storageClassName !== undefined && spec.storageClassName !== null) return undefined;
      const defaults = world.store
        .list('storageclasses')
        .filter((sc) => sc.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true')
        .sort(
          (a, b) =>
            (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') ||
            a.metadata.name.localeCompare(b.metadata.name),
        );
      const chosen = defaults[0];
      if (chosen !== undefined) spec.storageClassName = chosen.metadata.name;
      return undefined;
    },
  };
}
