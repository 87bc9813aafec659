/**
 * GitHub-flavoured Markdown, fit for `$GITHUB_STEP_SUMMARY` and PR comments: a headline, a
 * verdict count table, a row per target that is not healthy, then a <details> block per such
 * target with its evidence and next steps in code blocks. Cluster text is sanitised; table
 * cells escape `|`, backticks and HTML; code blocks use a fence longer than any backtick run.
 */
import type { Diagnosis, DiagnosisReport, Verdict } from '../model/index.js';
import { sanitize, sanitizeDeep } from './sanitize.js';
import type { ReportFormat } from './format.js';

export interface MarkdownOptions {
  /** The heading (default "kube-handoff"). */
  readonly title?: string;
  /** One line under the heading, e.g. the check's result. */
  readonly headline?: string;
}

const ICON: Readonly<Record<Verdict, string>> = {
  failed: '❌',
  progressing: '⏳',
  unknown: '❔',
  healthy: '✅',
};

const VERDICTS: readonly Verdict[] = ['failed', 'progressing', 'unknown', 'healthy'];

/** Text safe in HTML context (details summaries, table cells). */
function html(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Prose: no raw HTML, and no inline code, emphasis or links made by accident. */
function markdownText(text: string): string {
  return html(text).replace(/[\\`*_[\]]/g, (c) => `\\${c}`);
}

/** One table cell: single line, `|` and backticks escaped, no raw HTML. */
export function markdownCell(text: string): string {
  return html(sanitize(text))
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('\\', '\\\\')
    .replaceAll('|', '\\|')
    .replaceAll('`', '\\`');
}

/** A fenced code block whose fence cannot be closed by the content. */
export function codeBlock(lines: readonly string[], info = 'text'): string {
  const content = lines.join('\n');
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${content}\n${fence}`;
}

function targetText(d: Diagnosis): string {
  return `${d.target.kind} ${d.target.namespace ? `${d.target.namespace}/` : ''}${d.target.name}`;
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? '—' : `${(ms / 1000).toFixed(1)}s`;
}

function details(d: Diagnosis): string[] {
  const where = d.stage === null ? d.verdict : `${d.stage}${d.reason === null ? '' : `: ${d.reason}`}`;
  const out = [
    '<details>',
    `<summary>${ICON[d.verdict]} ${html(targetText(d))} — ${html(where)}</summary>`,
    '',
    markdownText(d.summary),
  ];
  if (d.container !== null)
    out.push(
      '',
      `Container: ${html(d.container.name)} (${d.container.type === 'init' ? 'init' : d.container.type})`,
    );
  if (d.evidence.length > 0) {
    out.push('', '**Evidence**', '');
    out.push(codeBlock(d.evidence.map((e) => `${e.source.padEnd(9)} ${e.text}`)));
  }
  if (d.nextSteps.length > 0) {
    // Commands go in a shell block; advice in sentences ("Fix the tag …") stays prose.
    const prose = (step: string): boolean => /^[A-Z].*\.$/.test(step);
    const commands = d.nextSteps.filter((step) => !prose(step));
    out.push('', '**Next steps**', '');
    if (commands.length > 0) out.push(codeBlock(commands, 'sh'));
    for (const step of d.nextSteps.filter(prose)) out.push(`- ${markdownText(step)}`);
  }
  if (d.startup?.totalMs !== undefined) {
    const s = d.startup;
    out.push(
      '',
      `Startup: ${seconds(s.totalMs)} total, ${seconds(s.imagePullMs)} pulling images, ${seconds(s.initMs)} in init containers, **${seconds(s.sloMs)}** by the SLO definition.`,
    );
  }
  if (d.notes.length > 0) out.push('', ...d.notes.map((n) => `- ${markdownText(n)}`));
  if (d.ruleId !== null) out.push('', `Rule: \`${d.ruleId}\` (\`handoff rules ${d.ruleId}\`)`);
  out.push('', '</details>');
  return out;
}

/** The report as Markdown. */
export function renderMarkdown(report: DiagnosisReport, options: MarkdownOptions = {}): string {
  const diagnoses = sanitizeDeep(report.diagnoses);
  const count = (v: Verdict): number => diagnoses.filter((d) => d.verdict === v).length;
  const out = [`## ${html(sanitize(options.title ?? 'kube-handoff'))}`, ''];
  if (options.headline !== undefined) out.push(markdownText(sanitize(options.headline)), '');
  out.push('| Verdict | Targets |', '|---|---:|');
  for (const v of VERDICTS)
    if (v !== 'unknown' || count(v) > 0) out.push(`| ${ICON[v]} ${v} | ${count(v)} |`);
  const open = diagnoses.filter((d) => d.verdict !== 'healthy');
  if (diagnoses.length === 0)
    out.push('', 'No target: the evidence shows no pod, and no workload or Service with a failure.');
  if (open.length > 0) {
    out.push('', '| Target | Verdict | Stage | Reason | Summary |', '|---|---|---|---|---|');
    for (const d of open) {
      out.push(
        `| ${markdownCell(targetText(d))} | ${ICON[d.verdict]} ${d.preflight?.verdict ?? d.verdict} | ${markdownCell(d.stage ?? '—')} | ${markdownCell(d.reason ?? '—')} | ${markdownCell(d.summary)} |`,
      );
    }
    for (const d of open) out.push('', ...details(d));
  }
  const timed = diagnoses.filter((d) => d.startup?.sloMs !== undefined);
  if (timed.length > 0) {
    out.push(
      '',
      '<details>',
      `<summary>Pod startup (${timed.length} pod${timed.length === 1 ? '' : 's'}; SIG Scalability definition: excluding image pulls and init containers)</summary>`,
      '',
      '| Pod | Total | Image pulls | Init containers | SLO figure |',
      '|---|---:|---:|---:|---:|',
    );
    for (const d of timed) {
      const s = d.startup;
      if (s === undefined) continue;
      out.push(
        `| ${markdownCell(targetText(d))} | ${seconds(s.totalMs)} | ${seconds(s.imagePullMs)} | ${seconds(s.initMs)} | ${seconds(s.sloMs)} |`,
      );
    }
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}

export const markdownFormat: ReportFormat = {
  name: 'markdown',
  extension: 'md',
  description: 'a summary table and the failures, for pull requests and job summaries',
  showsNotes: false,
  render: (report, ctx) =>
    renderMarkdown(report, {
      ...(ctx.title === undefined ? {} : { title: ctx.title }),
      ...(ctx.headline === undefined ? {} : { headline: ctx.headline }),
    }),
};
