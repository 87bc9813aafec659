/** Parses resource URLs the way the apiserver's RequestInfoFactory does. */
import { findResource, type ResourceInfo } from '../world/resources.js';

export interface ResourceRoute {
  readonly info: ResourceInfo;
  readonly namespace?: string;
  readonly name?: string;
  readonly subresource?: string;
  /** What follows the subresource (pods/proxy paths). */
  readonly rest?: string;
  /** `pods/NAME:PORT/proxy`: the port part of the name. */
  readonly port?: string;
}

export type Route =
  | { readonly kind: 'resource'; readonly route: ResourceRoute }
  | {
      readonly kind: 'unknown-resource';
      readonly group: string;
      readonly version: string;
      readonly resource: string;
    }
  | { readonly kind: 'other' };

/** `/api/v1/...` or `/apis/<group>/<version>/...` split into group, version and the remaining segments. */
function groupVersionOf(
  parts: readonly string[],
): { group: string; version: string; rest: string[] } | undefined {
  if (parts[0] === 'api' && parts[1] !== undefined)
    return { group: '', version: parts[1], rest: parts.slice(2) };
  if (parts[0] === 'apis' && parts[1] !== undefined && parts[2] !== undefined)
    return { group: parts[1], version: parts[2], rest: parts.slice(3) };
  return undefined;
}

export function parseRoute(pathname: string): Route {
  const parts = pathname
    .split('/')
    .filter((p) => p !== '')
    .map((p) => decodeURIComponent(p));
  const gv = groupVersionOf(parts);
  if (gv === undefined || gv.rest.length === 0) return { kind: 'other' };
  let rest = gv.rest;
  let namespace: string | undefined;
  // namespaces/NS/<resource>...; a bare namespaces/NS[/status|finalize] is the Namespace object itself.
  const namespaceItself = rest.length === 3 && (rest[2] === 'status' || rest[2] === 'finalize');
  if (rest[0] === 'namespaces' && rest.length >= 3 && !namespaceItself) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const resource = rest[0] ?? '';
  const info = findResource(gv.group, gv.version, resource);
  if (info === undefined) return { kind: 'unknown-resource', group: gv.group, version: gv.version, resource };
  let name = rest[1];
  let port: string | undefined;
  const subresource = rest[2];
  if (info.resource === 'pods' && subresource === 'proxy' && name !== undefined && name.includes(':')) {
    const i = name.indexOf(':');
    port = name.slice(i + 1);
    name = name.slice(0, i);
  }
  const tail = rest.slice(3).join('/');
  return {
    kind: 'resource',
    route: {
      info,
      ...(namespace === undefined ? {} : { namespace }),
      ...(name === undefined ? {} : { name }),
      ...(subresource === undefined ? {} : { subresource }),
      ...(subresource === 'proxy' ? { rest: tail } : {}),
      ...(port === undefined ? {} : { port }),
    },
  };
}
