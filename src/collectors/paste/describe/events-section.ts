import type { Doc } from './doc.js';
import { detectEventHeader, parseDescribeEventRow, type EventLayout } from './event-rows.js';
import { isElision, isFence, isUnderline, keyLine, HEADER_KEYS, SECTION_KEYS } from './syntax.js';
import { joinLines, CONTINUES, isPromptLine, MIN_TERMINAL_WIDTH } from '../common/text.js';

/** The Events section of a describe block: header, underline, rows and their wrapped messages. */

/** True when the line can only be describe structure, so it ends a wrapped message. */
function isDescribeKey(line: string): boolean {
  const k = keyLine(line);
  return k !== undefined && (SECTION_KEYS.has(k.key) || (k.indent === 0 && HEADER_KEYS.has(k.key)));
}

function nextNonBlank(lines: readonly string[], from: number): string | undefined {
  for (let j = from; j < lines.length && j < from + 3; j++)
    if ((lines[j] ?? '').trim() !== '') return lines[j];
  return undefined;
}

interface Wrapped {
  readonly raw: Record<string, unknown>;
  /** The message read from the row. */
  readonly message: string;
  /** Lengths of the row line and each continuation line as pasted (trailing blanks dropped). */
  readonly lengths: number[];
  /** The continuation lines as pasted. */
  readonly more: string[];
  /** Whether the row line and each continuation line end in a blank as pasted. */
  readonly blankEnds: boolean[];
}

/**
 * The terminal width the section was wrapped at: a terminal breaks a long line at exactly its
 * width, so the lines that are continued share one length. Needs two such lines to tell it from
 * messages that hold new lines of their own.
 */
function wrapWidth(rows: readonly Wrapped[]): number | undefined {
  const counts = new Map<number, number>();
  for (const r of rows) for (const len of r.lengths.slice(0, -1)) counts.set(len, (counts.get(len) ?? 0) + 1);
  let best: number | undefined;
  for (const [len, n] of counts)
    if (n >= 2 && len >= 40 && (best === undefined || n > (counts.get(best) ?? 0))) best = len;
  return best;
}

/**
 * Joins a row's message with its continuation lines: a line cut at the terminal width continues
 * mid-word (no space), any other break (a new line in the message, a copy that trimmed the
 * space the terminal broke at) is a space. One wrapped row alone shows no shared width: then a
 * line that fills the section's longest length (80 columns or more, no blank at its end) followed
 * at column 0 by one that starts with no capital (`secrets "x" not f` / `ound`) is a cut word.
 */
function joinWrapped(r: Wrapped, width: number | undefined, longest: number): string {
  const cut = (i: number): boolean => {
    const line = r.more[i] ?? '';
    return (
      (width !== undefined && r.lengths[i] === width && !/^\s/.test(line)) ||
      (r.lengths[i] === longest &&
        longest >= MIN_TERMINAL_WIDTH &&
        r.blankEnds[i] !== true &&
        CONTINUES.test(line))
    );
  };
  return joinLines(
    r.message.trim(),
    r.more.map((l) => l.trim()),
    cut,
  ).trim();
}

/**
 * Reads an Events section starting at `start`: the "Events:" line itself when `keyed`, else the
 * header or first row. Rows go to `doc.events`; lines that are neither rows nor describe keys
 * continue the previous row's message (terminal-wrapped, or a message with new lines).
 */
export function readEvents(lines: readonly string[], start: number, doc: Doc, keyed: boolean): number {
  let j = start;
  if (keyed) {
    const k = keyLine(lines[start] ?? '');
    doc.recognised++;
    if (k !== undefined && k.value !== '') return start + 1;
    j++;
  }
  let layout: EventLayout | undefined;
  const rows: Wrapped[] = [];
  let last: Wrapped | undefined;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (line.trim() === '') {
      const next = nextNonBlank(lines, j + 1);
      if (next !== undefined && parseDescribeEventRow(next, layout) !== undefined) continue;
      break;
    }
    if (isPromptLine(line) || isFence(line)) break;
    if (isElision(line)) continue;
    const header = detectEventHeader(line);
    if (header !== undefined) {
      layout = header;
      doc.recognised++;
      continue;
    }
    if (isUnderline(line)) continue;
    const row = parseDescribeEventRow(line, layout);
    if (row !== undefined) {
      doc.events.push({ ...row, index: j });
      doc.recognised++;
      const message = typeof row.raw.message === 'string' ? row.raw.message : '';
      last = {
        raw: row.raw,
        message,
        lengths: [line.trimEnd().length],
        more: [],
        blankEnds: [/\s$/.test(line)],
      };
      rows.push(last);
      continue;
    }
    if (last === undefined || isDescribeKey(line)) break;
    last.more.push(line);
    last.lengths.push(line.trimEnd().length);
    last.blankEnds.push(/\s$/.test(line));
  }
  const width = wrapWidth(rows);
  const longest = Math.max(0, ...rows.flatMap((r) => r.lengths));
  for (const r of rows) {
    if (r.more.length > 0) r.raw.message = joinWrapped(r, width, longest);
  }
  return j;
}
