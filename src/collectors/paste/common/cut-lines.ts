/**
 * Text copied from a terminal that cut its lines at the window's width (a web console, screen,
 * an old Windows console) rather than wrapping them: every line longer than the width comes in
 * pieces exactly as wide as the window, the last one shorter, and the cut falls anywhere, inside a
 * word, a name or a number (`... 0          4m50` / `s`).
 */

import { cleanLine, isPromptLine, ZERO_WIDTH } from './text.js';

/** Terminals narrower than this are not worth a guess: too many genuine lines would match. */
const NARROWEST = 60;

/** Past this size the text came from a redirect or a saved file, not from a terminal's screen. */
const LARGEST_SCREEN_COPY = 1_000_000;

const widthOf = (line: string): number => (line.endsWith('\r') ? line.length - 1 : line.length);

const indent = (line: string): number => line.length - line.trimStart().length;

/** A line that starts a field of its own: a YAML or describe key (`lastState:`, `Reason: Error`), a list item. */
const KEYED = /^\s*(?:- |[\w./-]+:(?:\s|$))/;

/** A closing quote or parenthesis alone (no fence): no line starts so, a cut one ends so. */
const CLOSING = /^(?:[)"']+|`{1,2})[,;.]?$/;

/** A table's header: its rows may leave cells empty, so have fewer columns. */
const HEADER = /^\s*[A-Z][A-Z0-9()/_.-]*(?:\s+[A-Z][A-Z0-9()/_.-]*)+\s*$/;

/** Columns a line sets apart with runs of spaces, as kubectl's tables and describe's fields do. */
const columns = (line: string): number => line.trim().split(/\s{2,}/).length;

/**
 * Whether `next` cannot start a line of its own after `line`: it is a closing quote alone; or it
 * starts with a letter or a digit further left than `line`, or in lower case at the margin after a
 * row of columns, and is no command; after a row of columns it has fewer than half its columns
 * (the next row of a table has as many, or fewer when it leaves cells empty after a header), after
 * any other line it is no field (`lastState:`).
 */
const tornFrom = (line: string, next: string): boolean =>
  CLOSING.test(next) ||
  (/^\s*[A-Za-z0-9]/.test(next) &&
    (indent(next) < indent(line) || (/^[a-z]/.test(next) && columns(line) >= 3)) &&
    unlikeLine(line, next));

/** Whether `next` starts in lower case at the margin after a line without columns (prose, a squeezed row). */
const loweredFrom = (line: string, next: string): boolean =>
  /^[a-z]/.test(next) && columns(line) < 3 && unlikeLine(line, next);

const unlikeLine = (line: string, next: string): boolean =>
  !HEADER.test(line) &&
  !isPromptLine(next) &&
  // After a row of columns a word and a colon is a message's text cut there (`ndbox: rpc error`),
  // after a field or YAML the next field.
  (columns(line) < 3 ? !KEYED.test(next) : columns(next) * 2 <= columns(line));

/** A word alone at the cut line's margin or left of it, shorter than half the width: the end of the line before. */
const remainder = (next: string, line: string, width: number): boolean =>
  indent(next) <= indent(line) && next.length < width / 2 && !/\s/.test(next.trim()) && !KEYED.test(next);

/**
 * How lines seem cut: at `width`. `proof` is `torn` when a piece cannot start a line of its own,
 * `repeated` when several lines are exactly that wide, `guess` when one line is, or a command line.
 */
export interface Cut {
  readonly width: number;
  readonly proof: 'torn' | 'repeated' | 'guess';
}

/**
 * The width the lines seem cut at: the longest line's, when a line exactly that long is followed by
 * a non-empty line (the rest of it) that does not read as a line of its own (`ess probe failed:
 * ...` after an events row; see tornFrom), or may not: one short word (`Initializing`), lower case
 * after prose; or when two lines are that long.
 * A long command line is no evidence: what it printed follows it at the margin. A guess: genuine
 * text can look so (table rows of one width), which is why the caller reads both and keeps the
 * better reading, trusting it as far as `proof` says.
 */
export function cutWidth(given: readonly string[], size: number): Cut | undefined {
  if (size > LARGEST_SCREEN_COPY) return undefined;
  // Measured as shown: a web page's zero-width characters take no column.
  const lines = given.map((l) => l.replace(ZERO_WIDTH, ''));
  let widest = 0;
  for (const line of lines) widest = Math.max(widest, widthOf(line));
  if (widest < NARROWEST) return undefined;
  let cut = 0;
  let torn = false;
  let word = false;
  let command = false;
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i] ?? '';
    const next = lines[i + 1] ?? '';
    if (widthOf(line) !== widest || next.trim() === '') continue;
    cut++;
    // After a command line comes what it printed, at the margin: a piece of it proves no cut.
    if (isPromptLine(cleanLine(line))) command = true;
    else torn ||= tornFrom(line, next);
    word ||= remainder(next, line, widest) || loweredFrom(line, next);
  }
  if (torn) return { width: widest, proof: 'torn' };
  if (cut >= 2 && !command) return { width: widest, proof: 'repeated' };
  return cut >= 2 || word || command ? { width: widest, proof: 'guess' } : undefined;
}

/** The lines with every line exactly `width` long joined to the one after it; `origin[j]` is the first raw line of line j. */
export function rejoinCut(
  lines: readonly string[],
  width: number,
): { readonly lines: string[]; readonly origin: number[] } {
  const joined: string[] = [];
  const origin: number[] = [];
  let i = 0;
  while (i < lines.length) {
    origin.push(i);
    const parts = [lines[i] ?? ''];
    while (
      widthOf(parts[parts.length - 1] ?? '') === width &&
      i + 1 < lines.length &&
      (lines[i + 1] ?? '').trim() !== ''
    ) {
      const last = parts.length - 1;
      parts[last] = (parts[last] ?? '').replace(/\r$/, '');
      parts.push(lines[++i] ?? '');
    }
    joined.push(parts.join(''));
    i++;
  }
  return { lines: joined, origin };
}
