import type {
  Endpoints,
  EndpointSlice,
  LimitRange,
  Node,
  ObjectRef,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
  Service,
  StorageClass,
  Workload,
} from './kube.js';

/** The kinds of evidence a Snapshot can hold; rules declare which they need (`meta.needs`). */
export const EVIDENCE_KINDS = [
  'pods',
  'events',
  'nodes',
  'pvcs',
  'pvs',
  'storageclasses',
  'services',
  'endpointslices',
  'endpoints',
  'workloads',
  'resourcequotas',
  'limitranges',
  'logs',
  'probes',
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * One event, normalised from core/v1 or events.k8s.io/v1. Times are epoch milliseconds and
 * follow kubectl's `DescribeEvents`: first = eventTime or firstTimestamp; last =
 * series.lastObservedTime, else lastTimestamp, else first; count = series.count, else count, else 1.
 */
export interface EventRecord {
  readonly regarding: ObjectRef;
  readonly reason: string;
  readonly message: string;
  /** "Normal" or "Warning" (anything else is kept as given). */
  readonly type: string;
  /** Reporting component: source.component, reportingController or deprecatedSource.component. */
  readonly source?: string;
  /** Node the reporter ran on (source.host / reportingInstance for kubelets). */
  readonly host?: string;
  readonly first?: number;
  readonly last?: number;
  readonly count: number;
  /** Name of the Event object itself, when known. */
  readonly name?: string;
}

/** A bounded tail of one container's log (current or previous instance). */
export interface LogTail {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
  readonly previous: boolean;
  readonly lines: readonly string[];
  readonly truncated?: boolean;
}

/** One active probe taken through pods/proxy (opt-in). */
export interface ProbeResult {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
  readonly probe: 'liveness' | 'readiness' | 'startup';
  readonly url: string;
  readonly statusCode?: number;
  readonly error?: string;
  readonly latencyMs?: number;
  readonly at?: string;
}

/** Evidence the collector could not read, e.g. a list forbidden by RBAC. */
export interface MissingEvidence {
  readonly kind: EvidenceKind;
  readonly namespace?: string;
  readonly why: string;
}

/** Evidence a collector read and deliberately did not keep (see the note it leaves). */
export interface DroppedEvidence {
  readonly kind: EvidenceKind;
  readonly count: number;
  readonly why: string;
}

export type SnapshotSource =
  | { readonly type: 'file'; readonly paths: readonly string[] }
  | { readonly type: 'live'; readonly context?: string; readonly server?: string }
  | { readonly type: 'simulator'; readonly scenario: string };

export interface Snapshot {
  readonly source: SnapshotSource;
  /** RFC 3339 time the evidence was captured, when the source says so. */
  readonly capturedAt?: string;
  /** Evidence kinds that were collected (possibly empty lists); anything else was not looked at. */
  readonly collected: readonly EvidenceKind[];
  /**
   * The object lists were read whole from a cluster (live, the simulator, or a capture of either):
   * an object a collected list lacks no longer exists, so its leftover events are history, never a
   * target. Pasted text is not: there, events may be all there is, and then they define the target.
   */
  readonly authoritative?: boolean;
  readonly missing: readonly MissingEvidence[];
  readonly pods: readonly Pod[];
  readonly events: readonly EventRecord[];
  readonly nodes: readonly Node[];
  readonly pvcs: readonly PersistentVolumeClaim[];
  readonly pvs: readonly PersistentVolume[];
  readonly storageClasses: readonly StorageClass[];
  readonly services: readonly Service[];
  readonly endpointSlices: readonly EndpointSlice[];
  readonly endpoints: readonly Endpoints[];
  readonly workloads: readonly Workload[];
  readonly resourceQuotas: readonly ResourceQuota[];
  readonly limitRanges: readonly LimitRange[];
  readonly logs: readonly LogTail[];
  readonly probes: readonly ProbeResult[];
  /** Things the collector wants the user to know (skipped kinds, inferred names). */
  readonly notes: readonly string[];
  /** What a live scan read and did not keep, so nothing is presented as more complete than it is. */
  readonly dropped?: readonly DroppedEvidence[];
}

export function emptySnapshot(source: SnapshotSource): Snapshot {
  return {
    source,
    collected: [],
    missing: [],
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
    logs: [],
    probes: [],
    notes: [],
  };
}
