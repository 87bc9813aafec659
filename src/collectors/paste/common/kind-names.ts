/**
 * Kinds from the words kubectl prints for them: the lower-case kind of `get events`' OBJECT
 * column ("replicaset/web-7d4"), resource names of `get all` ("deployment.apps/web") and of
 * apiserver errors (`deployments.apps "web" is forbidden`), and short names (`rs`, `svc`).
 */
const KINDS = [
  'Pod',
  'Node',
  'ReplicaSet',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
  'Service',
  'Endpoints',
  'EndpointSlice',
  'PersistentVolumeClaim',
  'PersistentVolume',
  'StorageClass',
  'Namespace',
  'ConfigMap',
  'Secret',
  'ServiceAccount',
  'ReplicationController',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
  'Ingress',
  'NetworkPolicy',
  'VolumeAttachment',
  'Lease',
  'ResourceQuota',
  'LimitRange',
  'Event',
  'DeploymentConfig',
  'BuildConfig',
  'Build',
  'Route',
  'CSIDriver',
  'CSINode',
] as const;

const SHORT: Readonly<Record<string, string>> = {
  po: 'Pod',
  no: 'Node',
  rs: 'ReplicaSet',
  deploy: 'Deployment',
  sts: 'StatefulSet',
  ds: 'DaemonSet',
  cj: 'CronJob',
  svc: 'Service',
  ep: 'Endpoints',
  pvc: 'PersistentVolumeClaim',
  pv: 'PersistentVolume',
  sc: 'StorageClass',
  ns: 'Namespace',
  cm: 'ConfigMap',
  sa: 'ServiceAccount',
  rc: 'ReplicationController',
  hpa: 'HorizontalPodAutoscaler',
  pdb: 'PodDisruptionBudget',
  ing: 'Ingress',
  netpol: 'NetworkPolicy',
  quota: 'ResourceQuota',
  limits: 'LimitRange',
  ev: 'Event',
  dc: 'DeploymentConfig',
  bc: 'BuildConfig',
};

const BY_LOWER = new Map<string, string>(KINDS.map((k) => [k.toLowerCase(), k]));

/**
 * The kind for a lower-case kind, resource or short name ("replicaset", "pods",
 * "deployments.apps", "svc"); an unknown word gets its first letter capitalised.
 */
export function kindOf(word: string): string {
  const w = word.trim();
  const lower = w.toLowerCase();
  const bare = lower.includes('.') ? lower.slice(0, lower.indexOf('.')) : lower;
  const known =
    BY_LOWER.get(bare) ??
    (Object.hasOwn(SHORT, bare) ? SHORT[bare] : undefined) ??
    (bare.endsWith('ies') ? BY_LOWER.get(`${bare.slice(0, -3)}y`) : undefined) ??
    (bare.endsWith('es') ? BY_LOWER.get(bare.slice(0, -2)) : undefined) ??
    (bare.endsWith('s') ? BY_LOWER.get(bare.slice(0, -1)) : undefined);
  if (known !== undefined) return known;
  const base = w.includes('.') ? w.slice(0, w.indexOf('.')) : w;
  return base === '' ? base : `${(base[0] ?? '').toUpperCase()}${base.slice(1)}`;
}

/** The kind a word names when it is one kubectl prints ("pod", "Pod", "deployment.apps", "rs"), else undefined. */
export function knownKind(word: string): string | undefined {
  const kind = kindOf(word);
  return BY_LOWER.has(kind.toLowerCase()) ? kind : undefined;
}

/** `kind/name` as `get all` and `get events` print it, or undefined when there is no slash. */
export function splitKindName(text: string): { kind: string; name: string } | undefined {
  const slash = text.indexOf('/');
  if (slash <= 0 || slash === text.length - 1) return undefined;
  return { kind: kindOf(text.slice(0, slash)), name: text.slice(slash + 1) };
}

/** Cluster-scoped kinds: their events carry no involvedObject.namespace. */
export const CLUSTER_SCOPED: ReadonlySet<string> = new Set([
  'Node',
  'PersistentVolume',
  'StorageClass',
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CSIDriver',
  'CSINode',
  'VolumeAttachment',
  'PriorityClass',
  'APIService',
]);
