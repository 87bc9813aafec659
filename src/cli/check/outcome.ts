/** How a check ends: its exit code and one headline for the log, the reports and the summary. */
import { humanDuration } from '../../k8s/index.js';
import type { TargetStatus } from './state.js';
import { EXIT } from '../io.js';

export interface Outcome {
  readonly code: number;
  readonly headline: string;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function allReady(n: number): string {
  return n === 0 ? 'no targets in scope' : n === 1 ? 'the 1 target is ready' : `all ${n} targets ready`;
}

/** Settled: every target ready or definitely failed (or, with --fail-fast, one definitely failed). */
export function settle(
  statuses: readonly TargetStatus[],
  elapsed: number,
  failFast: boolean,
  once: boolean,
  timeText: string,
  settleMs: number,
): Outcome | undefined {
  const definite = statuses.filter((s) => s.state === 'definite');
  const after = once ? '' : ` after ${humanDuration(elapsed)}${timeText}`;
  const firstDefinite = Math.min(...definite.map((s) => s.since));
  const failedText = (): string => {
    const n = plural(definite.length, 'target');
    if (once) return `${n} failed`;
    if (firstDefinite >= elapsed) return `${n} failed, definite after ${humanDuration(elapsed)}${timeText}`;
    return `${n} failed (the first definite after ${humanDuration(firstDefinite)}); every target settled${after}`;
  };
  if (failFast && definite.length > 0)
    return { code: EXIT.failed, headline: `${failedText()}; stopped at the first (--fail-fast)` };
  if (once) {
    if (definite.length > 0) return { code: EXIT.failed, headline: failedText() };
    const open = statuses.filter((s) => s.state !== 'ready').length;
    if (open === 0) return { code: EXIT.ok, headline: allReady(statuses.length) };
    return {
      code: EXIT.timeout,
      headline: `${plural(open, 'target')} not ready and not failed; a bundle cannot progress, so the check cannot wait for them`,
    };
  }
  if (!statuses.every((s) => s.state === 'ready' || s.state === 'definite')) return undefined;
  // Nothing in scope yet: give objects applied a moment ago the settle window to show up.
  if (statuses.length === 0 && elapsed < settleMs) return undefined;
  if (definite.length > 0) return { code: EXIT.failed, headline: failedText() };
  return {
    code: EXIT.ok,
    headline: statuses.length === 0 ? 'no targets in scope' : `${allReady(statuses.length)}${after}`,
  };
}

export function timedOut(statuses: readonly TargetStatus[], timeoutMs: number, timeText: string): Outcome {
  const failed = statuses.filter((s) => s.state === 'failed' || s.state === 'definite').length;
  const waiting = statuses.filter((s) => s.state === 'waiting').length;
  const t = `timed out after ${humanDuration(timeoutMs)}${timeText}`;
  if (failed > 0)
    return {
      code: EXIT.failed,
      headline: `${t}; ${plural(failed, 'target')} failed${waiting > 0 ? `, ${waiting} still progressing` : ''}`,
    };
  if (waiting > 0)
    return { code: EXIT.timeout, headline: `${t} with ${plural(waiting, 'target')} still progressing` };
  return { code: EXIT.ok, headline: allReady(statuses.length) };
}

/**
 * A gate that checked nothing must not pass: with no target in scope the outcome is exit 5,
 * unless `--allow-empty` accepts an empty scope (then it stands as decided).
 */
export function guardEmpty(outcome: Outcome, targets: number, allowEmpty: boolean): Outcome {
  if (targets > 0 || outcome.code !== EXIT.ok) return outcome;
  return allowEmpty
    ? { code: EXIT.ok, headline: 'no targets in scope (accepted: --allow-empty)' }
    : { code: EXIT.empty, headline: 'no targets in scope: nothing was checked (--allow-empty accepts that)' };
}
