/**
 * The EndpointSlices each Service's controller manages, kept current synchronously from the
 * store's change stream (the upstream controller's slice tracker), so a sync looks at its own
 * slices rather than listing every slice in the namespace.
 */
import type { Change, Store } from '../../world/store.js';
import type { EndpointSliceObj } from '../../world/types.js';
import type { World } from '../../world/world.js';

export const MANAGED_BY = 'endpointslice-controller.k8s.io';

export class SliceIndex {
  /** namespace/service → slices by name. */
  private readonly byService = new Map<string, Map<string, EndpointSliceObj>>();
  /** namespace/slice → the service key it is indexed under. */
  private readonly serviceOf = new Map<string, string>();

  constructor(store: Store) {
    for (const s of store.list<EndpointSliceObj>('endpointslices')) this.apply('ADDED', s);
    store.subscribe((c: Change) => {
      if (c.resource === 'endpointslices') this.apply(c.type, c.object as EndpointSliceObj);
    });
  }

  private apply(type: Change['type'], slice: EndpointSliceObj): void {
    const ns = slice.metadata.namespace ?? '';
    const sliceKey = `${ns}/${slice.metadata.name}`;
    const labels = slice.metadata.labels;
    const service = labels?.['kubernetes.io/service-name'];
    const after =
      type !== 'DELETED' &&
      service !== undefined &&
      labels?.['endpointslice.kubernetes.io/managed-by'] === MANAGED_BY
        ? `${ns}/${service}`
        : undefined;
    const before = this.serviceOf.get(sliceKey);
    if (before !== undefined && before !== after) {
      this.byService.get(before)?.delete(slice.metadata.name);
      this.serviceOf.delete(sliceKey);
    }
    if (after === undefined) return;
    let slices = this.byService.get(after);
    if (slices === undefined) {
      slices = new Map();
      this.byService.set(after, slices);
    }
    slices.set(slice.metadata.name, slice);
    this.serviceOf.set(sliceKey, after);
  }

  /** The Service's managed slices, in name order (as a list from the store would be). */
  slicesOf(namespace: string, service: string): EndpointSliceObj[] {
    const slices = this.byService.get(`${namespace}/${service}`);
    if (slices === undefined) return [];
    return [...slices.values()].sort((a, b) =>
      a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0,
    );
  }
}

const indexes = new WeakMap<Store, SliceIndex>();

export function sliceIndex(world: World): SliceIndex {
  let index = indexes.get(world.store);
  if (index === undefined) {
    index = new SliceIndex(world.store);
    indexes.set(world.store, index);
  }
  return index;
}
