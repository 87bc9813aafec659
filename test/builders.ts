/**
 * Tiny object builders for tests, in the style of the scheduler's test helpers: each case
 * states only the fields that matter. Times are seconds after T0.
 */
import type {
  Container,
  ContainerState,
  ContainerStatus,
  Endpoints,
  EndpointSlice,
  EventRecord,
  EvidenceKind,
  LimitRange,
  LogTail,
  Node,
  NodeCondition,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  PodCondition,
  PodSpec,
  ProbeResult,
  ResourceQuota,
  Service,
  ServicePort,
  Snapshot,
  StorageClass,
  Taint,
  Volume,
  Workload,
  WorkloadCondition,
  WorkloadKind,
} from '../src/model/index.js';

export const T0 = Date.parse('2026-01-01T00:00:00Z');

/** RFC 3339 time `seconds` after T0. */
export function at(seconds: number): string {
  return new Date(T0 + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** Epoch ms `seconds` after T0. */
export function ms(seconds: number): number {
  return T0 + seconds * 1000;
}

export function cond(
  type: string,
  status: 'True' | 'False' | 'Unknown',
  reason?: string,
  message?: string,
  atS = 0,
): PodCondition {
  return {
    type,
    status,
    ...(reason === undefined ? {} : { reason }),
    ...(message === undefined ? {} : { message }),
    lastTransitionTime: at(atS),
  };
}

export function unschedulable(message: string, atS = 0): PodCondition {
  return cond('PodScheduled', 'False', 'Unschedulable', message, atS);
}

export type ContainerOpts = Partial<Omit<Container, 'name'>>;

export function container(name: string, opts: ContainerOpts = {}): Container {
  return { name, image: opts.image ?? `registry.example/${name}:1.0`, ...opts };
}

export const state = {
  waiting(reason: string, message?: string): ContainerState {
    return { waiting: { reason, ...(message === undefined ? {} : { message }) } };
  },
  running(startedS = 0): ContainerState {
    return { running: { startedAt: at(startedS) } };
  },
  terminated(
    exitCode: number,
    reason?: string,
    opts: { startedS?: number; finishedS?: number; message?: string; signal?: number } = {},
  ): ContainerState {
    return {
      terminated: {
        exitCode,
        ...(reason === undefined ? {} : { reason }),
        ...(opts.message === undefined ? {} : { message: opts.message }),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
        ...(opts.startedS === undefined ? {} : { startedAt: at(opts.startedS) }),
        ...(opts.finishedS === undefined ? {} : { finishedAt: at(opts.finishedS) }),
      },
    };
  },
};

export interface StatusOpts {
  state?: ContainerState;
  lastState?: ContainerState;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  containerID?: string;
  image?: string;
  imageID?: string;
}

export function cstatus(name: string, opts: StatusOpts = {}): ContainerStatus {
  const created = opts.state?.running !== undefined || opts.state?.terminated !== undefined;
  return {
    name,
    ready: opts.ready ?? false,
    restartCount: opts.restartCount ?? 0,
    ...(opts.state === undefined ? {} : { state: opts.state }),
    ...(opts.lastState === undefined ? {} : { lastState: opts.lastState }),
    ...(opts.started === undefined ? {} : { started: opts.started }),
    ...(opts.containerID !== undefined
      ? { containerID: opts.containerID }
      : created
        ? { containerID: `containerd://${name}-id` }
        : {}),
    ...(opts.image === undefined ? {} : { image: opts.image }),
    ...(opts.imageID === undefined ? {} : { imageID: opts.imageID }),
  };
}

export interface PodOpts {
  name?: string;
  namespace?: string;
  uid?: string;
  labels?: Record<string, string>;
  createdS?: number;
  deletionS?: number;
  finalizers?: string[];
  owner?: { kind: string; name: string; uid?: string };
  phase?: string;
  reason?: string;
  message?: string;
  nodeName?: string;
  conditions?: PodCondition[];
  containers?: Container[];
  initContainers?: Container[];
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
  volumes?: Volume[];
  spec?: Partial<PodSpec>;
  startS?: number;
}

export function pod(opts: PodOpts = {}): Pod {
  const name = opts.name ?? 'web-1';
  return {
    kind: 'Pod',
    metadata: {
      name,
      namespace: opts.namespace ?? 'default',
      uid: opts.uid ?? `uid-${name}`,
      creationTimestamp: at(opts.createdS ?? 0),
      ...(opts.deletionS === undefined ? {} : { deletionTimestamp: at(opts.deletionS) }),
      ...(opts.finalizers === undefined ? {} : { finalizers: opts.finalizers }),
      ...(opts.labels === undefined ? {} : { labels: opts.labels }),
      ...(opts.owner === undefined
        ? {}
        : {
            ownerReferences: [
              {
                apiVersion: 'apps/v1',
                kind: opts.owner.kind,
                name: opts.owner.name,
                uid: opts.owner.uid ?? `uid-${opts.owner.name}`,
                controller: true,
              },
            ],
          }),
    },
    spec: {
      containers: opts.containers ?? [container('app')],
      ...(opts.initContainers === undefined ? {} : { initContainers: opts.initContainers }),
      ...(opts.nodeName === undefined ? {} : { nodeName: opts.nodeName }),
      ...(opts.volumes === undefined ? {} : { volumes: opts.volumes }),
      ...opts.spec,
    },
    status: {
      phase: opts.phase ?? 'Pending',
      ...(opts.reason === undefined ? {} : { reason: opts.reason }),
      ...(opts.message === undefined ? {} : { message: opts.message }),
      ...(opts.conditions === undefined ? {} : { conditions: opts.conditions }),
      ...(opts.containerStatuses === undefined ? {} : { containerStatuses: opts.containerStatuses }),
      ...(opts.initContainerStatuses === undefined
        ? {}
        : { initContainerStatuses: opts.initContainerStatuses }),
      ...(opts.startS === undefined ? {} : { startTime: at(opts.startS) }),
    },
  };
}

/** A pod that is scheduled, started and Ready: the healthy baseline most rules must not fire on. */
export function runningPod(opts: PodOpts = {}): Pod {
  const containers = opts.containers ?? [container('app')];
  return pod({
    phase: 'Running',
    nodeName: 'node-1',
    startS: 1,
    conditions: [
      cond('PodScheduled', 'True', undefined, undefined, 1),
      cond('PodReadyToStartContainers', 'True', undefined, undefined, 2),
      cond('Initialized', 'True', undefined, undefined, 2),
      cond('ContainersReady', 'True', undefined, undefined, 5),
      cond('Ready', 'True', undefined, undefined, 5),
    ],
    containerStatuses: containers.map((c) =>
      cstatus(c.name, { state: state.running(3), ready: true, started: true }),
    ),
    ...opts,
    containers,
  });
}

export interface EventOpts {
  reason: string;
  message?: string;
  type?: 'Normal' | 'Warning';
  kind?: string;
  name?: string;
  namespace?: string;
  uid?: string;
  fieldPath?: string;
  count?: number;
  firstS?: number;
  lastS?: number;
  source?: string;
  host?: string;
}

export function event(opts: EventOpts): EventRecord {
  const first = ms(opts.firstS ?? opts.lastS ?? 0);
  return {
    regarding: {
      kind: opts.kind ?? 'Pod',
      namespace: opts.namespace ?? 'default',
      name: opts.name ?? 'web-1',
      ...(opts.uid === undefined ? {} : { uid: opts.uid }),
      ...(opts.fieldPath === undefined ? {} : { fieldPath: opts.fieldPath }),
    },
    reason: opts.reason,
    message: opts.message ?? '',
    type: opts.type ?? 'Warning',
    ...(opts.source === undefined ? {} : { source: opts.source }),
    ...(opts.host === undefined ? {} : { host: opts.host }),
    first,
    last: opts.lastS === undefined ? first : ms(opts.lastS),
    count: opts.count ?? 1,
  };
}

export interface NodeOpts {
  name?: string;
  ready?: 'True' | 'False' | 'Unknown';
  readyReason?: string;
  conditions?: NodeCondition[];
  taints?: Taint[];
  unschedulable?: boolean;
  labels?: Record<string, string>;
  allocatable?: Record<string, string>;
  heartbeatS?: number;
}

export function node(opts: NodeOpts = {}): Node {
  return {
    kind: 'Node',
    metadata: { name: opts.name ?? 'node-1', ...(opts.labels === undefined ? {} : { labels: opts.labels }) },
    spec: {
      ...(opts.taints === undefined ? {} : { taints: opts.taints }),
      ...(opts.unschedulable === undefined ? {} : { unschedulable: opts.unschedulable }),
    },
    status: {
      allocatable: opts.allocatable ?? { cpu: '4', memory: '16Gi', pods: '110' },
      conditions: opts.conditions ?? [
        {
          type: 'Ready',
          status: opts.ready ?? 'True',
          ...(opts.readyReason === undefined ? {} : { reason: opts.readyReason }),
          lastHeartbeatTime: at(opts.heartbeatS ?? 0),
          lastTransitionTime: at(opts.heartbeatS ?? 0),
        },
      ],
    },
  };
}

export function pvc(opts: {
  name: string;
  namespace?: string;
  phase?: string;
  storageClassName?: string;
  volumeName?: string;
  accessModes?: string[];
}): PersistentVolumeClaim {
  return {
    kind: 'PersistentVolumeClaim',
    metadata: { name: opts.name, namespace: opts.namespace ?? 'default', uid: `uid-${opts.name}` },
    spec: {
      ...(opts.storageClassName === undefined ? {} : { storageClassName: opts.storageClassName }),
      ...(opts.volumeName === undefined ? {} : { volumeName: opts.volumeName }),
      accessModes: opts.accessModes ?? ['ReadWriteOnce'],
    },
    status: { phase: opts.phase ?? 'Bound' },
  };
}

export function pv(opts: {
  name: string;
  phase?: string;
  claim?: string;
  storageClassName?: string;
  driver?: string;
}): PersistentVolume {
  return {
    kind: 'PersistentVolume',
    metadata: { name: opts.name },
    spec: {
      ...(opts.storageClassName === undefined ? {} : { storageClassName: opts.storageClassName }),
      ...(opts.claim === undefined
        ? {}
        : { claimRef: { kind: 'PersistentVolumeClaim', namespace: 'default', name: opts.claim } }),
      ...(opts.driver === undefined ? {} : { csi: { driver: opts.driver } }),
    },
    status: { phase: opts.phase ?? 'Bound' },
  };
}

export function storageClass(opts: {
  name: string;
  provisioner?: string;
  bindingMode?: string;
  isDefault?: boolean;
}): StorageClass {
  return {
    kind: 'StorageClass',
    metadata: {
      name: opts.name,
      ...(opts.isDefault ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } : {}),
    },
    provisioner: opts.provisioner ?? 'ebs.csi.aws.com',
    ...(opts.bindingMode === undefined ? {} : { volumeBindingMode: opts.bindingMode }),
  };
}

export function service(opts: {
  name?: string;
  namespace?: string;
  selector?: Record<string, string>;
  ports?: ServicePort[];
  type?: string;
}): Service {
  return {
    kind: 'Service',
    metadata: {
      name: opts.name ?? 'web',
      namespace: opts.namespace ?? 'default',
      uid: `uid-svc-${opts.name ?? 'web'}`,
    },
    spec: {
      ...(opts.selector === undefined ? {} : { selector: opts.selector }),
      ports: opts.ports ?? [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }],
      type: opts.type ?? 'ClusterIP',
    },
  };
}

