/**
 * The handoff chain (docs/architecture.md §1). Stage ids and reason codes are a public contract:
 * JSON output, docs and CI alerting depend on them.
 */
export const STAGES = [
  {
    id: 'admission',
    title: 'Admission',
    owner: 'kube-apiserver: authn, RBAC, admission, quota, LimitRange, PodSecurity, validation',
    reasons: [
      'QuotaExceeded',
      'LimitRangeViolation',
      'PodSecurityViolation',
      'WebhookDenied',
      'WebhookUnavailable',
      'PolicyForbidden',
      'ServiceAccountMissing',
      'Forbidden',
    ],
  },
  {
    id: 'scheduling',
    title: 'Scheduling',
    owner: 'kube-scheduler: filter, score, bind',
    reasons: [
      'InsufficientResources',
      'UntoleratedTaint',
      'NodeAffinityMismatch',
      'NodeNameMismatch',
      'NodeUnschedulable',
      'HostPortConflict',
      'PodAffinityMismatch',
      'TopologySpreadUnsatisfied',
      'TooManyPods',
      'UnboundPVC',
      'VolumeNodeAffinityConflict',
      'VolumeLimitExceeded',
      'SchedulingGated',
      'SchedulerError',
      'Unschedulable',
    ],
  },
  {
    id: 'node',
    title: 'Node',
    owner: 'kubelet admission and node health',
    reasons: ['KubeletRejected', 'Evicted', 'Preempted', 'NodeNotReady', 'NodeLost', 'NodeShutdown'],
  },
  {
    id: 'volumes',
    title: 'Volumes',
    owner: 'kubelet volume manager, attach/detach controller, CSI',
    reasons: [
      'VolumeSourceNotFound',
      'MountFailed',
      'AttachFailed',
      'MultiAttach',
      'CSIDriverNotRegistered',
      'MountTimeout',
    ],
  },
  {
    id: 'sandbox-network',
    title: 'Sandbox and network',
    owner: 'CRI RunPodSandbox and CNI',
    reasons: [
      'CNIFailed',
      'IPExhausted',
      'CNIUnauthorized',
      'NetworkNotReady',
      'SandboxImageFailed',
      'SandboxFailed',
    ],
  },
  {
    id: 'image-pull',
    title: 'Image pull',
    owner: 'CRI image service and registry',
    reasons: [
      'ImageNotFound',
      'RegistryUnauthorized',
      'RateLimited',
      'RegistryTLS',
      'RegistryUnreachable',
      'InvalidImageName',
      'NeverPullMissing',
      'PullBackOff',
    ],
  },
  {
    id: 'container-config',
    title: 'Container config',
    owner: 'kubelet building the container config',
    reasons: ['ConfigMapMissing', 'SecretMissing', 'KeyMissing', 'RunAsNonRoot', 'CreateContainerError'],
  },
  {
    id: 'init-containers',
    title: 'Init containers',
    owner: 'kubelet running init containers to completion',
    reasons: ['InitContainerFailed', 'InitContainerCrashLoop', 'InitContainerStuck'],
  },
  {
    id: 'container-start',
    title: 'Container start',
    owner: 'CRI/runc starting the process',
    reasons: ['ExecutableNotFound', 'ExecFormatError', 'PermissionDenied', 'StartError'],
  },
  {
    id: 'crash',
    title: 'Crash',
    owner: 'the application itself',
    reasons: ['OOMKilled', 'ExitNonZero', 'ExitZeroLoop', 'KilledExternally', 'CrashLoopBackOff'],
  },
  {
    id: 'liveness',
    title: 'Liveness',
    owner: 'kubelet liveness and startup probes',
    reasons: ['LivenessProbeFailed', 'StartupProbeFailed'],
  },
  {
    id: 'readiness',
    title: 'Readiness',
    owner: 'kubelet readiness probe, readiness gates',
    reasons: ['ReadinessProbeFailed', 'ReadinessGateNotMet', 'NotReady'],
  },
  {
    id: 'service-endpoints',
    title: 'Service endpoints',
    owner: 'EndpointSlice controller, Service',
    reasons: ['SelectorMatchesNoPods', 'NoReadyEndpoints', 'TargetPortMismatch', 'NotInEndpoints'],
  },
  {
    id: 'termination',
    title: 'Termination',
    owner: 'kubelet, finalizers, garbage collector (off the creation chain)',
    reasons: ['FinalizerBlocking', 'NodeGone', 'VolumeTeardownStuck', 'StuckTerminating'],
  },
] as const;

export type StageDef = (typeof STAGES)[number];
export type StageId = StageDef['id'];
export type ReasonCode = StageDef['reasons'][number];
export type ReasonOf<S extends StageId> = Extract<StageDef, { id: S }>['reasons'][number];

export const STAGE_IDS: readonly StageId[] = STAGES.map((s) => s.id);

const ORDER = new Map<StageId, number>(STAGES.map((s, i) => [s.id, i]));

/** Chain position of a stage; termination sorts last (it is off the creation chain). */
export function stageOrder(stage: StageId): number {
  return ORDER.get(stage) ?? STAGES.length;
}

export function isStageId(value: string): value is StageId {
  return ORDER.has(value as StageId);
}

const REASON_STAGE = new Map<string, StageId>(
  STAGES.flatMap((s) => s.reasons.map((r) => [r, s.id] as const)),
);

export function isReasonCode(value: string): value is ReasonCode {
  return REASON_STAGE.has(value);
}

export function stageOfReason(reason: ReasonCode): StageId {
  const stage = REASON_STAGE.get(reason);
  if (stage === undefined) throw new Error(`unknown reason code ${reason}`);
  return stage;
}
