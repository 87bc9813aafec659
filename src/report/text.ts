import type { ChainStatus, Diagnosis, DiagnosisReport } from '../model/index.js';
import { humanDuration } from '../k8s/index.js';
import { sanitize, sanitizeDeep } from './sanitize.js';
import { plain, type Style } from './style.js';
import type { ReportFormat } from './format.js';

export interface TextOptions {
  readonly style?: Style;
  /** Show every healthy target on its own line (default: fold them per workload). */
  readonly verbose?: boolean;
  /** Extra lines to print under the header (collector notes). */
  readonly notes?: readonly string[];
}

const GLYPH: Readonly<Record<ChainStatus, string>> = {
  passed: '✓',
  failed: '✗',
  progressing: '…',
  'not-reached': '·',
  unknown: '?',
};

function verdictLabel(d: Diagnosis, s: Style): string {
  switch (d.preflight?.verdict) {
    case 'would-fail':
      return s.red(s.bold('✗ WOULD FAIL '));
    case 'cannot-tell':
      return s.blue('? CANNOT TELL');
    case 'would-pass':
      return s.green('✓ WOULD PASS ');
    case undefined:
      break;
  }
  switch (d.verdict) {
    case 'failed':
      return s.red(s.bold('✗ FAILED     '));
    case 'progressing':
      return s.yellow('… PROGRESSING');
    case 'unknown':
      return s.blue('? UNKNOWN    ');
    case 'healthy':
      return s.green('✓ HEALTHY    ');
  }
}

function targetLabel(d: Diagnosis): string {
  const t = d.target;
  return `${t.kind.toLowerCase()} ${t.namespace ? `${t.namespace}/` : ''}${t.name}`;
}

function chainLine(d: Diagnosis, s: Style): string {
  return d.chain
    .map((c) => {
      const g = GLYPH[c.status];
      const dur = c.durationMs !== undefined && c.durationMs > 0 ? ` ${humanDurationMs(c.durationMs)}` : '';
      const text = `${g} ${c.stage}${dur}`;
      return c.status === 'failed' ? s.red(text) : c.status === 'passed' ? text : s.dim(text);
    })
    .join('  ');
}

function humanDurationMs(ms: number): string {
  return ms < 1000
    ? `${ms}ms`
    : ms < 120_000
      ? `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)}s`
      : humanDuration(ms);
}

/** Pods of one workload with the same failure are shown once, with a count (text and TUI alike). */
export function groupKey(d: Diagnosis): string | undefined {
  if (d.group === undefined || d.target.kind !== 'Pod') return undefined;
  return [
    d.target.namespace,
    d.group.kind,
    d.group.name,
    d.verdict,
    d.stage,
    d.reason,
    d.ruleId,
    d.container?.name,
  ].join('|');
}

interface Group {
  readonly first: Diagnosis;
  readonly members: Diagnosis[];
}

function groups(diagnoses: readonly Diagnosis[]): Group[] {
  const out: Group[] = [];
  const byKey = new Map<string, Group>();
  for (const d of diagnoses) {
    const key = groupKey(d);
    const existing = key === undefined ? undefined : byKey.get(key);
    if (existing !== undefined) {
      existing.members.push(d);
      continue;
    }
    const g = { first: d, members: [d] };
    if (key !== undefined) byKey.set(key, g);
    out.push(g);
  }
  return out;
}

function heading(g: Group, s: Style): string {
  const d = g.first;
  const who =
    g.members.length > 1 && d.group !== undefined
      ? `${g.members.length} pods of ${d.group.kind.toLowerCase()}/${d.group.name} in ${d.target.namespace}`
      : targetLabel(d);
  const where = d.stage === null ? '' : `  ${s.bold(d.stage)}${d.reason ? ` · ${d.reason}` : ''}`;
  const container = d.container
    ? s.dim(`  (${d.container.type === 'init' ? 'init container' : 'container'} ${d.container.name})`)
    : '';
  return `${verdictLabel(d, s)}  ${who}${where}${container}`;
}

/** What preflight could not decide and what it would warn of, and where the manifest is. */
function preflightLines(d: Diagnosis, s: Style): string[] {
  const p = d.preflight;
  if (p === undefined) return [];
  const lines: string[] = [];
  const skip = p.verdict === 'cannot-tell' ? 1 : 0; // the first unknown is the summary already
  if (p.unknown.length > skip) {
    lines.push('    cannot tell:');
    for (const u of p.unknown.slice(skip)) lines.push(`      ${u}`);
  }
  for (const w of p.warnings) lines.push(s.yellow(`    warning: ${w}`));
  if (p.file !== undefined)
    lines.push(s.dim(`    manifest: ${p.file}${p.line === undefined ? '' : `:${p.line}`}`));
  return lines;
}

