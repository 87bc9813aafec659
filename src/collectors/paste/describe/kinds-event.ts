import { field, fieldValue, put, type Doc, type HeaderEntry } from './doc.js';
import { toInt } from './syntax.js';
import { parseKubectlTime } from '../common/text.js';

/**
 * `kubectl describe event NAME` (or `describe events`): an Event's own fields, with the object it
 * is about under "Involved Object:" and its emitter under "Source:", each as indented `Key: value`.
 */

type Obj = Record<string, unknown>;

/** The indented `Key: value` lines under a field, keyed by lower-camel key ("Resource Version" -> resourceVersion). */
function nested(e: HeaderEntry | undefined): Obj {
  const out: Obj = {};
  for (const item of e?.items ?? []) {
    const m = /^([A-Z][A-Za-z ]*):\s*(.*)$/.exec(item);
    if (m?.[1] === undefined || m[2] === undefined || m[2] === '' || m[2].startsWith('<')) continue;
    const words = m[1].split(' ');
    const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w)).join('');
    out[key === 'aPIVersion' || key === 'apiVersion' ? 'apiVersion' : key] = m[2];
  }
  return out;
}

/** The Event a describe block shows. */
export function eventRaw(doc: Doc, meta: Obj): Obj {
  const raw: Obj = { apiVersion: 'v1', kind: 'Event', metadata: meta };
  const involved = nested(field(doc, 'Involved Object'));
  put(raw, 'involvedObject', involved);
  put(raw, 'reason', fieldValue(doc, 'Reason'));
  const message = field(doc, 'Message');
  if (message !== undefined) put(raw, 'message', [message.value, ...message.items].join(' ').trim());
  put(raw, 'type', fieldValue(doc, 'Type'));
  put(raw, 'count', toInt(fieldValue(doc, 'Count') ?? ''));
  for (const [key, at] of [
    ['First Timestamp', 'firstTimestamp'],
    ['Last Timestamp', 'lastTimestamp'],
    ['Event Time', 'eventTime'],
  ] as const) {
    const time = parseKubectlTime(fieldValue(doc, key) ?? '');
    put(raw, at, time);
  }
  put(raw, 'source', nested(field(doc, 'Source')));
  put(raw, 'reportingComponent', fieldValue(doc, 'Reporting Component'));
  return raw;
}
