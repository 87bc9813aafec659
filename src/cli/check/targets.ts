/**
 * Which diagnoses a check waits on: those in scope, plus a `progressing` placeholder for each
 * workload in scope that wants pods but has none yet (right after `kubectl apply` the
 * controllers have not created them), so an empty moment never passes as "all ready".
 */
import { UsageError } from '../../errors/index.js';
import type { Diagnosis, Snapshot, Workload } from '../../model/index.js';
import type { SelectorRequirement } from '../../k8s/index.js';
import { podsByService, selectDiagnoses, type TargetSpec } from '../pipeline/scope.js';

export interface CheckScope {
  readonly namespace?: string;
  readonly targets: readonly TargetSpec[];
  readonly selector?: readonly SelectorRequirement[];
  /** The first evaluation: a TARGET that is nowhere in the evidence is a usage error. */
  readonly strict: boolean;
}

/** How many pods a workload wants now; 0 for one that is done, suspended or scaled to zero. */
function wantsPods(w: Workload): boolean {
  switch (w.kind) {
    case 'Deployment':
    case 'StatefulSet':
    case 'ReplicaSet':
    case 'ReplicationController':
      return (w.spec.replicas ?? 1) > 0;
    case 'DaemonSet':
      return (w.status.desiredNumberScheduled ?? 1) > 0;
    case 'Job':
      return (
        w.spec.suspend !== true &&
        !(w.status.conditions ?? []).some(
          (c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
        )
      );
    case 'CronJob':
      return false;
  }
}

function placeholder(w: Workload): Diagnosis {
  const ns = w.metadata.namespace ?? '';
  return {
    target: { kind: w.kind, namespace: ns, name: w.metadata.name, uid: w.metadata.uid },
    verdict: 'progressing',
    stage: null,
    reason: null,
    ruleId: null,
    container: null,
    summary: `${w.kind} ${w.metadata.name} has no pods yet.`,
    confidence: 'medium',
    evidence: [],
    nextSteps: [`kubectl describe ${w.kind.toLowerCase()} ${w.metadata.name} -n ${ns}`],
    chain: [],
    notes: [],
  };
}

function covers(d: Diagnosis, w: Workload): boolean {
  if (d.target.namespace !== (w.metadata.namespace ?? '')) return false;
  if (d.target.kind === w.kind && d.target.name === w.metadata.name) return true;
  return (d.owners ?? []).some((o) => o.kind === w.kind && o.name === w.metadata.name);
}

function topLevel(w: Workload): boolean {
  return !(w.metadata.ownerReferences ?? []).some((o) => o.controller === true);
}

export function selectForCheck(
  all: readonly Diagnosis[],
  snapshot: Snapshot,
  scope: CheckScope,
): Diagnosis[] {
  const inNamespace = (w: Workload): boolean =>
    scope.namespace === undefined || (w.metadata.namespace ?? '') === scope.namespace;
  const servicePods = podsByService(snapshot);
  const base = {
    ...(scope.namespace === undefined ? {} : { namespace: scope.namespace }),
    ...(scope.selector === undefined ? {} : { selector: scope.selector }),
    servicePods,
  };
  if (scope.targets.length === 0) {
    const selected = selectDiagnoses(all, { ...base, targets: [] });
    // With -l the scope is pods, not workloads.
    if (scope.selector !== undefined) return selected;
    const waiting = snapshot.workloads
      .filter((w) => inNamespace(w) && topLevel(w) && wantsPods(w))
      .filter((w) => !selected.some((d) => covers(d, w)))
      .map(placeholder);
    return [...selected, ...waiting];
  }
  const out: Diagnosis[] = [];
  for (const t of scope.targets) {
    let hits: Diagnosis[] = [];
    try {
      hits = selectDiagnoses(all, { ...base, targets: [t] });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      const w = snapshot.workloads.find(
        (x) => x.kind === t.kind && x.metadata.name === t.name && inNamespace(x),
      );
      if (w !== undefined) {
        if (wantsPods(w)) hits = [placeholder(w)];
      } else if (scope.strict) throw err;
    }
    for (const h of hits) if (!out.includes(h)) out.push(h);
  }
  return out;
}