function renderGroup(g: Group, s: Style): string[] {
  const d = g.first;
  const lines = [heading(g, s), `    ${d.summary}`];
  if (d.verdict === 'healthy') {
    for (const n of d.notes) lines.push(s.dim(`    note: ${n}`));
    return lines;
  }
  if (g.members.length > 1) lines.push(s.dim(`    pods: ${g.members.map((m) => m.target.name).join(', ')}`));
  lines.push(`    chain: ${chainLine(d, s)}`);
  if (d.evidence.length > 0) {
    lines.push('    evidence:');
    for (const e of d.evidence)
      lines.push(`      ${s.dim(e.source.padEnd(9))} ${e.text.replaceAll('\n', '\n                ')}`);
  }
  if (d.nextSteps.length > 0) {
    lines.push('    next steps:');
    for (const step of d.nextSteps) lines.push(`      ${step.startsWith('kubectl ') ? `$ ${step}` : step}`);
  }
  for (const n of d.notes) lines.push(s.dim(`    note: ${n}`));
  lines.push(...preflightLines(d, s));
  lines.push(
    s.dim(
      `    confidence: ${d.confidence}${d.ruleId ? ` · rule ${d.ruleId} (handoff rules ${d.ruleId})` : ''}`,
    ),
  );
  return lines;
}

function summaryLine(diagnoses: readonly Diagnosis[], s: Style): string {
  const n = (v: Diagnosis['verdict']): number => diagnoses.filter((d) => d.verdict === v).length;
  const targets = `${diagnoses.length} target${diagnoses.length === 1 ? '' : 's'}`;
  if (diagnoses.some((d) => d.preflight !== undefined)) {
    const p = (v: string): number => diagnoses.filter((d) => d.preflight?.verdict === v).length;
    const fail = `${p('would-fail')} would fail`;
    return `${targets}: ${p('would-fail') > 0 ? s.red(fail) : fail}, ${p('cannot-tell')} cannot tell, ${p('would-pass')} would pass`;
  }
  const parts = [
    n('failed') > 0 ? s.red(`${n('failed')} failed`) : '0 failed',
    `${n('progressing')} progressing`,
    `${n('healthy')} healthy`,
    ...(n('unknown') > 0 ? [`${n('unknown')} unknown`] : []),
  ];
  return `${targets}: ${parts.join(', ')}`;
}

/**
 * Plain text: failures in full (grouped per workload), healthy targets one line each. Written in
 * pieces, failures first, so that a terminal shows them before the healthy lines of a large
 * cluster are formatted (and no report is held as one string).
 */
export function* textChunks(report: DiagnosisReport, options: TextOptions = {}): Generator<string> {
  const s = options.style ?? plain;
  const diagnoses = sanitizeDeep(report.diagnoses);
  const head: string[] = [s.bold(summaryLine(diagnoses, s))];
  for (const note of options.notes ?? []) head.push(s.dim(`note: ${sanitize(note)}`));
  if (diagnoses.length === 0) {
    head.push('', 'No target: the evidence shows no pod, and no workload or Service with a failure.');
    yield `${head.join('\n')}\n`;
    return;
  }
  yield `${head.join('\n')}\n`;
  const list = groups(diagnoses);
  for (const g of list) {
    if (g.first.verdict !== 'healthy') yield `\n${renderGroup(g, s).join('\n')}\n`;
  }
  const healthy = list.filter((g) => g.first.verdict === 'healthy');
  if (healthy.length === 0) return;
  yield '\n';
  const BATCH = 500;
  for (let i = 0; i < healthy.length; i += BATCH) {
    const lines = healthy
      .slice(i, i + BATCH)
      .map((g) =>
        options.verbose ? renderGroup(g, s).join('\n') : `${heading(g, s)}  ${s.dim(g.first.summary)}`,
      );
    yield `${lines.join('\n')}\n`;
  }
}

export function renderText(report: DiagnosisReport, options: TextOptions = {}): string {
  return [...textChunks(report, options)].join('');
}

export const textFormat: ReportFormat = {
  name: 'text',
  extension: 'txt',
  description: 'the chain of each target, for people',
  showsNotes: true,
  render: (report, ctx) => renderText(report, { style: ctx.style, notes: ctx.notes, verbose: ctx.verbose }),
  chunks: (report, ctx) => textChunks(report, { style: ctx.style, notes: ctx.notes, verbose: ctx.verbose }),
};
