/**
 * Shared reading of `kubectl get` tables: cells with their offsets, header lines, and the
 * alignment of a row's cells to the header's columns. kubectl prints tables through a
 * tabwriter (padding 3), so every cell starts at its column's offset and empty cells show as
 * blank space; pasted text keeps that unless tabs or edits broke it, which the fallbacks cover.
 */
import { value } from '../common/text.js';

export interface Cell {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Cells of a line with their offsets: separated by tabs or by runs of two or more spaces. */
export function cellsOf(line: string): Cell[] {
  const out: Cell[] = [];
  const n = line.length;
  let i = 0;
  while (i < n) {
    while (i < n && (line[i] === ' ' || line[i] === '\t')) i++;
    if (i >= n) break;
    const start = i;
    while (i < n) {
      const ch = line[i];
      if (ch === '\t') break;
      if (ch === ' ') {
        const next = line[i + 1];
        if (next === undefined || next === ' ' || next === '\t') break;
      }
      i++;
    }
    out.push({ text: line.slice(start, i), start, end: i });
  }
  return out;
}

/** A header column: its name without spaces ("LAST SEEN" -> "LASTSEEN") and where it starts. */
export interface Column {
  readonly key: string;
  readonly start: number;
}

export interface Header {
  readonly columns: readonly Column[];
  readonly tabs: boolean;
}

const HEADER_CELL = /^[A-Z][A-Z0-9()_./-]*(?: [A-Z][A-Z0-9()_./-]*)*$/;

/** The columns of a table header line (upper-case names), or undefined. */
export function readHeader(line: string): Header | undefined {
  if (line.length > 600) return undefined;
  const cells = cellsOf(line);
  if (cells.length < 2 || !cells.every((c) => HEADER_CELL.test(c.text))) return undefined;
  return {
    columns: cells.map((c) => ({ key: c.text.replaceAll(' ', ''), start: c.start })),
    tabs: line.includes('\t'),
  };
}

export function hasColumn(header: Header, ...keys: string[]): boolean {
  return keys.every((k) => header.columns.some((c) => c.key === k));
}

/** A row read against a header: column key -> cell text ('' for an empty cell). */
export type Row = ReadonlyMap<string, string>;

export interface AlignOptions {
  /** The free-text column (MESSAGE) that absorbs cells split by double spaces inside it. */
  readonly free?: string;
  /** When offsets cannot be trusted: how many leading columns are never empty (the rest align from the end). */
  readonly lead?: number;
}

function joined(line: string, cells: readonly Cell[], from: number, to: number): string {
  const first = cells[from];
  const last = cells[to - 1];
  return first === undefined || last === undefined || to <= from ? '' : line.slice(first.start, last.end);
}

function byOffsets(header: Header, line: string, cells: readonly Cell[]): Map<string, string> {
  const cols = header.columns;
  const first = cells[0];
  const shift = first === undefined ? 0 : first.start - (cols[0]?.start ?? 0);
  const spans = new Map<number, [number, number]>();
  let prev = 0;
  cells.forEach((cell, i) => {
    const pos = cell.start - shift;
    let j = prev;
    while (j + 1 < cols.length && (cols[j + 1]?.start ?? Infinity) <= pos + 1) j++;
    prev = j;
    const span = spans.get(j);
    spans.set(j, span === undefined ? [i, i + 1] : [span[0], i + 1]);
  });
  const out = new Map<string, string>();
  cols.forEach((c, j) => {
    const span = spans.get(j);
    out.set(c.key, span === undefined ? '' : joined(line, cells, span[0], span[1]));
  });
  return out;
}

/** Aligns a row's cells to the header's columns. */
export function alignRow(header: Header, line: string, options: AlignOptions = {}): Map<string, string> {
  const cols = header.columns;
  const cells = cellsOf(line);
  const out = new Map<string, string>();
  if (cells.length === cols.length) {
    cols.forEach((c, j) => out.set(c.key, cells[j]?.text ?? ''));
    return out;
  }
  const f = options.free === undefined ? -1 : cols.findIndex((c) => c.key === options.free);
  if (cells.length > cols.length && f >= 0) {
    const after = cols.length - f - 1;
    const end = cells.length - after;
    cols.forEach((c, j) => {
      if (j < f) out.set(c.key, cells[j]?.text ?? '');
      else if (j === f) out.set(c.key, joined(line, cells, f, end));
      else out.set(c.key, cells[end + (j - f - 1)]?.text ?? '');
    });
    return out;
  }
  if (!header.tabs && !line.includes('\t')) return byOffsets(header, line, cells);
  const lead = Math.min(options.lead ?? 1, cells.length);
  const tail = cells.length - lead;
  cols.forEach((c, j) => {
    if (j < lead) out.set(c.key, cells[j]?.text ?? '');
    else if (j >= cols.length - tail) out.set(c.key, cells[lead + j - (cols.length - tail)]?.text ?? '');
    else out.set(c.key, '');
  });
  return out;
}

/** Object names as kubectl prints them (lower-case DNS subdomain; `kind/name` in `get all`). */
export const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
/** A namespace (DNS label). */
export const NAMESPACE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export { READINESS_GATES_COLUMN, READY_COLUMN, STATUS_COLUMN } from '../../../model/index.js';
/** "app=web,tier=fe" -> labels; undefined for "<none>" or anything else. */
export function parseLabels(text: string | undefined): Record<string, string> | undefined {
  const t = value(text);
  if (t === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const part of t.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.includes(' ')) return undefined;
    out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
