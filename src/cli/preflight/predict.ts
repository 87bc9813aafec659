/**
 * The verdicts for an input against a state: the what-if run, the engine's diagnosis of it, the checks.
 */
import { snapshotFromSimulation } from '../../collectors/simulator/index.js';
import { InputError } from '../../errors/index.js';
import type { Diagnosis, ReasonCode } from '../../model/index.js';
import { CLUSTER_CHECKS } from '../../preflight/cluster-checks.js';
import { STATIC_CHECKS } from '../../preflight/checks/index.js';
import { judge, type JudgeInput } from '../../preflight/judge.js';
import { targetsOf, whatIfInputs } from '../../preflight/targets.js';
import { type ClusterState, type InputObject } from '../../preflight/types.js';
import { runWhatIf } from '../../preflight/what-if.js';
import { classifyAdmissionError } from '../../rules/admission/admission-message.js';
import { diagnose } from '../../rules/engine/index.js';
import { RULES } from '../../rules/index.js';

/**
 * The verdicts for an input against a state: the what-if run, the engine's diagnosis of it, and
 * the checks, joined per target. Throws InputError for an object the API server would refuse as
 * invalid (that is the manifest's error, not a prediction).
 */
export function predict(
  state: ClusterState,
  inputs: readonly InputObject[],
  serverDryRun?: JudgeInput['serverDryRun'],
): Diagnosis[] {
  const targets = targetsOf(inputs);
  const whatIf = runWhatIf(state, whatIfInputs(inputs));
  for (const r of whatIf.refused) {
    if (r.status.reason === 'Invalid')
      throw new InputError(
        r.input.file,
        r.input.line,
        r.status.message,
        'the API server would refuse this object as written',
      );
  }
  const now = whatIf.sim.clock.now();
  const { diagnoses } = diagnose(snapshotFromSimulation(whatIf.sim), { now, rules: RULES });
  return judge({
    targets,
    inputs,
    state,
    whatIf: diagnoses,
    refused: whatIf.refused,
    checks: PREFLIGHT_CHECKS,
    admissionReason,
    ...(serverDryRun === undefined ? {} : { serverDryRun }),
  });
}

export const admissionReason = (message: string): ReasonCode | undefined =>
  classifyAdmissionError(message)?.code;

/** Every check, cluster-side first. */
export const PREFLIGHT_CHECKS = [...CLUSTER_CHECKS, ...STATIC_CHECKS];