export function endpointSlice(opts: {
  service?: string;
  namespace?: string;
  name?: string;
  endpoints: { ip: string; pod?: string; ready?: boolean; serving?: boolean; terminating?: boolean }[];
  ports?: { name?: string; port?: number; protocol?: string }[];
}): EndpointSlice {
  const svc = opts.service ?? 'web';
  const ns = opts.namespace ?? 'default';
  return {
    kind: 'EndpointSlice',
    metadata: {
      name: opts.name ?? `${svc}-abcde`,
      namespace: ns,
      labels: { 'kubernetes.io/service-name': svc },
    },
    addressType: 'IPv4',
    endpoints: opts.endpoints.map((e) => ({
      addresses: [e.ip],
      conditions: {
        ready: e.ready ?? true,
        serving: e.serving ?? e.ready ?? true,
        terminating: e.terminating ?? false,
      },
      ...(e.pod === undefined ? {} : { targetRef: { kind: 'Pod', namespace: ns, name: e.pod } }),
    })),
    ports: opts.ports ?? [{ name: 'http', port: 8080, protocol: 'TCP' }],
  };
}

export function endpoints(opts: {
  service?: string;
  namespace?: string;
  ready?: { ip: string; pod?: string }[];
  notReady?: { ip: string; pod?: string }[];
  ports?: { name?: string; port: number; protocol?: string }[];
}): Endpoints {
  const ns = opts.namespace ?? 'default';
  const addr = (a: { ip: string; pod?: string }) => ({
    ip: a.ip,
    ...(a.pod === undefined ? {} : { targetRef: { kind: 'Pod', namespace: ns, name: a.pod } }),
  });
  const ready = opts.ready ?? [];
  const notReady = opts.notReady ?? [];
  return {
    kind: 'Endpoints',
    metadata: { name: opts.service ?? 'web', namespace: ns },
    subsets:
      ready.length + notReady.length === 0
        ? []
        : [
            {
              ...(ready.length ? { addresses: ready.map(addr) } : {}),
              ...(notReady.length ? { notReadyAddresses: notReady.map(addr) } : {}),
              ports: opts.ports ?? [{ name: 'http', port: 8080, protocol: 'TCP' }],
            },
          ],
  };
}

