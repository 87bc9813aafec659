/**
 * Which nodes a pod's placement constraints admit: its nodeSelector AND its required node
 * affinity (component-helpers nodeaffinity: terms ORed, requirements inside a term ANDed,
 * matchFields on metadata.name), and which of a node's taints the pod does not tolerate where the
 * scheduler's TaintToleration filter looks (NoSchedule, NoExecute). Pod `spec.affinity` is opaque
 * in the model, so every field is checked before use; a malformed term matches no node.
 */
import type { Taint, Toleration } from '../model/index.js';
import { isTolerated } from './taints.js';

type Json = Readonly<Record<string, unknown>>;

export interface PlacementPod {
  readonly nodeSelector?: Readonly<Record<string, string>>;
  readonly affinity?: Readonly<Record<string, unknown>>;
  readonly tolerations?: readonly Toleration[];
}

export interface PlacementNode {
  readonly metadata: { readonly name: string; readonly labels?: Readonly<Record<string, string>> };
  readonly spec: { readonly taints?: readonly Taint[] };
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One NodeSelectorRequirement (In, NotIn, Exists, DoesNotExist, Gt, Lt) against a label or field value. */
export function requirementMatches(req: unknown, value: string | undefined): boolean {
  if (!isObject(req) || typeof req.key !== 'string') return false;
  const values = Array.isArray(req.values)
    ? req.values.filter((x): x is string => typeof x === 'string')
    : [];
  switch (req.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      const n = Number(value);
      const bound = Number(values[0]);
      if (value === undefined || !Number.isInteger(n) || !Number.isInteger(bound)) return false;
      return req.operator === 'Gt' ? n > bound : n < bound;
    }
    default:
      return false;
  }
}

function termMatches(term: unknown, node: PlacementNode): boolean {
  if (!isObject(term)) return false;
  const exprs = Array.isArray(term.matchExpressions) ? (term.matchExpressions as unknown[]) : [];
  const fields = Array.isArray(term.matchFields) ? (term.matchFields as unknown[]) : [];
  // An empty term matches no objects.
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata.labels ?? {};
  return (
    exprs.every((r) => isObject(r) && typeof r.key === 'string' && requirementMatches(r, labels[r.key])) &&
    fields.every((r) => isObject(r) && r.key === 'metadata.name' && requirementMatches(r, node.metadata.name))
  );
}

/** The nodeSelectorTerms of the pod's required node affinity; undefined when it has none. */
function requiredTerms(affinity: unknown): unknown[] | undefined {
  if (!isObject(affinity)) return undefined;
  const nodeAffinity = affinity.nodeAffinity;
  if (!isObject(nodeAffinity)) return undefined;
  const required = nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution;
  if (!isObject(required)) return undefined;
  return Array.isArray(required.nodeSelectorTerms) ? (required.nodeSelectorTerms as unknown[]) : undefined;
}

/** True when the pod has a nodeSelector or a required node affinity. */
export function hasNodePlacement(pod: PlacementPod): boolean {
  return Object.keys(pod.nodeSelector ?? {}).length > 0 || requiredTerms(pod.affinity) !== undefined;
}

/** nodeSelector AND required node affinity: what the scheduler's NodeAffinity filter checks. */
export function podFitsNodePlacement(pod: PlacementPod, node: PlacementNode): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries(pod.nodeSelector ?? {})) if (labels[k] !== v) return false;
  const terms = requiredTerms(pod.affinity);
  return terms === undefined || terms.some((t) => termMatches(t, node));
}

/**
 * The node's NoSchedule and NoExecute taints the pod does not tolerate, in the node's order (the
 * scheduler's TaintToleration filter rejects the node on the first of them).
 */
export function untoleratedSchedulingTaints(pod: PlacementPod, node: PlacementNode): Taint[] {
  return (node.spec.taints ?? []).filter(
    (t) => (t.effect === 'NoSchedule' || t.effect === 'NoExecute') && !isTolerated(t, pod.tolerations),
  );
}
