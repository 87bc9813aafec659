/**
 * The cells of an event row as kubectl prints them (`kind/name` targets, event names, field
 * paths, LAST SEEN intervals); lines/event.ts builds the raw core/v1 Event from them.
 */
import { kindOf } from '../common/kind-names.js';
import { parseAge, parseInterval } from '../common/text.js';

/**
 * The object of the events table's OBJECT column: "pod/web-1", "node/n1", "pod/app-<id here>", or
 * a bare kind; `kubectl events` (1.26+) prints the kind as it is spelt ("Pod/web-1", "ReplicaSet/web-7d4").
 */
export function parseTarget(text: string): { kind: string; name?: string } | undefined {
  const t = text.trim();
  // A name may hold a placeholder people paste for what they redacted: "pod/app-<id here>".
  if (!/^[A-Za-z][A-Za-z0-9.-]*(?:\/(?:[^\s<]|<[^<>]{0,60}>)+)?$/.test(t)) return undefined;
  const slash = t.indexOf('/');
  if (slash < 0) return { kind: kindOf(t) };
  return { kind: kindOf(t.slice(0, slash)), name: t.slice(slash + 1) };
}

const HEX_SUFFIX = /^[0-9a-f]{10,}$/;

/** The object part of an event name `<object>.<hex UnixNano>`, or undefined when it is not one. */
function eventNameObject(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || /\s/.test(name)) return undefined;
  return HEX_SUFFIX.test(name.slice(dot + 1)) ? name.slice(0, dot) : undefined;
}

/** An event name is `<object>.<hex UnixNano>`: the object's name without the suffix. */
export function objectOfEventName(name: string): string {
  return eventNameObject(name) ?? name;
}

export function isEventName(text: string | undefined): boolean {
  return text !== undefined && eventNameObject(text) !== undefined;
}

/** Field paths kubectl prints in SUBOBJECT: "spec.containers{app}", "implicitly required container POD". */
export function isFieldPath(text: string | undefined): boolean {
  if (text === undefined || text === '') return false;
  return /^(?:spec|status|metadata)\.\S/.test(text) || text.startsWith('implicitly required container');
}

export const EVENT_TYPE = /^(?:Normal|Warning)$/;

/** An age cell: "5m", "3m (x4 over 10m)", "<unknown>", "<invalid>". */
export function isAgeCell(text: string | undefined): boolean {
  return text !== undefined && text.length <= 40 && parseInterval(text) !== undefined;
}

/** LAST SEEN as ages and count; `first` only when the text shows it ("over 10m"). */
export function lastSeen(text: string): { last?: number; first?: number; count?: number } {
  const iv = parseInterval(text);
  if (iv === undefined) return {};
  const over = text.includes(' over ');
  return {
    ...(iv.last === undefined ? {} : { last: iv.last }),
    ...(over && iv.first !== undefined ? { first: iv.first } : {}),
    ...(over ? { count: iv.count } : {}),
  };
}

export function ageOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseAge(text);
}

export function countOf(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}
