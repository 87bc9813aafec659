/**
 * The log line client-go's event recorder writes for every event it records (tools/record), as
 * pasted from a kubelet's journal or a controller's log:
 *   `Event(v1.ObjectReference{Kind:"Pod", Namespace:"shop", Name:"web-1", ...}): type: 'Warning' reason: 'BackOff' <message>`
 *   `"Event occurred" object="shop/web-1" fieldPath="spec.containers{app}" kind="Pod" apiVersion="v1" type="Warning" reason="BackOff" message="<message>"`
 * (the structured form since 1.20; kind, apiVersion and fieldPath are absent in some releases).
 * Each is that event, on the object it names. Events of custom resources (an apiVersion outside
 * the core, apps and batch groups) are no object kube-handoff judges: noted, not read.
 */
import { UNNAMED_POD, type BlockParse } from '../common/types.js';
import { eventObject } from './event.js';

/** Both forms, with the same named parts. */
const FORMS: readonly RegExp[] = [
  /"Event occurred" object="(?:(?<namespace>[^"/]*)\/)?(?<name>[^"]+)"(?: fieldPath="(?<fieldPath>[^"]*)")?(?: kind="(?<kind>\w+)")?(?: apiVersion="(?<apiVersion>[^"]*)")? type="(?<type>\w+)" reason="(?<reason>\w+)" message="(?<quoted>(?:[^"\\]|\\.)*)"/,
  /\bEvent\(v1\.ObjectReference\{Kind:"(?<kind>\w+)", Namespace:"(?<namespace>[^"]*)", Name:"(?<name>[^"]+)"(?:, UID:"[^"]*")?(?:, APIVersion:"(?<apiVersion>[^"]*)")?[^}]*?(?:FieldPath:"(?<fieldPath>[^"]*)")?\}\): type: '(?<type>\w+)' reason: '(?<reason>\w+)' (?<message>.*)$/,
];

/** API groups whose kinds the model holds (core "v1", apps, batch). */
const KNOWN_GROUP = /^(?:v1|apps\/v1\w*|batch\/v1\w*|extensions\/v1beta1)$/;

interface Recorded {
  readonly kind: string;
  readonly namespace: string | undefined;
  readonly name: string;
  readonly apiVersion: string | undefined;
  readonly fieldPath: string | undefined;
  readonly type: string;
  readonly reason: string;
  readonly message: string;
}

const orUndefined = (text: string | undefined): string | undefined => (text === '' ? undefined : text);

function recorded(line: string): Recorded | undefined {
  for (const form of FORMS) {
    const g = form.exec(line)?.groups;
    if (g?.name === undefined || g.type === undefined || g.reason === undefined) continue;
    return {
      // Without kind= (some releases) the object is the pod of a kubelet's or scheduler's event.
      kind: g.kind ?? 'Pod',
      namespace: orUndefined(g.namespace),
      name: g.name,
      apiVersion: g.apiVersion,
      fieldPath: orUndefined(g.fieldPath),
      type: g.type,
      reason: g.reason,
      message: g.quoted === undefined ? (g.message ?? '').trim() : g.quoted.replace(/\\(["\\])/g, '$1'),
    };
  }
  return undefined;
}

/** The event a recorder log line records, or a note for one about a custom resource; undefined for other lines. */
export function recorderLogEvent(line: string, lineNo: number): BlockParse | undefined {
  const r = recorded(line);
  if (r === undefined) return undefined;
  if (r.apiVersion !== undefined && r.apiVersion !== '' && !KNOWN_GROUP.test(r.apiVersion)) {
    return {
      end: lineNo,
      objects: [],
      notes: [
        `line ${lineNo}: an event (${r.type} ${r.reason}) of ${r.kind} ${r.name} (${r.apiVersion}), a custom resource kube-handoff does not judge`,
      ],
    };
  }
  const event = eventObject(
    {
      kind: r.kind,
      name: r.name === '' ? UNNAMED_POD : r.name,
      namespace: r.namespace,
      fieldPath: r.fieldPath,
      type: r.type,
      reason: r.reason,
      message: r.message,
    },
    lineNo,
  );
  return { end: lineNo, objects: [event] };
}
