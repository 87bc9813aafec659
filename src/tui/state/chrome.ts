import type { DiagnosisReport, Verdict } from '../../model/index.js';
import { verdictTone } from '../glyphs.js';
import { KEY_HELP } from './keymap.js';
import { seg, type Line } from './line.js';
import type { TuiState } from './types.js';

function sourceText(report: DiagnosisReport): string {
  const s = report.source;
  // The clock time is enough on one screen: "sim default 00:06:00".
  const ref = ` ${clock(report.referenceTime)}`;
  switch (s.type) {
    case 'simulator':
      return `sim ${typeof s.scenario === 'string' ? s.scenario : ''}${ref}`;
    case 'file':
      return Array.isArray(s.paths) ? s.paths.filter((p) => typeof p === 'string').join(', ') : 'files';
    case 'live':
      return `${typeof s.context === 'string' ? s.context : 'cluster'}${ref}`;
  }
}

/** The top line: what is shown, the verdict counts, and whether it is live. */
export function headerLine(state: TuiState): Line {
  const line = [seg('handoff', { bold: true })];
  // The live marker comes first so that it survives a narrow terminal's cut; a live feed that
  // lost its source says since when its data is stale instead.
  if (state.live && state.stale !== undefined)
    line.push(seg(` ◌ stale since ${clock(state.stale.since)}`, { tone: 'yellow', bold: true }));
  else if (state.live) line.push(seg(' ● live', { tone: 'cyan' }));
  const report = state.data?.report;
  if (report === undefined) return line;
  line.push(seg(` · ${sourceText(report)} · `, { dim: true }));
  const count = (v: Verdict): number => report.diagnoses.filter((d) => d.verdict === v).length;
  for (const v of ['failed', 'progressing', 'healthy', 'unknown'] as const) {
    const n = count(v);
    if (v === 'unknown' && n === 0) continue;
    line.push(seg(`${n} ${v}  `, n > 0 ? { tone: verdictTone(v) } : { dim: true }));
  }
  if (state.live) line.push(seg(`update ${state.updates}`, { dim: true }));
  return line;
}

const VIEW_KEYS: Readonly<Record<TuiState['view'], string>> = {
  overview: 'j/k move  Enter detail  t timeline  / filter  f failed-only  s sort  ? help  q quit',
  detail: 'j/k scroll  t timeline  Tab next view  ←/→ other pods  Esc back  ? help  q quit',
  timeline: 'j/k scroll  t detail  Tab next view  ←/→ other pods  Esc back  ? help  q quit',
};

/** HH:MM:SS of an instant, as the header shows the reference time. */
function clock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

/** The status line: filter, toggles, sort and position; or the filter being typed; or why the data is stale. */
export function statusLine(state: TuiState): Line {
  if (state.stale !== undefined && !state.filtering)
    return [
      seg(`stale since ${clock(state.stale.since)}: ${state.stale.why}; reconnecting`, { tone: 'yellow' }),
    ];
  if (state.filtering)
    return [
      seg('/', { bold: true }),
      seg(`${state.filter}▏`),
      seg(`   ${state.rows.length} rows match · Enter keeps · Esc clears`, { dim: true }),
    ];
  const parts = [
    state.view,
    `sort: ${state.sort}`,
    ...(state.failedOnly ? ['failed only'] : []),
    ...(state.filter === '' ? [] : [`filter: ${state.filter}`]),
    state.rows.length === 0 ? 'no rows' : `row ${state.cursor + 1}/${state.rows.length}`,
  ];
  return [seg(parts.join(' · '), { dim: true })];
}

export function keysLine(state: TuiState): Line {
  return [seg(state.help ? 'Esc or ? closes the help  q quit' : VIEW_KEYS[state.view], { dim: true })];
}

/** The help overlay: keys, then the glyph legend. */
export function helpLines(): Line[] {
  return [
    [seg('KEYS', { bold: true, tone: 'cyan' })],
    ...KEY_HELP.map(([keys, what]): Line => [seg(`  ${keys.padEnd(16)}`, { bold: true }), seg(what)]),
    [],
    [seg('CHAIN RAIL (one glyph per stage, admission … service-endpoints)', { bold: true, tone: 'cyan' })],
    [seg('  ✓ passed  ✗ failed  … progressing  · not reached  ? unknown')],
    [
      seg(
        '  rows: ✗ failed  … progressing  ✓ healthy; "×3": three pods of one workload with the same failure',
      ),
    ],
  ];
}
