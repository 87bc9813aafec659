/**
 * Annotations the paste collector puts on the objects it rebuilds, for what kubectl printed that
 * has no field of its own (a table's STATUS column as printed) or that the assembler and the
 * rules read later. They never come from a cluster.
 */

/** kubectl's STATUS column as printed (`Terminating`, `Init:0/1`, `Unknown`). */
export const STATUS_COLUMN = 'handoff.dev/status-column';
/** kubectl's READY column as printed. */
export const READY_COLUMN = 'handoff.dev/ready-column';
/** kubectl's READINESS GATES column (`get pods -o wide`) as printed, when it counts gates. */
export const READINESS_GATES_COLUMN = 'handoff.dev/readiness-gates-column';
/**
 * The pod's deletion was requested, shown by the paste rather than by a deletionTimestamp:
 * `kubectl delete` confirmed it (`pod "web-1" deleted`) and a later listing still shows the
 * same pod. The value says which lines show it.
 */
export const DELETION_SEEN = 'handoff.dev/deletion-seen';
/**
 * `kubectl delete pod NAME` was answered by an admission denial (a webhook that cannot be called,
 * a policy): the pod exists and the user's deletion of it is refused. The value is the API
 * server's message.
 */
export const DELETION_DENIED = 'handoff.dev/deletion-denied';
/**
 * `kubectl describe pvc` listed the pods that use the claim (`Used By`, `Mounted By` before 1.19):
 * the value is the names as printed, `<none>` when kubectl found none.
 */
export const CLAIM_USED_BY = 'handoff.dev/claim-used-by';
