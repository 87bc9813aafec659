/**
 * Single lines of recognisable Kubernetes text that are no table and no describe block: an
 * event message on its own ("Multi-Attach error for volume ..."), possibly wrapped over a few
 * lines; a pod status message ("Node didn't have enough resource: cpu, ..."); a bare pod
 * status.reason ("Evicted", as `yq .status.reason` prints it) with its message after it; an
 * apply-time denial. Each becomes an Event or a partial Pod on the object the text names, else
 * on UNNAMED_POD. kubectl's own errors, commands and prose give undefined.
 */
import { endsTable, isPromptLine, startsBlock } from '../common/text.js';
import { UNNAMED_POD, type BlockParser, type PastedObject } from '../common/types.js';
import { eventObject } from './event.js';
import { isPodReason, podReasonOf, shapeOf } from './messages.js';
import { applyDenial, nodeStatusEvent, subjectOf, UNNAMED, type Subject } from './subject.js';

/**
 * Whether a line is a `kubectl get` table's header or one of its rows. The table parsers sit above
 * this floor, so the parser table hands this test in (paste/parsers.ts).
 */
export type StartsTable = (line: string) => boolean;

const MAX_LINE = 4_000;
const MAX_WRAPPED = 8;
/** Lines a bare status word's message may sit after: blank lines and the command that printed it. */
const MAX_LOOKAHEAD = 6;
const BULLET = /^[*•-]\s+/;
const QUOTES = '`\'"';
const FIELD_PREFIX = /^(?:message|Message|reason|Reason):\s*/;
const COMBINED = '(combined from similar events): ';

/** The text of a line without bullets, a `message:` key, and quotes or backticks around it. */
function strip(line: string): string {
  let t = line.trim();
  for (let k = 0; k < 2; k++) {
    const m = BULLET.exec(t) ?? FIELD_PREFIX.exec(t);
    if (m !== null) t = t.slice(m[0].length).trimStart();
  }
  const q = t[0];
  if (q !== undefined && QUOTES.includes(q)) {
    t = t.slice(1);
    if (t.endsWith(q)) t = t.slice(0, -1);
  }
  return t.trim();
}

/** The part of a message its shape is read from. */
function core(text: string): string {
  return text.startsWith(COMBINED) ? text.slice(COMBINED.length) : text;
}

/** Whether a line starts something else (a new message, a table, a describe field). */
function startsOther(lines: readonly string[], i: number, startsTable: StartsTable): boolean {
  const line = lines[i] ?? '';
  const t = strip(line);
  if (shapeOf(core(t)) !== undefined || podReasonOf(t) !== undefined || isPodReason(t)) return true;
  if (t.startsWith('Error from server') || startsBlock(line)) return true;
  return startsTable(line);
}

/** The end of the wrapped continuation of the line before `from`. */
function wrappedEnd(lines: readonly string[], from: number, startsTable: StartsTable): number {
  let i = from;
  while (i < lines.length && i - from < MAX_WRAPPED) {
    const line = lines[i] ?? '';
    if (endsTable(line) || line.length > MAX_LINE || startsOther(lines, i, startsTable)) break;
    i++;
  }
  return i;
}

function joinedMessage(lines: readonly string[], start: number, end: number, first: string): string {
  const rest = lines.slice(start + 1, end).map((l) => l.trim());
  return [first, ...rest].join(' ');
}

function event(subject: Subject, reason: string, type: string, message: string, line: number): PastedObject {
  return eventObject({ ...subject, reason, type, message }, line);
}

/** A partial Pod for a pod status message or a bare status word. */
function statusPod(reason: string, message: string | undefined, line: number): PastedObject {
  const lost =
    reason === 'NodeLost' && message !== undefined
      ? /^Node (\S+) which was running pod (\S+) is/.exec(message)
      : null;
  const name = lost?.[2] ?? UNNAMED_POD;
  return {
    raw: {
      kind: 'Pod',
      metadata: { name },
      ...(lost?.[1] === undefined ? {} : { spec: { nodeName: lost[1] } }),
      status: {
        ...(reason === 'NodeLost' ? {} : { phase: 'Failed' }),
        reason,
        ...(message === undefined ? {} : { message }),
      },
    },
    line,
    ...(lost === null ? { inferredName: 'the text names no pod' } : {}),
  };
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
    const node = nodeStatusEvent(text);
    if (node !== undefined) {
      const type = node.reason === 'NodeReady' || node.reason === 'NodeSchedulable' ? 'Normal' : 'Warning';
      return {
        end: start + 1,
        objects: [event({ kind: 'Node', name: node.node }, node.reason, type, text, start + 1)],
      };
    }
    const shape = shapeOf(core(text));
    const podReason = shape === undefined ? podReasonOf(text) : undefined;
    if (shape === undefined && podReason === undefined) return undefined;
    const end = wrappedEnd(lines, start + 1, startsTable);
    const message = joinedMessage(lines, start, end, text);
    if (shape === undefined) return { end, objects: [statusPod(podReason ?? '', message, start + 1)] };
    const subject =
      shape.reason === 'Scheduled' || shape.reason === 'BackOff' || shape.reason === 'FailedCreate'
        ? subjectOf(shape.reason, core(message))
        : UNNAMED;
    return { end, objects: [event(subject, shape.reason, shape.type, message, start + 1)] };
  };
