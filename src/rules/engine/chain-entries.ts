import type { ChainEntry, ChainStatus, Finding, StageId, Verdict } from '../../model/index.js';
import { STAGES, stageOrder } from '../../model/index.js';
import { formatTime } from '../../k8s/index.js';
import type { Milestones } from './milestones.js';
import { stagePassed } from './resolve.js';

const CHAIN: readonly StageId[] = STAGES.map((s) => s.id).filter((s) => s !== 'termination');

/**
 * The chain a pod's diagnosis shows: one entry per stage of the creation chain with its status
 * and, for passed stages, when and how long after the previous one. Stages before the chosen
 * finding passed; after it only real progress counts. The chosen finding's entry is dated
 * `chosenSince`, when its stage began failing as far as the evidence dates it.
 */
export function chainFor(
  hasInit: boolean,
  servicesKnown: boolean,
  milestones: Milestones,
  current: readonly Finding[],
  chosen: Finding | undefined,
  verdict: Verdict,
  chosenSince?: number,
): ChainEntry[] {
  const chosenOrder =
    chosen === undefined || chosen.stage === 'termination' ? undefined : stageOrder(chosen.stage);
  let firstOpen = true;
  let prevAt: number | undefined;
  const entries: ChainEntry[] = [];
  for (const stage of CHAIN) {
    const passed = stagePassed(milestones, stage);
    const finding = current.find((f) => f.stage === stage);
    let status: ChainStatus;
    if (chosenOrder !== undefined) {
      const order = stageOrder(stage);
      if (order < chosenOrder) status = 'passed';
      else if (order === chosenOrder) status = chosen?.status ?? 'failed';
      // After the failure only real progress counts: a pod without init containers passes that
      // stage vacuously, which reads wrongly after, say, a failed image pull.
      else
        status =
          finding?.status ?? (passed && (stage !== 'init-containers' || hasInit) ? 'passed' : 'not-reached');
    } else if (verdict === 'healthy') {
      // Whether a Service sends it traffic is known only when Services were in the evidence.
      status = stage === 'service-endpoints' && !servicesKnown ? 'unknown' : 'passed';
    } else if (finding !== undefined) {
      status = finding.status;
    } else if (passed) {
      status = 'passed';
    } else if (chosen?.stage === 'termination') {
      // Deletion is off the creation chain: creation stages the evidence does not show are unknown.
      status = 'unknown';
    } else if (verdict === 'progressing' && firstOpen) {
      status = 'progressing';
      firstOpen = false;
    } else {
      status = verdict === 'progressing' ? 'not-reached' : 'unknown';
    }
    const passedAt = milestones.pod.get(stage);
    const at = passedAt?.at;
    // One object shape for every entry (absent fields stay undefined): this runs per stage per pod.
    const timed = status === 'passed' && at !== undefined;
    const since =
      chosenSince !== undefined && stage === chosen?.stage && status === chosen.status
        ? chosenSince
        : undefined;
    const entry: ChainEntry = {
      stage,
      status,
      at: timed ? (passedAt?.iso ?? formatTime(at)) : since === undefined ? undefined : formatTime(since),
      durationMs: timed && prevAt !== undefined && at >= prevAt ? at - prevAt : undefined,
    };
    if (status === 'passed' && at !== undefined) prevAt = at;
    entries.push(entry);
  }
  if (chosen?.stage === 'termination')
    entries.push({
      stage: 'termination',
      status: chosen.status,
      ...(chosenSince === undefined ? {} : { at: formatTime(chosenSince) }),
    });
  return entries;
}
