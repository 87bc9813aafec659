import type {
  EventRecord,
  EvidenceKind,
  ObjectMeta,
  Pod,
  Service,
  Snapshot,
  Workload,
  WorkloadKind,
} from '../../model/index.js';
import { WORKLOAD_KINDS } from '../../model/index.js';
import { matchesServiceSelector, parseTime } from '../../k8s/index.js';
import { Index } from './snapshot-index.js';
import type { PodContext, ServiceContext, WorkloadContext } from '../types.js';

/** A pod and its controller chain; its context is built only when it is judged. */
export interface PodTarget {
  readonly pod: Pod;
  readonly owners: readonly Workload[];
}

export interface Contexts {
  readonly index: Index;
  readonly podTargets: readonly PodTarget[];
  /**
   * Builds one pod's context. The engine builds them one at a time so that a context, and all
   * the rules derived from it, is garbage as soon as the pod is judged.
   */
  podContext(target: PodTarget): PodContext;
  /** Every pod context at once (tests and small inputs). */
  readonly pods: readonly PodContext[];
  readonly workloads: readonly WorkloadContext[];
  readonly services: readonly ServiceContext[];
  /** Objects that are not in the evidence and were rebuilt from what refers to them (events, owner refs). */
  readonly inferred: ReadonlySet<object>;
}

const WORKLOAD_KIND_SET = new Set<string>(WORKLOAD_KINDS);

function isWorkloadKind(kind: string): kind is WorkloadKind {
  return WORKLOAD_KIND_SET.has(kind);
}

function byTime(a: EventRecord, b: EventRecord): number {
  return (a.last ?? a.first ?? 0) - (b.last ?? b.first ?? 0);
}

/**
 * Builds one context per pod, per top-level workload and per Service. Objects known only
 * from events (a pod whose events were pasted without the pod) or from owner references
 * (the Deployment above a ReplicaSet) are rebuilt as stubs and listed in `inferred`.
 */
