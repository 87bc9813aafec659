import type { ContainerRef, Finding, StageId } from '../../model/index.js';
import { stageOrder } from '../../model/index.js';
import { compareStrings } from '../../k8s/index.js';
import { CONTAINER_STAGES, containerKey, type Milestones } from './milestones.js';

/**
 * True when a stage counts as passed: its own milestone is there, or a later stage passed
 * (the kubelet could not have got further otherwise). For container-level stages the
 * container's own milestones count too.
 */
export function stagePassed(milestones: Milestones, stage: StageId, container?: ContainerRef): boolean {
  if (stage === 'termination') return false;
  if (milestones.pod.has(stage)) return true;
  if (container !== undefined && CONTAINER_STAGES.has(stage)) {
    const cm = milestones.containers.get(containerKey(container));
    if (cm?.has(stage)) return true;
    // An init container's stages are behind it once the pod is initialized.
    if (container.type === 'init' && milestones.pod.has('init-containers')) return true;
    if (container.type === 'init') return false;
  }
  return milestones.furthest > stageOrder(stage);
}

export interface Resolved {
  /** Findings that describe the present. */
  readonly current: readonly Finding[];
  /** Findings from events that later evidence shows were overcome. */
  readonly history: readonly Finding[];
}

/** Splits findings into current ones and history (events-only findings of a stage that has since passed). */
export function resolveFindings(findings: readonly Finding[], milestones: Milestones): Resolved {
  const current: Finding[] = [];
  const history: Finding[] = [];
  for (const f of findings) {
    // A node fails under a pod that already runs (NotReady, lost, evicting): later progress does
    // not resolve it, and the node rules judge for themselves whether the failure still holds.
    if (f.basis === 'events' && f.stage !== 'node' && stagePassed(milestones, f.stage, f.container))
      history.push(f);
    else current.push(f);
  }
  return { current, history };
}

/** Chain order, then failed before progressing, then rule id, then init containers before app ones. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    stageOrder(a.stage) - stageOrder(b.stage) ||
    (a.status === b.status ? 0 : a.status === 'failed' ? -1 : 1) ||
    compareStrings(a.ruleId, b.ruleId) ||
    (a.container?.type === b.container?.type ? 0 : a.container?.type === 'init' ? -1 : 1) ||
    compareStrings(a.container?.name ?? '', b.container?.name ?? '')
  );
}
