import type { EvidenceKind, Snapshot, SnapshotSource } from '../../model/index.js';
import { SnapshotBuilder } from '../snapshot-builder.js';
import { isRecord, type Raw } from '../normalize/coerce.js';
import { forbiddenText, listInto, type ListOutcome, type ListRequest } from './lister.js';
import { objectPath, resourceText, scopeText, type ResourceType } from './resources.js';
import type { Transport } from './transport.js';

/**
 * One live collection in progress: the builder, the transport, and which evidence kinds could
 * not be read completely, so that the Snapshot never claims them as collected.
 */
export class Collection {
  readonly builder: SnapshotBuilder;
  private readonly incomplete = new Set<EvidenceKind>();

  constructor(
    readonly transport: Transport,
    onObject?: (raw: Record<string, unknown>) => void,
  ) {
    this.builder = new SnapshotBuilder(onObject);
  }

  /** Lists one resource; a list that did not finish is recorded as missing evidence (unless `record` is false). */
  async list(req: ListRequest, record = true): Promise<ListOutcome> {
    const outcome = await listInto(this.transport, this.builder, req);
    if (record && outcome.status !== 'complete') this.missing(req.type.evidence, req.namespace, outcome.why);
    return outcome;
  }

  /**
   * GETs one object and adds it. Returns it, or undefined when absent (404: the kind counts as
   * collected, since its absence is evidence) or unreadable (recorded as missing).
   */
  async get(type: ResourceType, namespace: string | undefined, name: string): Promise<Raw | undefined> {
    const res = await this.transport.getJson(objectPath(type, namespace, name));
    if (res.kind === 'ok' && isRecord(res.body)) {
      this.builder.add(res.body, type.kind);
      this.builder.markCollected(type.evidence);
      return res.body;
    }
    if (res.kind === 'not-found') {
      this.builder.markCollected(type.evidence);
      this.builder.note(
        `${type.kind} ${namespace === undefined ? '' : `${namespace}/`}${name} was not found`,
      );
    } else if (res.kind === 'forbidden') {
      this.missing(
        type.evidence,
        namespace,
        forbiddenText(res.message, { type, ...(namespace === undefined ? {} : { namespace }) }, 'get'),
      );
    } else {
      const message = res.kind === 'ok' ? 'the answer was not an object' : res.message;
      this.missing(
        type.evidence,
        namespace,
        `cannot get ${resourceText(type)} ${scopeText(type, namespace)}: ${message}`,
      );
    }
    return undefined;
  }

  missing(kind: EvidenceKind, namespace: string | undefined, why: string): void {
    this.incomplete.add(kind);
    this.builder.markMissing({ kind, ...(namespace === undefined ? {} : { namespace }), why });
  }

  build(source: SnapshotSource, capturedAt: string): Snapshot {
    this.builder.setCapturedAt(capturedAt);
    this.builder.markAuthoritative();
    const snapshot = this.builder.build(source);
    return { ...snapshot, collected: snapshot.collected.filter((k) => !this.incomplete.has(k)) };
  }
}

/** Runs tasks at most `limit` at a time; after a failure starts no more, and rejects with it once the running ones settle. */
export async function runBounded(tasks: readonly (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  let failure: { readonly err: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < tasks.length && failure === undefined) {
      const task = tasks[next++];
      if (task === undefined) return;
      try {
        await task();
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  if (failure !== undefined) throw failure.err;
}
