/**
 * A cluster's state as preflight reads it, before the CLI makes it a ClusterState: plain
 * objects, the kinds read whole, and why the others were not. Shared by the live reader
 * (live/cluster-state.ts) and the bundle reader (files/bundle-state.ts); nothing here does I/O.
 */
import { isRecord, rec, str, type Raw } from './normalize/coerce.js';
import { STATE_KINDS } from '../model/index.js';

/** Objects of a cluster's state, which kinds were read whole, and why the others were not. */
export interface StateObjects {
  /** Objects as the API server returns them, each with apiVersion, kind and metadata. */
  readonly objects: Record<string, unknown>[];
  /** Kinds every list of which was read to its end, in the order of STATE_OBJECT_KINDS. */
  readonly known: string[];
  /** Why a kind is not known: the text of each list that did not finish. */
  readonly missing: { readonly kind: string; readonly why: string }[];
}

/** The kinds of a state (the model's STATE_KINDS, shared with preflight). */
export const STATE_OBJECT_KINDS: readonly string[] = STATE_KINDS;

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * One object as preflight keeps it: without managedFields and the last-applied annotation; a
 * Secret reduced to its metadata, type and data keys, a ConfigMap's values replaced by empty
 * strings. `listKind` is the kind of the list it came from, which decides whatever the item
 * says of itself.
 */
export function stateObject(item: Raw, listKind?: string): Record<string, unknown> {
  const metadata = bareMetadata(item.metadata);
  const kind = listKind ?? str(item.kind);
  if (kind === 'Secret') {
    return {
      apiVersion: item.apiVersion,
      kind,
      metadata,
      ...(item.type === undefined ? {} : { type: item.type }),
      ...keysOnly('data', item.data),
      ...keysOnly('stringData', item.stringData),
    };
  }
  if (kind === 'ConfigMap') {
    const { data, binaryData, ...rest } = item;
    return { ...rest, metadata, ...keysOnly('data', data), ...keysOnly('binaryData', binaryData) };
  }
  return { ...item, metadata };
}

function bareMetadata(raw: unknown): Record<string, unknown> {
  const metadata: Record<string, unknown> = { ...rec(raw) };
  delete metadata.managedFields;
  if (!isRecord(metadata.annotations)) return metadata;
  const annotations = Object.fromEntries(
    Object.entries(metadata.annotations).filter(([k]) => k !== LAST_APPLIED),
  );
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  else delete metadata.annotations;
  return metadata;
}

/** `{ [field]: { key: '' … } }` for a map of values, nothing for anything else. */
function keysOnly(field: string, value: unknown): Record<string, Record<string, string>> {
  if (!isRecord(value)) return {};
  return { [field]: Object.fromEntries(Object.keys(value).map((k) => [k, ''])) };
}

/** What makes two reads the same object: kind and uid, else kind, namespace and name. */
export function objectIdentity(o: Readonly<Record<string, unknown>>): string {
  const m = rec(o.metadata);
  return `${str(o.kind) ?? ''}/${str(m.uid) ?? `${str(m.namespace) ?? ''}/${str(m.name) ?? ''}`}`;
}
