/** What most admission plugins need to know about a request before they look further. */
import type { AdmissionRequest } from '../types.js';
import { status, type StatusObj } from '../status.js';

/** A pod CREATE: the only request most plugins act on. */
export const isPodCreate = (req: AdmissionRequest): boolean =>
  req.operation === 'CREATE' && req.resource.kind === 'Pod';

/** admission.NewForbidden: `pods "web-7d4b9-x2k4q" is forbidden: <why>`. */
export function admissionForbidden(req: AdmissionRequest, why: string): StatusObj {
  const { resource } = req;
  const qualified = resource.group === '' ? resource.resource : `${resource.resource}.${resource.group}`;
  // Before the registry generated a name (mutating admission), the generateName prefix.
  const name = req.unnamedAs ?? req.object.metadata.name;
  return status(403, 'Forbidden', `${qualified} "${name}" is forbidden: ${why}`, {
    name,
    ...(resource.group === '' ? {} : { group: resource.group }),
    kind: resource.resource,
  });
}
