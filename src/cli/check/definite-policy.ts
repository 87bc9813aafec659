/**
 * Per reason code, what it takes beyond a `failed` verdict for the failure to be definite (see
 * definite.ts). Pure data, one entry per reason code of docs/architecture.md §1.
 */
import type { ReasonCode } from '../../model/index.js';

export type FailurePolicy =
  /** The cause is in the spec or a final decision (a denial, a terminal pod). */
  | { readonly kind: 'immediate' }
  /** Could be a race with something applied alongside (a ConfigMap, a CNI, a webhook): wait this long. */
  | { readonly kind: 'persist'; readonly ms: number }
  /** The kubelet retries: definite after RESTARTS_DEFINITE restarts, or when the pod has stopped for good. */
  | { readonly kind: 'restarts' }
  /** A registry answer that a retry will not change: definite once the kubelet has backed off. */
  | { readonly kind: 'pull-backoff' }
  /** The scheduler retries when the cluster changes: definite unless a node or room is coming. */
  | { readonly kind: 'unless-capacity-coming' }
  /** Only an outside actor can end it (scheduling gates, an init container waiting on a dependency). */
  | { readonly kind: 'never' };

/** "CrashLoopBackOff after several restarts". */
export const RESTARTS_DEFINITE = 3;
/** A node not Ready yet that was created, or changed readiness, less than this ago may still take the pod. */
export const NEW_NODE_WINDOW_MS = 10 * 60_000;

const immediate: FailurePolicy = { kind: 'immediate' };
const restarts: FailurePolicy = { kind: 'restarts' };
const capacity: FailurePolicy = { kind: 'unless-capacity-coming' };
const persist = (seconds: number): FailurePolicy => ({ kind: 'persist', ms: seconds * 1000 });

/** One entry per reason code (docs/architecture.md §1); the compiler checks none is missing. */
export const FAILURE_POLICY: Readonly<Record<ReasonCode, FailurePolicy>> = {
  // admission: a denial is final; a quota may free up, a webhook or service account may be on its way.
  QuotaExceeded: persist(60),
  LimitRangeViolation: immediate,
  PodSecurityViolation: immediate,
  WebhookDenied: immediate,
  WebhookUnavailable: persist(60),
  PolicyForbidden: immediate,
  ServiceAccountMissing: persist(30),
  Forbidden: immediate,
  // scheduling
  InsufficientResources: capacity,
  UntoleratedTaint: capacity,
  NodeAffinityMismatch: capacity,
  NodeNameMismatch: immediate,
  NodeUnschedulable: capacity,
  HostPortConflict: capacity,
  PodAffinityMismatch: capacity,
  TopologySpreadUnsatisfied: capacity,
  TooManyPods: capacity,
  UnboundPVC: persist(60),
  VolumeNodeAffinityConflict: capacity,
  VolumeLimitExceeded: capacity,
  SchedulingGated: { kind: 'never' },
  SchedulerError: persist(60),
  Unschedulable: capacity,
  // node: a rejected, evicted or preempted pod is terminal; a node may come back.
  KubeletRejected: immediate,
  Evicted: immediate,
  Preempted: immediate,
  NodeNotReady: persist(300),
  NodeLost: persist(300),
  NodeShutdown: immediate,
  // volumes: the kubelet retries mounts every sync; a ConfigMap or Secret may be applied late.
  VolumeSourceNotFound: persist(90),
  MountFailed: persist(60),
  AttachFailed: persist(60),
  MultiAttach: persist(60),
  CSIDriverNotRegistered: persist(60),
  MountTimeout: persist(60),
  // sandbox-network
  CNIFailed: persist(60),
  IPExhausted: persist(60),
  CNIUnauthorized: immediate,
  NetworkNotReady: persist(60),
  SandboxImageFailed: immediate,
  SandboxFailed: persist(60),
  // image-pull
  ImageNotFound: { kind: 'pull-backoff' },
  RegistryUnauthorized: { kind: 'pull-backoff' },
  RateLimited: persist(120),
  RegistryTLS: { kind: 'pull-backoff' },
  RegistryUnreachable: persist(120),
  InvalidImageName: immediate,
  NeverPullMissing: immediate,
  PullBackOff: persist(120),
  // container-config: a ConfigMap or Secret applied after the workload may land a little later.
  ConfigMapMissing: persist(90),
  SecretMissing: persist(90),
  KeyMissing: persist(90),
  RunAsNonRoot: immediate,
  CreateContainerError: persist(60),
  // init-containers
  InitContainerFailed: restarts,
  InitContainerCrashLoop: restarts,
  InitContainerStuck: { kind: 'never' },
  // container-start: the image's content does not change between restarts.
  ExecutableNotFound: immediate,
  ExecFormatError: immediate,
  PermissionDenied: immediate,
  StartError: restarts,
  // crash and liveness: several restarts.
  OOMKilled: restarts,
  ExitNonZero: restarts,
  ExitZeroLoop: restarts,
  KilledExternally: restarts,
  CrashLoopBackOff: restarts,
  LivenessProbeFailed: restarts,
  StartupProbeFailed: restarts,
  // readiness: an application may still warm up; two minutes of failing beyond the rule's grace.
  ReadinessProbeFailed: persist(120),
  ReadinessGateNotMet: persist(120),
  NotReady: persist(120),
  // service-endpoints
  SelectorMatchesNoPods: persist(60),
  NoReadyEndpoints: persist(120),
  TargetPortMismatch: immediate,
  NotInEndpoints: persist(120),
  // termination (old pods of a rollout): the kubelet or a controller may still finish.
  FinalizerBlocking: persist(300),
  NodeGone: persist(300),
  VolumeTeardownStuck: persist(300),
  StuckTerminating: persist(300),
};
