/**
 * The cells of an event row as they stand before its message, in whatever order and subset a
 * layout prints them: kubectl describe (`Type Reason Age From`), get events (`LAST SEEN TYPE
 * REASON OBJECT`, wide `SUBOBJECT SOURCE`), the 1.0-1.9 `FirstSeen LastSeen Count From
 * SubobjectPath Type Reason`, `oc status` (`FailedCreate: web-1`), two-column `Reason  Message`,
 * and any of these after a logger's time stamp or a sentence ("kubectl events says: ..."). Each
 * cell is recognised by its own shape, so a column a layout leaves out (the age, the object) or
 * a placeholder pasted for a name (`pod/app-<id here>`) does not stop the row being read.
 */
import { TERMINATED_REASONS, WAITING_REASONS } from '../common/container-reasons.js';
import { knownKind } from '../common/kind-names.js';
import { parseInterval } from '../common/text.js';

export interface RowCells {
  readonly type?: string | undefined;
  readonly reason?: string | undefined;
  /** Ages, in seconds before the command ran. */
  readonly last?: number | undefined;
  readonly first?: number | undefined;
  readonly count?: number | undefined;
  /** The From / SOURCE cell as printed ("kubelet, node-1", "{kubelet node-1}", "replicaset-controller"). */
  readonly source?: string | undefined;
  /** The OBJECT cell: a kind, and the name when the cell gives one. */
  readonly kind?: string | undefined;
  readonly name?: string | undefined;
  readonly fieldPath?: string | undefined;
  /** A bare name cell (`oc status`' "FailedCreate: web-1", a table's first NAME column). */
  readonly nameCell?: string | undefined;
  /** How many cells were read as columns of an event row. */
  readonly columns: number;
  /** Whether words that are no cells (prose, a logger prefix) stand before the first cell. */
  readonly prose: boolean;
  /** Offset in the text where the cells after the last recognised one begin (the message, when no shape marks it). */
  readonly restAt: number;
}

/** One cell: an age with its count, a brace or `component, host` source, a word with placeholders. */
const CELL =
  /\s*(\S+ \(x\d+ over [^)\s]+\)|\{[^{}\n]{0,200}\}|[a-z][\w.-]*, [^\s,]+|(?:[^\s<]|<[^<>\n]{0,60}>)+|\S+)/y;

const TYPE = /^(?:Normal|Warning)$/;
/** Event reasons of one word, which prose also uses (kubernetes-facts.md §2). */
const ONE_WORD_REASONS: ReadonlySet<string> = new Set([
  'Failed',
  'Unhealthy',
  'Killing',
  'Pulling',
  'Pulled',
  'Created',
  'Started',
  'Evicted',
  'Scheduled',
  'Preempted',
  'Preempting',
  'Rebooted',
  'Starting',
  'Completed',
]);
/** CamelCase of two words or more: FailedMount, BackOff, FailedCreatePodSandBox, NodeNotReady. */
const CAMEL = /^[A-Z][a-z]+(?:[A-Z][a-z]*)+$/;
const COMPONENT =
  /^(?:kubelet|default-scheduler|kube-scheduler|scheduler|[a-z][a-z0-9-]*-(?:controller|controller-manager|scheduler|provisioner|manager|operator))$/;
const FIELD_PATH = /^(?:spec|status|metadata)\.[\w.[\]{}-]+$/;
const AGE_START = /^(?:\d|<unknown>|<invalid>)/;
/** A DNS-1123 name as kubectl prints it, placeholders (`<id here>`) allowed. */
const NAME = /^(?:[a-z0-9]|<[^<>]+>)(?:[-a-z0-9.]|<[^<>]+>)*$/;

function isComponent(text: string): boolean {
  return COMPONENT.test(text) || /^[a-z][\w.-]*\.(?:csi|io|com|org|net)\b/.test(text);
}

/** The source a cell names, or undefined. */
function sourceOf(cell: string): string | undefined {
  if (cell.startsWith('{') && cell.endsWith('}')) return cell;
  const comma = cell.indexOf(', ');
  if (comma > 0) return isComponent(cell.slice(0, comma)) ? cell : undefined;
  return isComponent(cell) ? cell : undefined;
}

