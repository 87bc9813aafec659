import type { Diagnosis } from '../../model/index.js';
import type { TuiData } from '../feed.js';
import { CHAIN_GLYPH, chainTone, VERDICT_GLYPH, VERDICT_TITLE, verdictTone } from '../glyphs.js';
import { formatMs, shortKind } from '../format.js';
import { screenColumns, type Viewport } from './layout.js';
import { BLANK, seg, wrap, type Line } from './line.js';
import { containerRows, podFacts, referenceMs } from './pod-facts.js';
import { podTrace } from './trace.js';

const heading = (text: string): Line => [seg(text, { bold: true, tone: 'cyan' })];

/** Shell commands are printed bare so they copy as they are; prose steps become shell comments. */
const COMMAND = /^(kubectl|crane|docker|helm|curl|oras|skopeo|nslookup|dig) /;

function wrapped(text: string, width: number, indent: string, style: Parameters<typeof seg>[1] = {}): Line[] {
  return wrap(text, width - indent.length, '').map((l) => [seg(indent), seg(l, style)]);
}

/**
 * The detail page of one target: the chain with each stage's time and duration, the failing
 * stage's evidence, the next steps as commands ready to copy, each container's state, the log tail.
 */
export function detailLines(
  data: TuiData,
  d: Diagnosis,
  viewport: Viewport,
  position?: { index: number; of: number },
): Line[] {
  const width = screenColumns(viewport);
  const facts = podFacts(data, d);
  const now = referenceMs(data.report);
  const trace = podTrace(d, facts, now);
  const t = d.target;
  const lines: Line[] = [];
  const fold =
    position === undefined || position.of < 2
      ? ''
      : `   (pod ${position.index + 1} of ${position.of}, ←/→ for the others)`;
  lines.push([
    seg(`${VERDICT_GLYPH[d.verdict]} ${VERDICT_TITLE[d.verdict]}`, {
      tone: verdictTone(d.verdict),
      bold: true,
    }),
    seg(`  ${shortKind(t.kind)} ${t.namespace === '' ? '' : `${t.namespace}/`}${t.name}`, { bold: true }),
    seg(fold, { dim: true }),
  ]);
  const facts1 = [
    d.group === undefined ? undefined : `owner ${shortKind(d.group.kind)}/${d.group.name}`,
    d.stage === null ? undefined : `${d.stage}${d.reason === null ? '' : ` · ${d.reason}`}`,
    d.container === null
      ? undefined
      : `${d.container.type === 'init' ? 'init container' : 'container'} ${d.container.name}`,
    `confidence ${d.confidence}`,
  ].filter((x): x is string => x !== undefined);
  lines.push([seg(facts1.join('  ·  '), { dim: true })]);
  lines.push(...wrapped(d.summary, width, ''));

  lines.push(BLANK, heading('CHAIN                     started   took'));
  for (const entry of d.chain) {
    const bar = trace.bars.find((b) => b.stage === entry.stage && !b.step);
    const steps = trace.bars.filter((b) => b.stage === entry.stage && b.step);
    let at = '';
    let took = '';
    if (bar !== undefined) {
      at = `+${formatMs(bar.startMs - trace.originMs)}`;
      const length = formatMs(bar.endMs - bar.startMs);
      took =
        entry.status === 'failed'
          ? `failing for ${length}`
          : entry.status === 'progressing'
            ? `for ${length}`
            : length;
    } else if (entry.status === 'not-reached') took = 'not reached';
    if (steps.length > 0)
      took = `${took}${took === '' ? '' : '; '}${steps.map((s) => `${s.label} ${s.note ?? formatMs(s.endMs - s.startMs)}`).join(', ')}`;
    lines.push([
      seg(` ${CHAIN_GLYPH[entry.status]} `, { tone: chainTone(entry.status) }),
      seg(
        entry.stage.padEnd(22),
        entry.status === 'failed'
          ? { tone: 'red', bold: true }
          : entry.status === 'not-reached'
            ? { dim: true }
            : {},
      ),
      seg(at.padEnd(10)),
      seg(took, { dim: entry.status === 'not-reached' }),
    ]);
  }

  if (d.evidence.length > 0) {
    lines.push(BLANK, heading(`EVIDENCE${d.stage === null ? '' : ` (${d.stage})`}`));
    for (const e of d.evidence) {
      const [first = '', ...rest] = wrap(e.text, width - 12);
      lines.push([seg(` ${e.source.padEnd(10)} `, { dim: true }), seg(first)]);
      for (const r of rest) lines.push([seg(' '.repeat(12)), seg(r)]);
    }
  }
  if (d.nextSteps.length > 0) {
    lines.push(BLANK, heading('NEXT STEPS (copy and run)'));
    for (const step of d.nextSteps)
      lines.push(
        ...(COMMAND.test(step)
          ? wrapped(step, width, '  ', { bold: true })
          : wrapped(step, width - 2, '  # ', { dim: true })),
      );
  }
  if (facts.pod !== undefined) {
    lines.push(BLANK, heading('CONTAINERS'));
    for (const c of containerRows(facts.pod)) {
      const restarts = c.restarts > 0 ? `  restarts ${c.restarts}` : '';
      const last = c.last === undefined ? '' : `  last: ${c.last.replace(/^terminated: ?/, '')}`;
      lines.push([
        seg(` ${c.type.padEnd(5)}`, { dim: true }),
        seg(`${c.name} `, { bold: true }),
        seg(`${c.state}${c.ready ? ', ready' : ''}`, {
          tone: c.state.startsWith('running')
            ? 'green'
            : c.state.startsWith('waiting')
              ? 'yellow'
              : undefined,
        }),
        seg(`${restarts}${last}`, { dim: true }),
      ]);
    }
  }
  const tails = facts.logs.filter((l) => d.container === null || l.container === d.container.name);
  for (const tail of tails.length > 0 ? tails : facts.logs) {
    lines.push(BLANK, heading(`LOG TAIL  ${tail.container}${tail.previous ? ' (previous instance)' : ''}`));
    for (const l of tail.lines.slice(-10)) lines.push(...wrapped(l, width, '  '));
  }
  if (d.notes.length > 0) {
    lines.push(BLANK, heading('NOTES'));
    for (const n of d.notes) lines.push(...wrapped(n, width, '  ', { dim: true }));
  }
  if (d.ruleId !== null)
    lines.push(BLANK, [seg(`rule ${d.ruleId}: handoff rules ${d.ruleId}`, { dim: true })]);
  return lines;
}
