import type { SnapshotBuilder } from '../snapshot-builder.js';
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import { collectionPath, resourceText, scopeText, type ApiResource, type ResourceType } from './resources.js';
import type { Transport } from './transport.js';

/** One list of pages: which resource, where, filtered how, in pages of which size. */
export interface PagedListRequest {
  readonly type: ApiResource;
  /** Namespace of a namespaced resource; all namespaces when undefined. */
  readonly namespace?: string;
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  /** Page size; 500 by default, as kubectl. */
  readonly limit?: number;
  /** Restarts after 410 Gone on an expired continue token; 2 by default. */
  readonly maxRestarts?: number;
}

export interface ListRequest extends PagedListRequest {
  readonly type: ResourceType;
  /** Keeps only the items it accepts (the rest are dropped with the page). */
  readonly accept?: (item: Raw) => boolean;
  /** Sees every kept item, e.g. to pick crash-looping containers while the page is in memory. */
  readonly onItem?: (item: Raw) => void;
}

export type ListOutcome =
  | { readonly status: 'complete'; readonly items: number; readonly pages: number; readonly restarts: number }
  /** The list did not finish; what was read is kept, but the evidence kind is not complete. */
  | {
      readonly status: 'forbidden' | 'failed';
      readonly why: string;
      readonly items: number;
      readonly pages: number;
      readonly restarts: number;
    };

/**
 * Lists one resource page by page (limit + continue), handing each page's items to the builder
 * as it arrives so that the raw JSON of a page is garbage once the next one is requested. A 410
 * Gone on a continue token restarts the list from the beginning; objects already added are
 * de-duplicated by the builder.
 */
export async function listInto(
  transport: Transport,
  builder: SnapshotBuilder,
  req: ListRequest,
): Promise<ListOutcome> {
  const outcome = await listPages(transport, req, (item) => {
    if (req.accept !== undefined && !req.accept(item)) return 0;
    req.onItem?.(item);
    return builder.add(item, req.type.kind);
  });
  if (outcome.status === 'complete') builder.markCollected(req.type.evidence);
  return outcome;
}

/**
 * Lists one resource page by page (limit + continue), handing each item (with its kind and
 * apiVersion, see `typed`) to `take` while its page is in memory; `take` returns how many objects
 * it kept. A 410 Gone on a continue token restarts the list from the beginning: `take` then sees
 * the items of the first pages again.
 */
export async function listPages(
  transport: Transport,
  req: PagedListRequest,
  take: (item: Raw) => number,
): Promise<ListOutcome> {
  const maxRestarts = req.maxRestarts ?? 2;
  const path = collectionPath(req.type, req.namespace);
  let items = 0;
  let pages = 0;
  let restarts = 0;
  let cont: string | undefined;
  for (;;) {
    const res = await transport.getJson(path, {
      limit: req.limit ?? 500,
      continue: cont,
      labelSelector: req.labelSelector,
      fieldSelector: req.fieldSelector,
    });
    if (res.kind === 'gone' && cont !== undefined && restarts < maxRestarts) {
      restarts++;
      cont = undefined;
      continue;
    }
    if (res.kind !== 'ok') {
      const why =
        res.kind === 'forbidden'
          ? forbiddenText(res.message, req)
          : `cannot list ${resourceText(req.type)} ${scopeText(req.type, req.namespace)}: ${res.message}`;
      return { status: res.kind === 'forbidden' ? 'forbidden' : 'failed', why, items, pages, restarts };
    }
    pages++;
    const body = rec(res.body);
    for (const raw of Array.isArray(body.items) ? (body.items as unknown[]) : []) {
      if (!isRecord(raw)) continue;
      items += take(typed(raw, req.type));
    }
    cont = str(rec(body.metadata).continue) || undefined;
    if (cont === undefined) return { status: 'complete', items, pages, restarts };
  }
}

/**
 * A list item with the kind and apiVersion of its list. kube-apiserver leaves both out of the items
 * of a list (`{"kind":"PodList","apiVersion":"v1","items":[{"metadata":…}]}`); an object kept
 * without them (a capture bundle) could not be read back.
 */
export function typed(item: Raw, type: ApiResource): Raw {
  if (str(item.kind) !== undefined && str(item.apiVersion) !== undefined) return item;
  return {
    apiVersion: str(item.apiVersion) ?? (type.group === '' ? type.version : `${type.group}/${type.version}`),
    kind: str(item.kind) ?? type.kind,
    ...item,
  };
}

/**
 * The apiserver's own 403 message already reads like kubectl's
 * (`pods is forbidden: User "x" cannot list resource "pods" in API group "" in the namespace "y"`);
 * a bare one is rebuilt in that shape.
 */
export function forbiddenText(
  message: string,
  req: { readonly type: ApiResource; readonly namespace?: string },
  verb = 'list',
): string {
  if (/cannot \w+ resource/.test(message)) return message;
  return `forbidden: cannot ${verb} ${resourceText(req.type)} ${scopeText(req.type, req.namespace)}${message ? ` (${message})` : ''}`;
}