export function workload(opts: {
  kind: WorkloadKind;
  name: string;
  namespace?: string;
  owner?: { kind: string; name: string };
  conditions?: WorkloadCondition[];
  replicas?: number;
  readyReplicas?: number;
  selector?: Record<string, string>;
  createdS?: number;
  template?: Workload['spec']['template'];
}): Workload {
  return {
    kind: opts.kind,
    metadata: {
      name: opts.name,
      namespace: opts.namespace ?? 'default',
      uid: `uid-${opts.name}`,
      creationTimestamp: at(opts.createdS ?? 0),
      ...(opts.owner === undefined
        ? {}
        : {
            ownerReferences: [
              {
                kind: opts.owner.kind,
                name: opts.owner.name,
                uid: `uid-${opts.owner.name}`,
                controller: true,
              },
            ],
          }),
    },
    spec: {
      ...(opts.replicas === undefined ? {} : { replicas: opts.replicas }),
      ...(opts.selector === undefined ? {} : { selector: { matchLabels: opts.selector } }),
      ...(opts.template === undefined ? {} : { template: opts.template }),
    },
    status: {
      ...(opts.conditions === undefined ? {} : { conditions: opts.conditions }),
      ...(opts.readyReplicas === undefined ? {} : { readyReplicas: opts.readyReplicas }),
    },
  };
}

