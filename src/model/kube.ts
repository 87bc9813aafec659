/**
 * Readonly subsets of the Kubernetes objects kube-handoff reads. Collectors normalise raw
 * objects into these shapes (type-checked field by field), so rules can trust them.
 * Timestamps stay RFC 3339 strings as the API serves them.
 */

export interface OwnerReference {
  readonly apiVersion?: string;
  readonly kind: string;
  readonly name: string;
  readonly uid?: string;
  readonly controller?: boolean;
}

export interface ObjectMeta {
  readonly name: string;
  readonly namespace?: string;
  readonly uid?: string;
  readonly creationTimestamp?: string;
  readonly deletionTimestamp?: string;
  readonly deletionGracePeriodSeconds?: number;
  readonly labels?: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, string>>;
  readonly ownerReferences?: readonly OwnerReference[];
  readonly finalizers?: readonly string[];
  readonly resourceVersion?: string;
  readonly generation?: number;
}

export interface ObjectRef {
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  readonly uid?: string;
  readonly fieldPath?: string;
}

export interface LabelSelectorRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

export interface LabelSelector {
  readonly matchLabels?: Readonly<Record<string, string>>;
  readonly matchExpressions?: readonly LabelSelectorRequirement[];
}

export type ResourceList = Readonly<Record<string, string>>;

export interface ResourceRequirements {
  readonly requests?: ResourceList;
  readonly limits?: ResourceList;
}

export interface ContainerPort {
  readonly name?: string;
  readonly containerPort: number;
  readonly protocol?: string;
  readonly hostPort?: number;
}

export interface Probe {
  readonly httpGet?: { readonly path?: string; readonly port: number | string; readonly scheme?: string };
  readonly tcpSocket?: { readonly port: number | string };
  readonly grpc?: { readonly port: number };
  readonly exec?: { readonly command?: readonly string[] };
  readonly initialDelaySeconds?: number;
  readonly periodSeconds?: number;
  readonly timeoutSeconds?: number;
  readonly failureThreshold?: number;
  readonly successThreshold?: number;
}

export interface EnvVar {
  readonly name: string;
  /** Present only as "redacted" markers or harmless values; captures redact values. */
  readonly value?: string;
  readonly valueFrom?: {
    readonly configMapKeyRef?: { readonly name?: string; readonly key: string; readonly optional?: boolean };
    readonly secretKeyRef?: { readonly name?: string; readonly key: string; readonly optional?: boolean };
    readonly fieldRef?: { readonly fieldPath: string };
  };
}

export interface EnvFromSource {
  readonly prefix?: string;
  readonly configMapRef?: { readonly name?: string; readonly optional?: boolean };
  readonly secretRef?: { readonly name?: string; readonly optional?: boolean };
}

export interface VolumeMount {
  readonly name: string;
  readonly mountPath: string;
  readonly subPath?: string;
  readonly readOnly?: boolean;
}

export interface Container {
  readonly name: string;
  readonly image?: string;
  readonly imagePullPolicy?: string;
  readonly command?: readonly string[];
  readonly args?: readonly string[];
  readonly ports?: readonly ContainerPort[];
  readonly env?: readonly EnvVar[];
  readonly envFrom?: readonly EnvFromSource[];
  readonly resources?: ResourceRequirements;
  readonly volumeMounts?: readonly VolumeMount[];
  readonly livenessProbe?: Probe;
  readonly readinessProbe?: Probe;
  readonly startupProbe?: Probe;
  /** "Always" on an init container makes it a sidecar. */
  readonly restartPolicy?: string;
  readonly securityContext?: { readonly runAsNonRoot?: boolean; readonly runAsUser?: number };
}

export interface Toleration {
  readonly key?: string;
  readonly operator?: string;
  readonly value?: string;
  readonly effect?: string;
  readonly tolerationSeconds?: number;
}

export interface Volume {
  readonly name: string;
  readonly configMap?: { readonly name?: string; readonly optional?: boolean };
  readonly secret?: { readonly secretName?: string; readonly optional?: boolean };
  readonly persistentVolumeClaim?: { readonly claimName: string; readonly readOnly?: boolean };
  readonly csi?: { readonly driver: string };
  readonly emptyDir?: Readonly<Record<string, unknown>>;
  readonly hostPath?: { readonly path: string };
  readonly projected?: {
    readonly sources?: readonly {
      readonly configMap?: { readonly name?: string; readonly optional?: boolean };
      readonly secret?: { readonly name?: string; readonly optional?: boolean };
    }[];
  };
  readonly downwardAPI?: Readonly<Record<string, unknown>>;
  readonly ephemeral?: Readonly<Record<string, unknown>>;
}

