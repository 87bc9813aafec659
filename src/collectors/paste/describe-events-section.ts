import type { Doc } from './describe-doc.js';
import { detectEventHeader, parseDescribeEventRow, type EventLayout } from './describe-events.js';
import { isElision, isFence, isUnderline, keyLine, HEADER_KEYS, SECTION_KEYS } from './describe-lines.js';
import { isPromptLine } from './text.js';

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
  let last: { raw: Record<string, unknown>; parts: string[] } | undefined;
  const flush = (): void => {
    if (last !== undefined && last.parts.length > 1) last.raw.message = last.parts.join(' ').trim();
  };
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
      flush();
      last = { raw: row.raw, parts: [typeof row.raw.message === 'string' ? row.raw.message : ''] };
      continue;
    }
    if (last === undefined || isDescribeKey(line)) break;
    last.parts.push(line.trim());
  }
  flush();
  return j;
}
