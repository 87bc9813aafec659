/**
 * GitHub workflow commands for `handoff preflight --annotations github`.
 */
import type { Diagnosis } from '../../model/index.js';
import { sanitize } from '../../report/index.js';
import { escapeData, escapeProperty, targetText } from '../check/output.js';

/**
 * GitHub workflow commands on the manifest's file and line: `::error` for a target that would
 * fail, `::notice` for one preflight cannot decide, `::warning` per warning.
 */
export function preflightAnnotations(results: readonly Diagnosis[]): string[] {
  const out: string[] = [];
  for (const d of results) {
    const p = d.preflight;
    if (p === undefined) continue;
    const at =
      p.file === undefined
        ? ''
        : `file=${escapeProperty(p.file)}${p.line === undefined ? '' : `,line=${p.line}`},`;
    const who = targetText(d);
    const line = (command: string, title: string, message: string): string =>
      `::${command} ${at}title=${escapeProperty(sanitize(title))}::${escapeData(sanitize(message))}`;
    if (p.verdict === 'would-fail')
      out.push(
        line(
          'error',
          `handoff preflight: ${d.stage ?? ''}/${d.reason ?? ''} ${who}`,
          `${who} would fail at ${d.stage ?? '?'}: ${d.summary}${d.nextSteps[0] ? `\nnext: ${d.nextSteps[0]}` : ''}`,
        ),
      );
    else if (p.verdict === 'cannot-tell')
      out.push(line('notice', `handoff preflight: cannot tell ${who}`, d.summary));
    for (const w of p.warnings) out.push(line('warning', `handoff preflight: ${who}`, w));
  }
  return out;
}
