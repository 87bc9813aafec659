/** Status conditions of workloads, set the way the upstream controllers set them. */
export interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastUpdateTime?: string;
  lastProbeTime?: string;
}

export const findCondition = (list: readonly Condition[] | undefined, type: string): Condition | undefined =>
  list?.find((c) => c.type === type);

export function removeCondition(list: Condition[], type: string): void {
  const i = list.findIndex((c) => c.type === type);
  if (i >= 0) list.splice(i, 1);
}

/**
 * deploymentutil.SetDeploymentCondition (and the ReplicaSet/Job equivalents): nothing changes
 * when status and reason are the same; the transition time survives a change of reason only;
 * the new condition goes to the end of the list.
 */
export function setCondition(
  list: Condition[],
  next: Condition,
  now: string,
  opts: { readonly updateTime?: boolean } = {},
): void {
  const current = findCondition(list, next.type);
  if (current !== undefined && current.status === next.status && current.reason === next.reason) return;
  const cond: Condition = {
    ...next,
    lastTransitionTime:
      current !== undefined && current.status === next.status ? (current.lastTransitionTime ?? now) : now,
  };
  if (opts.updateTime === true) cond.lastUpdateTime = now;
  removeCondition(list, next.type);
  list.push(orderKeys(cond));
}

/** Field order as the API server serialises conditions (alphabetical in YAML output anyway). */
function orderKeys(c: Condition): Condition {
  const out: Condition = { type: c.type, status: c.status };
  if (c.lastProbeTime !== undefined) out.lastProbeTime = c.lastProbeTime;
  if (c.lastTransitionTime !== undefined) out.lastTransitionTime = c.lastTransitionTime;
  if (c.lastUpdateTime !== undefined) out.lastUpdateTime = c.lastUpdateTime;
  if (c.reason !== undefined) out.reason = c.reason;
  if (c.message !== undefined) out.message = c.message;
  return out;
}

/** Writes `status` only when it really changed (an update would wake every informer). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
