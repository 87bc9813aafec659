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

const OLD =
  /\bEvent\(v1\.ObjectReference\{Kind:"(\w+)", Namespace:"([^"]*)", Name:"([^"]+)"(?:, UID:"[^"]*")?(?:, APIVersion:"([^"]*)")?[^}]*?(?:FieldPath:"([^"]*)")?\}\): type: '(\w+)' reason: '(\w+)' (.*)$/;
const STRUCTURED =
  /"Event occurred" object="(?:([^"/]*)\/)?([^"]+)"(?: fieldPath="([^"]*)")?(?: kind="(\w+)")?(?: apiVersion="([^"]*)")? type="(\w+)" reason="(\w+)" message="((?:[^"\\]|\\.)*)"/;

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

function recorded(line: string): Recorded | undefined {
  const s = STRUCTURED.exec(line);
  if (s?.[2] !== undefined && s[6] !== undefined && s[7] !== undefined && s[8] !== undefined) {
    return {
      // Without kind= (some releases) the object is the pod of a kubelet's or scheduler's event.
      kind: s[4] ?? 'Pod',
      namespace: s[1] === '' ? undefined : s[1],
      name: s[2],
      apiVersion: s[5],
      fieldPath: s[3] === '' ? undefined : s[3],
      type: s[6],
      reason: s[7],
      message: s[8].replace(/\\(["\\])/g, '$1'),
    };
  }
  const o = OLD.exec(line);
  if (o?.[1] === undefined || o[3] === undefined || o[6] === undefined || o[7] === undefined)
    return undefined;
  return {
    kind: o[1],
    namespace: o[2] === '' ? undefined : o[2],
    name: o[3],
    apiVersion: o[4],
    fieldPath: o[5] === '' ? undefined : o[5],
    type: o[6],
    reason: o[7],
    message: (o[8] ?? '').trim(),
  };
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
