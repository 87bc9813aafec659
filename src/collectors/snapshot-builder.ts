import type {
  EvidenceKind,
  DroppedEvidence,
  LogTail,
  MissingEvidence,
  ProbeResult,
  Snapshot,
  SnapshotSource,
  WorkloadKind,
} from '../model/index.js';
import { WORKLOAD_KINDS } from '../model/index.js';
import { compareStrings } from '../k8s/index.js';
import { isRecord, rec, str, type Raw } from './normalize/coerce.js';
import { event } from './normalize/event.js';
import { apiServiceRecords } from './normalize/apiservice.js';
import { limitRange, node, pv, pvc, resourceQuota, storageClass, workload } from './normalize/objects.js';
import { endpoints, endpointSlice, service } from './normalize/service.js';
import { pod } from './normalize/pod.js';
import { typeName, unusableFields } from './normalize/shape.js';

/** Where an object was read: file, the line its document starts on, and its path inside it. */
export interface Origin {
  readonly file: string;
  readonly line?: number;
  /** e.g. "items[3]" for an item of a List, "objects[0]" for an object of a bundle. */
  readonly path?: string;
}

/** An object, or a field of one, that could not be read as the type it must have. */
export interface Unusable {
  readonly origin?: Origin;
  /** Names the object and the field: "Pod shop/web-1: status is a number, not a mapping; read without it". */
  readonly text: string;
}

/** Unusable objects named one by one in the notes; the rest are counted. */
const MAX_UNUSABLE_NOTES = 20;

export function describeOrigin(origin: Origin | undefined): string {
  if (origin === undefined) return '';
  return `${origin.file}${origin.line === undefined ? '' : `:${origin.line}`}: `;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };
type Lists = Omit<Mutable<Snapshot>, 'source' | 'capturedAt' | 'collected' | 'missing' | 'notes' | 'dropped'>;

const WORKLOADS = new Set<string>(WORKLOAD_KINDS);

/** Kinds kube-handoff reads, with the evidence kind each belongs to. */
const KIND_EVIDENCE: Readonly<Record<string, EvidenceKind>> = {
  Pod: 'pods',
  Event: 'events',
  Node: 'nodes',
  PersistentVolumeClaim: 'pvcs',
  PersistentVolume: 'pvs',
  StorageClass: 'storageclasses',
  Service: 'services',
  EndpointSlice: 'endpointslices',
  Endpoints: 'endpoints',
  ResourceQuota: 'resourcequotas',
  LimitRange: 'limitranges',
  ...Object.fromEntries(WORKLOAD_KINDS.map((k) => [k, 'workloads' as const])),
};

export function evidenceKindOf(kind: string): EvidenceKind | undefined {
  return KIND_EVIDENCE[kind];
}

/**
 * Whether objects of `kind` are worth building: a kind read as evidence, an APIService (read for
 * what it says of its Service), a bundle, or a list of either.
 */
export function isReadKind(kind: string): boolean {
  return (
    evidenceKindOf(kind) !== undefined ||
    kind === 'APIService' ||
    kind === 'EvidenceBundle' ||
    kind === 'List' ||
    kind.endsWith('List')
  );
}

/**
 * Accumulates raw Kubernetes objects from any source into one normalised Snapshot: Lists are
 * unpacked, each object is type-checked field by field, duplicates (the same object seen twice,
 * or an event read through both event APIs) are kept once, and kinds kube-handoff does not read
 * are counted for a note.
 */
export class SnapshotBuilder {
  private readonly objects = new Map<string, { list: keyof Lists; value: unknown }>();
  private readonly collected = new Set<EvidenceKind>();
  private readonly missing: MissingEvidence[] = [];
  private readonly dropped: DroppedEvidence[] = [];
  private readonly notes: string[] = [];
  private readonly skipped = new Map<string, number>();
  private readonly logs: LogTail[] = [];
  private readonly probes: ProbeResult[] = [];
  private capturedAt: string | undefined;
  private authoritative = false;
  private readonly unusable: Unusable[] = [];

  /** `onObject` sees every raw object of an evidence kind that is kept (captures bundle them). */
  constructor(private readonly onObject?: (raw: Record<string, unknown>) => void) {}

