/** `--slo startup=…`: a healthy pod over its startup budget becomes a definite failure. */
import type { Diagnosis, StageId } from '../../model/index.js';
import { stageOrder } from '../../model/index.js';

/** Stages inside the startup window (creation to started), image pulls and init containers excluded. */
const STARTUP_STAGES = new Set<StageId>([
  'admission',
  'scheduling',
  'node',
  'volumes',
  'sandbox-network',
  'container-config',
  'container-start',
]);
const s = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;

const SLO_FAILURES = new WeakSet<Diagnosis>();

/** Whether `applySlo` made this failure (it is definite: a startup that is over will not change). */
export function isSloFailure(d: Diagnosis): boolean {
  return SLO_FAILURES.has(d);
}

/**
 * A healthy pod over its startup budget becomes a failure at the stage where the time went
 * (the passed stage of the startup window with the longest duration, image pulls and init
 * containers aside; readiness comes after "started" and is not part of the figure). Its
 * reason is null: no reason code of docs/architecture.md §1 names a slow start, and ruleId is null too.
 */
export function applySlo(d: Diagnosis, budgetMs: number | undefined): Diagnosis {
  const st = d.startup;
  if (budgetMs === undefined || d.verdict !== 'healthy' || st?.sloMs === undefined || st.sloMs <= budgetMs)
    return d;
  const slowest = [...d.chain]
    .filter((c) => c.status === 'passed' && c.durationMs !== undefined && STARTUP_STAGES.has(c.stage))
    .sort((a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0))[0];
  const stage = slowest?.stage ?? 'container-start';
  const ns = d.target.namespace;
  const failed: Diagnosis = {
    ...d,
    verdict: 'failed',
    stage,
    reason: null,
    ruleId: null,
    summary: `Startup took ${s(st.sloMs)} by the SLO definition (excluding image pulls and init containers), over the ${s(budgetMs)} budget; most time went to ${stage}.`,
    confidence: 'high',
    evidence: [
      {
        source: 'status',
        text: `created ${st.createdAt}, all containers started ${st.startedAt ?? '?'}`,
        at: st.createdAt,
      },
      {
        source: 'status',
        text: `startup ${s(st.totalMs ?? 0)} total − ${s(st.imagePullMs)} image pulls − ${s(st.initMs)} init containers = ${s(st.sloMs)} (budget ${s(budgetMs)})`,
      },
      ...d.chain
        .filter((c) => (c.durationMs ?? 0) > 0 && stageOrder(c.stage) <= stageOrder('container-start'))
        .map((c) => ({ source: 'status' as const, text: `chain: ${c.stage} took ${s(c.durationMs ?? 0)}` })),
    ],
    nextSteps: [
      `kubectl describe pod ${d.target.name} -n ${ns}`,
      `kubectl get events -n ${ns} --field-selector involvedObject.name=${d.target.name}`,
    ],
    notes: [...d.notes, `startup SLO budget ${s(budgetMs)} (--slo)`],
  };
  SLO_FAILURES.add(failed);
  return failed;
}
