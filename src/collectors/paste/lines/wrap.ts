/**
 * Where a message on a line of its own ends: terminals and issue trackers wrap a long message
 * over a few lines; the wrap ends at a blank line, a table, a describe field, or the next line
 * that carries a message of its own.
 */
import {
  joinLines,
  continuedByHand,
  CONTINUES,
  endsTable,
  MIN_TERMINAL_WIDTH,
  startsBlock,
} from '../common/text.js';
import { findMessage } from './anywhere.js';
import { isPodReason, podReasonOf, shapeOf } from './messages.js';
import { readRowCells } from './row-cells.js';

/**
 * Whether a line is a `kubectl get` table's header or one of its rows. The table parsers sit above
 * this floor, so the parser table hands this test in (paste/parsers.ts).
 */
export type StartsTable = (line: string) => boolean;

export const MAX_LINE = 4_000;
const MAX_WRAPPED = 8;
const BULLET = /^[*•-]\s+/;
const QUOTES = '`\'"';
const FIELD_PREFIX = /^(?:message|Message|reason|Reason):\s*/;
export const COMBINED = '(combined from similar events): ';

/** The text of a line without bullets, a `message:` key, and quotes or backticks around it. */
export function strip(line: string): string {
  let t = line.trim();
  for (let k = 0; k < 2; k++) {
    const m = BULLET.exec(t) ?? FIELD_PREFIX.exec(t);
    if (m !== null) t = t.slice(m[0].length).trimStart();
  }
  const q = t[0];
  if (q !== undefined && QUOTES.includes(q)) {
    t = t.slice(1);
    if (t.endsWith(q)) t = t.slice(0, -1);
  }
  return t.trim();
}

/** The part of a message its shape is read from. */
export function core(text: string): string {
  return text.startsWith(COMBINED) ? text.slice(COMBINED.length) : text;
}

/**
 * The start of a log record: a syslog prefix (`Feb 12 10:02:06 host kubelet[148526]:`, the month
 * also in other scripts: `9月 09`), a klog header (`W0212 10:02:06.262549`), or an RFC 3339 time;
 * after a markdown quote's `>` too. A wrapped message never goes on with one.
 */
const LOG_RECORD =
  /^(?:>\s*)?(?:\S+ {1,2}\d{1,2} \d{2}:\d{2}:\d{2} \S+ [^\s:]+:|[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+ |\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})/;

/** Whether a line starts something else (a new message, a table, a describe field, a log record). */
function startsOther(line: string, startsTable: StartsTable): boolean {
  if (LOG_RECORD.test(line.trimStart())) return true;
  const t = strip(line);
  if (shapeOf(core(t)) !== undefined || podReasonOf(t) !== undefined || isPodReason(t)) return true;
  if (t.startsWith('Error from server') || startsBlock(line)) return true;
  return startsTable(line) || findMessage(line, false) !== undefined || isEventRow(line);
}

/** An event row of any layout: its type and reason cells, with nothing but cells before them. */
export function isEventRow(line: string): boolean {
  if (!line.includes('Normal') && !line.includes('Warning')) return false;
  const cells = readRowCells(line);
  return !cells.prose && cells.type !== undefined && cells.reason !== undefined;
}

/**
 * The end of the wrapped continuation of the line before `from`. A line after one that ends in
 * ` \` continues it whatever it starts with (`Error creating: Internal error occurred: \` /
 * `    failed calling admission webhook ...`).
 */
export function wrappedEnd(lines: readonly string[], from: number, startsTable: StartsTable): number {
  let i = from;
  while (i < lines.length && i - from < MAX_WRAPPED) {
    const line = lines[i] ?? '';
    if (endsTable(line) || line.length > MAX_LINE) break;
    if (!continuedByHand(lines[i - 1] ?? '') && startsOther(line, startsTable)) break;
    i++;
  }
  return i;
}

const widths = new WeakMap<readonly string[], number>();

/**
 * The longest line of the paste when at least two lines are that long: the terminal's width when
 * the terminal wrapped some of it (0 otherwise: one longest line is no terminal's edge).
 */
function widthOf(lines: readonly string[]): number {
  let w = widths.get(lines);
  if (w === undefined) {
    const widest = lines.reduce((n, l) => (l.length > MAX_LINE ? n : Math.max(n, l.length)), 0);
    w = lines.filter((l) => l.length === widest).length >= 2 ? widest : 0;
    widths.set(lines, w);
  }
  return w;
}

/**
 * Whether line `i` goes on from line `i - 1` at the terminal's edge, mid-word (`secrets "x" not f` /
 * `ound`): the line before fills the terminal's width exactly (the paste's longest line, 80
 * columns or more, which at least two lines reach: one longest line is no edge), and this one goes
 * on at column 0 with no capital (a new line of the message itself mostly starts a sentence or a
 * field); or this one starts with a comma or a closing bracket.
 */
function cutAtEdge(lines: readonly string[], i: number): boolean {
  const before = lines[i - 1] ?? '';
  const line = lines[i] ?? '';
  // A comma or a closing bracket starts no line: whatever the width, it goes on from the one before.
  if (/^[,;)\]]/.test(line)) return true;
  const width = widthOf(lines);
  return width >= MIN_TERMINAL_WIDTH && before.length === width && /\S$/.test(before) && CONTINUES.test(line);
}

/**
 * The first line's text joined with its continuation lines [start + 1, end): by a space, or by
 * nothing where the terminal cut a word at its edge; a writer's ` \` at a line's end is dropped.
 */
export function joinedMessage(lines: readonly string[], start: number, end: number, first: string): string {
  const rest = lines.slice(start + 1, Math.max(start + 1, end)).map((l) => l.trim());
  return joinLines(first, rest, (k) => cutAtEdge(lines, start + 1 + k));
}
