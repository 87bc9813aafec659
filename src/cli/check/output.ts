/**
 * What `handoff check` prints and writes: progress lines (text) or JSON lines, GitHub workflow
 * annotations, and the reports named by --report. All cluster text is sanitised.
 */
import type { Diagnosis, DiagnosisReport } from '../../model/index.js';
import { contractDiagnosis, plain, sanitize, sanitizeDeep } from '../../report/index.js';
import { writeOutputFile } from '../output-file.js';
import type { CheckOutput, ReportSpec } from './options.js';
import type { Change, TargetState, TargetStatus } from './state.js';

export function offset(ms: number): string {
  const total = Math.round(ms / 1000);
  if (total < 120) return `+${total}s`;
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return sec === 0 ? `+${m}m` : `+${m}m${sec}s`;
}

export function targetText(d: Diagnosis): string {
  const t = d.target;
  return `${t.kind.toLowerCase()} ${t.namespace ? `${t.namespace}/` : ''}${t.name}`;
}

const STATE_TEXT: Readonly<Record<TargetState, string>> = {
  waiting: 'waiting',
  ready: 'ready',
  failed: 'failed',
  definite: 'FAILED',
};

function startupText(d: Diagnosis): string {
  const st = d.startup;
  if (st?.sloMs === undefined || st.totalMs === undefined) return '';
  const sec = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;
  return ` — startup ${sec(st.totalMs)} (image pulls ${sec(st.imagePullMs)}, init ${sec(st.initMs)}; ${sec(st.sloMs)} by the SLO definition)`;
}

/** One progress line per change, e.g. `[+12s] pod shop/web-1  FAILED image-pull ImageNotFound — …`. */
export function progressLine(at: number, change: Change): string {
  const { diagnosis: d, state, why } = change.status;
  const where = [d.stage, d.reason].filter((x): x is NonNullable<typeof x> => x !== null).join(' ');
  const what =
    state === 'ready'
      ? `ready${startupText(d)}`
      : state === 'waiting'
        ? `waiting: ${d.verdict === 'healthy' ? why : `${d.verdict}${where ? ` ${where}` : ''}`}`
        : `${STATE_TEXT[state]} ${where}${state === 'definite' ? ` — definite: ${why}` : ` — not definite yet: ${why}`}`;
  return sanitize(`[${offset(at)}] ${targetText(d)}  ${what}`);
}

/** A target no longer diagnosed: a pod deleted, or a workload or Service whose problem ended. */
export function goneLine(at: number, d: Diagnosis): string {
  const what = d.target.kind === 'Pod' ? 'gone' : 'no problem reported any more';
  return sanitize(`[${offset(at)}] ${targetText(d)}  ${what}`);
}

/** JSON line for a change (type "progress"). */
export function progressJson(at: number, change: Change): string {
  const { diagnosis: d, state, why } = change.status;
  return JSON.stringify(
    sanitizeRecord({
      type: 'progress',
      offsetMs: at,
      target: { kind: d.target.kind, namespace: d.target.namespace, name: d.target.name },
      from: change.from ?? null,
      state,
      verdict: d.verdict,
      stage: d.stage,
      reason: d.reason,
      summary: d.summary,
      why,
    }),
  );
}

/** JSON line per target at the end (type "result"): the contract diagnosis plus the check's state. */
export function resultJson(status: TargetStatus, settledMs: number | undefined): string {
  return JSON.stringify(
    sanitizeRecord({
      type: 'result',
      state: status.state,
      definite: status.state === 'definite',
      why: status.why,
      ...(settledMs === undefined ? {} : { settledMs }),
      ...(status.diagnosis.startup === undefined ? {} : { startup: status.diagnosis.startup }),
      diagnosis: contractDiagnosis(status.diagnosis),
    }),
  );
}

/** Every string in the record sanitised (JSON would only escape the control characters). */
function sanitizeRecord(value: Record<string, unknown>): Record<string, unknown> {
  return sanitizeDeep(value);
}

/** GitHub workflow-command escaping: the message (data). */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** GitHub workflow-command escaping: a property value (also `:` and `,`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/** `::error` per failed target, `::warning` per target still waiting at the end. */
export function githubAnnotations(statuses: readonly TargetStatus[]): string[] {
  const out: string[] = [];
  for (const { diagnosis: d, state } of statuses) {
    if (state === 'ready') continue;
    const where = d.stage === null ? '' : ` ${d.stage}${d.reason === null ? '' : `/${d.reason}`}`;
    const title = escapeProperty(sanitize(`handoff:${where} ${targetText(d)}`));
    const message = escapeData(
      sanitize(`${targetText(d)}: ${d.summary}${d.nextSteps[0] ? `\nnext: ${d.nextSteps[0]}` : ''}`),
    );
    const command = state === 'failed' || state === 'definite' ? 'error' : 'warning';
    out.push(`::${command} title=${title}::${message}`);
  }
  return out;
}

export interface ReportContext {
  readonly report: DiagnosisReport;
  readonly headline: string;
  readonly durationMs: number;
  readonly targetTimes: ReadonlyMap<string, number>;
  readonly notes: readonly string[];
}

export function renderReport(spec: ReportSpec, ctx: ReportContext): string {
  return spec.format.render(ctx.report, {
    style: plain,
    notes: ctx.notes,
    verbose: false,
    title: 'handoff check',
    headline: ctx.headline,
    durationMs: ctx.durationMs,
    targetTimes: ctx.targetTimes,
  });
}

/** Writes every report, creating parent directories. */
export function writeReports(specs: readonly ReportSpec[], ctx: ReportContext): void {
  for (const spec of specs) writeOutputFile(spec.path, renderReport(spec, ctx), spec);
}

export type { CheckOutput };
