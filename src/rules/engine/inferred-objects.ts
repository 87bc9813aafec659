import type {
  EvidenceKind,
  ObjectMeta,
  Pod,
  Service,
  Snapshot,
  Workload,
  WorkloadKind,
} from '../../model/index.js';
import { WORKLOAD_KINDS } from '../../model/index.js';
import type { Index } from './snapshot-index.js';

const WORKLOAD_KIND_SET = new Set<string>(WORKLOAD_KINDS);

function isWorkloadKind(kind: string): kind is WorkloadKind {
  return WORKLOAD_KIND_SET.has(kind);
}

function workloadKey(kind: string, ns: string | undefined, name: string): string {
  return `${kind}/${ns ?? ''}/${name}`;
}

/**
 * The pods, workloads and Services a snapshot holds, plus those known only from what refers to
 * them: a pod whose events were pasted without the pod, the Deployment above a ReplicaSet's owner
 * reference, the Service behind an Endpoints object. Those are rebuilt as stubs and listed in
 * `inferred`, so that the engine says so and lowers its confidence.
 */
export class KnownObjects {
  /** The snapshot's pods, then pods known only from their events. */
  readonly pods: Pod[];
  readonly inferred = new Set<object>();
  private readonly workloads = new Map<string, Workload>();
  /** `namespace/replicaset` -> the Deployment whose ScalingReplicaSet event names it. */
  private readonly scaledBy = new Map<string, string>();
  /** Services that events (or an APIService's records) are about. */
  private readonly servicesFromEvents: { namespace: string | undefined; name: string }[] = [];

  constructor(snapshot: Snapshot, index: Index) {
    this.pods = [...snapshot.pods];
    for (const w of snapshot.workloads)
      this.workloads.set(workloadKey(w.kind, w.metadata.namespace, w.metadata.name), w);

    // Objects known only from their events. Where the lists came whole from a cluster, an object
    // they lack no longer exists: its events are history, not a target.
    const listed = (kind: EvidenceKind): boolean =>
      snapshot.authoritative === true && snapshot.collected.includes(kind);
    for (const list of index.eventObjects()) {
      const ref = list[0]?.regarding;
      if (ref === undefined) continue;
      if ((ref.kind === 'Pod' && listed('pods')) || (isWorkloadKind(ref.kind) && listed('workloads')))
        continue;
      if (ref.kind === 'Pod' && index.pod(ref.namespace ?? '', ref.name) === undefined) {
        const stub: Pod = {
          kind: 'Pod',
          metadata: { name: ref.name, ...(ref.namespace === undefined ? {} : { namespace: ref.namespace }) },
          spec: { containers: [] },
          status: {},
        };
        this.pods.push(stub);
        this.inferred.add(stub);
      } else if (isWorkloadKind(ref.kind)) {
        this.stubWorkload(ref.kind, ref.namespace, ref.name, ref.uid);
      } else if (ref.kind === 'Service' && !listed('services')) {
        this.servicesFromEvents.push({ namespace: ref.namespace, name: ref.name });
      }
    }

    // Without owner references (pasted text), a ReplicaSet still belongs to the Deployment whose
    // controller recorded "Scaled up replica set <name> ..." (reason ScalingReplicaSet).
    for (const e of snapshot.events) {
      if (e.reason !== 'ScalingReplicaSet' || e.regarding.kind !== 'Deployment') continue;
      const rs = /^Scaled (?:up|down) replica set (\S+)/.exec(e.message)?.[1];
      if (rs !== undefined) this.scaledBy.set(`${e.regarding.namespace ?? ''}/${rs}`, e.regarding.name);
    }
  }

  /** Every workload known so far (a controller chain may rebuild more). */
  workloadList(): Workload[] {
    return [...this.workloads.values()];
  }

  /** Controller chain of an object, nearest owner first, rebuilding owners that are only referenced. */
  controllerChain(meta: ObjectMeta, kind: string): Workload[] {
    const chain: Workload[] = [];
    for (
      let o = this.ownerOf(meta, kind);
      o !== undefined && chain.length < 8 && !chain.includes(o);
      o = this.ownerOf(o.metadata, o.kind)
    ) {
      chain.push(o);
    }
    return chain;
  }

  /**
   * The snapshot's Services, then those known only from their endpoints: the endpoints controller
   * keeps an Endpoints object, and EndpointSlices labelled with the Service's name, only for a
   * Service, so where those are in the evidence and the Service is not, the Service exists; then
   * those known only from their events (not when the Services were listed whole from a cluster).
   */
  services(snapshot: Snapshot): Service[] {
    const services: Service[] = [...snapshot.services];
    const known = new Set(services.map((svc) => `${svc.metadata.namespace ?? ''}/${svc.metadata.name}`));
    const stubService = (namespace: string | undefined, name: string | undefined): void => {
      if (name === undefined || name === '') return;
      const k = `${namespace ?? ''}/${name}`;
      if (known.has(k)) return;
      known.add(k);
      const stub: Service = {
        kind: 'Service',
        metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
        spec: {},
      };
      services.push(stub);
      this.inferred.add(stub);
    };
    for (const e of snapshot.endpoints) stubService(e.metadata.namespace, e.metadata.name);
    for (const e of snapshot.endpointSlices)
      stubService(e.metadata.namespace, e.metadata.labels?.['kubernetes.io/service-name']);
    for (const ref of this.servicesFromEvents) stubService(ref.namespace, ref.name);
    return services;
  }

  private ownerOf(meta: ObjectMeta, kind?: string): Workload | undefined {
    const ref = meta.ownerReferences?.find((o) => o.controller === true) ?? meta.ownerReferences?.[0];
    if (ref === undefined) {
      const deployment =
        kind === 'ReplicaSet' ? this.scaledBy.get(`${meta.namespace ?? ''}/${meta.name}`) : undefined;
      return deployment === undefined
        ? undefined
        : this.stubWorkload('Deployment', meta.namespace, deployment);
    }
    if (!isWorkloadKind(ref.kind)) return undefined;
    return this.stubWorkload(ref.kind, meta.namespace, ref.name, ref.uid);
  }

  private stubWorkload(
    kind: WorkloadKind,
    namespace: string | undefined,
    name: string,
    uid?: string,
  ): Workload {
    const k = workloadKey(kind, namespace, name);
    const existing = this.workloads.get(k);
    if (existing !== undefined) return existing;
    const stub: Workload = {
      kind,
      metadata: { name, ...(namespace === undefined ? {} : { namespace }), ...(uid ? { uid } : {}) },
      spec: {},
      status: {},
    };
    this.workloads.set(k, stub);
    this.inferred.add(stub);
    return stub;
  }
}
