import type { Confidence, EvidenceKind, Finding } from '../../model/index.js';
import type { RuleMeta } from '../types.js';

/** Evidence that only adds detail (log tails, active probes): its absence does not weaken a finding. */
export const OPTIONAL_EVIDENCE: ReadonlySet<EvidenceKind> = new Set(['logs', 'probes']);

/** The evidence kinds a rule reads that were not collected. */
export function missingNeeds(
  meta: RuleMeta | undefined,
  collected: ReadonlySet<EvidenceKind>,
): EvidenceKind[] {
  return (meta?.needs ?? []).filter((k) => !OPTIONAL_EVIDENCE.has(k) && !collected.has(k));
}

/**
 * Confidence of a finding: its own, else high for current state and medium for events alone;
 * one step lower when evidence the rule needs was not collected or the target was rebuilt.
 */
export function findingConfidence(
  f: Finding,
  meta: RuleMeta | undefined,
  collected: ReadonlySet<EvidenceKind>,
  partial: boolean,
): Confidence {
  let level: Confidence = f.confidence ?? (f.basis === 'state' ? 'high' : 'medium');
  if (missingNeeds(meta, collected).length > 0 || partial) level = level === 'high' ? 'medium' : 'low';
  return level;
}