export function buildContexts(snapshot: Snapshot, now: number): Contexts {
  const index = new Index(snapshot);
  const collected = new Set<EvidenceKind>(snapshot.collected);
  const inferred = new Set<object>();

  const pods: Pod[] = [...snapshot.pods];
  const workloads = new Map<string, Workload>();
  const key = (kind: string, ns: string | undefined, name: string): string => `${kind}/${ns ?? ''}/${name}`;
  for (const w of snapshot.workloads) workloads.set(key(w.kind, w.metadata.namespace, w.metadata.name), w);

  const stubWorkload = (
    kind: WorkloadKind,
    namespace: string | undefined,
    name: string,
    uid?: string,
  ): Workload => {
    const k = key(kind, namespace, name);
    const existing = workloads.get(k);
    if (existing !== undefined) return existing;
    const stub: Workload = {
      kind,
      metadata: { name, ...(namespace === undefined ? {} : { namespace }), ...(uid ? { uid } : {}) },
      spec: {},
      status: {},
    };
    workloads.set(k, stub);
    inferred.add(stub);
    return stub;
  };

  // Objects known only from their events.
  for (const list of index.eventObjects()) {
    const ref = list[0]?.regarding;
    if (ref === undefined) continue;
    if (ref.kind === 'Pod' && index.pod(ref.namespace ?? '', ref.name) === undefined) {
      const stub: Pod = {
        kind: 'Pod',
        metadata: { name: ref.name, ...(ref.namespace === undefined ? {} : { namespace: ref.namespace }) },
        spec: { containers: [] },
        status: {},
      };
      pods.push(stub);
      inferred.add(stub);
    } else if (isWorkloadKind(ref.kind)) {
      stubWorkload(ref.kind, ref.namespace, ref.name, ref.uid);
    }
  }

  // Controller chains: nearest owner first, rebuilding owners that are only referenced.
  // Without owner references (pasted text), a ReplicaSet still belongs to the Deployment whose
  // controller recorded "Scaled up replica set <name> ..." (reason ScalingReplicaSet).
  const scaledBy = new Map<string, string>();
  for (const e of snapshot.events) {
    if (e.reason !== 'ScalingReplicaSet' || e.regarding.kind !== 'Deployment') continue;
    const rs = /^Scaled (?:up|down) replica set (\S+)/.exec(e.message)?.[1];
    if (rs !== undefined) scaledBy.set(`${e.regarding.namespace ?? ''}/${rs}`, e.regarding.name);
  }
  const ownerOf = (meta: ObjectMeta, kind?: string): Workload | undefined => {
    const ref = meta.ownerReferences?.find((o) => o.controller === true) ?? meta.ownerReferences?.[0];
    if (ref === undefined) {
      const deployment =
        kind === 'ReplicaSet' ? scaledBy.get(`${meta.namespace ?? ''}/${meta.name}`) : undefined;
      return deployment === undefined ? undefined : stubWorkload('Deployment', meta.namespace, deployment);
    }
    if (!isWorkloadKind(ref.kind)) return undefined;
    return stubWorkload(ref.kind, meta.namespace, ref.name, ref.uid);
  };
  const chainOf = (meta: ObjectMeta, kind: string): Workload[] => {
    const chain: Workload[] = [];
    for (
      let o = ownerOf(meta, kind);
      o !== undefined && chain.length < 8 && !chain.includes(o);
      o = ownerOf(o.metadata, o.kind)
    ) {
      chain.push(o);
    }
    return chain;
  };

  // Workload contexts, one per top-level workload.
  const tops = new Map<Workload, { children: Workload[]; pods: Pod[] }>();
  const groupOf = (w: Workload): { children: Workload[]; pods: Pod[] } => {
    let g = tops.get(w);
    if (g === undefined) {
      g = { children: [], pods: [] };
      tops.set(w, g);
    }
    return g;
  };
  for (const w of [...workloads.values()]) {
    const chain = chainOf(w.metadata, w.kind);
    const top = chain.at(-1);
    if (top === undefined) groupOf(w);
    else groupOf(top).children.push(w);
  }

  const podTargets: PodTarget[] = [];
  for (const pod of pods) {
    const owners = chainOf(pod.metadata, 'Pod');
    const top = owners.at(-1);
    if (top !== undefined) groupOf(top).pods.push(pod);
    podTargets.push({ pod, owners });
  }
  const selectPods = podSelectorIndex(pods);
  const servicePods = new Map<Service, readonly Pod[]>();
  const podServices = new Map<Pod, Service[]>();
  for (const svc of snapshot.services) {
    const selected = selectPods(svc.metadata.namespace ?? '', svc.spec.selector);
    servicePods.set(svc, selected);
    for (const p of selected) {
      const list = podServices.get(p);
      if (list === undefined) podServices.set(p, [svc]);
      else list.push(svc);
    }
  }
  const podContext = ({ pod, owners }: PodTarget): PodContext => {
    const ns = pod.metadata.namespace ?? '';
    const claims = (pod.spec.volumes ?? []).flatMap((v) =>
      v.persistentVolumeClaim ? [v.persistentVolumeClaim.claimName] : [],
    );
    return {
      target: 'pod',
      memo: new Map(),
      now,
      index,
      collected,
      pod,
      events: index.eventsFor({
        kind: 'Pod',
        namespace: ns,
        name: pod.metadata.name,
        ...(pod.metadata.uid ? { uid: pod.metadata.uid } : {}),
      }),
      node: pod.spec.nodeName === undefined ? undefined : index.node(pod.spec.nodeName),
      owners,
      pvcs: claims.flatMap((c) => index.pvc(ns, c) ?? []),
      services: podServices.get(pod) ?? [],
      logs: index.logs(ns, pod.metadata.name),
      probes: index.probes(ns, pod.metadata.name),
    };
  };

  const workloadContexts: WorkloadContext[] = [];
  for (const [workload, group] of tops) {
    const events = [workload, ...group.children]
      .flatMap((w) =>
        index.eventsFor({
          kind: w.kind,
          name: w.metadata.name,
          ...(w.metadata.namespace === undefined ? {} : { namespace: w.metadata.namespace }),
          ...(w.metadata.uid ? { uid: w.metadata.uid } : {}),
        }),
      )
      .sort(byTime);
    const children = [...group.children].sort(
      (a, b) =>
        (parseTime(b.metadata.creationTimestamp) ?? 0) - (parseTime(a.metadata.creationTimestamp) ?? 0),
    );
    workloadContexts.push({
      target: 'workload',
      memo: new Map(),
      now,
      index,
      collected,
      workload,
      children,
      events,
      pods: group.pods,
    });
  }

  // The endpoints controller keeps an Endpoints object, and EndpointSlices labelled with the
  // Service's name, only for a Service: where those are in the evidence and the Service is not,
  // the Service exists and is rebuilt as a stub.
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
    inferred.add(stub);
  };
  for (const e of snapshot.endpoints) stubService(e.metadata.namespace, e.metadata.name);
  for (const e of snapshot.endpointSlices)
    stubService(e.metadata.namespace, e.metadata.labels?.['kubernetes.io/service-name']);

  const serviceContexts: ServiceContext[] = services.map((service) => {
    const ns = service.metadata.namespace ?? '';
    return {
      target: 'service',
      memo: new Map(),
      now,
      index,
      collected,
      service,
      endpointSlices: index.endpointSlicesFor(ns, service.metadata.name),
      endpoints: index.endpointsFor(ns, service.metadata.name),
      pods: servicePods.get(service) ?? [],
      events: index.eventsFor({ kind: 'Service', namespace: ns, name: service.metadata.name }),
    };
  });

  return {
    index,
    podTargets,
    podContext,
    get pods() {
      return podTargets.map(podContext);
    },
    workloads: workloadContexts,
    services: serviceContexts,
    inferred,
  };
}

