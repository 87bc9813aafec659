/**
 * The API resources the simulator serves: one closed table, read by the store (keys), the
 * API server (admission, RBAC) and the HTTP layer (discovery, routing, Table columns).
 */
export interface ResourceInfo {
  /** Plural resource name as in URLs and RBAC rules. */
  readonly resource: string;
  readonly kind: string;
  /** '' for the core group. */
  readonly group: string;
  readonly version: string;
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  readonly singular: string;
}

const r = (
  resource: string,
  kind: string,
  group: string,
  version: string,
  namespaced: boolean,
  shortNames: readonly string[] = [],
): ResourceInfo => ({ resource, kind, group, version, namespaced, shortNames, singular: kind.toLowerCase() });

export const RESOURCES = [
  r('namespaces', 'Namespace', '', 'v1', false, ['ns']),
  r('nodes', 'Node', '', 'v1', false, ['no']),
  r('pods', 'Pod', '', 'v1', true, ['po']),
  r('services', 'Service', '', 'v1', true, ['svc']),
  r('endpoints', 'Endpoints', '', 'v1', true, ['ep']),
  r('events', 'Event', '', 'v1', true, ['ev']),
  r('configmaps', 'ConfigMap', '', 'v1', true, ['cm']),
  r('secrets', 'Secret', '', 'v1', true),
  r('serviceaccounts', 'ServiceAccount', '', 'v1', true, ['sa']),
  r('persistentvolumeclaims', 'PersistentVolumeClaim', '', 'v1', true, ['pvc']),
  r('persistentvolumes', 'PersistentVolume', '', 'v1', false, ['pv']),
  r('resourcequotas', 'ResourceQuota', '', 'v1', true, ['quota']),
  r('limitranges', 'LimitRange', '', 'v1', true, ['limits']),
  r('deployments', 'Deployment', 'apps', 'v1', true, ['deploy']),
  r('replicasets', 'ReplicaSet', 'apps', 'v1', true, ['rs']),
  r('statefulsets', 'StatefulSet', 'apps', 'v1', true, ['sts']),
  r('daemonsets', 'DaemonSet', 'apps', 'v1', true, ['ds']),
  r('jobs', 'Job', 'batch', 'v1', true),
  r('cronjobs', 'CronJob', 'batch', 'v1', true, ['cj']),
  r('endpointslices', 'EndpointSlice', 'discovery.k8s.io', 'v1', true),
  r('events', 'Event', 'events.k8s.io', 'v1', true, ['ev']),
  r('storageclasses', 'StorageClass', 'storage.k8s.io', 'v1', false, ['sc']),
  r('csidrivers', 'CSIDriver', 'storage.k8s.io', 'v1', false),
  r('volumeattachments', 'VolumeAttachment', 'storage.k8s.io', 'v1', false),
  r(
    'validatingwebhookconfigurations',
    'ValidatingWebhookConfiguration',
    'admissionregistration.k8s.io',
    'v1',
    false,
  ),
  r(
    'mutatingwebhookconfigurations',
    'MutatingWebhookConfiguration',
    'admissionregistration.k8s.io',
    'v1',
    false,
  ),
] as const satisfies readonly ResourceInfo[];

export const groupVersion = (info: ResourceInfo): string =>
  info.group === '' ? info.version : `${info.group}/${info.version}`;

/**
 * Where objects of a kind live in the store. events.k8s.io events are a second view of the
 * core Event objects, so both resolve to the core table.
 */
export function storeKeyOfKind(kind: string): string | undefined {
  return RESOURCES.find((info) => info.kind === kind)?.resource;
}

export function resourceByKind(kind: string): ResourceInfo | undefined {
  return RESOURCES.find((info) => info.kind === kind);
}

export function findResource(group: string, version: string, resource: string): ResourceInfo | undefined {
  return RESOURCES.find(
    (info) => info.group === group && info.version === version && info.resource === resource,
  );
}
