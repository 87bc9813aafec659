/**
 * NamespaceLifecycle: nothing new may be created in a namespace that is being deleted. (A
 * missing namespace is answered by the server itself with `namespaces "x" not found`.)
 */
import type { World } from '../../world/world.js';
import type { AdmissionPlugin } from '../types.js';
import { rec } from '../fields.js';
import { admissionForbidden } from './attributes.js';

export function namespaceLifecycle(world: World): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    // Lifecycle implements Admit, so it runs before every other plugin.
    phase: 'mutating',
    admit(req) {
      const ns = req.object.metadata.namespace;
      if (req.operation !== 'CREATE' || !req.resource.namespaced || ns === undefined) return undefined;
      const namespace = world.store.get('namespaces', undefined, ns);
      if (namespace === undefined) return undefined;
      const terminating =
        namespace.metadata.deletionTimestamp !== undefined || rec(namespace.status)?.phase === 'Terminating';
      if (!terminating) return undefined;
      const denial = admissionForbidden(
        req,
        `unable to create new content in namespace ${ns} because it is being terminated`,
      );
      denial.details = {
        ...denial.details,
        causes: [
          {
            reason: 'NamespaceTerminating',
            message: `namespace ${ns} is being terminated`,
            field: 'metadata.namespace',
          },
        ],
      };
      return denial;
    },
  };
}
