/**
 * The verdict per target: the first handoff (in chain order) that the what-if or a static check
 * shows would fail; else `cannot-tell` when something on the way is unknown; else `would-pass`.
 * The result is a Diagnosis, so every report format renders it; `preflight` carries the verdict.
 */
import {
  STAGE_IDS,
  stageOrder,
  type ChainEntry,
  type Diagnosis,
  type PreflightOutcome,
  type ReasonCode,
  type StageId,
  type TargetKind,
} from '../model/index.js';
import type { Refusal } from './what-if.js';
import { cronJobRunName } from './targets.js';
import { checkServices } from './checks/index.js';
import type { Check, CheckFinding, ClusterState, InputObject, PreflightTarget } from './types.js';

export interface JudgeInput {
  readonly targets: readonly PreflightTarget[];
  readonly inputs: readonly InputObject[];
  readonly state: ClusterState;
  /** The engine's diagnoses of the what-if cluster. */
  readonly whatIf: readonly Diagnosis[];
  readonly refused: readonly Refusal[];
  readonly checks: readonly Check[];
  /**
   * `--server-dry-run`: per input object, what the live API server answered to a dry-run create of
   * it (and, for a workload, of a pod of its template). A target it admitted has no webhook unknowns.
   */
  readonly serverDryRun?: ReadonlyMap<
    InputObject,
    { readonly findings: readonly CheckFinding[]; readonly admitted: boolean }
  >;
  /** Reads an API server's refusal as an admission reason code (the engine's own reading). */
  readonly admissionReason: (message: string) => ReasonCode | undefined;
}

function covers(d: Diagnosis, t: PreflightTarget): boolean {
  if (d.target.namespace !== t.namespace) return false;
  const names =
    t.kind === 'CronJob'
      ? [
          [t.kind, t.name],
          ['Job', cronJobRunName(t.name)],
        ]
      : [[t.kind, t.name]];
  return names.some(
    ([kind, name]) =>
      (d.target.kind === kind && d.target.name === name) ||
      (d.owners ?? []).some((o) => o.kind === kind && o.name === name),
  );
}

/**
 * A what-if diagnosis as a finding. `progressing` counts as failing too: the what-if's minute is
 * all the time it gets, and nothing in it would change by itself (a pod the scheduler could not
 * place after a minute of retries stays unplaced until the cluster changes).
 */
function fromDiagnosis(d: Diagnosis): CheckFinding | undefined {
  if (d.verdict === 'healthy' || d.verdict === 'unknown' || d.stage === null || d.reason === null)
    return undefined;
  return {
    check: d.ruleId ?? 'what-if',
    outcome: 'fail',
    stage: d.stage,
    reason: d.reason,
    message: d.summary,
    // Events and times come from the simulated minute, not from the cluster: said so.
    evidence: d.evidence.map((e) => (e.source === 'event' ? { ...e, text: `what-if run: ${e.text}` } : e)),
    nextSteps: d.nextSteps,
    ...(d.container === null ? {} : { container: d.container }),
  };
}

function fromRefusal(r: Refusal, reason: ReasonCode | undefined): CheckFinding {
  const o = r.input.object;
  const ns = o.metadata.namespace ?? 'default';
  return {
    check: 'admission/refused',
    outcome: 'fail',
    stage: 'admission',
    reason: reason ?? 'Forbidden',
    message: r.status.message,
    evidence: [
      {
        source: 'status',
        text: `the API server answered ${r.status.code} ${r.status.reason}: ${r.status.message}`,
      },
    ],
    nextSteps: [`kubectl apply --dry-run=server -f ${r.input.file} -n ${ns}`],
  };
}

const byChain = (a: CheckFinding, b: CheckFinding): number => stageOrder(a.stage) - stageOrder(b.stage);

/**
 * The handoffs preflight judges from the cluster's objects; the others (a node's health, the CNI,
 * init containers and the app, its probes, endpoints) only a run shows, so they stay `unknown`.
 */
const JUDGED: ReadonlySet<StageId> = new Set([
  'admission',
  'scheduling',
  'volumes',
  'image-pull',
  'container-config',
]);

function chainOf(failed: StageId | undefined, unknownStages: ReadonlySet<StageId>): ChainEntry[] {
  return STAGE_IDS.filter((s) => s !== 'termination').map((stage) => {
    const order = stageOrder(stage);
    if (failed !== undefined && order > stageOrder(failed)) return { stage, status: 'not-reached' };
    if (stage === failed) return { stage, status: 'failed' };
    return { stage, status: JUDGED.has(stage) && !unknownStages.has(stage) ? 'passed' : 'unknown' };
  });
}

function outcome(
  verdict: PreflightOutcome['verdict'],
  findings: readonly CheckFinding[],
  input: InputObject | undefined,
): PreflightOutcome {
  return {
    verdict,
    unknown: findings
      .filter((f) => f.outcome === 'unknown')
      .sort(byChain)
      .map((f) => f.message),
    warnings: findings.filter((f) => f.outcome === 'warn').map((f) => f.message),
    ...(input === undefined ? {} : { file: input.file, line: input.line }),
  };
}

