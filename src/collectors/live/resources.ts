import type { EvidenceKind } from '../../model/index.js';

/** One API resource as served: where its URLs are and what its items are. */
export interface ApiResource {
  /** Item kind, as the SnapshotBuilder knows it. */
  readonly kind: string;
  /** API group; '' for core. */
  readonly group: string;
  readonly version: string;
  /** Plural resource name in the URL. */
  readonly resource: string;
  readonly namespaced: boolean;
}

/** One API resource kube-handoff lists or gets as evidence of a diagnosis. */
export interface ResourceType extends ApiResource {
  readonly evidence: EvidenceKind;
}

const r = (
  kind: string,
  group: string,
  version: string,
  resource: string,
  namespaced: boolean,
  evidence: EvidenceKind,
): ResourceType => ({ kind, group, version, resource, namespaced, evidence });

export const PODS = r('Pod', '', 'v1', 'pods', true, 'pods');
export const CORE_EVENTS = r('Event', '', 'v1', 'events', true, 'events');
export const EVENTS_V1 = r('Event', 'events.k8s.io', 'v1', 'events', true, 'events');
export const NODES = r('Node', '', 'v1', 'nodes', false, 'nodes');
export const PVCS = r('PersistentVolumeClaim', '', 'v1', 'persistentvolumeclaims', true, 'pvcs');
export const PVS = r('PersistentVolume', '', 'v1', 'persistentvolumes', false, 'pvs');
export const STORAGE_CLASSES = r(
  'StorageClass',
  'storage.k8s.io',
  'v1',
  'storageclasses',
  false,
  'storageclasses',
);
export const SERVICES = r('Service', '', 'v1', 'services', true, 'services');
export const ENDPOINT_SLICES = r(
  'EndpointSlice',
  'discovery.k8s.io',
  'v1',
  'endpointslices',
  true,
  'endpointslices',
);
export const REPLICA_SETS = r('ReplicaSet', 'apps', 'v1', 'replicasets', true, 'workloads');
export const DEPLOYMENTS = r('Deployment', 'apps', 'v1', 'deployments', true, 'workloads');
export const STATEFUL_SETS = r('StatefulSet', 'apps', 'v1', 'statefulsets', true, 'workloads');
export const DAEMON_SETS = r('DaemonSet', 'apps', 'v1', 'daemonsets', true, 'workloads');
export const JOBS = r('Job', 'batch', 'v1', 'jobs', true, 'workloads');
export const CRON_JOBS = r('CronJob', 'batch', 'v1', 'cronjobs', true, 'workloads');
export const RESOURCE_QUOTAS = r('ResourceQuota', '', 'v1', 'resourcequotas', true, 'resourcequotas');
export const LIMIT_RANGES = r('LimitRange', '', 'v1', 'limitranges', true, 'limitranges');

const api = (kind: string, group: string, resource: string, namespaced: boolean): ApiResource => ({
  kind,
  group,
  version: 'v1',
  resource,
  namespaced,
});

/** Resources preflight reads that are no evidence of a diagnosis. */
export const NAMESPACES = api('Namespace', '', 'namespaces', false);
export const SERVICE_ACCOUNTS = api('ServiceAccount', '', 'serviceaccounts', true);
export const CONFIG_MAPS = api('ConfigMap', '', 'configmaps', true);
export const SECRETS = api('Secret', '', 'secrets', true);
export const CSI_DRIVERS = api('CSIDriver', 'storage.k8s.io', 'csidrivers', false);
export const MUTATING_WEBHOOKS = api(
  'MutatingWebhookConfiguration',
  'admissionregistration.k8s.io',
  'mutatingwebhookconfigurations',
  false,
);
export const VALIDATING_WEBHOOKS = api(
  'ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io',
  'validatingwebhookconfigurations',
  false,
);

/** Everything a namespace or cluster scan lists (events.k8s.io/v1 is added when served). */
export const SCAN_RESOURCES: readonly ResourceType[] = [
  PODS,
  CORE_EVENTS,
  NODES,
  PVCS,
  PVS,
  STORAGE_CLASSES,
  SERVICES,
  ENDPOINT_SLICES,
  REPLICA_SETS,
  DEPLOYMENTS,
  STATEFUL_SETS,
  DAEMON_SETS,
  JOBS,
  CRON_JOBS,
  RESOURCE_QUOTAS,
  LIMIT_RANGES,
];

/** Owner kinds a pod's ownerReferences may name, by kind. */
export const OWNER_TYPES: Readonly<Record<string, ResourceType>> = {
  ReplicaSet: REPLICA_SETS,
  Deployment: DEPLOYMENTS,
  StatefulSet: STATEFUL_SETS,
  DaemonSet: DAEMON_SETS,
  Job: JOBS,
  CronJob: CRON_JOBS,
};

export function groupPath(t: ApiResource): string {
  return t.group === '' ? `/api/${t.version}` : `/apis/${t.group}/${t.version}`;
}

/** The collection URL: namespaced when `namespace` is given and the resource is namespaced. */
export function collectionPath(t: ApiResource, namespace: string | undefined): string {
  const ns = t.namespaced && namespace !== undefined ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return `${groupPath(t)}${ns}/${t.resource}`;
}

export function objectPath(t: ApiResource, namespace: string | undefined, name: string): string {
  return `${collectionPath(t, namespace)}/${encodeURIComponent(name)}`;
}

/** kubectl's wording of where a request applied: `in the namespace "x"` or `at the cluster scope`. */
export function scopeText(t: ApiResource, namespace: string | undefined): string {
  return t.namespaced && namespace !== undefined ? `in the namespace "${namespace}"` : 'at the cluster scope';
}

/** `"pods"` or `"endpointslices" in API group "discovery.k8s.io"` as kubectl words it. */
export function resourceText(t: ApiResource): string {
  return `resource "${t.resource}" in API group "${t.group}"`;
}
