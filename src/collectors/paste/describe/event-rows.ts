import { columns, type Column } from './syntax.js';
import { parseAge, parseInterval, parseKubectlTime } from '../common/text.js';

/**
 * The Events table of `kubectl describe`, in each layout kubectl printed:
 * - `seen`: 1.0–1.9, tab-separated `FirstSeen LastSeen Count From SubobjectPath [Type] Reason Message`
 *   (pre-1.0/1.0 with absolute RFC 1123 times, From as `{kubelet node-1}`; 1.5+ as `kubelet, node-1`;
 *   the Type column from 1.2 on);
 * - `age`: 1.10+, `Type Reason Age From Message`, Age as `5m` or `106s (x298 over 11m)`.
 */
export type EventLayout =
  | { readonly style: 'seen'; readonly typed?: boolean }
  | { readonly style: 'age'; readonly typeAt?: number; readonly messageAt?: number };

export interface EventRowParse {
  readonly raw: Record<string, unknown>;
  readonly age?: { readonly last?: number; readonly first?: number };
}

/** The layout an Events header line announces, or undefined when the line is no such header. */
export function detectEventHeader(line: string): EventLayout | undefined {
  const cols = columns(line);
  const names = cols.map((c) => c.text.toLowerCase());
  if (names[0] === 'type' && names[1] === 'reason' && names[2] === 'age' && names.includes('message')) {
    const message = cols[names.indexOf('message')];
    return { style: 'age', typeAt: cols[0]?.at ?? 0, ...(message ? { messageAt: message.at } : {}) };
  }
  if (names[0] === 'firstseen' && names[1] === 'lastseen' && names[2] === 'count' && names[3] === 'from')
    return { style: 'seen', typed: names.includes('type') };
  return undefined;
}

const TYPES = new Set(['Normal', 'Warning']);
const REASON = /^[A-Za-z][\w.:-]*$/;

/** `kubelet, node-1`, `{kubelet node-1}`, `{default-scheduler }`, `kubelet` as an Event source. */
export function parseSource(text: string): { component: string; host?: string } | undefined {
  let t = text.trim();
  let sep = ', ';
  if (t.startsWith('{') && t.endsWith('}')) {
    t = t.slice(1, -1).trim();
    sep = ' ';
  }
  if (t === '') return undefined;
  const at = t.indexOf(sep);
  const component = (at < 0 ? t : t.slice(0, at)).trim();
  const host = at < 0 ? '' : t.slice(at + sep.length).trim();
  return host === '' ? { component } : { component, host };
}

/** A From cell: one word, `component, host`, or the braces of kubectl before 1.5. */
function isSourceCell(text: string): boolean {
  return /^\{[^{}]*\}$/.test(text) || /^[\w.:<>-]+(?:, [^\s,]+)?$/.test(text);
}

function finish(
  fields: {
    type?: string | undefined;
    reason: string;
    message: string;
    from?: string | undefined;
    fieldPath?: string;
    count?: number;
  },
  age: { last?: number | undefined; first?: number | undefined },
  times: { first?: string | undefined; last?: string | undefined } = {},
): EventRowParse {
  const source = fields.from === undefined ? undefined : parseSource(fields.from);
  const raw: Record<string, unknown> = { apiVersion: 'v1', kind: 'Event' };
  if (fields.type !== undefined) raw.type = fields.type;
  raw.reason = fields.reason;
  raw.message = fields.message;
  if (fields.count !== undefined) raw.count = fields.count;
  if (source !== undefined) raw.source = source;
  if (fields.fieldPath !== undefined) raw.involvedObject = { fieldPath: fields.fieldPath };
  if (times.first !== undefined) raw.firstTimestamp = times.first;
  if (times.last !== undefined) raw.lastTimestamp = times.last;
  const a = {
    ...(age.last === undefined ? {} : { last: age.last }),
    ...(age.first === undefined ? {} : { first: age.first }),
  };
  return Object.keys(a).length > 0 ? { raw, age: a } : { raw };
}

const rest = (line: string, col: Column | undefined): string =>
  col === undefined ? '' : line.slice(col.at).trim();

/** `Type Reason Age From Message` (kubectl 1.10+). */
function ageRow(
  line: string,
  layout: Extract<EventLayout, { style: 'age' }> | undefined,
): EventRowParse | undefined {
  let cols = columns(line);
  if (cols.length < 3) cols = tokenColumns(line);
  const [type, reason, ageCol] = cols;
  if (type === undefined || reason === undefined || ageCol === undefined) return undefined;
  if (!(TYPES.has(type.text) || (layout !== undefined && /^[A-Z][a-z]+$/.test(type.text)))) return undefined;
  if (!REASON.test(reason.text)) return undefined;
  const interval = parseInterval(ageCol.text);
  if (interval === undefined) return undefined;
  const tail = cols.slice(3);
  let from: string | undefined;
  let message = '';
  // Offsets line a row up with its header only when spaces aligned both; a tab-separated row's
  // cells are its columns.
  const messageAt = layout?.typeAt === type.at && !line.includes('\t') ? layout.messageAt : undefined;
  if (tail[0] !== undefined && messageAt !== undefined && tail[0].at >= messageAt - 1)
    message = rest(line, tail[0]);
  else if (tail.length === 1 && tail[0] !== undefined) {
    if (isSourceCell(tail[0].text)) from = tail[0].text;
    else message = rest(line, tail[0]);
  } else if (tail[0] !== undefined) {
    from = tail[0].text;
    message = rest(line, tail[1]);
  }
  const count = interval.count > 1 ? interval.count : undefined;
  return finish(
    { type: type.text, reason: reason.text, message, from, ...(count ? { count } : {}) },
    interval,
  );
}

