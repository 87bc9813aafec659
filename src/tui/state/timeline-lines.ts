import type { ChainStatus, Diagnosis } from '../../model/index.js';
import { stageOrder } from '../../model/index.js';
import type { TuiData } from '../feed.js';
import { BAR, chainTone, type Tone } from '../glyphs.js';
import { clip, fit, formatMs, shortKind } from '../format.js';
import { screenColumns, type Viewport } from './layout.js';
import { BLANK, seg, wrap, type Line } from './line.js';
import { podFacts, referenceMs } from './pod-facts.js';
import { podTrace, STARTUP_SLO_MS, type PodTrace, type TraceBar } from './trace.js';

const LABEL = 20;
const TOOK = 10;

function fill(status: ChainStatus): string {
  switch (status) {
    case 'passed':
      return BAR.passed;
    case 'failed':
      return BAR.failed;
    case 'progressing':
      return BAR.progressing;
    case 'unknown':
    case 'not-reached':
      return '?';
  }
}

function barCells(bar: TraceBar, trace: PodTrace, cells: number): { from: number; to: number } {
  const span = trace.endMs - trace.originMs;
  const cell = (t: number): number =>
    Math.min(cells - 1, Math.max(0, Math.floor(((t - trace.originMs) / span) * cells)));
  const from = cell(bar.startMs);
  return { from, to: Math.max(from, cell(bar.endMs)) };
}

function sloLines(trace: PodTrace): Line[] {
  const slo = trace.slo;
  if (slo === undefined)
    return [[seg("pod-startup SLO: the evidence does not date the pod's creation", { dim: true })]];
  const b = slo.breakdown;
  if (b.totalMs === undefined || b.sloMs === undefined)
    return [
      [
        seg(`pod-startup SLO (${formatMs(STARTUP_SLO_MS)}, excluding image pulls and init containers): `),
        seg('not started yet', { tone: 'yellow' }),
        seg(
          `; ${BAR.slo} marks creation + 5s + ${formatMs(b.imagePullMs)} pulling + ${formatMs(b.initMs)} init`,
          { dim: true },
        ),
      ],
    ];
  const met = b.sloMs <= STARTUP_SLO_MS;
  return [
    [
      seg(
        `pod startup ${formatMs(b.totalMs)} = ${formatMs(b.imagePullMs)} pulling + ${formatMs(b.initMs)} init + `,
      ),
      seg(formatMs(b.sloMs), { bold: true }),
      seg(' counted  →  SLO 5s: '),
      seg(met ? '✓ met' : '✗ missed', { tone: met ? 'green' : 'red', bold: true }),
    ],
  ];
}

/**
 * The timeline page: one horizontal bar per reached stage (and per container pull or init run)
 * on a shared time axis from the pod's creation, with the pod-startup SLO deadline marked.
 */
export function timelineLines(data: TuiData, d: Diagnosis, viewport: Viewport): Line[] {
  const width = screenColumns(viewport);
  const trace = podTrace(d, podFacts(data, d), referenceMs(data.report));
  const t = d.target;
  const cells = Math.max(10, width - LABEL - TOOK - 2);
  const span = trace.endMs - trace.originMs;
  const lines: Line[] = [
    [
      seg(`${shortKind(t.kind)} ${t.namespace}/${t.name}`, { bold: true }),
      seg(`  ·  ${formatMs(span)} from creation  ·  1 column ≈ ${formatMs(span / cells)}`, { dim: true }),
    ],
    ...sloLines(trace),
    BLANK,
  ];
  const sloCell =
    trace.slo !== undefined && trace.slo.deadlineMs <= trace.endMs
      ? Math.min(cells - 1, Math.floor(((trace.slo.deadlineMs - trace.originMs) / span) * cells))
      : undefined;
  const axis = Array.from({ length: cells }, () => ' ');
  if (sloCell !== undefined) {
    const label = `${BAR.slo}SLO`;
    const at = Math.min(sloCell, cells - label.length);
    for (let i = 0; i < label.length; i++) axis[at + i] = label[i] ?? ' ';
  }
  lines.push([
    seg(fit('0s', LABEL) + ' '),
    seg(axis.join(''), { dim: true }),
    seg(` ${clip(formatMs(span), TOOK)}`, { dim: true }),
  ]);
  if (trace.bars.length === 0)
    lines.push([seg('no stage of this target is dated in the evidence', { dim: true })]);
  const bars = [...trace.bars].sort((a, b) => stageOrder(a.stage) - stageOrder(b.stage));
  for (const bar of bars) {
    const { from, to } = barCells(bar, trace, cells);
    const row = Array.from({ length: cells }, (_, i): string => (i === sloCell ? BAR.slo : ' '));
    const mark = bar.endMs === bar.startMs ? BAR.instant : fill(bar.status);
    for (let i = from; i <= to; i++) row[i] = mark;
    const tone: Tone = chainTone(bar.status);
    lines.push([
      seg(fit(bar.step ? `  ${bar.label}` : bar.label, LABEL) + ' ', bar.step ? { dim: true } : {}),
      seg(row.slice(0, from).join(''), { dim: true }),
      seg(row.slice(from, to + 1).join(''), { tone }),
      seg(row.slice(to + 1).join(''), { dim: true }),
      seg(` ${clip(formatMs(bar.endMs - bar.startMs), TOOK)}`),
    ]);
  }
  const notes = bars.filter((b) => b.note !== undefined);
  if (notes.length > 0) {
    lines.push(BLANK);
    for (const b of notes)
      for (const l of wrap(`${b.label}: ${b.note ?? ''}`, width)) lines.push([seg(l, { dim: true })]);
  }
  lines.push(BLANK, [
    seg(
      `${BAR.passed} passed  ${BAR.failed} failed  ${BAR.progressing} in progress  ${BAR.instant} instant  ${BAR.slo} SLO deadline`,
      { dim: true },
    ),
  ]);
  return lines;
}
