import type {
  Endpoints,
  EndpointSlice,
  EventRecord,
  EvidenceKind,
  Finding,
  LimitRange,
  LogTail,
  Node,
  ObjectRef,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ProbeResult,
  ReasonCode,
  ResourceQuota,
  Service,
  StageId,
  StorageClass,
  Workload,
} from '../model/index.js';

export type RuleTarget = 'pod' | 'workload' | 'service';

export interface RuleMeta {
  /** `<stage>/<name>`, equal to the file path under src/rules. */
  readonly id: string;
  readonly stage: StageId;
  readonly target: RuleTarget;
  readonly title: string;
  /** What the rule detects, in a sentence or two (shown by `handoff rules ID`). */
  readonly description: string;
  readonly reasons: readonly ReasonCode[];
  /**
   * How long a wait (a stage still under way, a component waiting on an operation in flight) may
   * last before it counts as failed rather than progressing. 0 means the evidence is definite at
   * once (a denial, a missing object, a failure the component reported). A rule whose findings are
   * sometimes a wait and sometimes a reported failure marks the latter (Finding.reported): they get
   * no grace.
   */
  readonly graceSeconds: number;
  /** Evidence kinds the rule reads; when one was not collected the engine says so. */
  readonly needs: readonly EvidenceKind[];
  /** messageId -> template with {{placeholders}} filled from Finding.data. */
  readonly messages: Readonly<Record<string, string>>;
  /** Path of the rule's page, docs/rules/<stage>/<name>.md. */
  readonly docs: string;
  /**
   * A pod rule that can find a failure on a quiet pod (Running, Ready, never restarted, on a
   * healthy node, only routine events: engine/quiet.ts) because it reads beyond the pod, such as
   * the Services that select it. The engine skips every other pod rule for quiet pods.
   */
  readonly runsOnQuietPods?: boolean;
}

/** Read access to the whole snapshot, indexed once by the engine. */
export interface SnapshotIndex {
  eventsFor(ref: ObjectRef): readonly EventRecord[];
  /** The events of each object that has any, grouped by object (objects known only from their events among them). */
  eventObjects(): Iterable<readonly EventRecord[]>;
  pod(namespace: string, name: string): Pod | undefined;
  podsInNamespace(namespace: string): readonly Pod[];
  node(name: string): Node | undefined;
  allNodes(): Iterable<Node>;
  pvc(namespace: string, name: string): PersistentVolumeClaim | undefined;
  pvcsInNamespace(namespace: string): readonly PersistentVolumeClaim[];
  pv(name: string): PersistentVolume | undefined;
  storageClass(name: string): StorageClass | undefined;
  defaultStorageClass(): StorageClass | undefined;
  workload(kind: string, namespace: string, name: string): Workload | undefined;
  workloadsInNamespace(namespace: string): readonly Workload[];
  service(namespace: string, name: string): Service | undefined;
  servicesInNamespace(namespace: string): readonly Service[];
  endpointSlicesFor(namespace: string, service: string): readonly EndpointSlice[];
  endpointsFor(namespace: string, service: string): Endpoints | undefined;
  resourceQuotas(namespace: string): readonly ResourceQuota[];
  limitRanges(namespace: string): readonly LimitRange[];
  logs(namespace: string, pod: string): readonly LogTail[];
  probes(namespace: string, pod: string): readonly ProbeResult[];
}

export interface BaseContext {
  /** Reference time, epoch ms: `--now`, the capture time, or the newest timestamp in the evidence. */
  readonly now: number;
  readonly index: SnapshotIndex;
  /** Evidence kinds present in the snapshot. */
  readonly collected: ReadonlySet<EvidenceKind>;
  /** Facts that shared rule helpers derive once per context (see shared/memo.ts). */
  readonly memo: Map<object, { readonly value: unknown }>;
}

export interface PodContext extends BaseContext {
  readonly target: 'pod';
  readonly pod: Pod;
  /** Events regarding this pod, oldest first (by last-seen time). */
  readonly events: readonly EventRecord[];
  readonly node: Node | undefined;
  /** Controller chain, nearest first (e.g. ReplicaSet, then Deployment). */
  readonly owners: readonly Workload[];
  /** PVCs the pod's volumes claim that are in the snapshot. */
  readonly pvcs: readonly PersistentVolumeClaim[];
  /** Services in the pod's namespace whose selector matches the pod. */
  readonly services: readonly Service[];
  readonly logs: readonly LogTail[];
  readonly probes: readonly ProbeResult[];
}

export interface WorkloadContext extends BaseContext {
  readonly target: 'workload';
  /** The top-level workload (a Deployment rather than its ReplicaSets). */
  readonly workload: Workload;
  /** Workloads it controls (ReplicaSets of a Deployment, Jobs of a CronJob), newest first. */
  readonly children: readonly Workload[];
  /** Events on the workload and on its children, oldest first. */
  readonly events: readonly EventRecord[];
  /** Pods the workload or its children control. */
  readonly pods: readonly Pod[];
}

export interface ServiceContext extends BaseContext {
  readonly target: 'service';
  readonly service: Service;
  readonly endpointSlices: readonly EndpointSlice[];
  readonly endpoints: Endpoints | undefined;
  /** Pods the selector matches (empty for a Service without selector). */
  readonly pods: readonly Pod[];
  readonly events: readonly EventRecord[];
}

export type RuleContext = PodContext | WorkloadContext | ServiceContext;
export type ContextFor<T extends RuleTarget> = Extract<RuleContext, { target: T }>;

/** One rule per file: pure, synchronous, no I/O and no clock (time comes in `ctx.now`). */
export interface Rule<T extends RuleTarget = RuleTarget> {
  readonly meta: RuleMeta & { readonly target: T };
  evaluate(ctx: ContextFor<T>): readonly Finding[];
}
