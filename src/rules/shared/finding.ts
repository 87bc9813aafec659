import type { ContainerRef, Confidence, Evidence, Finding, ReasonCode } from '../../model/index.js';
import type { RuleMeta } from '../types.js';

export interface FindingInput {
  readonly reason: ReasonCode;
  readonly messageId: string;
  readonly data?: Readonly<Record<string, string | number>>;
  /** Defaults to 'failed'. */
  readonly status?: 'failed' | 'progressing';
  /** Defaults to 'state'. Use 'events' when only events prove it (they turn into history once the stage passes). */
  readonly basis?: 'state' | 'events';
  readonly container?: ContainerRef | undefined;
  readonly evidence: readonly Evidence[];
  readonly nextSteps: readonly string[];
  readonly confidence?: Confidence;
  readonly at?: number | undefined;
  /** When the failure began (epoch ms), when the evidence shows it; see Finding.since. */
  readonly since?: number | undefined;
  /** The component reported this failure (see Finding.reported); pass the same to graceStatus. */
  readonly reported?: boolean;
  /** This finding's grace period when the spec sets it (see Finding.graceSeconds). */
  readonly graceSeconds?: number | undefined;
}

/** Builds a Finding stamped with the rule's id and stage. */
export function finding(meta: RuleMeta, input: FindingInput): Finding {
  return {
    ruleId: meta.id,
    stage: meta.stage,
    reason: input.reason,
    status: input.status ?? 'failed',
    basis: input.basis ?? 'state',
    messageId: input.messageId,
    data: input.data ?? {},
    ...(input.container === undefined ? {} : { container: input.container }),
    evidence: input.evidence,
    // Two steps can come out the same (both node commands fall back to the node list when the
    // evidence names no node): each is said once.
    nextSteps: [...new Set(input.nextSteps)],
    ...(input.confidence === undefined ? {} : { confidence: input.confidence }),
    ...(input.at === undefined ? {} : { at: input.at }),
    ...(input.since === undefined ? {} : { since: input.since }),
    ...(input.reported === true ? { reported: true as const } : {}),
    ...(input.graceSeconds === undefined ? {} : { graceSeconds: input.graceSeconds }),
  };
}

/**
 * 'failed' when the symptom has lasted at least the grace period, else 'progressing'.
 * `since` is when the symptom began (epoch ms); unknown start counts as failed.
 * `reported`: the component reported the failure of its own attempt and retries after a back-off
 * (Finding.reported). The grace period covers a stage still under way, a wait, never a reported
 * failure, which is failed however young.
 */
export function graceStatus(
  meta: RuleMeta,
  since: number | undefined,
  now: number,
  reported = false,
): 'failed' | 'progressing' {
  if (reported || since === undefined || meta.graceSeconds <= 0) return 'failed';
  return now - since >= meta.graceSeconds * 1000 ? 'failed' : 'progressing';
}