/**
 * Columns of a row whose runs of spaces were squeezed to one (a re-typed or re-flowed paste):
 * Type, Reason, the age with its "(xN over T)", the From cell ("kubelet, node-1" kept whole), then
 * the message.
 */
function tokenColumns(line: string): Column[] {
  const words: Column[] = [];
  for (const m of line.matchAll(/\S+/g)) words.push({ text: m[0], at: m.index });
  const out: Column[] = words.slice(0, 2);
  let i = 2;
  const age = words[i];
  if (age === undefined) return out;
  let text = age.text;
  i++;
  if (words[i]?.text.startsWith('(x') === true && words[i + 2]?.text.endsWith(')') === true) {
    text = `${text} ${words[i]?.text ?? ''} ${words[i + 1]?.text ?? ''} ${words[i + 2]?.text ?? ''}`;
    i += 3;
  }
  out.push({ text, at: age.at });
  const from = words[i];
  if (from === undefined) return out;
  const next = words[i + 1];
  if (from.text.endsWith(',') && next !== undefined) {
    out.push({ text: `${from.text} ${next.text}`, at: from.at });
    i += 2;
  } else {
    out.push(from);
    i++;
  }
  const msg = words[i];
  if (msg !== undefined) out.push(msg);
  return out;
}

/** When an event was seen: a relative age (1.1+) or an absolute time (1.0 and before). */
function seenAt(text: string): { age?: number; time?: string } | undefined {
  if (text.startsWith('<')) return {};
  const age = parseAge(text);
  if (age !== undefined) return { age };
  const time = parseKubectlTime(text);
  return time === undefined ? undefined : { time };
}

/**
 * What follows the From cell of a 1.0-1.9 row: `[SubobjectPath] [Type] Reason Message`. Read by
 * words, since an empty SubobjectPath or a short Type leaves single spaces between the cells.
 */
const SEEN_TAIL =
  /^\s+(?:(spec\.\S+|status\.\S+|implicitly required container \S+)\s+)?(?:(Normal|Warning)\s+)?([A-Za-z][\w.:-]*)(?:\s+(\S.*))?$/;

/** FirstSeen, LastSeen, Count and From as cells of their own: columns, as the tabwriter printed them. */
interface SeenCells {
  readonly first: string;
  readonly last: string;
  readonly count: string;
  readonly from: Column;
}

/** Relative ages, Count and From read word by word, when the tabwriter left single spaces between them. */
const SEEN_WORDS = /^(\s*)(\S+)(\s+)(\S+)(\s+)(\d+)(\s+)(\{[^{}]*\}|[\w.:<>-]+(?:, [^\s,]+)?)(?=\s|$)/;

function seenCells(line: string, cols: readonly Column[]): SeenCells | undefined {
  const [c0, c1, c2, c3] = cols;
  if (c0 !== undefined && c1 !== undefined && c2 !== undefined && c3 !== undefined && /^\d+$/.test(c2.text))
    return { first: c0.text, last: c1.text, count: c2.text, from: c3 };
  const m = SEEN_WORDS.exec(line);
  if (m === null) return undefined;
  const at = m.slice(1, 8).reduce((n, part) => n + (part ?? '').length, 0);
  return { first: m[2] ?? '', last: m[4] ?? '', count: m[6] ?? '', from: { text: m[8] ?? '', at } };
}

/** `FirstSeen LastSeen Count From SubobjectPath [Type] Reason Message` (kubectl 1.0–1.9). */
function seenRow(
  line: string,
  layout: Extract<EventLayout, { style: 'seen' }> | undefined,
): EventRowParse | undefined {
  const cf = seenCells(line, columns(line));
  if (cf === undefined) return undefined;
  const first = seenAt(cf.first);
  const last = seenAt(cf.last);
  if (first === undefined || last === undefined) return undefined;
  const braces = cf.from.text.startsWith('{');
  if (layout === undefined && !isSourceCell(cf.from.text)) return undefined;
  const tail = SEEN_TAIL.exec(line.slice(cf.from.at + cf.from.text.length));
  if (tail === null) return undefined;
  const [, fieldPath, type, reason] = tail;
  // Without a Type a headerless row is only trusted in the braces era that had no Type column.
  // Under a header the cell may just be empty (events from components that set no type).
  if (type === undefined && layout === undefined && !braces) return undefined;
  if (reason === undefined || !REASON.test(reason)) return undefined;
  return finish(
    {
      type,
      reason,
      message: (tail[4] ?? '').trim(),
      from: cf.from.text,
      ...(fieldPath === undefined ? {} : { fieldPath }),
      count: Number(cf.count),
    },
    { last: last.age, first: first.age },
    { first: first.time, last: last.time },
  );
}

/**
 * One row of a describe Events table. With a layout (from the header) only that layout is read;
 * without one the row is recognised from its shape: a Normal/Warning type, an age that parses,
 * a count, a source.
 */
export function parseDescribeEventRow(line: string, layout?: EventLayout): EventRowParse | undefined {
  if (line.length > 100_000) return undefined;
  if (layout === undefined) return ageRow(line, undefined) ?? seenRow(line, undefined);
  return layout.style === 'age' ? ageRow(line, layout) : seenRow(line, layout);
}