  /**
   * Adds one object or List; returns how many objects were kept. `origin` (files only) names
   * where it was read, for the notes about fields that could not be used.
   */
  add(raw: unknown, listKind?: string, origin?: Origin): number {
    if (!isRecord(raw)) return 0;
    const kind = str(raw.kind) ?? listKind;
    if (kind === undefined) return 0;
    if (kind === 'List' || (kind.endsWith('List') && 'items' in raw)) {
      const itemKind = kind === 'List' ? undefined : kind.slice(0, -'List'.length);
      const items: unknown = raw.items;
      if (!Array.isArray(items)) {
        if (items !== null && items !== undefined) {
          this.unusable.push({
            ...(origin === undefined ? {} : { origin }),
            text: `${kind}: items is ${typeName(items)}, not a list; no objects read from it`,
          });
        }
        return 0;
      }
      const ev = itemKind === undefined ? undefined : evidenceKindOf(itemKind);
      if (ev !== undefined) this.collected.add(ev);
      let n = 0;
      items.forEach((item: unknown, i) => {
        n += this.add(item, itemKind, origin === undefined ? undefined : itemOrigin(origin, `items[${i}]`));
      });
      return n;
    }
    return this.addObject(kind, raw, origin);
  }

  private addObject(kind: string, raw: Raw, origin: Origin | undefined): number {
    if (kind === 'APIService') return this.addApiService(raw);
    const ev = evidenceKindOf(kind);
    if (ev === undefined) {
      this.skipped.set(kind, (this.skipped.get(kind) ?? 0) + 1);
      return 0;
    }
    // Only read files are checked field by field: the API server (and the simulator) already
    // validated what they return, and a 150,000-pod collection should not pay for it.
    const fields = origin === undefined ? [] : unusableFields(kind, raw);
    const value = this.normalise(kind, raw);
    if (value === undefined || fields.length > 0) {
      const label = objectLabel(kind, raw, origin);
      const text =
        value === undefined
          ? `${label}: ${fields.length > 0 ? `${fields.join('; ')}; ` : ''}not read (an object needs metadata.name)`
          : `${label}: ${fields.join('; ')}; read without ${fields.length === 1 ? 'it' : 'them'}`;
      this.unusable.push({ ...(origin === undefined ? {} : { origin }), text });
    }
    if (value === undefined) return 0;
    this.collected.add(ev);
    this.onObject?.(raw);
    const m = rec(raw.metadata);
    const id = str(m.uid) ?? `${str(m.namespace) ?? ''}/${str(m.name) ?? ''}`;
    // Keyed by uid (or namespace/name): the same object read twice, or one event read through
    // both event APIs, is kept once.
    this.objects.set(`${kind}/${id}`, { list: LIST_OF[ev], value });
    return 1;
  }

  /**
   * An APIService's word on its Service (normalize/apiservice.ts), kept as records on that Service.
   * Reading one collects no event list: events are not marked collected.
   */
  private addApiService(raw: Raw): number {
    const records = apiServiceRecords(raw);
    for (const r of records)
      this.objects.set(`APIService/${r.name ?? ''}/${r.reason}`, { list: 'events', value: r });
    if (records.length === 0) this.skipped.set('APIService', (this.skipped.get('APIService') ?? 0) + 1);
    return records.length;
  }

  private normalise(kind: string, raw: Raw): unknown {
    if (WORKLOADS.has(kind)) return workload(kind as WorkloadKind, raw);
    switch (kind) {
      case 'Pod':
        return pod(raw);
      case 'Event':
        return event(raw);
      case 'Node':
        return node(raw);
      case 'PersistentVolumeClaim':
        return pvc(raw);
      case 'PersistentVolume':
        return pv(raw);
      case 'StorageClass':
        return storageClass(raw);
      case 'Service':
        return service(raw);
      case 'EndpointSlice':
        return endpointSlice(raw);
      case 'Endpoints':
        return endpoints(raw);
      case 'ResourceQuota':
        return resourceQuota(raw);
      case 'LimitRange':
        return limitRange(raw);
      default:
        return undefined;
    }
  }

  /** Adds an already-normalised object (fragments rebuilt by the paste parser). */
  addNormalised(ev: EvidenceKind, key: string, value: unknown): void {
    this.collected.add(ev);
    this.objects.set(`${ev}/${key}`, { list: LIST_OF[ev], value });
  }

  addLog(tail: LogTail): void {
    this.collected.add('logs');
    this.logs.push(tail);
  }