/** One target's verdict from everything found about it. */
export function verdictOf(
  target: { kind: TargetKind; namespace: string; name: string },
  findings: readonly CheckFinding[],
  input?: InputObject,
): Diagnosis {
  const fails = findings.filter((f) => f.outcome === 'fail').sort(byChain);
  const unknowns = findings.filter((f) => f.outcome === 'unknown').sort(byChain);
  const first = fails[0];
  const what = `${target.kind} ${target.namespace}/${target.name}`;
  if (first !== undefined) {
    return {
      target,
      verdict: 'failed',
      stage: first.stage,
      reason: first.reason ?? null,
      ruleId: first.check,
      container: first.container ?? null,
      summary: first.message,
      confidence: 'high',
      evidence: first.evidence,
      nextSteps: first.nextSteps,
      chain: chainOf(first.stage, new Set(unknowns.map((u) => u.stage))),
      preflight: outcome('would-fail', findings, input),
      // Other failures (another stage, or another reason), each once: pods of one workload repeat theirs.
      notes: [
        ...new Set(
          fails
            .slice(1)
            .filter((f) => f.stage !== first.stage || f.reason !== first.reason)
            .map((f) => `also at ${f.stage}: ${f.message}`),
        ),
      ],
    };
  }
  const verdict = unknowns.length > 0 ? 'cannot-tell' : 'would-pass';
  return {
    target,
    verdict: verdict === 'would-pass' ? 'healthy' : 'unknown',
    stage: unknowns[0]?.stage ?? null,
    reason: null,
    ruleId: null,
    container: null,
    summary:
      verdict === 'would-pass'
        ? `${what} would pass every handoff preflight judges (admission, scheduling, volumes, images, container config).`
        : `Nothing found stops ${what}, but not all can be judged before it runs: ${unknowns[0]?.message ?? ''}.`,
    confidence: verdict === 'would-pass' ? 'high' : 'low',
    evidence: unknowns.flatMap((u) => u.evidence),
    nextSteps: [...new Set(unknowns.flatMap((u) => u.nextSteps))],
    chain: chainOf(undefined, new Set(unknowns.map((u) => u.stage))),
    preflight: outcome(verdict, findings, input),
    notes: [],
  };
}

/** Every target's verdict, in input order, then each Service of the input. */
export function judge(j: JudgeInput): Diagnosis[] {
  const serviceResults = checkServices(j.inputs, j.state);
  const services = j.inputs
    .filter((i) => i.object.kind === 'Service')
    .map((i) => {
      const target = {
        kind: 'Service' as const,
        namespace: i.object.metadata.namespace ?? 'default',
        name: i.object.metadata.name,
      };
      const findings = j.whatIf
        .filter(
          (d) =>
            d.target.kind === 'Service' &&
            d.target.namespace === target.namespace &&
            d.target.name === target.name,
        )
        .map(fromDiagnosis)
        .filter((f): f is CheckFinding => f !== undefined);
      // Its endpoints are ready only when its pods pass their readiness probes: only running them shows that.
      findings.push({
        check: 'service-endpoints',
        outcome: 'unknown',
        stage: 'service-endpoints',
        message: `whether the pods it selects become Ready (only running them shows that)`,
        evidence: [],
        nextSteps: [
          `kubectl -n ${target.namespace} get endpointslices -l kubernetes.io/service-name=${target.name}`,
        ],
      });
      const own = serviceResults.find((r) => r.input === i);
      if (own !== undefined) findings.push(...own.findings);
      const refusal = j.refused.find((r) => r.input === i);
      if (refusal !== undefined)
        findings.push(fromRefusal(refusal, j.admissionReason(refusal.status.message)));
      return verdictOf(target, findings, i);
    });
  return [...workloads(j), ...services];
}

/** The Job the what-if made from a CronJob's jobTemplate (see whatIfInputs): its refusal is the CronJob's. */
function isRunOf(i: InputObject, t: PreflightTarget): boolean {
  const o = i.object;
  return (
    t.kind === 'CronJob' &&
    o.kind === 'Job' &&
    o.metadata.name === cronJobRunName(t.name) &&
    (o.metadata.namespace ?? 'default') === t.namespace &&
    i.file === t.input.file &&
    i.line === t.input.line
  );
}

function workloads(j: JudgeInput): Diagnosis[] {
  return j.targets.map((t) => {
    const findings: CheckFinding[] = [];
    const refusal = j.refused.find((r) => r.input === t.input || isRunOf(r.input, t));
    if (refusal !== undefined) findings.push(fromRefusal(refusal, j.admissionReason(refusal.status.message)));
    for (const d of j.whatIf) {
      if (!covers(d, t)) continue;
      const f = fromDiagnosis(d);
      // Without the nodes, the what-if's scheduler had none to place on: that says nothing.
      if (f !== undefined && !(f.stage === 'scheduling' && !j.state.known.has('Node'))) findings.push(f);
    }
    const ctx = { target: t, state: j.state, inputs: j.inputs };
    const server = j.serverDryRun?.get(t.input);
    for (const check of j.checks)
      for (const f of check(ctx))
        if (!(server?.admitted === true && f.check === 'webhooks')) findings.push(f);
    if (server !== undefined) findings.push(...server.findings);
    const verdict = verdictOf({ kind: t.kind, namespace: t.namespace, name: t.name }, findings, t.input);
    const placed = placedCount(j.whatIf, t);
    return verdict.stage === 'scheduling' && verdict.verdict === 'failed' && placed !== undefined
      ? {
          ...verdict,
          notes: [
            `${placed.placed} of ${placed.pods} pods the what-if created were placed on a node`,
            ...verdict.notes,
          ],
        }
      : verdict;
  });
}

/** How many of the target's pods in the what-if the scheduler placed (undefined: it made none). */
function placedCount(
  whatIf: readonly Diagnosis[],
  t: PreflightTarget,
): { placed: number; pods: number } | undefined {
  const pods = whatIf.filter((d) => d.target.kind === 'Pod' && covers(d, t));
  if (pods.length === 0) return undefined;
  const unplaced = pods.filter((d) => d.stage === 'scheduling' && d.verdict !== 'healthy').length;
  return { placed: pods.length - unplaced, pods: pods.length };
}
