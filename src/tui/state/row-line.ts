import type { ChainStatus, Diagnosis, StageId } from '../../model/index.js';
import { STAGES } from '../../model/index.js';
import { CHAIN_GLYPH, chainTone, VERDICT_GLYPH, VERDICT_TITLE, verdictTone } from '../glyphs.js';
import { clip, fit } from '../format.js';
import { rowColumns } from './layout.js';
import { seg, type Line, type Segment } from './line.js';
import { leadOf, type ListItem, type OverviewRow } from './rows.js';

/** The creation chain; termination is off it (a stuck deletion is named in the reason column). */
const RAIL_STAGES: readonly StageId[] = STAGES.map((s) => s.id).filter((id) => id !== 'termination');
export const RAIL_WIDTH = RAIL_STAGES.length;

/** One glyph per stage: the chain's status, or not reached when the chain does not list it. */
export function railStatuses(d: Diagnosis): ChainStatus[] {
  const byStage = new Map(d.chain.map((c) => [c.stage, c.status]));
  return RAIL_STAGES.map((s) => byStage.get(s) ?? 'not-reached');
}

function rail(d: Diagnosis): Segment[] {
  const out: Segment[] = [];
  for (const status of railStatuses(d)) {
    const last = out[out.length - 1];
    const tone = chainTone(status);
    // Runs of one status are one segment: fewer Ink nodes per row.
    if (last !== undefined && last.tone === tone)
      out[out.length - 1] = { ...last, text: last.text + CHAIN_GLYPH[status] };
    else out.push({ text: CHAIN_GLYPH[status], tone });
  }
  return out;
}

/** The largest unit only ("45s", "6m", "3h", "12d"), so the column stays three wide. */
export function compactAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 100) return `${s}s`;
  if (s < 100 * 60) return `${Math.floor(s / 60)}m`;
  if (s < 100 * 3600) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

function ageText(row: OverviewRow, nowMs: number): string {
  return row.createdMs === undefined ? '-' : compactAge(nowMs - row.createdMs);
}

/** One overview row at `columns` wide: cursor, verdict, name, owner, chain rail, age, stage and reason. */
export function rowLine(row: OverviewRow, columns: number, selected: boolean, nowMs: number): Line {
  const d = leadOf(row);
  const c = rowColumns(columns, RAIL_WIDTH);
  // The reason code first: it names its stage too (each code belongs to one stage), so a narrow
  // terminal cuts the stage name, not the reason.
  const where = d.stage === null ? '' : d.reason === null ? d.stage : `${d.reason} · ${d.stage}`;
  const rest = d.verdict === 'healthy' || where === '' ? d.summary : `${where}  ${d.summary}`;
  const name =
    row.count === '' ? fit(row.name, c.name) : `${fit(row.name, c.name - row.count.length - 1)} ${row.count}`;
  return [
    seg(selected ? '› ' : '  ', { bold: true }),
    seg(`${VERDICT_GLYPH[d.verdict]} `, { tone: verdictTone(d.verdict) }),
    seg(name, { bold: selected, inverse: selected }),
    seg(` ${fit(row.owner, c.owner)} `, { dim: true }),
    ...rail(d).map((s) => seg(s.text, { ...(s.tone === undefined ? {} : { tone: s.tone }) })),
    seg(` ${ageText(row, nowMs).padStart(c.age)} `, { dim: true }),
    seg(clip(rest, c.rest), d.verdict === 'healthy' ? { dim: true } : {}),
  ];
}

/** A section header: "✗ FAILED · 11 targets". */
export function headerLine(item: Extract<ListItem, { kind: 'header' }>): Line {
  return [
    seg(`${VERDICT_GLYPH[item.verdict]} ${VERDICT_TITLE[item.verdict]}`, {
      tone: verdictTone(item.verdict),
      bold: true,
    }),
    seg(` · ${item.targets} target${item.targets === 1 ? '' : 's'}`, { dim: true }),
  ];
}
