/**
 * What a paste shows of a pod's deletion besides a deletionTimestamp: kubectl delete's
 * confirmation, and a later listing that still shows the same pod.
 */
import { DELETION_SEEN } from '../../model/index.js';
import { rec, str } from '../normalize/coerce.js';
import type { PastedObject } from './common/types.js';

/** kubectl delete's confirmation of one pod: `pod "web-1" deleted`, `pod "web-1" force deleted`, 1.34's `… deleted from NS namespace`. */
const DELETED = /^pods? "([^"]+)" (?:force )?deleted(?: from (\S+) namespace)?$/;

export interface Deletion {
  readonly name: string;
  readonly namespace?: string;
  readonly line: number;
}

export function deletionConfirmed(line: string, at: number): Deletion | undefined {
  const m = DELETED.exec(line.trim());
  if (m?.[1] === undefined) return undefined;
  return { name: m[1], ...(m[2] === undefined ? {} : { namespace: m[2] }), line: at };
}

function samePod(o: PastedObject, d: Deletion): boolean {
  if (o.raw.kind !== 'Pod') return false;
  const metadata = rec(o.raw.metadata);
  const ns = str(metadata.namespace);
  return (
    str(metadata.name) === d.name && (d.namespace === undefined || ns === undefined || ns === d.namespace)
  );
}

/**
 * A pod kubectl confirmed deleted that a later listing still shows, no younger than a listing
 * before the delete (so not a new pod of the same name, as a StatefulSet makes), is being deleted:
 * the API server set its deletionTimestamp (when is not in the text) and something keeps it.
 */
export function markStillListed(objects: PastedObject[], deletions: readonly Deletion[]): PastedObject[] {
  if (deletions.length === 0) return objects;
  return objects.map((o) => {
    const d = deletions.find((x) => samePod(o, x) && o.line > x.line);
    const after = o.age?.last;
    if (d === undefined || after === undefined) return o;
    const before = objects.find((b) => samePod(b, d) && b.line < d.line && b.age?.last !== undefined);
    if (before?.age?.last === undefined || after < before.age.last) return o;
    const metadata = rec(o.raw.metadata);
    const seen = `kubectl confirmed pod "${d.name}" deleted (line ${d.line}); a later listing (line ${o.line}) still shows the pod listed before it (line ${before.line}), not a newer one`;
    return {
      ...o,
      raw: {
        ...o.raw,
        metadata: { ...metadata, annotations: { ...rec(metadata.annotations), [DELETION_SEEN]: seen } },
      },
    };
  });
}
