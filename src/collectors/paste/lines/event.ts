/**
 * The raw core/v1 Event built from the parts of an event as kubectl prints it, in a `get events`
 * row or as a message on its own line (`component, host` sources, the namespace a pod event's own
 * message gives).
 */
import { CLUSTER_SCOPED } from '../common/kind-names.js';
import { isPlaceholder, value } from '../common/text.js';
import type { PastedObject } from '../common/types.js';

export interface EventParts {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string | undefined;
  readonly fieldPath?: string | undefined;
  readonly type?: string | undefined;
  readonly reason?: string | undefined;
  readonly message: string;
  readonly count?: number | undefined;
  readonly source?: string | undefined;
  /** metadata.name of the event itself (wide NAME column). */
  readonly eventName?: string | undefined;
  readonly last?: number | undefined;
  readonly first?: number | undefined;
  readonly inferredName?: string | undefined;
}

/** "kubelet, node-1", "{kubelet node-1}", "{default-scheduler }", "replicaset-controller". */
export function parseSource(text: string | undefined): { component?: string; host?: string } | undefined {
  if (isPlaceholder(text)) return undefined;
  let t = (text ?? '').trim();
  if (t.startsWith('{') && t.endsWith('}')) t = t.slice(1, -1).trim();
  const comma = t.indexOf(',');
  const [component, host] =
    comma >= 0 ? [t.slice(0, comma), t.slice(comma + 1)] : t.includes(' ') ? t.split(/ +/, 2) : [t, ''];
  const c = component?.trim() ?? '';
  const h = host?.trim() ?? '';
  if (c === '' && h === '') return undefined;
  return { ...(c === '' ? {} : { component: c }), ...(h === '' ? {} : { host: h }) };
}

/** "Successfully assigned shop/web-1 to node-1" (the scheduler, since kubectl 1.12). */
const ASSIGNED = /^Successfully assigned ([a-z0-9][-a-z0-9]*)\/([a-z0-9][-a-z0-9.]*) to /;
/** "Back-off restarting failed container app in pod web-1_shop(uid)", "… pod=web-1_shop(uid)". */
const POD_REF = /\bpod[= ]"?([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)\(/;

/**
 * The namespace a pod event's own message gives its pod, when the table has no NAMESPACE column:
 * the scheduler writes `ns/name`, the kubelet's back-off message `name_ns(uid)`. Only a message
 * that names the event's own pod counts.
 */
export function namespaceInMessage(kind: string, name: string, message: string): string | undefined {
  if (kind !== 'Pod') return undefined;
  const assigned = ASSIGNED.exec(message);
  if (assigned?.[2] === name) return assigned[1];
  const ref = POD_REF.exec(message);
  return ref?.[1] === name ? ref[2] : undefined;
}

/** The raw core/v1 Event for the parts, with its ages. */
export function eventObject(parts: EventParts, line: number): PastedObject {
  const p: EventParts =
    parts.namespace === undefined
      ? { ...parts, namespace: namespaceInMessage(parts.kind, parts.name, parts.message) }
      : parts;
  const namespaced = p.namespace !== undefined && !CLUSTER_SCOPED.has(p.kind);
  const source = parseSource(p.source);
  const metadata = {
    ...(p.eventName === undefined ? {} : { name: p.eventName }),
    ...(p.namespace === undefined ? {} : { namespace: p.namespace }),
  };
  const raw: Record<string, unknown> = {
    kind: 'Event',
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    involvedObject: {
      kind: p.kind,
      name: p.name,
      ...(namespaced ? { namespace: p.namespace } : {}),
      ...(value(p.fieldPath) === undefined ? {} : { fieldPath: p.fieldPath }),
    },
    ...(p.reason === undefined || p.reason === '' ? {} : { reason: p.reason }),
    message: p.message,
    ...(p.type === undefined || p.type === '' ? {} : { type: p.type }),
    ...(p.count === undefined ? {} : { count: p.count }),
    ...(source === undefined ? {} : { source }),
  };
  const age = {
    ...(p.last === undefined ? {} : { last: p.last }),
    ...(p.first === undefined ? {} : { first: p.first }),
  };
  return {
    raw,
    line,
    ...(Object.keys(age).length > 0 ? { age } : {}),
    ...(p.inferredName === undefined ? {} : { inferredName: p.inferredName }),
  };
}
