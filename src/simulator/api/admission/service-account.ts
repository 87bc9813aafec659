/**
 * ServiceAccount: a pod runs as a service account that must exist in its namespace; the
 * plugin fills `default` when none is named.
 */
import type { World } from '../../world/world.js';
import type { AdmissionPlugin } from '../types.js';
import { ensure, str } from '../fields.js';
import { admissionForbidden, isPodCreate } from './attributes.js';

export function serviceAccount(world: World): AdmissionPlugin {
  return {
    name: 'ServiceAccount',
    phase: 'mutating',
    admit(req) {
      if (!isPodCreate(req)) return undefined;
      const spec = ensure(req.object, 'spec');
      const name = str(spec.serviceAccountName) ?? 'default';
      spec.serviceAccountName = name;
      spec.serviceAccount = name;
      const ns = req.object.metadata.namespace ?? 'default';
      if (world.store.get('serviceaccounts', ns, name) !== undefined) return undefined;
      return admissionForbidden(
        req,
        `error looking up service account ${ns}/${name}: serviceaccount "${name}" not found`,
      );
    },
  };
}
