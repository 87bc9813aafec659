/**
 * `kubectl get events` / `kubectl events` tables, with a header or as bare rows:
 *   [NAMESPACE] LAST SEEN  TYPE  REASON  OBJECT  MESSAGE
 *   [NAMESPACE] LAST SEEN  TYPE  REASON  OBJECT  SUBOBJECT  SOURCE  MESSAGE  FIRST SEEN  COUNT  NAME  (-o wide)
 *   LAST SEEN  TYPE  REASON  KIND  MESSAGE                                  (kubectl 1.14)
 * and the old layout of events-old.ts. A line that is not a row and is indented or does
 * not start with an age continues the previous row's message (terminal wrap).
 */
import { UNNAMED_POD, type BlockParse, type BlockParser, type PastedObject } from '../common/types.js';
import { alignRow, cellsOf, hasColumn, NAMESPACE, readHeader, type Header } from './table.js';
import {
  ageOf,
  countOf,
  EVENT_TYPE,
  isAgeCell,
  isEventName,
  isFieldPath,
  lastSeen,
  objectOfEventName,
  parseTarget,
} from './event-cells.js';
import { eventObject, type EventParts } from '../lines/event.js';
import { headerlessOldRow, oldEventRow } from './events-old.js';
import { parseUiEvents } from './events-ui.js';
import { subjectOf } from '../lines/subject.js';
import { joinLines, indentOf, endsTable, startsBlock, value } from '../common/text.js';
import { unnamedName } from '../../../model/index.js';

type RowReader = (line: string) => EventParts | undefined;

const MAX_CONTINUATION = 40;

/** The object of a row that shows only a kind: named from a Scheduled message, else unnamed. */
function unnamedTarget(
  kind: string,
  message: string,
): Pick<EventParts, 'name' | 'namespace' | 'inferredName'> {
  const scheduled = kind === 'Pod' ? subjectOf('Scheduled', message) : undefined;
  if (scheduled !== undefined && scheduled.inferredName === undefined) {
    return { name: scheduled.name, namespace: scheduled.namespace };
  }
  return {
    name: kind === 'Pod' ? UNNAMED_POD : unnamedName(kind),
    inferredName: 'the events table shows only the object kind',
  };
}

/** A row of today's layout, read against its header. */
function newRow(header: Header, line: string): EventParts | undefined {
  const row = alignRow(header, line, { free: 'MESSAGE' });
  const seen = row.get('LASTSEEN');
  if (seen === undefined || !isAgeCell(seen)) return undefined;
  const type = row.get('TYPE') ?? '';
  const reason = row.get('REASON') ?? '';
  if (!/^[A-Za-z]*$/.test(type) || /\s/.test(reason)) return undefined;
  const ns = row.get('NAMESPACE');
  if (ns !== undefined && !NAMESPACE.test(ns)) return undefined;
  const message = row.get('MESSAGE') ?? '';
  const objectCell = row.get('OBJECT');
  const kindCell = row.get('KIND');
  const target =
    objectCell !== undefined
      ? parseTarget(objectCell)
      : kindCell !== undefined && /^[A-Z]\w*$/.test(kindCell)
        ? { kind: kindCell }
        : undefined;
  if (target === undefined) return undefined;
  const eventName = value(row.get('NAME'));
  const named =
    target.name !== undefined
      ? { name: target.name, namespace: ns }
      : eventName !== undefined
        ? { name: objectOfEventName(eventName), namespace: ns }
        : { ...unnamedTarget(target.kind, message), ...(ns === undefined ? {} : { namespace: ns }) };
  const seenParts = lastSeen(seen);
  const first = ageOf(row.get('FIRSTSEEN')) ?? seenParts.first;
  return {
    kind: target.kind,
    ...named,
    fieldPath: value(row.get('SUBOBJECT')),
    type,
    reason,
    message,
    count: countOf(row.get('COUNT')) ?? seenParts.count,
    source: value(row.get('SOURCE')),
    eventName,
    last: seenParts.last,
    first,
  };
}