export function resourceQuota(opts: {
  name: string;
  namespace?: string;
  hard: Record<string, string>;
  used: Record<string, string>;
}): ResourceQuota {
  return {
    kind: 'ResourceQuota',
    metadata: { name: opts.name, namespace: opts.namespace ?? 'default' },
    status: { hard: opts.hard, used: opts.used },
  };
}

export function limitRange(opts: {
  name: string;
  namespace?: string;
  limits: LimitRange['spec']['limits'];
}): LimitRange {
  return {
    kind: 'LimitRange',
    metadata: { name: opts.name, namespace: opts.namespace ?? 'default' },
    spec: { limits: opts.limits },
  };
}

export interface SnapshotParts {
  pods?: Pod[];
  events?: EventRecord[];
  nodes?: Node[];
  pvcs?: PersistentVolumeClaim[];
  pvs?: PersistentVolume[];
  storageClasses?: StorageClass[];
  services?: Service[];
  endpointSlices?: EndpointSlice[];
  endpoints?: Endpoints[];
  workloads?: Workload[];
  resourceQuotas?: ResourceQuota[];
  limitRanges?: LimitRange[];
  logs?: LogTail[];
  probes?: ProbeResult[];
  capturedAt?: string;
  /** Overrides the evidence kinds marked collected (default: every part given, even empty). */
  collected?: EvidenceKind[];
}

