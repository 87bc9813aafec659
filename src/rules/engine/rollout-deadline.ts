/**
 * A Deployment whose controller gave up waiting: `Progressing=False` with reason
 * `ProgressDeadlineExceeded` ("ReplicaSet \"x\" has timed out progressing." or "Deployment \"x\"
 * has timed out progressing.") after `spec.progressDeadlineSeconds`. A wait the deployment
 * controller itself declared over is no longer young, so a pod finding of the timed-out
 * ReplicaSet that is still within its rule's grace period is failed, with the condition quoted.
 */
import type { Evidence, Finding, Workload } from '../../model/index.js';
import type { Timing } from './failure-timing.js';

export interface DeadlineExceeded {
  readonly evidence: Evidence;
  readonly note: string;
}

const TIMED_OUT_RS = /^ReplicaSet "([^"]+)" has timed out progressing/;

/** The owning Deployment's ProgressDeadlineExceeded condition, when it concerns this pod's ReplicaSet. */
export function rolloutDeadlineExceeded(owners: readonly Workload[]): DeadlineExceeded | undefined {
  const deployment = owners.find((o) => o.kind === 'Deployment');
  const c = deployment?.status.conditions?.find(
    (x) => x.type === 'Progressing' && x.status === 'False' && x.reason === 'ProgressDeadlineExceeded',
  );
  if (deployment === undefined || c === undefined) return undefined;
  const rs = owners[0]?.kind === 'ReplicaSet' ? owners[0].metadata.name : undefined;
  const named = TIMED_OUT_RS.exec(c.message ?? '')?.[1];
  // The condition names the new ReplicaSet: pods of an older one are not what timed out.
  if (named !== undefined && rs !== undefined && named !== rs) return undefined;
  const text = `Deployment ${deployment.metadata.name}: Progressing=False ProgressDeadlineExceeded${
    c.message ? `: ${c.message}` : ''
  }`;
  const at = c.lastTransitionTime ?? c.lastUpdateTime;
  return {
    evidence: at === undefined ? { source: 'condition', text } : { source: 'condition', text, at },
    note: `The deployment controller stopped waiting for this rollout (ProgressDeadlineExceeded), so the wait is failed, not progressing.`,
  };
}

/** Progressing findings turned failed, with the condition as evidence; the timings follow the new objects. */
export function applyRolloutDeadline(
  findings: readonly Finding[],
  timings: Map<Finding, Timing>,
  deadline: DeadlineExceeded | undefined,
): Finding[] {
  if (deadline === undefined) return [...findings];
  return findings.map((f) => {
    if (f.status !== 'progressing') return f;
    const failed: Finding = { ...f, status: 'failed', evidence: [...f.evidence, deadline.evidence] };
    const t = timings.get(f);
    timings.set(failed, {
      ...(t ?? { durationUnknown: false, since: undefined }),
      finding: failed,
      note: deadline.note,
    });
    return failed;
  });
}
