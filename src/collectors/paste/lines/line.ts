/**
 * Single lines of recognisable Kubernetes text that are no table and no describe block: an
 * event message on its own ("Multi-Attach error for volume ..."), possibly wrapped over a few
 * lines; a pod status message ("Node didn't have enough resource: cpu, ..."); a bare pod
 * status.reason ("Evicted", as `yq .status.reason` prints it) with its message after it; an
 * apply-time denial. Each becomes an Event or a partial Pod on the object the text names, else
 * on UNNAMED_POD. Below these, the floor (floor.ts) reads a message that stands anywhere in the
 * line. kubectl's own errors, commands and prose that carry no Kubernetes message give undefined.
 */
import { isPromptLine } from '../common/text.js';
import type { BlockParser, PastedObject } from '../common/types.js';
import { eventObject } from './event.js';
import { readFloor } from './floor.js';
import { detailShapeOf, isPodReason, podReasonOf, shapeOf } from './messages.js';
import { statusPod } from './status-objects.js';
import { applyDenial, nodeStatusEvent, subjectOf, type Subject } from './subject.js';
import { core, joinedMessage, MAX_LINE, strip, wrappedEnd, type StartsTable } from './wrap.js';

export type { StartsTable } from './wrap.js';

/**
 * kubectl prints each warning the API server sent with a response as `Warning: <text>`
 * (client-go's warning handler): PodSecurity's warn mode ("would violate PodSecurity ..."), a
 * deprecated API or field. The request was not refused for it: a warning is no failure.
 */
const API_WARNING = /^[\s>`"']*Warning: (\S.*)$/;

function apiWarningNote(text: string, line: number): string | undefined {
  const m = API_WARNING.exec(text);
  if (m?.[1] === undefined) return undefined;
  const what = m[1].replace(/[`"']+$/, '');
  const short = what.length > 100 ? `${what.slice(0, 100)}…` : what;
  return `line ${line}: kubectl's "Warning: ${short}" is a warning the API server sent with a request it did not refuse, not a failure`;
}

/**
 * An error the API server answered a kubectl request with (`Error from server (NotFound): jobs.batch
 * "x" not found`, `Error from server (Forbidden): ... User "system:serviceaccount:ns:sa" cannot get
 * resource "jobs" ...`) that is no admission denial: a fact about that request, not a pod's handoff.
 * Read as a note, so that a paste of it is answered, not refused. A caller that is a service account
 * is a pod (kubectl in a container, as wait-for init containers run it): the note says which.
 */
const SERVER_ERROR_LINE = /(?:^|[\s`'"(:])Error from server \((\w+)\): (\S.*)$/;
/** The RBAC denial's user and what it may not do: `cannot get resource "jobs" in API group "batch"` (1.10 on), `cannot get jobs.batch` before. */
const SA_USER =
  /User "system:serviceaccount:([a-z0-9][-a-z0-9]*):([a-z0-9][-a-z0-9.]*)" cannot (\w+) (?:resource "([^"]+)"|([a-z][-a-z0-9.]*))/;

function serverErrorNote(text: string, line: number): string | undefined {
  const m = SERVER_ERROR_LINE.exec(text);
  if (m?.[1] === undefined || m[2] === undefined) return undefined;
  // prose around an inline code span: the answer ends where the span does
  const answer = m[2].replace(/`+$/, '').trimEnd();
  const what = answer.length > 160 ? `${answer.slice(0, 160)}…` : answer;
  const sa = SA_USER.exec(answer);
  if (sa === null)
    return `line ${line}: the API server answered a kubectl request with ${m[1]}: ${what} (about that request, not a pod's handoff)`;
  const [, namespace = '', account = '', verb = '', resourceNow, resourceOld = ''] = sa;
  const resource = resourceNow ?? resourceOld;
  return `line ${line}: the API server refused (${m[1]}) a request of service account ${namespace}/${account}, which a pod runs as: it may not ${verb} ${resource} until a Role and RoleBinding grant it: ${what}`;
}

/**
 * The kubelet's answer to `kubectl port-forward` when nothing listens on the port in the pod
 * (`error forwarding port 9090 to pod <id>, uid : ... connect: connection refused`; dockershim's
 * socat said `Connection refused`), as kubectl logs it: a fact about that port, said as a note.
 */
const PORT_FORWARD = /error forwarding port (\d+) to pod\b(.*)$/;