const PART_KIND: Record<Exclude<keyof SnapshotParts, 'capturedAt' | 'collected'>, EvidenceKind> = {
  pods: 'pods',
  events: 'events',
  nodes: 'nodes',
  pvcs: 'pvcs',
  pvs: 'pvs',
  storageClasses: 'storageclasses',
  services: 'services',
  endpointSlices: 'endpointslices',
  endpoints: 'endpoints',
  workloads: 'workloads',
  resourceQuotas: 'resourcequotas',
  limitRanges: 'limitranges',
  logs: 'logs',
  probes: 'probes',
};

/**
 * An active probe result (`--probe`) of pod `web-1` in `default`, taken `atS` seconds after T0:
 * `answer` is a status code or an error message.
 */
export function probeResult(
  answer: number | string,
  opts: {
    probe?: ProbeResult['probe'];
    container?: string;
    pod?: string;
    namespace?: string;
    port?: number;
    path?: string;
    atS?: number;
    latencyMs?: number;
  } = {},
): ProbeResult {
  const pod = opts.pod ?? 'web-1';
  const namespace = opts.namespace ?? 'default';
  return {
    namespace,
    pod,
    container: opts.container ?? 'app',
    probe: opts.probe ?? 'readiness',
    url: `/api/v1/namespaces/${namespace}/pods/${pod}:${opts.port ?? 8080}/proxy/${(opts.path ?? '/ready').replace(/^\//, '')}`,
    ...(typeof answer === 'number' ? { statusCode: answer } : { error: answer }),
    latencyMs: opts.latencyMs ?? 4,
    at: at(opts.atS ?? 0),
  };
}

export function snapshot(parts: SnapshotParts = {}): Snapshot {
  const collected =
    parts.collected ??
    (Object.keys(PART_KIND) as (keyof typeof PART_KIND)[])
      .filter((k) => parts[k] !== undefined)
      .map((k) => PART_KIND[k]);
  return {
    source: { type: 'file', paths: ['test'] },
    ...(parts.capturedAt === undefined ? {} : { capturedAt: parts.capturedAt }),
    collected,
    missing: [],
    pods: parts.pods ?? [],
    events: parts.events ?? [],
    nodes: parts.nodes ?? [],
    pvcs: parts.pvcs ?? [],
    pvs: parts.pvs ?? [],
    storageClasses: parts.storageClasses ?? [],
    services: parts.services ?? [],
    endpointSlices: parts.endpointSlices ?? [],
    endpoints: parts.endpoints ?? [],
    workloads: parts.workloads ?? [],
    resourceQuotas: parts.resourceQuotas ?? [],
    limitRanges: parts.limitRanges ?? [],
    logs: parts.logs ?? [],
    probes: parts.probes ?? [],
    notes: [],
  };
}

/**
 * A kubelet event as `kubectl describe` tables give it (count over a first and last time, no
 * fieldPath unless asked for): Warning for Unhealthy and BackOff, Normal otherwise.
 */
export function probeEvent(
  reason: string,
  message: string,
  count: number,
  firstS: number,
  lastS: number,
  fieldPath?: string,
): EventRecord {
  return event({
    reason,
    message,
    count,
    firstS,
    lastS,
    type: reason === 'Unhealthy' || reason === 'BackOff' ? 'Warning' : 'Normal',
    ...(fieldPath === undefined ? {} : { fieldPath }),
  });
}
