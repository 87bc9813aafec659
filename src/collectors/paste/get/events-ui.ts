/**
 * Events tables copied out of a graphical client: a browser or Electron table copied as text has
 * one line per row and a tab between cells, with the column titles as the client shows them.
 *   Lens / OpenLens / Freelens:  Type  Message  Namespace  Involved Object  Source  Count  Age  [Last Seen]
 *     ("Involved Object" prints `Kind: name`; "Source" prints `component host`)
 *   Headlamp and similar:        Type  Reason  Message  Involved Object  Last Seen
 * Lens shows no reason: it is taken from the message's own shape (lines/messages.ts), as for a
 * bare pasted message. "Age" is the event's own age (first seen), "Last Seen" its last occurrence.
 */
import type { BlockParse, PastedObject } from '../common/types.js';
import { NAME, NAMESPACE } from './table.js';
import { endsTable, value } from '../common/text.js';
import { ageOf, countOf, EVENT_TYPE, isAgeCell, lastSeen, parseTarget } from './event-cells.js';
import { eventObject, type EventParts } from '../lines/event.js';
import { kindOf } from '../common/kind-names.js';
import { shapeOf } from '../lines/messages.js';

/** Column titles as graphical clients print them -> the key used here. */
const TITLES: Readonly<Record<string, string>> = {
  Type: 'TYPE',
  Reason: 'REASON',
  Message: 'MESSAGE',
  Namespace: 'NAMESPACE',
  'Involved Object': 'OBJECT',
  Object: 'OBJECT',
  Source: 'SOURCE',
  Count: 'COUNT',
  Age: 'AGE',
  'First Seen': 'FIRSTSEEN',
  'Last Seen': 'LASTSEEN',
};

/** The column keys of a tab-separated, title-case events header, or undefined. */
export function uiEventsHeader(line: string): readonly string[] | undefined {
  if (!line.includes('\t')) return undefined;
  const cells = line.split('\t').map((c) => c.trim());
  while (cells.length > 0 && cells.at(-1) === '') cells.pop();
  const keys = cells.map((c) => TITLES[c]);
  if (keys.some((k) => k === undefined)) return undefined;
  const set = new Set(keys);
  if (!set.has('MESSAGE') || !set.has('OBJECT') || !(set.has('TYPE') || set.has('REASON'))) return undefined;
  return keys as string[];
}

/** "Pod: web-1", "EC2NodeClass: default" (Lens) or "pod/web-1". */
function uiTarget(text: string): { kind: string; name: string } | undefined {
  const m = /^([A-Z][A-Za-z0-9]*): (\S+)$/.exec(text.trim());
  if (m !== null) {
    const name = m[2] ?? '';
    return NAME.test(name) ? { kind: kindOf(m[1] ?? ''), name } : undefined;
  }
  const t = parseTarget(text);
  return t?.name === undefined ? undefined : { kind: t.kind, name: t.name };
}

function uiRow(keys: readonly string[], line: string): EventParts | undefined {
  if (!line.includes('\t')) return undefined;
  const cells = line.split('\t').map((c) => c.trim());
  if (cells.length < keys.length - 1 || cells.length > keys.length + 1) return undefined;
  const row = new Map(keys.map((k, i) => [k, cells[i] ?? '']));
  const target = uiTarget(row.get('OBJECT') ?? '');
  if (target === undefined) return undefined;
  const type = row.get('TYPE');
  if (type !== undefined && type !== '' && !EVENT_TYPE.test(type)) return undefined;
  const ns = value(row.get('NAMESPACE'));
  if (ns !== undefined && !NAMESPACE.test(ns)) return undefined;
  const message = row.get('MESSAGE') ?? '';
  const shape = shapeOf(message);
  const reason = value(row.get('REASON')) ?? shape?.reason;
  const seen = row.get('LASTSEEN');
  const seenParts = seen !== undefined && isAgeCell(seen) ? lastSeen(seen) : {};
  const first = ageOf(row.get('FIRSTSEEN')) ?? ageOf(row.get('AGE')) ?? seenParts.first;
  return {
    kind: target.kind,
    name: target.name,
    namespace: ns,
    type: type === undefined || type === '' ? shape?.type : type,
    reason,
    message,
    count: countOf(row.get('COUNT')) ?? seenParts.count,
    source: value(row.get('SOURCE')),
    last: seenParts.last ?? first,
    first,
  };
}

/** The rows under a graphical client's events header at `start`, or undefined when it is not one. */
export function parseUiEvents(lines: readonly string[], start: number): BlockParse | undefined {
  const keys = uiEventsHeader(lines[start] ?? '');
  if (keys === undefined) return undefined;
  const objects: PastedObject[] = [];
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (endsTable(line) || line.length > 20_000) break;
    const parts = uiRow(keys, line);
    if (parts === undefined) break;
    objects.push(eventObject(parts, i + 1));
  }
  return { end: i, objects };
}
