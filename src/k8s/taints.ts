import type { Taint, Toleration } from '../model/index.js';

/** corev1 Toleration.ToleratesTaint. */
export function tolerates(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key !== undefined && toleration.key !== '' && toleration.key !== taint.key) return false;
  const op = toleration.operator ?? 'Equal';
  if (op === 'Exists') return true;
  if (op === 'Equal') return (toleration.value ?? '') === (taint.value ?? '');
  return false;
}

export function isTolerated(taint: Taint, tolerations: readonly Toleration[] | undefined): boolean {
  return (tolerations ?? []).some((t) => tolerates(t, taint));
}

/** "key=value:Effect" as kubectl describe node prints taints. */
export function formatTaint(taint: Taint): string {
  return `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;
}

/** Taints the node lifecycle controller puts on a node whose kubelet is unhealthy or silent. */
export const UNHEALTHY_NODE_TAINTS = [
  'node.kubernetes.io/unreachable',
  'node.kubernetes.io/not-ready',
] as const;