export interface PodSpec {
  readonly nodeName?: string;
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** Kept opaque: rules quote it, the scheduler simulation interprets it. */
  readonly affinity?: Readonly<Record<string, unknown>>;
  readonly tolerations?: readonly Toleration[];
  readonly containers: readonly Container[];
  readonly initContainers?: readonly Container[];
  readonly volumes?: readonly Volume[];
  readonly serviceAccountName?: string;
  readonly schedulerName?: string;
  readonly priorityClassName?: string;
  readonly readinessGates?: readonly { readonly conditionType: string }[];
  readonly restartPolicy?: string;
  readonly hostNetwork?: boolean;
  readonly schedulingGates?: readonly { readonly name: string }[];
  readonly terminationGracePeriodSeconds?: number;
  readonly activeDeadlineSeconds?: number;
}

export interface PodCondition {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
  readonly lastTransitionTime?: string;
  readonly lastProbeTime?: string;
}

export interface ContainerStateWaiting {
  readonly reason?: string;
  readonly message?: string;
}
export interface ContainerStateRunning {
  readonly startedAt?: string;
}
export interface ContainerStateTerminated {
  /** Absent when the evidence does not show it (a pasted STATUS column never does). */
  readonly exitCode?: number;
  readonly signal?: number;
  readonly reason?: string;
  readonly message?: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  readonly containerID?: string;
}

export interface ContainerState {
  readonly waiting?: ContainerStateWaiting;
  readonly running?: ContainerStateRunning;
  readonly terminated?: ContainerStateTerminated;
}

export interface ContainerStatus {
  readonly name: string;
  readonly image?: string;
  readonly imageID?: string;
  readonly containerID?: string;
  readonly ready: boolean;
  readonly started?: boolean;
  readonly restartCount: number;
  readonly state?: ContainerState;
  readonly lastState?: ContainerState;
}

export interface PodStatus {
  readonly phase?: string;
  readonly reason?: string;
  readonly message?: string;
  readonly conditions?: readonly PodCondition[];
  readonly containerStatuses?: readonly ContainerStatus[];
  readonly initContainerStatuses?: readonly ContainerStatus[];
  readonly ephemeralContainerStatuses?: readonly ContainerStatus[];
  readonly hostIP?: string;
  readonly podIP?: string;
  readonly startTime?: string;
  readonly nominatedNodeName?: string;
  readonly qosClass?: string;
}

export interface Pod {
  readonly kind: 'Pod';
  readonly metadata: ObjectMeta;
  readonly spec: PodSpec;
  readonly status: PodStatus;
}

export interface Taint {
  readonly key: string;
  readonly value?: string;
  readonly effect: string;
  readonly timeAdded?: string;
}

export interface NodeCondition {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
  readonly lastHeartbeatTime?: string;
  readonly lastTransitionTime?: string;
}

export interface Node {
  readonly kind: 'Node';
  readonly metadata: ObjectMeta;
  readonly spec: {
    readonly unschedulable?: boolean;
    readonly taints?: readonly Taint[];
    readonly podCIDR?: string;
  };
  readonly status: {
    readonly capacity?: ResourceList;
    readonly allocatable?: ResourceList;
    readonly conditions?: readonly NodeCondition[];
    readonly images?: readonly { readonly names?: readonly string[]; readonly sizeBytes?: number }[];
    readonly nodeInfo?: { readonly kubeletVersion?: string; readonly containerRuntimeVersion?: string };
  };
}

export interface PersistentVolumeClaim {
  readonly kind: 'PersistentVolumeClaim';
  readonly metadata: ObjectMeta;
  readonly spec: {
    readonly storageClassName?: string;
    readonly volumeName?: string;
    readonly accessModes?: readonly string[];
    readonly resources?: ResourceRequirements;
    readonly volumeMode?: string;
  };
  readonly status: { readonly phase?: string; readonly accessModes?: readonly string[] };
}

export interface PersistentVolume {
  readonly kind: 'PersistentVolume';
  readonly metadata: ObjectMeta;
  readonly spec: {
    readonly storageClassName?: string;
    readonly accessModes?: readonly string[];
    readonly capacity?: ResourceList;
    readonly claimRef?: ObjectRef;
    readonly csi?: { readonly driver: string; readonly volumeHandle?: string };
    readonly nodeAffinity?: Readonly<Record<string, unknown>>;
    readonly persistentVolumeReclaimPolicy?: string;
  };
  readonly status: { readonly phase?: string; readonly message?: string };
}