function reasonOf(cell: string): string | undefined {
  const word = cell.endsWith(':') ? cell.slice(0, -1) : cell;
  if (knownKind(word) === word || WAITING_REASONS.has(word) || TERMINATED_REASONS.has(word)) return undefined;
  return ONE_WORD_REASONS.has(word) || CAMEL.test(word) ? word : undefined;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Reads one cell into `out`; says which column it was, or undefined when it is none of an event row's. */
function readCell(cell: string, out: Mutable<RowCells>, ages: number): 'age' | 'cell' | undefined {
  if (out.type === undefined && TYPE.test(cell)) out.type = cell;
  else if (ages < 2 && AGE_START.test(cell) && !/^\d+$/.test(cell) && parseInterval(cell) !== undefined) {
    const iv = parseInterval(cell);
    // The old layout prints FirstSeen then LastSeen; the others one age, maybe "(xN over T)".
    if (ages === 1) out.first = out.last;
    out.last = iv?.last;
    if (ages === 0 && cell.includes(' over ')) {
      out.first = iv?.first;
      out.count = iv?.count;
    }
    return 'age';
  } else if (ages > 0 && out.count === undefined && /^\d+$/.test(cell)) out.count = Number(cell);
  else if (out.source === undefined && sourceOf(cell) !== undefined) out.source = cell;
  else if (out.fieldPath === undefined && FIELD_PATH.test(cell)) out.fieldPath = cell;
  else if (out.kind === undefined && objectOf(cell) !== undefined) {
    const o = objectOf(cell);
    out.kind = o?.kind;
    if (o?.name !== undefined) out.name = o.name;
  } else if (out.reason === undefined && reasonOf(cell) !== undefined) out.reason = reasonOf(cell);
  else return undefined;
  return 'cell';
}

/**
 * `pod/web-1`, `replicaset.apps/web-7d4`, `pod/app-<id here>` (`kubectl get events`), `Pod/web-1`
 * (`kubectl events`), or a bare kind (`Pod`, `Job`).
 */
function objectOf(cell: string): { kind: string; name?: string } | undefined {
  const slash = cell.indexOf('/');
  // No event is recorded on an Event: the word is prose ("Event retrieved from the cluster: ...").
  if (slash < 0)
    return /^[A-Z]/.test(cell) && cell !== 'Event' && knownKind(cell) === cell ? { kind: cell } : undefined;
  const kind = knownKind(cell.slice(0, slash));
  if (kind === 'Event') return undefined;
  const name = cell.slice(slash + 1);
  return kind !== undefined && /^[A-Za-z]/.test(cell) && NAME.test(name) ? { kind, name } : undefined;
}

/**
 * The event-row cells in `text` (what stands before a message). Words before the first cell are
 * prose or a logger prefix and are passed over; a lone name between the cells is kept as
 * `nameCell`, and so is a table's first column when it is a name.
 */
export function readRowCells(text: string): RowCells {
  const out: Mutable<RowCells> = { columns: 0, restAt: 0, prose: false };
  let ages = 0;
  CELL.lastIndex = 0;
  for (let m = CELL.exec(text); m !== null && m[1] !== undefined; m = CELL.exec(text)) {
    const cell = m[1];
    const after = CELL.lastIndex;
    const read = readCell(cell, out, ages);
    if (read !== undefined) {
      if (read === 'age') ages++;
      out.columns++;
      out.restAt = after;
    } else if (NAME.test(cell) && /[-0-9]/.test(cell) && (out.columns > 0 || isTableStart(text, m))) {
      out.nameCell ??= cell;
      if (out.columns > 0) out.restAt = after;
    } else if (out.columns > 0) break;
    else out.prose = true;
    if (after >= text.length) break;
  }
  // A kind on its own, with prose after it and no other cell, is a word of the sentence
  // ("Service account may have been revoked. pods "x" is forbidden: ..."), not an OBJECT column.
  if (
    out.columns === 1 &&
    out.kind !== undefined &&
    out.name === undefined &&
    text.slice(out.restAt).trim() !== ''
  )
    return { columns: 0, restAt: 0, prose: true };
  return out;
}

/** The first cell of a table row: at the start of the text, followed by two spaces or a tab. */
function isTableStart(text: string, m: RegExpExecArray): boolean {
  return m.index === 0 && /^\s*\S+(?:\t| {2,})/.test(text);
}

/**
 * The event-row cells that end `text`, when the words before them are no cells: a paste that lost
 * its line breaks runs a whole describe (`Name: web Namespace: default ... Events: ... 23m 30s 84
 * default-scheduler Warning FailedScheduling`) into the line before the message. The longest run
 * of up to eight words before the message that reads as cells with a type and a reason, else none.
 */
export function trailingRowCells(text: string): RowCells | undefined {
  const words = [...text.matchAll(/\S+/g)];
  for (let k = Math.min(8, words.length); k >= 2; k--) {
    const from = words[words.length - k]?.index ?? 0;
    const cells = readRowCells(text.slice(from));
    if (
      !cells.prose &&
      cells.type !== undefined &&
      cells.reason !== undefined &&
      from + cells.restAt >= text.trimEnd().length
    )
      return cells;
  }
  return undefined;
}
