/**
 * The kinds of cluster state `handoff preflight` reads (src/preflight) and the collectors list for it
 * (src/collectors/live/cluster-state.ts, files/bundle-state.ts): one table for both sides.
 */
/** Kinds of cluster state a check may need; a state lacks a kind it could not read. */
export const STATE_KINDS = [
  'Namespace',
  'Node',
  'Pod',
  'ResourceQuota',
  'LimitRange',
  'ServiceAccount',
  'ConfigMap',
  'Secret',
  'PersistentVolumeClaim',
  'PersistentVolume',
  'StorageClass',
  'CSIDriver',
  'Service',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
] as const;
export type StateKind = (typeof STATE_KINDS)[number];
