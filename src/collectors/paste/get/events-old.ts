/**
 * The old `kubectl get events` layout (kubectl <= 1.13, oc 3.x):
 *   LASTSEEN  FIRSTSEEN  COUNT  NAME  KIND  SUBOBJECT  TYPE  REASON  SOURCE  MESSAGE
 * ("LAST SEEN"/"FIRST SEEN" with a space from 1.11; very old releases put FIRSTSEEN first and
 * had no TYPE). NAME is the event's name ("web-1.15f3a...") or, in older releases, the
 * object's. An empty SUBOBJECT leaves no cell, so cells are walked in column order and
 * SUBOBJECT takes a cell only when it looks like a field path.
 */
import { cellsOf, NAME, NAMESPACE } from './table.js';
import { ageOf, countOf, EVENT_TYPE, isAgeCell, isFieldPath, objectOfEventName } from './event-cells.js';
import { type EventParts } from '../lines/event.js';

/** Column order of the headerless rows kubectl 1.11-1.13 and oc 3.x print. */
export const OLD_ORDER = [
  'LASTSEEN',
  'FIRSTSEEN',
  'COUNT',
  'NAME',
  'KIND',
  'SUBOBJECT',
  'TYPE',
  'REASON',
  'SOURCE',
  'MESSAGE',
] as const;

const KIND = /^[A-Z][A-Za-z0-9]*$/;

/** Cells of an old-layout row walked against the column order. */
function walk(keys: readonly string[], line: string): Map<string, string> {
  const cells = cellsOf(line);
  const got = new Map<string, string>();
  let c = 0;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] ?? '';
    const cell = cells[c];
    if (key === 'SUBOBJECT' && !isFieldPath(cell?.text)) {
      got.set(key, '');
      continue;
    }
    if (cell === undefined) break;
    if (key === 'MESSAGE' && k === keys.length - 1) {
      got.set(key, line.slice(cell.start).trim());
      break;
    }
    got.set(key, cell.text);
    c++;
  }
  return got;
}

/**
 * One old-layout row read against the header's column keys. `strict` (rows without a header)
 * also wants TYPE to be Normal or Warning.
 */
export function oldEventRow(keys: readonly string[], line: string, strict: boolean): EventParts | undefined {
  const got = walk(keys, line);
  const ns = got.get('NAMESPACE');
  if (ns !== undefined && !NAMESPACE.test(ns)) return undefined;
  const seenA = got.get('LASTSEEN');
  const seenB = got.get('FIRSTSEEN');
  if (!isAgeCell(seenA) || !isAgeCell(seenB)) return undefined;
  const count = countOf(got.get('COUNT'));
  const rawName = got.get('NAME') ?? '';
  const kind = got.get('KIND') ?? '';
  if (count === undefined || !NAME.test(rawName) || !KIND.test(kind) || EVENT_TYPE.test(kind))
    return undefined;
  const type = got.get('TYPE');
  if (keys.includes('TYPE') && (type === undefined || !(strict ? EVENT_TYPE : KIND).test(type)))
    return undefined;
  const reason = got.get('REASON');
  if (reason === undefined || !/^\S+$/.test(reason)) return undefined;
  // The last-seen age is never older than the first-seen one, whatever the column order.
  const a = ageOf(seenA);
  const b = ageOf(seenB);
  const [last, first] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
  const name = objectOfEventName(rawName);
  return {
    kind,
    name,
    namespace: ns,
    fieldPath: got.get('SUBOBJECT'),
    type,
    reason,
    message: got.get('MESSAGE') ?? '',
    count,
    source: got.get('SOURCE'),
    eventName: name === rawName ? undefined : rawName,
    last,
    first,
  };
}

/** An old-layout row with no header above it, with or without a leading NAMESPACE cell. */
export function headerlessOldRow(line: string): EventParts | undefined {
  const cells = cellsOf(line);
  if (cells.length < 8) return undefined;
  if (isAgeCell(cells[0]?.text)) return oldEventRow(OLD_ORDER, line, true);
  if (NAMESPACE.test(cells[0]?.text ?? '') && isAgeCell(cells[1]?.text)) {
    return oldEventRow(['NAMESPACE', ...OLD_ORDER], line, true);
  }
  return undefined;
}
