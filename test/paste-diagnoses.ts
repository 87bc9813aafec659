/**
 * Pasted text through the paste collector and the engine, as `handoff -f` judges it: the reference
 * time is the paste's own (its capture time or newest timestamp), else the given clock.
 */
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { diagnose } from '../src/rules/engine/index.js';
import { RULES } from '../src/rules/index.js';
import type { Diagnosis, Snapshot } from '../src/model/index.js';

export function diagnosePaste(
  text: string,
  clock: number,
): { readonly snapshot: Snapshot; readonly diagnoses: readonly Diagnosis[] } {
  const snapshot = snapshotFromSources([{ name: 'paste.txt', text }], ['paste.txt'], { clock: () => clock });
  const { diagnoses } = diagnose(snapshot, { now: referenceTimeOf(snapshot) ?? clock, rules: RULES });
  return { snapshot, diagnoses };
}

/** "stage reason" of the first failed diagnosis ("undefined undefined" when none failed). */
export function firstFailure(text: string, clock: number): string {
  const failed = diagnosePaste(text, clock).diagnoses.find((d) => d.verdict === 'failed');
  return `${failed?.stage} ${failed?.reason}`;
}