export interface StorageClass {
  readonly kind: 'StorageClass';
  readonly metadata: ObjectMeta;
  readonly provisioner: string;
  readonly volumeBindingMode?: string;
  readonly reclaimPolicy?: string;
  readonly allowedTopologies?: readonly Readonly<Record<string, unknown>>[];
}

export interface ServicePort {
  readonly name?: string;
  readonly port: number;
  readonly targetPort?: number | string;
  readonly protocol?: string;
  readonly nodePort?: number;
}

export interface Service {
  readonly kind: 'Service';
  readonly metadata: ObjectMeta;
  readonly spec: {
    readonly selector?: Readonly<Record<string, string>>;
    readonly ports?: readonly ServicePort[];
    readonly type?: string;
    readonly clusterIP?: string;
    readonly externalName?: string;
    readonly publishNotReadyAddresses?: boolean;
  };
}

export interface EndpointConditions {
  readonly ready?: boolean;
  readonly serving?: boolean;
  readonly terminating?: boolean;
}

export interface Endpoint {
  readonly addresses: readonly string[];
  readonly conditions?: EndpointConditions;
  readonly targetRef?: ObjectRef;
  readonly nodeName?: string;
}

export interface EndpointSlice {
  readonly kind: 'EndpointSlice';
  readonly metadata: ObjectMeta;
  readonly addressType?: string;
  readonly endpoints: readonly Endpoint[];
  readonly ports?: readonly { readonly name?: string; readonly port?: number; readonly protocol?: string }[];
}

export interface EndpointAddress {
  readonly ip: string;
  readonly nodeName?: string;
  readonly targetRef?: ObjectRef;
}

/** core/v1 Endpoints (legacy, still what older clusters and `kubectl get ep` show). */
export interface Endpoints {
  readonly kind: 'Endpoints';
  readonly metadata: ObjectMeta;
  readonly subsets: readonly {
    readonly addresses?: readonly EndpointAddress[];
    readonly notReadyAddresses?: readonly EndpointAddress[];
    readonly ports?: readonly { readonly name?: string; readonly port: number; readonly protocol?: string }[];
  }[];
}

export const WORKLOAD_KINDS = [
  'ReplicaSet',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
  'ReplicationController',
] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

/**
 * The workloads whose spec holds the pod template and a selector over their pods (all but the
 * CronJob, whose template is a Job's): what `kubectl logs TYPE/NAME` reads a pod of.
 */
export const POD_TEMPLATE_KINDS: ReadonlySet<string> = new Set<WorkloadKind>(
  WORKLOAD_KINDS.filter((k) => k !== 'CronJob'),
);

export interface WorkloadCondition {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
  readonly lastTransitionTime?: string;
  readonly lastUpdateTime?: string;
}

/** ReplicaSet, Deployment, StatefulSet, DaemonSet, Job, CronJob, ReplicationController. */
export interface Workload {
  readonly kind: WorkloadKind;
  readonly metadata: ObjectMeta;
  readonly spec: {
    readonly replicas?: number;
    readonly selector?: LabelSelector;
    readonly template?: { readonly metadata?: Partial<ObjectMeta>; readonly spec?: PodSpec };
    readonly suspend?: boolean;
    readonly schedule?: string;
  };
  readonly status: {
    readonly replicas?: number;
    readonly readyReplicas?: number;
    readonly availableReplicas?: number;
    readonly desiredNumberScheduled?: number;
    readonly numberReady?: number;
    readonly active?: number;
    readonly succeeded?: number;
    readonly failed?: number;
    readonly conditions?: readonly WorkloadCondition[];
  };
}

export interface ResourceQuota {
  readonly kind: 'ResourceQuota';
  readonly metadata: ObjectMeta;
  readonly status: { readonly hard?: ResourceList; readonly used?: ResourceList };
}

export interface LimitRangeItem {
  readonly type: string;
  readonly max?: ResourceList;
  readonly min?: ResourceList;
  readonly default?: ResourceList;
  readonly defaultRequest?: ResourceList;
  readonly maxLimitRequestRatio?: ResourceList;
}

export interface LimitRange {
  readonly kind: 'LimitRange';
  readonly metadata: ObjectMeta;
  readonly spec: { readonly limits: readonly LimitRangeItem[] };
}
