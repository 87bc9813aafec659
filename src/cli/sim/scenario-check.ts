/**
 * Does a scenario's diagnosis match its `expect` block? Shared by `handoff sim run --check`
 * and the scenario tests, so both judge a scenario the same way.
 */
import type { Diagnosis } from '../../model/index.js';
import { humanDuration } from '../../k8s/index.js';
import type { Expectation } from '../../simulator/scenario/types.js';
import { parseTarget, selectDiagnoses } from '../pipeline/scope.js';

export interface ExpectationResult {
  readonly expectation: Expectation;
  readonly ok: boolean;
  /** What was seen instead, when not ok. */
  readonly detail: string;
}

const describe = (d: Diagnosis): string =>
  `${d.target.kind.toLowerCase()}/${d.target.name}: ${d.verdict}${d.stage === null ? '' : ` ${d.stage}/${d.reason ?? '?'}`}`;

export function checkExpectation(all: readonly Diagnosis[], expectation: Expectation): ExpectationResult {
  let scope: readonly Diagnosis[] = all;
  if (expectation.target !== undefined) {
    try {
      scope = selectDiagnoses(all, { targets: [parseTarget(expectation.target)] });
    } catch {
      return { expectation, ok: false, detail: `target ${expectation.target} is not among the diagnoses` };
    }
  }
  const seen = scope.map(describe).join('; ') || 'no targets';
  const differs = (what: string): string => `${seen} (${what})`;
  if ('verdict' in expectation) {
    const ok =
      scope.length > 0 &&
      (expectation.verdict === 'healthy'
        ? scope.every((d) => d.verdict === 'healthy')
        : scope.every((d) => d.verdict === 'healthy' || d.verdict === 'progressing') &&
          scope.some((d) => d.verdict === 'progressing'));
    return { expectation, ok, detail: ok ? '' : differs(`the verdict differs from ${expectation.verdict}`) };
  }
  // Every failure in scope must be the expected one: a scenario that fails for two reasons
  // at once does not prove what it claims.
  const failed = scope.filter((d) => d.verdict === 'failed');
  if (failed.length === 0)
    return { expectation, ok: false, detail: differs('the verdict differs: nothing failed') };
  const wrong = failed.find((d) => d.stage !== expectation.stage || d.reason !== expectation.reason);
  if (wrong === undefined) return { expectation, ok: true, detail: '' };
  const what =
    wrong.stage !== expectation.stage
      ? `the stage differs: ${wrong.stage ?? 'none'}, not ${expectation.stage}`
      : `the reason differs: ${wrong.reason ?? 'none'}, not ${expectation.reason}`;
  return { expectation, ok: false, detail: differs(what) };
}

export function formatExpectation(e: Expectation): string {
  const what = 'verdict' in e ? e.verdict : `${e.stage}/${e.reason}`;
  const when = e.at === undefined ? '' : ` at ${humanDuration(e.at)}`;
  return `${e.target === undefined ? '' : `${e.target}: `}${what}${when}`;
}