/**
 * The reference time for judging grace periods in saved evidence: the capture time, else the
 * newest timestamp the evidence holds (deletion times are excluded: they lie in the future).
 * Undefined when the evidence has no time at all; the caller then uses the clock.
 */
export function referenceTime(snapshot: Snapshot): number | undefined {
  const captured = parseTime(snapshot.capturedAt);
  if (captured !== undefined) return captured;
  let newest = 0;
  const see = (t: string | number | undefined): void => {
    const ms = typeof t === 'number' ? t : parseTime(t);
    if (ms !== undefined && ms > newest) newest = ms;
  };
  for (const e of snapshot.events) {
    see(e.last);
    see(e.first);
  }
  for (const p of snapshot.pods) {
    see(p.metadata.creationTimestamp);
    see(p.status.startTime);
    for (const c of p.status.conditions ?? []) see(c.lastTransitionTime);
    for (const c of [...(p.status.containerStatuses ?? []), ...(p.status.initContainerStatuses ?? [])]) {
      see(c.state?.running?.startedAt);
      see(c.state?.terminated?.finishedAt);
      see(c.lastState?.terminated?.finishedAt);
    }
  }
  for (const n of snapshot.nodes) for (const c of n.status.conditions ?? []) see(c.lastHeartbeatTime);
  for (const w of snapshot.workloads) {
    see(w.metadata.creationTimestamp);
    for (const c of w.status.conditions ?? []) {
      see(c.lastUpdateTime);
      see(c.lastTransitionTime);
    }
  }
  return newest > 0 ? newest : undefined;
}

/**
 * Pods by namespace and label pair, so that a Service finds its pods among those carrying its
 * rarest selector pair instead of scanning every pod (5,000 Services × 150,000 pods otherwise).
 * Results keep the pods' order.
 */
function podSelectorIndex(
  pods: readonly Pod[],
): (namespace: string, selector: Readonly<Record<string, string>> | undefined) => readonly Pod[] {
  const byPair = new Map<string, Pod[]>();
  for (const p of pods) {
    const labels = p.metadata.labels;
    if (labels === undefined) continue;
    const ns = p.metadata.namespace ?? '';
    for (const [k, v] of Object.entries(labels)) {
      const key = `${ns}\u0000${k}\u0000${v}`;
      const list = byPair.get(key);
      if (list === undefined) byPair.set(key, [p]);
      else list.push(p);
    }
  }
  return (namespace, selector) => {
    if (selector === undefined) return [];
    let fewest: readonly Pod[] | undefined;
    for (const [k, v] of Object.entries(selector)) {
      const list = byPair.get(`${namespace}\u0000${k}\u0000${v}`) ?? [];
      if (fewest === undefined || list.length < fewest.length) fewest = list;
    }
    // No selector pairs: a Service without a selector selects no pods.
    if (fewest === undefined) return [];
    return fewest.filter((p) => matchesServiceSelector(selector, p.metadata.labels));
  };
}