function portForwardNote(text: string, line: number): string | undefined {
  const [, port, rest = ''] = PORT_FORWARD.exec(text) ?? [];
  if (port === undefined) return undefined;
  if (/[Cc]onnection refused/.test(rest))
    return `line ${line}: kubectl port-forward reached the pod, but nothing in it listens on port ${port} (connection refused); forwarded to a Service, its targetPort is not the port the container listens on`;
  if (/socat not found/.test(rest))
    return `line ${line}: kubectl port-forward to port ${port} failed on the node: it has no socat, which the kubelet (dockershim) runs for port-forward`;
  return undefined;
}

/** Lines a bare status word's message may sit after: blank lines and the command that printed it. */
const MAX_LOOKAHEAD = 6;

function event(subject: Subject, reason: string, type: string, message: string, line: number): PastedObject {
  return eventObject({ ...subject, reason, type, message }, line);
}

/** A bare pod status.reason, with the kubelet's message when it follows (past blank lines and the command). */
function statusWord(
  lines: readonly string[],
  start: number,
  word: string,
  startsTable: StartsTable,
): ReturnType<BlockParser> {
  let j = start + 1;
  while (j < lines.length && j - start <= MAX_LOOKAHEAD) {
    const l = lines[j] ?? '';
    if (l.trim() !== '' && !isPromptLine(l)) break;
    j++;
  }
  const next = strip(lines[j] ?? '');
  if (j >= lines.length || j - start > MAX_LOOKAHEAD || podReasonOf(next) === undefined) {
    return { end: start + 1, objects: [statusPod(word, undefined, start + 1)] };
  }
  const end = wrappedEnd(lines, j + 1, startsTable);
  return { end, objects: [statusPod(word, joinedMessage(lines, j, end, next), start + 1)] };
}

/**
 * The parser of recognisable single lines: event messages, pod status messages and words,
 * apply-time denials. A wrapped message ends where `startsTable` sees a table begin.
 */
export const lineParser =
  (startsTable: StartsTable): BlockParser =>
  (lines, start) => {
    const line = lines[start];
    if (line === undefined || line.length > MAX_LINE || isPromptLine(line)) return undefined;
    const text = strip(line);
    if (text === '') return undefined;
    if (isPodReason(text)) return statusWord(lines, start, text, startsTable);
    const denial = applyDenial(text);
    if (denial !== undefined) {
      return {
        end: start + 1,
        objects: [event(denial.subject, 'FailedCreate', 'Warning', denial.message, start + 1)],
      };
    }
    const warning = apiWarningNote(text, start + 1);
    if (warning !== undefined) return { end: start + 1, objects: [], notes: [warning] };
    const node = nodeStatusEvent(text);
    if (node !== undefined) {
      const type = node.reason === 'NodeReady' || node.reason === 'NodeSchedulable' ? 'Normal' : 'Warning';
      return {
        end: start + 1,
        objects: [event({ kind: 'Node', name: node.node }, node.reason, type, text, start + 1)],
      };
    }
    const shape = shapeOf(core(text)) ?? detailShapeOf(core(text));
    const podReason = shape === undefined ? podReasonOf(text) : undefined;
    if (shape === undefined && podReason === undefined) {
      const floor = readFloor(lines, start, startsTable, false);
      if (floor !== undefined) return floor;
      const refused = serverErrorNote(text, start + 1) ?? portForwardNote(text, start + 1);
      return refused === undefined ? undefined : { end: start + 1, objects: [], notes: [refused] };
    }
    const end = wrappedEnd(lines, start + 1, startsTable);
    const message = joinedMessage(lines, start, end, text);
    if (shape === undefined) return { end, objects: [statusPod(podReason ?? '', message, start + 1)] };
    const subject = subjectOf(shape.reason, core(message), shape.kind);
    return { end, objects: [event(subject, shape.reason, shape.type, message, start + 1)] };
  };

/**
 * An event row pasted on the same line as a command or a sentence that looks like one
 * ("kubectl events says: Warning  Unhealthy  kubelet  Liveness probe failed: ..."). The driver
 * tries it on command lines, which it otherwise only remembers.
 */
export const commandLineParser =
  (startsTable: StartsTable): BlockParser =>
  (lines, start) => {
    const line = lines[start];
    if (line === undefined || line.length > MAX_LINE) return undefined;
    return readFloor(lines, start, startsTable, true);
  };