/** A row of today's layout with no header above it (with or without NAMESPACE, wide or not). */
function headerlessNewRow(line: string): EventParts | undefined {
  const cells = cellsOf(line);
  for (const o of [0, 1]) {
    if (o === 1 && !NAMESPACE.test(cells[0]?.text ?? '')) continue;
    const seen = cells[o]?.text;
    const reason = cells[o + 2]?.text ?? '';
    if (seen === undefined || !isAgeCell(seen) || !EVENT_TYPE.test(cells[o + 1]?.text ?? '')) continue;
    if (!/^[A-Za-z][\w-]*$/.test(reason)) continue;
    const target = parseTarget(cells[o + 3]?.text ?? '');
    if (target?.name === undefined) continue;
    const rest = cells.slice(o + 4);
    const seenParts = lastSeen(seen);
    const base = {
      kind: target.kind,
      name: target.name,
      namespace: o === 1 ? cells[0]?.text : undefined,
      type: cells[o + 1]?.text,
      reason,
      last: seenParts.last,
    };
    const n = rest.length;
    if (
      n >= 4 &&
      isEventName(rest[n - 1]?.text) &&
      countOf(rest[n - 2]?.text) !== undefined &&
      isAgeCell(rest[n - 3]?.text)
    ) {
      const middle = rest.slice(0, n - 3);
      const sub = isFieldPath(middle[0]?.text) ? 1 : 0;
      const from = middle[sub + 1];
      const to = middle[middle.length - 1];
      return {
        ...base,
        fieldPath: sub === 1 ? middle[0]?.text : undefined,
        source: middle[sub]?.text,
        message: from === undefined || to === undefined ? '' : line.slice(from.start, to.end),
        first: ageOf(rest[n - 3]?.text),
        count: countOf(rest[n - 2]?.text),
        eventName: rest[n - 1]?.text,
      };
    }
    const from = rest[0];
    return {
      ...base,
      message: from === undefined ? '' : line.slice(from.start).trim(),
      first: seenParts.first,
      count: seenParts.count,
    };
  }
  return undefined;
}

/** The reader for a header line of an events table, or undefined. */
function headerReader(line: string): RowReader | undefined {
  if (!line.includes('SEEN')) return undefined;
  const header = readHeader(line);
  if (header === undefined || !hasColumn(header, 'LASTSEEN', 'MESSAGE')) return undefined;
  if (hasColumn(header, 'OBJECT') || (hasColumn(header, 'KIND') && !hasColumn(header, 'COUNT'))) {
    return (l) => newRow(header, l);
  }
  if (hasColumn(header, 'KIND', 'NAME', 'COUNT')) {
    const keys = header.columns.map((c) => c.key);
    return (l) => oldEventRow(keys, l, false);
  }
  return undefined;
}

const headerlessRow: RowReader = (line) => {
  if (!line.includes('Normal') && !line.includes('Warning')) return undefined;
  return headerlessNewRow(line) ?? headerlessOldRow(line);
};

/** A wrapped piece of the previous row's message. */
function isContinuation(line: string): boolean {
  if (readHeader(line) !== undefined || startsBlock(line)) return false;
  return indentOf(line) > 0 || !isAgeCell(cellsOf(line)[0]?.text);
}

function readRows(lines: readonly string[], from: number, read: RowReader, end0: number): BlockParse {
  const objects: PastedObject[] = [];
  let pending: { parts: EventParts; line: number; more: string[] } | undefined;
  const flush = (): void => {
    if (pending === undefined) return;
    const message = joinLines(pending.parts.message, pending.more);
    objects.push(eventObject({ ...pending.parts, message }, pending.line));
    pending = undefined;
  };
  let end = end0;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (endsTable(line) || line.length > 20_000) break;
    const parts = read(line);
    if (parts !== undefined) {
      flush();
      pending = { parts, line: i + 1, more: [] };
    } else if (pending !== undefined && pending.more.length < MAX_CONTINUATION && isContinuation(line)) {
      pending.more.push(line.trim());
    } else {
      break;
    }
    end = i + 1;
  }
  flush();
  return { end, objects };
}

/** `kubectl get events` tables and bare rows of them. */
export const parseGetEvents: BlockParser = (lines, start) => {
  const line = lines[start];
  if (line === undefined || line.length > 20_000) return undefined;
  const fromUi = parseUiEvents(lines, start);
  if (fromUi !== undefined) return fromUi;
  const fromHeader = headerReader(line);
  if (fromHeader !== undefined) return readRows(lines, start + 1, fromHeader, start + 1);
  if (headerlessRow(line) === undefined) return undefined;
  return readRows(lines, start, headerlessRow, start);
};
