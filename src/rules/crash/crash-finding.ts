/** Message data and commands shared by the crash rules. */
import type { Evidence, Finding } from '../../model/index.js';
import type { PodContext, RuleMeta } from '../types.js';
import type { CrashCase } from './analyse.js';
import { finding, type FindingInput } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';

/** Data every crash message can use. */
export function crashData(c: CrashCase): Record<string, string | number> {
  return {
    container: c.container?.name ?? '',
    restarts: c.restarts,
    exitCode: c.exitCode ?? 'unknown',
    exitReason: c.termination?.reason || 'no reason given',
    restartPolicy: c.restartPolicy,
  };
}

/** The commands that show a crash: previous logs and the pod's description. */
export function crashCommands(ctx: PodContext, c: CrashCase): string[] {
  const { name, namespace } = ctx.pod.metadata;
  const logs =
    c.container === undefined
      ? kubectl.raw(`logs ${kubectl.quote(name)}${kubectl.nsFlag(namespace)} --previous`)
      : kubectl.logs(name, namespace, c.container.name, true);
  return [logs, kubectl.describe('pod', name, namespace)];
}

export interface CrashFindingInput {
  readonly reason: FindingInput['reason'];
  readonly messageId: string;
  /** Added to crashData(c). */
  readonly data?: Readonly<Record<string, string | number>>;
  /** Added after the crash case's own evidence. */
  readonly evidence?: readonly Evidence[];
  /** Steps after the commands that show the crash (previous logs, describe). */
  readonly steps: readonly string[];
  readonly confidence?: FindingInput['confidence'];
}

/** A finding from one crash case; the crash rules differ only in reason, wording and fix. */
export function crashFinding(
  meta: RuleMeta,
  ctx: PodContext,
  c: CrashCase,
  input: CrashFindingInput,
): Finding {
  return finding(meta, {
    reason: input.reason,
    messageId: input.messageId,
    data: { ...crashData(c), ...input.data },
    basis: c.basis,
    ...(input.confidence === undefined ? {} : { confidence: input.confidence }),
    container: c.container,
    evidence: [...c.evidence, ...(input.evidence ?? [])],
    at: c.at,
    nextSteps: [...crashCommands(ctx, c), ...input.steps],
  });
}
