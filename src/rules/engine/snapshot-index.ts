import type {
  Endpoints,
  EndpointSlice,
  EventRecord,
  LimitRange,
  LogTail,
  Node,
  ObjectRef,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ProbeResult,
  ResourceQuota,
  Service,
  Snapshot,
  StorageClass,
  Workload,
} from '../../model/index.js';
import type { SnapshotIndex } from '../types.js';

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function nsKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

function objKey(kind: string, namespace: string | undefined, name: string): string {
  return `${kind}/${namespace ?? ''}/${name}`;
}

const DEFAULT_CLASS_ANNOTATIONS = [
  'storageclass.kubernetes.io/is-default-class',
  'storageclass.beta.kubernetes.io/is-default-class',
] as const;

/** Indexes a Snapshot once; every lookup after that is a map access. */
export class Index implements SnapshotIndex {
  private readonly eventsByObject = new Map<string, EventRecord[]>();
  private readonly pods = new Map<string, Pod>();
  private readonly podsByNs = new Map<string, Pod[]>();
  private readonly nodes = new Map<string, Node>();
  private readonly pvcs = new Map<string, PersistentVolumeClaim>();
  private readonly pvcsByNs = new Map<string, PersistentVolumeClaim[]>();
  private readonly pvs = new Map<string, PersistentVolume>();
  private readonly classes = new Map<string, StorageClass>();
  private readonly workloads = new Map<string, Workload>();
  private readonly workloadsByNs = new Map<string, Workload[]>();
  private readonly services = new Map<string, Service>();
  private readonly servicesByNs = new Map<string, Service[]>();
  private readonly slices = new Map<string, EndpointSlice[]>();
  private readonly endpoints = new Map<string, Endpoints>();
  private readonly quotas = new Map<string, ResourceQuota[]>();
  private readonly limits = new Map<string, LimitRange[]>();
  private readonly logTails = new Map<string, LogTail[]>();
  private readonly probeResults = new Map<string, ProbeResult[]>();
  private readonly defaultClass: StorageClass | undefined;

  constructor(readonly snapshot: Snapshot) {
    for (const e of snapshot.events) {
      push(this.eventsByObject, objKey(e.regarding.kind, e.regarding.namespace, e.regarding.name), e);
    }
    for (const list of this.eventsByObject.values()) list.sort(byTime);
    for (const p of snapshot.pods) {
      this.pods.set(nsKey(p.metadata.namespace, p.metadata.name), p);
      push(this.podsByNs, p.metadata.namespace ?? '', p);
    }
    for (const n of snapshot.nodes) this.nodes.set(n.metadata.name, n);
    for (const c of snapshot.pvcs) {
      this.pvcs.set(nsKey(c.metadata.namespace, c.metadata.name), c);
      push(this.pvcsByNs, c.metadata.namespace ?? '', c);
    }
    for (const v of snapshot.pvs) this.pvs.set(v.metadata.name, v);
    let defaultClass: StorageClass | undefined;
    for (const s of snapshot.storageClasses) {
      this.classes.set(s.metadata.name, s);
      if (DEFAULT_CLASS_ANNOTATIONS.some((a) => s.metadata.annotations?.[a] === 'true')) defaultClass = s;
    }
    this.defaultClass = defaultClass;
    for (const w of snapshot.workloads) {
      this.workloads.set(objKey(w.kind, w.metadata.namespace, w.metadata.name), w);
      push(this.workloadsByNs, w.metadata.namespace ?? '', w);
    }
    for (const s of snapshot.services) {
      this.services.set(nsKey(s.metadata.namespace, s.metadata.name), s);
      push(this.servicesByNs, s.metadata.namespace ?? '', s);
    }
    for (const s of snapshot.endpointSlices) {
      const svc = s.metadata.labels?.['kubernetes.io/service-name'];
      if (svc !== undefined) push(this.slices, nsKey(s.metadata.namespace, svc), s);
    }
    for (const e of snapshot.endpoints) this.endpoints.set(nsKey(e.metadata.namespace, e.metadata.name), e);
    for (const q of snapshot.resourceQuotas) push(this.quotas, q.metadata.namespace ?? '', q);
    for (const l of snapshot.limitRanges) push(this.limits, l.metadata.namespace ?? '', l);
    for (const l of snapshot.logs) push(this.logTails, nsKey(l.namespace, l.pod), l);
    for (const p of snapshot.probes) push(this.probeResults, nsKey(p.namespace, p.pod), p);
  }

  /** Events regarding an object: same kind, namespace and name, and the same uid when both sides have one. */
  eventsFor(ref: ObjectRef): readonly EventRecord[] {
    const list = this.eventsByObject.get(objKey(ref.kind, ref.namespace, ref.name));
    if (list === undefined) return [];
    const uid = ref.uid;
    if (uid === undefined || uid === '') return list;
    return list.some((e) => e.regarding.uid !== undefined && e.regarding.uid !== uid)
      ? list.filter((e) => e.regarding.uid === undefined || e.regarding.uid === uid)
      : list;
  }

  /** Every object key that has events, for finding objects known only from their events. */
  eventObjects(): IterableIterator<EventRecord[]> {
    return this.eventsByObject.values();
  }

  pod(namespace: string, name: string): Pod | undefined {
    return this.pods.get(nsKey(namespace, name));
  }
  podsInNamespace(namespace: string): readonly Pod[] {
    return this.podsByNs.get(namespace) ?? [];
  }
  node(name: string): Node | undefined {
    return this.nodes.get(name);
  }
  allNodes(): IterableIterator<Node> {
    return this.nodes.values();
  }
  pvc(namespace: string, name: string): PersistentVolumeClaim | undefined {
    return this.pvcs.get(nsKey(namespace, name));
  }
  pvcsInNamespace(namespace: string): readonly PersistentVolumeClaim[] {
    return this.pvcsByNs.get(namespace) ?? [];
  }
  pv(name: string): PersistentVolume | undefined {
    return this.pvs.get(name);
  }
  storageClass(name: string): StorageClass | undefined {
    return this.classes.get(name);
  }
  defaultStorageClass(): StorageClass | undefined {
    return this.defaultClass;
  }
  workloadsInNamespace(namespace: string): readonly Workload[] {
    return this.workloadsByNs.get(namespace) ?? [];
  }
  workload(kind: string, namespace: string, name: string): Workload | undefined {
    return this.workloads.get(objKey(kind, namespace, name));
  }
  service(namespace: string, name: string): Service | undefined {
    return this.services.get(nsKey(namespace, name));
  }
  servicesInNamespace(namespace: string): readonly Service[] {
    return this.servicesByNs.get(namespace) ?? [];
  }
  endpointSlicesFor(namespace: string, service: string): readonly EndpointSlice[] {
    return this.slices.get(nsKey(namespace, service)) ?? [];
  }
  endpointsFor(namespace: string, service: string): Endpoints | undefined {
    return this.endpoints.get(nsKey(namespace, service));
  }
  resourceQuotas(namespace: string): readonly ResourceQuota[] {
    return this.quotas.get(namespace) ?? [];
  }
  limitRanges(namespace: string): readonly LimitRange[] {
    return this.limits.get(namespace) ?? [];
  }
  logs(namespace: string, pod: string): readonly LogTail[] {
    return this.logTails.get(nsKey(namespace, pod)) ?? [];
  }
  probes(namespace: string, pod: string): readonly ProbeResult[] {
    return this.probeResults.get(nsKey(namespace, pod)) ?? [];
  }
}

function byTime(a: EventRecord, b: EventRecord): number {
  return (a.last ?? a.first ?? 0) - (b.last ?? b.first ?? 0);
}