  addProbe(result: ProbeResult): void {
    this.collected.add('probes');
    this.probes.push(result);
  }

  /** Counts objects of a kind not read that were skipped before they were built. */
  countSkipped(kind: string, n: number): void {
    this.skipped.set(kind, (this.skipped.get(kind) ?? 0) + n);
  }

  markCollected(kind: EvidenceKind): void {
    this.collected.add(kind);
  }

  markMissing(m: MissingEvidence): void {
    this.missing.push(m);
  }

  /** Records evidence read and deliberately not kept; its `why` is also a note. */
  markDropped(d: DroppedEvidence): void {
    this.dropped.push(d);
    this.notes.push(d.why);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** The normalised objects kept so far of one list (`pods`, `nodes` …), in the order first added. */
  keptOf<L extends Exclude<keyof Lists, 'logs' | 'probes' | 'authoritative'>>(list: L): Lists[L] {
    const out: unknown[] = [];
    for (const o of this.objects.values()) if (o.list === list) out.push(o.value);
    return out as Lists[L];
  }

  /** Objects and log tails kept so far. */
  get kept(): number {
    return this.objects.size + this.logs.length + this.probes.length;
  }

  /** Objects and fields that could not be read as the type they must have, in the order read. */
  unusableObjects(): readonly Unusable[] {
    return this.unusable;
  }

  /** The lists come whole from a cluster (see Snapshot.authoritative). */
  markAuthoritative(): void {
    this.authoritative = true;
  }

  setCapturedAt(at: string | undefined): void {
    if (at !== undefined) this.capturedAt = at;
  }

  build(source: SnapshotSource): Snapshot {
    const lists: Lists = {
      pods: [],
      events: [],
      nodes: [],
      pvcs: [],
      pvs: [],
      storageClasses: [],
      services: [],
      endpointSlices: [],
      endpoints: [],
      workloads: [],
      resourceQuotas: [],
      limitRanges: [],
      logs: this.logs,
      probes: this.probes,
    };
    for (const { list, value } of this.objects.values()) (lists[list] as unknown[]).push(value);
    const notes = [...this.notes];
    if (this.skipped.size > 0) {
      const kinds = [...this.skipped].sort(([a], [b]) => compareStrings(a, b)).map(([k, n]) => `${n} ${k}`);
      notes.push(`skipped objects of kinds kube-handoff does not read: ${kinds.join(', ')}`);
    }
    for (const u of this.unusable.slice(0, MAX_UNUSABLE_NOTES))
      notes.push(`${describeOrigin(u.origin)}${u.text}`);
    if (this.unusable.length > MAX_UNUSABLE_NOTES)
      notes.push(
        `and ${this.unusable.length - MAX_UNUSABLE_NOTES} more objects with fields that could not be read`,
      );
    return {
      source,
      ...(this.capturedAt === undefined ? {} : { capturedAt: this.capturedAt }),
      collected: [...this.collected].sort(),
      ...(this.authoritative ? { authoritative: true } : {}),
      missing: this.missing,
      notes,
      ...(this.dropped.length > 0 ? { dropped: this.dropped } : {}),
      ...lists,
    };
  }
}

function itemOrigin(origin: Origin, path: string): Origin {
  return { ...origin, path: origin.path === undefined ? path : `${origin.path}.${path}` };
}

/** "Pod shop/web-1", or "items[2] (Pod shop/web-1)" for an object inside a List or bundle. */
function objectLabel(kind: string, raw: Raw, origin: Origin | undefined): string {
  const m = isRecord(raw.metadata) ? raw.metadata : {};
  const name = str(m.name);
  const namespace = str(m.namespace);
  const id = name === undefined ? kind : `${kind} ${namespace === undefined ? '' : `${namespace}/`}${name}`;
  return origin?.path === undefined ? id : `${origin.path} (${id})`;
}

const LIST_OF: Readonly<Record<EvidenceKind, keyof Lists>> = {
  pods: 'pods',
  events: 'events',
  nodes: 'nodes',
  pvcs: 'pvcs',
  pvs: 'pvs',
  storageclasses: 'storageClasses',
  services: 'services',
  endpointslices: 'endpointSlices',
  endpoints: 'endpoints',
  workloads: 'workloads',
  resourcequotas: 'resourceQuotas',
  limitranges: 'limitRanges',
  logs: 'logs',
  probes: 'probes',
};
